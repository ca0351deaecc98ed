/**
 * Reads a change record (`compare --record` output) back as the baseline of the next comparison, checking every
 * figure of its `after` side that the comparison reads, so that a hand-edited or cut-down record is refused with the
 * field at fault rather than failing later on a missing figure.
 *
 * @module
 */
import { LATENCY_OPERATIONS } from '../sources/jmx-latency.js';
import { HotspotError } from '../util/errors.js';
import { jsonErrorText } from '../util/input-text.js';
import type { SideSummary } from './compare.js';

/** The `format` a change record carries. */
export const CHANGE_RECORD_FORMAT = 'hbase-hotspot-change/1';

const SHAPES = ['none', 'single-row', 'hot-range', 'monotonic-tail'];
const OPERATIONS: readonly string[] = LATENCY_OPERATIONS;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Parses a change record's text and checks its `after` side: the table, a window length in ms (finite, more than 0),
 * the hottest region (null, or its key range, server, share 0-1 and hot flag), the fair and hot-to-fair shares, the
 * worst server (null, or its name, rate ≥ 0, peer ratio ≥ 0 or null, hot flag), the shape, and the optional figures
 * (median interval share, server shares, hot regions' key ranges, p99 latencies) when present.
 * @param file - the record's path, for messages.
 * @returns the `after` side, the baseline of the comparison.
 * @throws {@link HotspotError} `COMPARE_RECORD_INVALID` naming the file and the field: text that is not JSON, another
 *   format, or a figure missing or of the wrong kind.
 */
export function parseChangeRecordAfter(text: string, file: string): SideSummary {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (e) {
    throw new HotspotError('COMPARE_RECORD_INVALID', `a change record that is not valid JSON (${jsonErrorText(e)})`, { file, cause: e });
  }
  const bad = (field: string, what: string): HotspotError =>
    new HotspotError('COMPARE_RECORD_INVALID', `not a change record written by compare --record: ${what}`, { file, field });
  if (!isObject(record) || record['format'] !== CHANGE_RECORD_FORMAT) throw bad('format', `"format" is not "${CHANGE_RECORD_FORMAT}"`);
  const object = (v: unknown, field: string): Json => {
    if (!isObject(v)) throw bad(field, v === undefined ? 'is missing' : 'must be an object');
    return v;
  };
  const text_ = (v: unknown, field: string): void => {
    if (typeof v !== 'string') throw bad(field, v === undefined ? 'is missing' : 'must be text');
  };
  const flag = (v: unknown, field: string): void => {
    if (typeof v !== 'boolean') throw bad(field, v === undefined ? 'is missing' : 'must be true or false');
  };
  /** A finite number ≥ 0, at most `max`. */
  const number = (v: unknown, field: string, what: string, max = Number.MAX_VALUE): void => {
    if (typeof v !== 'number' || !(v >= 0 && v <= max)) throw bad(field, v === undefined ? 'is missing' : `must be ${what}`);
  };
  const share = (v: unknown, field: string): void => number(v, field, 'a share between 0 and 1', 1);
  const optional = (o: Json, key: string, field: string, check: (v: unknown, field: string) => void): void => {
    if (o[key] !== undefined) check(o[key], `${field}.${key}`);
  };
  const keyRange = (o: Json, field: string): void => {
    for (const k of ['encodedName', 'startKey', 'endKey']) text_(o[k], `${field}.${k}`);
  };
  const after = object(record['after'], 'after');
  text_(after['table'], 'after.table');
  if (after['windowMs'] === undefined) throw bad('after.windowMs', 'is missing');
  if (typeof after['windowMs'] !== 'number' || !(after['windowMs'] > 0 && after['windowMs'] <= Number.MAX_SAFE_INTEGER)) throw bad('after.windowMs', 'must be a length in ms, more than 0');
  if (after['hottestRegion'] !== null) {
    const h = object(after['hottestRegion'], 'after.hottestRegion');
    keyRange(h, 'after.hottestRegion');
    text_(h['server'], 'after.hottestRegion.server');
    share(h['share'], 'after.hottestRegion.share');
    flag(h['hot'], 'after.hottestRegion.hot');
  }
  optional(after, 'medianIntervalHottestRegionShare', 'after', share);
  share(after['fairRegionShare'], 'after.fairRegionShare');
  number(after['hotToFair'], 'after.hotToFair', 'a ratio ≥ 0');
  if (after['worstServer'] !== null) {
    const w = object(after['worstServer'], 'after.worstServer');
    text_(w['server'], 'after.worstServer.server');
    number(w['requestsPerSec'], 'after.worstServer.requestsPerSec', 'a rate ≥ 0 (requests per second)');
    if (w['peerRatio'] !== null) number(w['peerRatio'], 'after.worstServer.peerRatio', 'a ratio ≥ 0 or null');
    flag(w['hot'], 'after.worstServer.hot');
  }
  optional(after, 'busiestServerShare', 'after', share);
  optional(after, 'fairServerShare', 'after', share);
  optional(after, 'hotRegions', 'after', (v, field) => {
    if (!Array.isArray(v)) throw bad(field, 'must be a list');
    v.forEach((r: unknown, i) => keyRange(object(r, `${field}[${i}]`), `${field}[${i}]`));
  });
  if (typeof after['shape'] !== 'string' || !SHAPES.includes(after['shape'])) throw bad('after.shape', after['shape'] === undefined ? 'is missing' : `must be one of ${SHAPES.join(', ')}`);
  optional(after, 'latency', 'after', (v, field) => {
    if (!Array.isArray(v)) throw bad(field, 'must be a list');
    v.forEach((raw: unknown, i) => {
      const at = `${field}[${i}]`;
      const l = object(raw, at);
      if (typeof l['operation'] !== 'string' || !OPERATIONS.includes(l['operation'])) throw bad(`${at}.operation`, `must be one of ${OPERATIONS.join(', ')}`);
      const p99 = (o: Json, f: string): void => {
        text_(o['server'], `${f}.server`);
        number(o['p99Ms'], `${f}.p99Ms`, 'a time ≥ 0 in ms');
      };
      if (l['busiest'] !== null) p99(object(l['busiest'], `${at}.busiest`), `${at}.busiest`);
      if (l['peersMedianP99Ms'] !== null) number(l['peersMedianP99Ms'], `${at}.peersMedianP99Ms`, 'a time ≥ 0 in ms or null');
      p99(object(l['worst'], `${at}.worst`), `${at}.worst`);
    });
  });
  return after as unknown as SideSummary;
}
