/**
 * The read patterns' load on the regions during one step (the same in both engine modes): each query reads rows of
 * one entity chosen by popularity; HBase counts one read request per row returned (`readRequestsCount`), which is
 * what lands on the regions the query's rows live in. Counter increments (on one row or a few named rows) and
 * deletes are mutations: write requests.
 *
 * @module
 */
import { compareBytes, toBytesBinary } from '../bytes/index.js';
import type { SimRegion } from './cluster.js';
import type { Representatives } from './entities.js';
import type { ReadPatternSpec, WorkloadSpec } from './scenario/types.js';
import { recordOf, type StepContext } from './writes.js';

/** Expected rows one query of `pattern` returns for an average entity. */
export function rowsPerQuery(pattern: ReadPatternSpec, workload: WorkloadSpec): number {
  if (pattern.kind === 'latest') return pattern.limit ?? 1;
  if (pattern.kind === 'time-range') return (workload.writeRatePerSec * (pattern.rangeMs ?? 0)) / 1000 / workload.entities.count;
  return 1;
}

/** `count` mutations (write requests) on region `r`; with a key, one key sample of them. */
function mutate(ctx: StepContext, r: number, count: number, key?: Uint8Array, nowMs = 0, op: 'increment' | 'delete' = 'increment'): void {
  const region = ctx.cluster.regions[r] as SimRegion;
  region.writeRequests += count;
  region.recentRequests += count;
  ctx.serverWrites[region.server] = (ctx.serverWrites[region.server] ?? 0) + count;
  if (key) ctx.samples.push({ timeMs: Math.floor(nowMs), key, op, weight: count });
}

/**
 * Rows each of the regions `first..last` holds in the key range `[lo, hi]` (from the regions' key sketches): all of
 * a region strictly inside the range, the part of the range's two end regions that falls in it.
 */
function rowsHeldIn(regions: readonly SimRegion[], first: number, last: number, lo: Uint8Array, hi: Uint8Array): number[] {
  // hi is the range's last key: the keys up to it are those below hi followed by a 0x00 byte
  const stop = new Uint8Array(hi.length + 1);
  stop.set(hi);
  const held: number[] = [];
  for (let r = first; r <= last; r++) {
    const sketch = (regions[r] as SimRegion).sketch;
    held.push(r === first || r === last ? sketch.weightIn(r === first ? lo : new Uint8Array(0), r === last ? stop : new Uint8Array(0)) : sketch.totalWeight);
  }
  return held;
}

/**
 * Applies every read pattern's queries in `[t0Ms, t0Ms + stepMs)`. Each representative entity's queries read rows in
 * the region of its newest row (`repRegion`, located from its key this step). A time range whose rows span several
 * regions (the key does not lead with the entity, e.g. a timestamp-first key) reads across those regions: the span
 * is found with one probe entity, and the rows the query returns fall on each region in proportion to the rows it
 * holds in the span, as the entity's rows are spread through the range with everyone else's (a filtered scan reads
 * every row of the range; HBase's `readRequestsCount` counts the rows returned, once per `RegionScannerImpl.next`
 * that gives a row, and the rows the filter drops in `filteredReadRequestsCount`).
 */
export function stepReads(ctx: StepContext, workload: WorkloadSpec, reps: Representatives, repRegion: Int32Array, probeId: string, t0Ms: number, stepMs: number, serverReads: number[]): void {
  const cluster = ctx.cluster;
  const nowMs = t0Ms + stepMs / 2;
  const read = (region: SimRegion, rows: number) => {
    region.readRequests += rows;
    region.recentRequests += rows;
    serverReads[region.server] = (serverReads[region.server] ?? 0) + rows;
  };
  for (const pattern of workload.reads) {
    const queries = (pattern.ratePerSec * stepMs) / 1000;
    if (queries <= 0) continue;
    if (pattern.kind === 'increment') {
      const rows = pattern.rows ?? [pattern.row ?? ''];
      for (const row of rows) mutate(ctx, cluster.locate(toBytesBinary(row)), queries / rows.length, toBytesBinary(row), nowMs, 'increment');
      continue;
    }
    if (pattern.kind === 'delete') {
      // each entity's Delete lands in the region of its row; the sample key is the probe entity's newest row
      for (let j = 0; j < reps.ids.length; j++) mutate(ctx, repRegion[j] ?? 0, queries * (reps.shares[j] ?? 0));
      ctx.samples.push({ timeMs: Math.floor(nowMs), key: ctx.template.encode(recordOf(ctx, probeId, Math.floor(nowMs))), op: 'delete', weight: queries });
      continue;
    }
    const rows = rowsPerQuery(pattern, workload);
    const record = (t: number) => recordOf(ctx, probeId, Math.floor(t));
    const newest = ctx.template.encode(record(nowMs));
    const oldest = pattern.kind === 'time-range' ? ctx.template.encode(record(Math.max(0, nowMs - (pattern.rangeMs ?? 0)))) : newest;
    const [lo, hi] = compareBytes(newest, oldest) <= 0 ? [newest, oldest] : [oldest, newest];
    const first = cluster.locate(lo);
    const last = cluster.locate(hi);
    ctx.samples.push({ timeMs: Math.floor(nowMs), key: lo, op: pattern.kind === 'get' ? 'read' : 'scan', weight: queries });
    if (last > first) {
      const held = rowsHeldIn(cluster.regions, first, last, lo, hi);
      const total = held.reduce((a, b) => a + b, 0);
      // before any row of the range is stored, the query's rows are spread evenly over the regions of the range
      held.forEach((n, i) => read(cluster.regions[first + i] as SimRegion, (queries * rows * (total > 0 ? n : 1)) / (total > 0 ? total : held.length)));
      continue;
    }
    for (let j = 0; j < reps.ids.length; j++) read(cluster.regions[repRegion[j] ?? 0] as SimRegion, queries * (reps.shares[j] ?? 0) * rows);
  }
}
