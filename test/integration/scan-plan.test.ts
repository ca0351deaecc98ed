// Scan planning against the real HBase: rows written with a salted, reverse-timestamp template (and a Phoenix-salted
// one) are read back with the planned scans; both ends of the time range and every salt bucket are checked, and the
// per-bucket results are merged in original-key order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareBytes, toStringBinary } from '../../src/bytes/index.js';
import { type HBaseRestClient, type Row, createRestClient } from '../../src/hbase/rest/index.js';
import { mergeBucketScans, planScans, type ScanPlan } from '../../src/keys/scan/index.js';
import { compileTemplate } from '../../src/keys/template/index.js';
import { restUnavailable, restUrl, uniqueTable } from './rest-env.js';

const T0 = 1_700_000_000_000;
const DEVICES = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7'];
const TIMES = Array.from({ length: 10 }, (_, k) => T0 + k * 1000);
const device = compileTemplate('{salt(deviceId,4)}_{deviceId}_{reverseTs(ts)}');
const phoenix = compileTemplate('{phoenixSalt(4)}{tenant}\\x00{id}');

let skip: string | undefined;
let hbase: HBaseRestClient;
const table = uniqueTable('scan_plan_it');

beforeAll(async () => {
  skip = await restUnavailable();
  if (skip) return;
  hbase = createRestClient({ baseUrl: restUrl(), timeoutMs: 60_000 });
  await hbase.createTable(table, { columns: [{ name: 'cf' }] });
  const rows = DEVICES.flatMap((deviceId) =>
    TIMES.map((ts) => ({ key: device.encode({ deviceId, ts }), cells: [{ family: 'cf', qualifier: 'v', value: `${deviceId}@${ts}`, timestamp: ts }] })),
  );
  for (const tenant of ['acme', 'zeta']) {
    for (let i = 0; i < 12; i++) rows.push({ key: phoenix.encode({ tenant, id: `id${i}` }), cells: [{ family: 'cf', qualifier: 'v', value: `${tenant}/${i}`, timestamp: T0 }] });
  }
  await hbase.putRows(table, rows);
});

afterAll(async () => {
  if (!skip) await hbase.deleteTable(table).catch(() => undefined);
});

const value = (row: Row): string => Buffer.from(row.cells[0]?.value ?? new Uint8Array()).toString('utf8');
const scanAll = (plan: ScanPlan, time?: boolean) =>
  plan.scans.map((s) =>
    hbase.scan(table, {
      startRow: s.startRow,
      ...(s.stopRow.length > 0 && { endRow: s.stopRow }),
      ...(time && plan.timeRange && { startTime: plan.timeRange.fromMs, endTime: plan.timeRange.toMs }),
    }),
  );
async function collect(rows: AsyncIterable<Row>): Promise<Row[]> {
  const out: Row[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

describe('planned scans against a real HBase', () => {
  it('one device over [T0+2000, T0+5000): the row at from is read, the row at to is not, newest first', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const plan = planScans(device, { deviceId: 'd3' }, { timeRange: { fromMs: T0 + 2000, toMs: T0 + 5000 } });
    expect(plan.scans).toHaveLength(1);
    expect(plan.exact).toBe(true);
    const rows = (await Promise.all(scanAll(plan).map(collect))).flat();
    expect(rows.map(value)).toEqual([`d3@${T0 + 4000}`, `d3@${T0 + 3000}`, `d3@${T0 + 2000}`]);
  });

  it('every device: one scan per salt bucket, merged in original-key order', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const plan = planScans(device, {}, { timeRange: { fromMs: T0 + 2000, toMs: T0 + 5000 }, cellTimestamps: true });
    expect(plan.scans).toHaveLength(4);
    expect(plan.salt).toMatchObject({ offsetBytes: 0, widthBytes: 2 });
    const salt = plan.salt as NonNullable<ScanPlan['salt']>;
    const merged = await collect(mergeBucketScans(scanAll(plan, true), { key: (r: Row) => r.key, salt }));
    // With the cell time range, exactly the rows whose time is in [from, to): per device newest first, devices in order.
    const expected = DEVICES.flatMap((d) => [T0 + 4000, T0 + 3000, T0 + 2000].map((ts) => `${d}@${ts}`));
    expect(merged.map(value)).toEqual(expected);
    // The merge drew from every bucket the devices hash to (more than one, so the order is the merge's doing).
    const saltOf = (deviceId: string) => toStringBinary(device.encode({ deviceId, ts: T0 }).subarray(0, 2));
    const buckets = new Set(merged.map((r) => toStringBinary(r.key.subarray(0, 2))));
    expect(buckets).toEqual(new Set(DEVICES.map(saltOf)));
    expect(buckets.size).toBeGreaterThan(1);
  });

  it('without cell times the bucket scans read every row of the template, merged in unsalted order', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const plan = planScans(device, {});
    const merged = await collect(mergeBucketScans(scanAll(plan), { key: (r: Row) => r.key, salt: plan.salt as NonNullable<ScanPlan['salt']> }));
    expect(merged).toHaveLength(DEVICES.length * TIMES.length);
    for (let i = 1; i < merged.length; i++) {
      expect(compareBytes((merged[i - 1] as Row).key.subarray(2), (merged[i] as Row).key.subarray(2))).toBeLessThan(0);
    }
  });

  it('Phoenix-salted rows of one tenant: four bucket scans find exactly its rows', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const plan = planScans(phoenix, { tenant: 'acme' });
    expect(plan.scans).toHaveLength(4);
    const merged = await collect(mergeBucketScans(scanAll(plan), { key: (r: Row) => r.key, salt: plan.salt as NonNullable<ScanPlan['salt']> }));
    const ids = Array.from({ length: 12 }, (_, i) => `id${i}`).sort();
    expect(merged.map(value)).toEqual(ids.map((id) => `acme/${id.slice(2)}`));
    const point = planScans(phoenix, { tenant: 'zeta', id: 'id7' });
    expect((await Promise.all(scanAll(point).map(collect))).flat().map(value)).toEqual(['zeta/7']);
  });
});
