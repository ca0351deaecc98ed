/**
 * What every version of the load-series format shares: the header's `format` value and its `source` object.
 *
 * @module
 */
import { FieldProblem, type JsonObject, type NdjsonIssue, optionalCount, rejectUnknown, stringField } from './ndjson.js';
import { HotspotError } from '../util/errors.js';
import { LOAD_SOURCE_KINDS, type LoadSeriesSource, type LoadSnapshot } from './types.js';

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

/** How the load-series readers (`LoadSeriesParser`, and `SeriesV2Parser` for version 2) read. */
export interface LoadSeriesReadOptions {
  /**
   * Drop a snapshot whose time is not after the one before it (a clock stepped back while recording) with a warning,
   * instead of refusing the file.
   */
  readonly allowClockSteps?: boolean;
  /** Receives each warning: the line, the field and what was done. */
  readonly onWarning?: (warning: NdjsonIssue) => void;
}

/**
 * Whether the snapshot of line `line`, taken at `timeMs`, comes after the last one kept (`last`, none yet when
 * undefined), as snapshots must. One that does not is dropped with a warning through `options.onWarning` (false) when
 * `options.allowClockSteps` is set (a clock stepped back while recording).
 * @throws {@link FieldProblem} on field `timeMs`, naming both lines and the option, when it does not and the option is off.
 */
export function acceptInTimeOrder(line: number, timeMs: number, last: { readonly timeMs: number; readonly line: number } | undefined, options: LoadSeriesReadOptions): boolean {
  if (last === undefined || timeMs > last.timeMs) return true;
  const why = `${timeMs} is not after line ${last.line}'s ${last.timeMs}`;
  if (options.allowClockSteps) {
    options.onWarning?.({ line, field: 'timeMs', message: `${why} (${timeMs === last.timeMs ? 'the same time again' : 'the clock stepped back'}): snapshot dropped` });
    return false;
  }
  throw new FieldProblem('timeMs', `${why}; snapshots must be in increasing time order (allowClockSteps, --allow-clock-steps, drops such a snapshot with a warning)`);
}

/**
 * Refuses a snapshot that lists an encoded region name twice, which no reader accepts (a region is one row of a
 * snapshot), before a writer writes anything of it.
 * @throws {@link HotspotError} `SERIES_REGION_REPEATED` naming the region, both full names and the snapshot's time.
 */
export function refuseRepeatedRegions(snapshot: LoadSnapshot): void {
  const at = new Map<string, number>();
  snapshot.regions.forEach((r, i) => {
    const before = at.get(r.encodedName);
    if (before !== undefined) {
      const first = snapshot.regions[before]?.name ?? '';
      throw new HotspotError(
        'SERIES_REGION_REPEATED',
        `the snapshot at ${snapshot.timeMs} ms lists region ${r.encodedName} twice (regions ${before} and ${i}: ${first === r.name ? `both ${r.name}` : `${first} and ${r.name}`}); a region is one entry of a snapshot`,
      );
    }
    at.set(r.encodedName, i);
  });
}
