/**
 * The wide-row rule (playbook section 6.1 and anti-pattern 5): a row that gains qualifiers over time and has no
 * time part in its key grows without bound, and HBase never splits a region inside a row.
 *
 * @module
 */
import type { LintSubject, WideRowModel } from '../model.js';
import { timeDirection } from './key-scan.js';
import { siteValue } from './site-rules.js';
import type { Hit, LintRule } from './types.js';

/** HBase defaults: `hbase.hregion.memstore.flush.size` (128 MiB) and `hbase.hregion.max.filesize` (10 GiB), bytes. */
export const DEFAULT_FLUSH_SIZE_BYTES = 134_217_728;
export const DEFAULT_REGION_SIZE_BYTES = 10_737_418_240;

const DAY_SECONDS = 86_400;
const mib = (bytes: number): string => `${(bytes / 1_048_576).toFixed(bytes < 10_485_760 ? 2 : 0)} MiB`;

/** Growth of one row and the limits it crosses. All sizes in bytes, times in days. */
export interface WideRowGrowth {
  readonly bytesPerDay: number;
  /** Size the row reaches before its cells expire; `Infinity` without TTL. */
  readonly maxRowBytes: number;
  readonly daysToFlushSize: number;
  readonly daysToRegionSize: number;
  /** Highest growth, bytes/day, that keeps the row under the region size for its TTL (0 without TTL). */
  readonly safeBytesPerDay: number;
}

/** Computes how one row of `w` grows against the flush and region sizes. */
export function wideRowGrowth(w: WideRowModel, flushBytes: number, regionBytes: number): WideRowGrowth {
  const bytesPerDay = w.qualifiersPerSecond * w.cellBytes * DAY_SECONDS;
  const ttlDays = w.ttlSeconds === undefined ? Infinity : w.ttlSeconds / DAY_SECONDS;
  return {
    bytesPerDay,
    maxRowBytes: bytesPerDay * ttlDays,
    daysToFlushSize: flushBytes / bytesPerDay,
    daysToRegionSize: regionBytes / bytesPerDay,
    safeBytesPerDay: Number.isFinite(ttlDays) ? regionBytes / ttlDays : 0,
  };
}

function sizes(s: LintSubject): [number, number] {
  const flush = siteValue(s, 'hbase.hregion.memstore.flush.size');
  const region = siteValue(s, 'hbase.hregion.max.filesize');
  return [flush === undefined ? DEFAULT_FLUSH_SIZE_BYTES : Number(flush.value), region === undefined ? DEFAULT_REGION_SIZE_BYTES : Number(region.value)];
}

function check(s: LintSubject, overRegion: boolean): Hit[] {
  const [flushBytes, regionBytes] = sizes(s);
  const hits: Hit[] = [];
  for (const w of s.wideRows) {
    if (w.key.parts.some((p) => timeDirection(w.key, p) !== 'none')) continue;
    const g = wideRowGrowth(w, flushBytes, regionBytes);
    const limit = overRegion ? regionBytes : flushBytes;
    if (!(g.maxRowBytes > limit) || (!overRegion && g.maxRowBytes > regionBytes)) continue;
    const days = overRegion ? g.daysToRegionSize : g.daysToFlushSize;
    const keep = g.safeBytesPerDay > 0 ? `; under the TTL the row stays splittable below ${mib(g.safeBytesPerDay)}/day` : '; without a TTL any growth ends there';
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
    checks: 'a row that gains qualifiers over time, with no time part in its key, outgrowing the region size (hbase.hregion.max.filesize)',
    why: 'HBase splits regions only between rows, so one row larger than a region can never be split away',
    fix: "split the row by time: add a time bucket to the key ({deviceId}_{date(ts,\"yyyyMMdd\")}) or go tall-narrow ({deviceId}_{reverseTs(ts)})",
    check: (s) => check(s, true),
  },
  {
    code: 'WIDE_ROW_FLUSH',
    severity: 'warning',
    scope: 'wide-row',
    checks: 'a growing row, with no time part in its key, that outgrows the memstore flush size but not the region size',
    why: 'a row larger than the flush size is written and read as one unit: huge gets, large flushes, slow scans',
    fix: 'bound the row: a time bucket in the key or a TTL that keeps it under the flush size',
    check: (s) => check(s, false),
  },
];
