/**
 * The wide-row rule (playbook section 6.1 and anti-pattern 5): a row that gains qualifiers over time and has no
 * time part in its key grows without bound, and HBase never splits a region inside a row.
 *
 * @module
 */
import { DEFAULT_REGION_SIZE_BYTES } from '../../regions/sizing.js';
import { siteNumber } from '../site/site-xml.js';
import type { LintSubject, WideRowModel } from '../model.js';
import { timeDirection } from './key-scan.js';
import { siteValue } from './site-rules.js';
import type { Hit, LintRule } from './types.js';

/** HBase's default `hbase.hregion.memstore.flush.size`, bytes (128 MiB); the region size default is the regions layer's. */
export const DEFAULT_FLUSH_SIZE_BYTES = 134_217_728;

const DAY_SECONDS = 86_400;
const mib = (bytes: number): string => `${(bytes / 1_048_576).toFixed(bytes < 10_485_760 ? 2 : 0)} MiB`;

/** Growth of one row and the limits it crosses. All sizes in bytes, times in days. */
export interface WideRowGrowth {
  readonly bytesPerDay: number;
  /** How long one row keeps growing: the TTL or the key's time bucket, whichever is shorter (`Infinity`: forever). */
  readonly rowLifeDays: number;
  /** Size the row reaches before it stops growing; `Infinity` when it never does. */
  readonly maxRowBytes: number;
  readonly daysToFlushSize: number;
  readonly daysToRegionSize: number;
  /** Highest growth, bytes/day, that keeps the row under the region size for its life (0 when it lives forever). */
  readonly safeBytesPerDay: number;
}

/** Seconds of the smallest unit in a `date(...)` pattern (`yyyyMMdd` -> one day); letters as in Java's patterns. */
const UNIT_SECONDS: Readonly<Record<string, number>> = { S: 0.001, s: 1, m: 60, H: 3600, d: 86_400, M: 31 * 86_400, y: 366 * 86_400 };

/**
 * How long one row of `key` collects cells, seconds: the smallest time unit a `date` part writes, 0.001 for a part
 * that follows time to the millisecond (every write its own row), `Infinity` when the key has no time part.
 */
export function rowBucketSeconds(w: WideRowModel): number {
  let bucket = Infinity;
  for (const p of w.key.parts) {
    if (timeDirection(w.key, p) === 'none') continue;
    const pattern = p.kind === 'date' ? (/"([^"]*)"/.exec(p.source)?.[1] ?? '') : 'S';
    for (const ch of pattern) bucket = Math.min(bucket, UNIT_SECONDS[ch] ?? Infinity);
  }
  return bucket;
}

/** Computes how one row of `w` grows against the flush and region sizes. */
export function wideRowGrowth(w: WideRowModel, flushBytes: number, regionBytes: number): WideRowGrowth {
  const bytesPerDay = w.qualifiersPerSecond * w.cellBytes * DAY_SECONDS;
  const lifeDays = Math.min(w.ttlSeconds ?? Infinity, rowBucketSeconds(w)) / DAY_SECONDS;
  return {
    bytesPerDay,
    rowLifeDays: lifeDays,
    maxRowBytes: bytesPerDay * lifeDays,
    daysToFlushSize: flushBytes / bytesPerDay,
    daysToRegionSize: regionBytes / bytesPerDay,
    safeBytesPerDay: Number.isFinite(lifeDays) ? regionBytes / lifeDays : 0,
  };
}

function sizes(s: LintSubject): [number, number] {
  const flush = siteValue(s, 'hbase.hregion.memstore.flush.size');
  const region = siteValue(s, 'hbase.hregion.max.filesize');
  return [flush === undefined ? DEFAULT_FLUSH_SIZE_BYTES : siteNumber(flush), region === undefined ? DEFAULT_REGION_SIZE_BYTES : siteNumber(region)];
}

function check(s: LintSubject, overRegion: boolean): Hit[] {
  const [flushBytes, regionBytes] = sizes(s);
  const hits: Hit[] = [];
  for (const w of s.wideRows) {
    const g = wideRowGrowth(w, flushBytes, regionBytes);
    const limit = overRegion ? regionBytes : flushBytes;
    if (!(g.maxRowBytes > limit) || (!overRegion && g.maxRowBytes > regionBytes)) continue;
    const days = overRegion ? g.daysToRegionSize : g.daysToFlushSize;
    const keep = g.safeBytesPerDay > 0
      ? `; a row grows for ${g.rowLifeDays.toFixed(1)} days (TTL or time bucket), so it stays splittable below ${mib(g.safeBytesPerDay)}/day`
      : '; with no TTL and no time bucket any growth ends there';
    hits.push({
      path: `wide-row ${w.table}`,
      message:
        `rows of '${w.table}' (key ${w.key.source}) grow ${mib(g.bytesPerDay)}/day ` +
        `(${w.qualifiersPerSecond} qualifiers/s x ${w.cellBytes} B) and reach the ${overRegion ? 'region' : 'flush'} size ` +
        `${mib(limit)} after ${days.toFixed(1)} days${keep}`,
      place: w.place,
    });
  }
  return hits;
}

/** Wide-row rules, in catalogue order. */
export const WIDE_ROW_RULES: readonly LintRule[] = [
  {
    code: 'WIDE_ROW_UNSPLITTABLE',
    severity: 'error',
    scope: 'wide-row',
    checks: 'a row that gains qualifiers over time outgrowing the region size (hbase.hregion.max.filesize) within its TTL or time bucket',
    why: 'HBase splits regions only between rows, so one row larger than a region can never be split away',
    fix: "split the row by time: add a time bucket to the key ({deviceId}_{date(ts,\"yyyyMMdd\")}) or go tall-narrow ({deviceId}_{reverseTs(ts)})",
    check: (s) => check(s, true),
  },
  {
    code: 'WIDE_ROW_FLUSH',
    severity: 'warning',
    scope: 'wide-row',
    checks: 'a growing row that outgrows the memstore flush size, but not the region size, within its TTL or time bucket',
    why: 'a row larger than the flush size is written and read as one unit: huge gets, large flushes, slow scans',
    fix: 'bound the row: a time bucket in the key or a TTL that keeps it under the flush size',
    check: (s) => check(s, false),
  },
];
