/**
 * Workload fields as data (`workload.fields`): each generator's values, its errors (file, line, field), and a
 * scenario per generator whose outcome is worked out by hand from the file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { recordBuilder } from '../../src/simulate/fields.js';
import { parseScenario } from '../../src/simulate/scenario/parse.js';
import { simulateScenario, type DesignOutcome, type ScenarioOutcome } from '../../src/simulate/simulate.js';
import { scenarioFailure } from '../support/scenario.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/scenarios/${name}.yaml`, import.meta.url), 'utf8');
}
function run(name: string): ScenarioOutcome {
  return simulateScenario(parseScenario(fixture(name), `${name}.yaml`));
}
/** Total write requests per region start key (toStringBinary) in the last snapshot. */
function writesByRegion(d: DesignOutcome | undefined): Record<string, number> {
  const last = d?.run.series.snapshots.at(-1);
  return Object.fromEntries((last?.regions ?? []).map((r) => [toStringBinary(r.startKey), r.writeRequests ?? 0]));
}
const failure = (text: string) => scenarioFailure(text, 'f.yaml');
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('field generators', () => {
  const base = parseScenario(fixture('derived'), 'derived.yaml');
  it('sequence counts the writes before the write time; width pads it', () => {
    const workload = { ...base.workload, writeRatePerSec: 10, fields: [{ name: 'id', generator: { kind: 'sequence', start: 7, step: 3, width: 6 } } as const] };
    const build = recordBuilder(workload, 1_000_000, 1);
    // 2.5 s after the start at 10 writes/s: 25 writes before, so 7 + 3 × 25 = 82
    expect(build('h', 1_002_500).id).toBe('000082');
    expect(build('h', 1_000_000).id).toBe('000007');
  });
  it('derived evaluates the template arithmetic over the fields before it; random stays in [min, max]', () => {
    const build = recordBuilder(base.workload, base.startMs, 1);
    // 2024-06-01T01:59:59.999Z = 1717207199999 ms: / 3600000 = 477002 (integer division), × 3600 = 1717207200
    const record = build('host001', 1_717_207_199_999);
    expect(record.hour).toBe(1_717_207_200 - 3600);
    expect(record.ingest).toBe(1_717_207_199_999);
    const shards = new Set(Array.from({ length: 400 }, () => build('host001', 0).shard));
    expect([...shards].sort()).toEqual([0, 1, 2, 3]);
    expect(String(build('x', 0).metric)).toMatch(/^m\d\d$/);
  });
  it('choice by popularity: zipf over two values weighs them 1 and 1/2', () => {
    const parsed = parseScenario(fixture('choice').replace('weights: [0.8, 0.1, 0.1]', 'popularity: { kind: zipf, exponent: 1 }'), 'c.yaml');
    const tenant = parsed.workload.fields?.[0];
    expect(tenant?.generator).toEqual({ kind: 'choice', values: ['t1', 't2', 't3'], weights: [1, 1 / 2, 1 / 3] });
    const build = recordBuilder({ ...base.workload, fields: [{ name: 'v', generator: { kind: 'choice', values: ['a', 'b'], weights: [1, 1 / 2] } }] }, 0, 1);
    const draws = Array.from({ length: 30_000 }, () => build('h', 0).v);
    // 1 / (1 + 1/2) = 2/3 of the draws are 'a'; 3 standard deviations of 30000 draws is 0.008
    expect(Math.abs(draws.filter((x) => x === 'a').length / 30_000 - 2 / 3)).toBeLessThan(0.01);
  });
  it('a derived text with leading zeros stays text', () => {
    const workload = { ...base.workload, fields: [{ name: 'slot', generator: { kind: 'derived', expression: 'pad(ts % 5, 3)', line: 1 } } as const] };
    // 1717200000003 % 5 = 3 (the number ends in 3), padded to 3 digits
    expect(recordBuilder(workload, base.startMs, 1)('h', 1_717_200_000_003).slot).toBe('003');
    expect(recordBuilder({ ...workload, fields: [{ name: 'b', generator: { kind: 'derived', expression: 'ts % 5', line: 1 } }] }, 0, 1)('h', 1_717_200_000_004).b).toBe(4);
  });
  it('a scenario without fields builds the entity and time fields only', () => {
    const build = recordBuilder({ ...base.workload, fields: [] }, base.startMs, 1);
    expect(build('d1', 5)).toEqual({ host: 'd1', ts: 5 });
  });
});

describe('bad fields name the file, line and field', () => {
  const text = fixture('choice');
  it('weights that do not match the values', () => {
    const bad = text.replace('weights: [0.8, 0.1, 0.1]', 'weights: [0.8, 0.2]');
    const err = failure(bad);
    expect(err.message).toBe(`f.yaml:${lineOf(bad, 'tenant: {')} (workload.fields.tenant.weights): must give one weight per value (3), got 2`);
  });
  it('an unknown generator kind and a derived expression over an unknown field', () => {
    const kind = failure(text.replace('kind: choice', 'kind: pick'));
    expect(kind.message).toContain('(workload.fields.tenant.kind): must be one of sequence, choice, entity, time, derived, random, got "pick"');
    const derived = fixture('derived').replace("'ingest / 3600000 * 3600'", "'later / 2'");
    const err = failure(derived);
    expect(err.code).toBe('TEMPLATE_UNKNOWN_FIELD');
    expect(err.message).toContain(`f.yaml:${lineOf(derived, "'later / 2'")} (workload.fields.hour.expression)`);
    expect(err.message).toContain('it may read host, ts, metric, shard, ingest');
  });
  it('a read that knows a field the workload lacks, an increment with row and rows, and no writes without mutations', () => {
    const bad = text.replace('  writeRatePerSec: 1000', "  writeRatePerSec: 1000\n  reads: [{ name: r, kind: get, ratePerSec: 1, knows: [region] }]");
    expect(failure(bad).message).toBe(`f.yaml:${lineOf(bad, 'reads:')} (workload.reads[0].knows[0]): must be one of userId, tenant, got "region"`);
    const both = fixture('increments').replace("rows: ['count|a'", "row: x, rows: ['count|a'");
    expect(failure(both).message).toContain('(workload.reads[0]): an increment needs exactly one of row or rows');
    expect(failure(text.replace('writeRatePerSec: 1000', 'writeRatePerSec: 0')).message).toContain('(workload.writeRatePerSec): must be a positive number (0 only when the reads include increments or deletes), got 0');
  });
  it('a field that redefines the entity field, and a template reading a field the workload lacks', () => {
    expect(failure(text.replace('    tenant: {', '    userId: {')).message).toContain('(workload.fields.userId): "userId" is already the entity or time field');
    const err = failure(text.replace("'{tenant}|{userId}|{reverseTs(ts)}'", "'{region}|{userId}'"));
    expect(err.message).toContain('the workload provides userId, ts and tenant');
  });
});

describe('a scenario per generator, outcome worked out by hand', () => {
  it('choice in exact mode (every write drawn) also puts 80% on t1', () => {
    const outcome = simulateScenario(parseScenario(fixture('choice'), 'choice.yaml'), { mode: 'exact', durationMs: 300_000 });
    const writes = writesByRegion(outcome.designs[0]);
    expect((writes[''] ?? 0) / (1000 * 300)).toBeCloseTo(0.8, 2);
  });

  it('sequence, no width, over a pre-split table: a moving front through regions 1, 2, 3, 4', () => {
    const [front, hashed] = run('sequence').designs;
    // ids 1000000 + 1000 t (t in s): '1…' for t < 1000 s, then '2…', '3…', and '4…' for the last 600 s of the hour
    const writes = writesByRegion(front);
    for (const [start, expected] of [['', 1e6], ['2', 1e6], ['3', 1e6], ['4', 6e5]] as const) {
      expect(Math.abs((writes[start] ?? 0) - expected) / expected).toBeLessThan(0.01);
    }
    for (const start of ['5', '6', '7', '8', '9']) expect(writes[start]).toBe(0);
    expect(front?.detection.shape).toBe('monotonic-tail');
    // regions are placed round-robin (region i on server i mod 4): '1', '2', '3', '4' on four different servers,
    // so the hottest server took one region's 1000 s of the 3600 s
    expect(front?.detection.hottestServerShare).toBeCloseTo(1000 / 3600, 2);
    // a hash over 9 even hex regions on 4 servers (3, 2, 2, 2 regions): the busiest holds 3/9
    expect(hashed?.detection.shape).toBe('none');
    expect(hashed?.detection.hottestServerShare).toBeCloseTo(3 / 9, 1);
  });

  it('choice of 3 tenants weighted 0.8/0.1/0.1: 80% on tenant t1\'s region', () => {
    const [tenantFirst, salted] = run('choice').designs;
    const writes = writesByRegion(tenantFirst);
    const total = 1000 * 3600;
    expect((writes[''] ?? 0) / total).toBeCloseTo(0.8, 2);
    expect((writes['t2'] ?? 0) / total).toBeCloseTo(0.1, 2);
    expect(tenantFirst?.detection.hottestServerShare).toBeCloseTo(0.8, 2);
    expect(tenantFirst?.detection.shape).toBe('hot-range');
    expect(salted?.detection.shape).toBe('none');
  });

  it('entity, random, time and derived: a random shard spreads a quarter per region; the derived hour leads to one region', () => {
    const [shardFirst, hourFirst] = run('derived').designs;
    const total = 2000 * 1800;
    for (const start of ['', '1', '2', '3']) expect((writesByRegion(shardFirst)[start] ?? 0) / total).toBeCloseTo(0.25, 2);
    // 2024-06-01T00:00:00Z is 1717200000 s; every write of the half hour has that base hour
    for (const s of shardFirst?.run.samples ?? []) expect(toStringBinary(s.key).split('|')[1]).toBe('1717200000');
    // '1717200000|…' sorts after '1' and before '2': every write in region '1'
    expect(writesByRegion(hourFirst)['1']).toBeCloseTo(total, -2);
    expect(hourFirst?.detection.hottestServerShare).toBe(1);
  });

  it('counter increments alone over four named rows: a quarter per pre-split region, all of it unsplit', () => {
    const [split, single] = run('increments').designs;
    // 1000 increments/s × 1800 s over 4 rows: 450000 write requests per counter row
    expect(writesByRegion(split)).toEqual({ '': 450_000, 'count|b': 450_000, 'count|c': 450_000, 'count|d': 450_000 });
    expect(split?.detection.hottestServerShare).toBeCloseTo(0.25, 6);
    expect(writesByRegion(single)).toEqual({ '': 1_800_000 });
    expect(single?.detection.hottestServerShare).toBe(1);
  });

  it('deletes count as write requests where the rows live; a read that knows the tenant scans exactly', () => {
    const [userFirst, tenantFirst] = run('deletes').designs;
    // (1000 writes + 500 deletes)/s × 3600 s, users u0000-u0499 below the split u0500: half each
    const writes = writesByRegion(userFirst);
    expect(writes['']).toBeCloseTo(2_700_000, -1);
    expect(writes['u0500']).toBeCloseTo(2_700_000, -1);
    const [, known, unknown] = tenantFirst?.reads ?? [];
    expect(known).toMatchObject({ kind: 'latest', scans: 1, regions: 1, rowsScanned: 10, exact: true });
    // the tenant unknown, its prefix hides the user: the newest 10 of 1000 users' interleaved rows, about 10 × 1000 read
    expect(unknown).toMatchObject({ exact: false, rowsScanned: 10_000, rowsReturned: 10 });
    expect(unknown?.notes).toContain('the entity does not lead the key: its newest 10 lie among the rows of all 1000 entities: about 10 × 1000 = 10000 rows are read to find them');
    expect(tenantFirst?.reads[0]).toMatchObject({ kind: 'delete', rpcs: 1, rowsScanned: 1 });
  });

  it('a sorted bulk load adds the rows\' store size and one write request per region loaded', () => {
    const [hashed, timeFirst] = run('bulk-load').designs;
    const sizes = (d: DesignOutcome | undefined) => (d?.run.series.snapshots.at(-1)?.regions ?? []).map((r) => r.storeSizeBytes);
    const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
    // 1 write/s × 1800 s, plus the load: one request per region it loaded (4 hashed, 1 timestamp-first)
    expect(sum(Object.values(writesByRegion(hashed)))).toBe(1800 + 4);
    expect(writesByRegion(timeFirst)).toEqual({ '': 1801, '40000000': 0, '80000000': 0, c0000000: 0 });
    // 8e6 rows × 100 bytes loaded + 1800 rows × 100 bytes written
    expect(sizes(timeFirst)).toEqual([800_180_000, 0, 0, 0]);
    expect(sum(sizes(hashed))).toBeCloseTo(800_180_000, -1);
    for (const size of sizes(hashed)) expect(Math.abs(size / 800_180_000 - 0.25)).toBeLessThan(0.03);
  });
}, 120_000);
