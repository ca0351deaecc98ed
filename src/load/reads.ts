/**
 * The load generator's read queries against real rows: a point get of an entity's newest written row, or the newest
 * rows of an entity through the template's scan plan.
 *
 * @module
 */
import type { HBaseRestClient } from '../hbase/rest/index.js';
import { planScans } from '../keys/scan/index.js';
import type { RowkeyTemplate } from '../keys/types.js';
import type { KeySample } from '../model/types.js';
import type { LoadReadSpec } from './options.js';

/** What a read needs from the run. */
export interface ReadContext {
  readonly client: HBaseRestClient;
  readonly table: string;
  readonly template: RowkeyTemplate;
  readonly entityField: string;
  /** Formats an entity number into its id. */
  readonly idOf: (entity: number) => string;
  /** The rowkey of an entity's row at a time, epoch ms. */
  readonly keyOf: (entity: number, timeMs: number) => Uint8Array;
  /** The newest key this run wrote for each entity. */
  readonly lastKey: ReadonlyMap<number, Uint8Array>;
  /** Clock, epoch ms. */
  readonly now: () => number;
}

/** Rows one query returned and the keys it touched. */
export interface ReadResult {
  readonly rows: number;
  readonly samples: readonly KeySample[];
}

/**
 * Runs one query of `pattern` for `entity`.
 * - `get`: `GET /<table>/<row>` of the newest row written for the entity (the key at the current time when none was
 *   written yet: a miss, 0 rows); sample op `read`.
 * - `latest`: for each scan of the plan for `{entityField: id}` (one per salt bucket when the salt is not derived from
 *   the entity alone), a REST scanner stopped after `limit` rows; sample op `scan` with the scan's start row. On a key
 *   that orders time descending after the entity (`reverseTs`) those are the entity's newest rows; on a key that does
 *   not lead with the entity the plan is a full-table scan and the rows are the table's first ones.
 * @throws the client's `RestError` on a failed request.
 */
export async function runRead(ctx: ReadContext, pattern: LoadReadSpec, entity: number): Promise<ReadResult> {
  const timeMs = Math.floor(ctx.now());
  if (pattern.kind === 'get') {
    const key = ctx.lastKey.get(entity) ?? ctx.keyOf(entity, timeMs);
    const row = await ctx.client.getRow(ctx.table, key);
    return { rows: row ? 1 : 0, samples: [{ timeMs, key, op: 'read' }] };
  }
  const plan = planScans(ctx.template, { [ctx.entityField]: ctx.idOf(entity) });
  let rows = 0;
  const samples: KeySample[] = [];
  for (const scan of plan.scans) {
    samples.push({ timeMs, key: scan.startRow, op: 'scan' });
    let taken = 0;
    const options = { startRow: scan.startRow, batch: pattern.limit, ...(scan.stopRow.length > 0 ? { endRow: scan.stopRow } : {}) };
    for await (const _row of ctx.client.scan(ctx.table, options)) {
      if (++taken >= pattern.limit) break;
    }
    rows += taken;
  }
  return { rows, samples };
}
