/**
 * Sorted bulk loads (HBase `LoadIncrementalHFiles`, `completebulkload`): HFiles of already sorted rows handed to the
 * regions whole. A region loaded gains the rows' store size and one write request (HBase's `writeRequestsCount`
 * counts the bulk load once per region, not once per row); no row passes through the write path.
 *
 * @module
 */
import type { SimRegion } from './cluster.js';
import type { Representatives } from './entities.js';
import type { BulkLoadSpec } from './scenario/types.js';
import { recordOf, type StepContext } from './writes.js';

/** Keys encoded per bulk load at most; each stands for an equal part of the rows. */
const KEYS_PER_LOAD = 4096;

/**
 * Applies the bulk loads completing in `[t0Ms, t1Ms)` (offsets from `startMs`). The rows' entities follow the
 * representatives' shares (systematic sampling) and their times spread evenly over the load's span before it completes.
 */
export function applyBulkLoads(ctx: StepContext, loads: readonly BulkLoadSpec[], reps: Representatives, ids: readonly string[], startMs: number, t0Ms: number, t1Ms: number): void {
  for (const load of loads) {
    const at = startMs + load.atMs;
    if (at < t0Ms || at >= t1Ms) continue;
    const keys = Math.min(load.rows, KEYS_PER_LOAD);
    const loaded = new Set<number>();
    let acc = reps.shares[0] ?? 1;
    let j = 0;
    for (let k = 0; k < keys; k++) {
      const target = (k + 0.5) / keys;
      while (target > acc && j + 1 < ids.length) acc += reps.shares[++j] ?? 0;
      const timeMs = Math.floor(at - load.spanMs + ((k + 0.5) * load.spanMs) / keys);
      const key = ctx.template.encode(recordOf(ctx, ids[j] ?? '', timeMs));
      const r = ctx.cluster.locate(key);
      const region = ctx.cluster.regions[r] as SimRegion;
      region.sizeBytes += (load.rows / keys) * ctx.rowSizeBytes;
      region.sketch.add(key, load.rows / keys);
      loaded.add(r);
    }
    for (const r of loaded) {
      const region = ctx.cluster.regions[r] as SimRegion;
      region.writeRequests += 1;
      region.recentRequests += 1;
      ctx.serverWrites[region.server] = (ctx.serverWrites[region.server] ?? 0) + 1;
    }
  }
}
