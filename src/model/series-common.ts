/**
 * What every version of the load-series format shares: the header's `format` value and its `source` object.
 *
 * @module
 */
import { FieldProblem, type JsonObject, optionalCount, rejectUnknown, stringField } from './ndjson.js';
import { LOAD_SOURCE_KINDS, type LoadSeriesSource } from './types.js';

/** Value of the header's `format` field (the same in every version). */
export const LOAD_SERIES_FORMAT = 'hbase-hotspot/load-series';

/** The format versions this library reads. */
export const LOAD_SERIES_VERSIONS: readonly number[] = [1, 2];

const SOURCE_FIELDS = ['kind', 'description', 'intervalMs'];

/** Reads the header's `source` object. @throws {@link FieldProblem} naming the bad `source.` field. */
export function parseSeriesSource(src: unknown): LoadSeriesSource {
  if (src === null || typeof src !== 'object' || Array.isArray(src)) throw new FieldProblem('source', 'expected an object {"kind": ...}');
  const s = src as JsonObject;
  rejectUnknown(s, SOURCE_FIELDS, 'source.');
  const kind = stringField(s, 'kind', 'source.');
  const found = LOAD_SOURCE_KINDS.find((k) => k === kind);
  if (!found) throw new FieldProblem('source.kind', `unknown source kind "${kind}"; expected one of ${LOAD_SOURCE_KINDS.join(', ')}`);
  const intervalMs = optionalCount(s, 'intervalMs', 'source.');
  if (intervalMs === 0) throw new FieldProblem('source.intervalMs', 'must be > 0 ms');
  return {
    kind: found,
    ...(s.description === undefined ? {} : { description: stringField(s, 'description', 'source.') }),
    ...(intervalMs === undefined ? {} : { intervalMs }),
  };
}
