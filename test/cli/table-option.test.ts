// `--table T` on a series of several tables: the analyses see that table's series alone.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCapture } from './run-cli.js';

const TWO = fileURLToPath(new URL('../fixtures/series/two-tables-v2.ndjson', import.meta.url));

interface DetectJson {
  table: string;
  regions: { encodedName: string }[];
  servers: { server: string; share: number; requestsPerSec: number }[];
}

describe('--table on a series of several tables', () => {
  it('detect --table lookup judges the lookup table alone', async () => {
    const run = await runCapture(['detect', TWO, '--table', 'lookup', '--json']);
    expect(run.code).toBe(0);
    const d = JSON.parse(run.out) as DetectJson;
    expect(d.table).toBe('lookup');
    expect(d.regions.map((r) => r.encodedName)).toEqual(['10101010101010101010101010101010']);
    // by hand from the fixture: 30,000 reads on rs1 in the first minute, 24,000 on rs2 (after the move) in the second
    const share = Object.fromEntries(d.servers.map((s) => [s.server.split('.')[0], [s.share, s.requestsPerSec]]));
    expect(share.rs1![0]).toBeCloseTo(30000 / 54000, 12);
    expect(share.rs1![1]).toBeCloseTo(30000 / 120, 12);
    expect(share.rs2![0]).toBeCloseTo(24000 / 54000, 12);
  });

  it('without --table detect judges every table against its own fair share, and a server by the sum of the tables', async () => {
    const run = await runCapture(['detect', TWO, '--json']);
    expect(run.code).toBe(0);
    const d = JSON.parse(run.out) as DetectJson & { tables: DetectJson[]; cluster: { fairServerShare: number; servers: { server: string; share: number; hot: boolean; hotIntervals: number }[]; findings: unknown[] } };
    expect(d.tables.map((t) => t.table)).toEqual(['events', 'lookup']);
    // by hand: rs1 takes 6000 + 30,000 then 6000, rs2 6000 then 6000 + 24,000 (lookup moved): 42,000 and 36,000 of 78,000
    const [rs1, rs2] = ['rs1', 'rs2'].map((n) => d.cluster.servers.find((s) => s.server.startsWith(n))!);
    expect(rs1!.share).toBeCloseTo(42000 / 78000, 12);
    expect(rs2!.share).toBeCloseTo(36000 / 78000, 12);
    // each is 6 × and 5 × the other in one interval, but 1.17 × over the window and over now: hot in one interval, not hot
    expect([rs1!.hotIntervals, rs1!.hot, rs2!.hotIntervals, rs2!.hot]).toEqual([1, false, 1, false]);
    expect(d.cluster.fairServerShare).toBe(0.5);
    expect(d.cluster.findings).toEqual([]);
    const text = await runCapture(['detect', TWO]);
    expect(text.out).toContain('servers, all tables');
    expect(text.out).toContain('── table lookup ──');
  });

  it('without --table the one-table steps ask for it, naming the tables', async () => {
    // Pooled, lookup's one busy region made "events" look like a hot key range against a fair share of a third.
    const balancer = await runCapture(['fix', 'balancer', TWO]);
    expect([balancer.code, balancer.err]).toEqual([2, expect.stringContaining('the series holds 2 tables (events, lookup) and this step works on one: give --table T; no table shows a hotspot')]);
    const plan = await runCapture(['fix', 'plan', TWO]);
    expect([plan.code, plan.err]).toEqual([2, expect.stringContaining('the series holds 2 tables (events, lookup) and a runbook is for one: give --table T; no table shows a hotspot')]);
    const compare = await runCapture(['compare', TWO, TWO]);
    expect([compare.code, compare.err]).toEqual([2, expect.stringContaining('the series holds 2 tables (events, lookup) and this step works on one: give --table T; no table shows a hotspot')]);
  });

  it('fix plan without --table plans for the one table a cluster finding names', async () => {
    const meta = fileURLToPath(new URL('../fixtures/incidents/hbase-25382-meta-hotspot.series.ndjson', import.meta.url));
    const run = await runCapture(['fix', 'plan', meta, '--json']);
    expect(run.code).toBe(0);
    expect(run.err).toContain('planning for table hbase:meta, the only one with a hotspot or a cluster-level finding');
    const book = JSON.parse(run.out) as { table: string; steps: { kind: string }[]; refused: { action: string }[] };
    expect([book.table, book.steps.map((s) => s.kind), book.refused.map((r) => r.action)]).toEqual(['hbase:meta', ['advice'], ['move']]);
    // the cluster finding naming hbase:meta is a finding for --fail-on
    const failing = await runCapture(['fix', 'plan', meta, '--fail-on', 'finding']);
    expect([failing.code, failing.err]).toEqual([1, expect.stringContaining('--fail-on finding: finding: co-location; exit 1')]);
    // the user table alone has nothing to fix; a table the series does not hold is named as such
    expect(JSON.parse((await runCapture(['fix', 'plan', meta, '--table', 'usertable', '--json'])).out)).toMatchObject({ table: 'usertable', steps: [] });
    expect((await runCapture(['fix', 'plan', meta, '--table', 'nope'])).err).toContain('the series holds no table "nope"');
  });

  it('report without --table has a panel per table, the cluster finding in the panel of the table it names', async () => {
    const meta = fileURLToPath(new URL('../fixtures/incidents/hbase-25382-meta-hotspot.series.ndjson', import.meta.url));
    const run = await runCapture(['report', meta, '-o', '-']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('hbase-hotspot report: tables usertable, hbase:meta');
    const panels = run.out.split('<h2>').slice(1);
    expect(panels.map((p) => p.slice(0, p.indexOf('<')))).toEqual(['usertable', 'hbase:meta']);
    expect(panels[1]).toContain('co-location across tables');
    expect(panels[0]).not.toContain('co-location across tables');
  });

  it('names the tables of the series for a --table it does not hold', async () => {
    const run = await runCapture(['detect', TWO, '--table', 'nope']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('the series holds no table "nope"; its tables: events, lookup');
  });

  it('fix plan, report and compare take --table on a series of several tables', async () => {
    expect((await runCapture(['fix', 'plan', TWO, '--table', 'events', '--json'])).code).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'table-option-'));
    try {
      const report = await runCapture(['report', TWO, '--table', 'events', '-o', join(dir, 'r.html')]);
      expect(report.code).toBe(0);
      expect(readFileSync(join(dir, 'r.html'), 'utf8')).toContain('table events');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const compare = await runCapture(['compare', TWO, TWO, '--table', 'lookup', '--json']);
    expect(compare.code).toBe(0);
    expect((JSON.parse(compare.out) as { before: { table: string } }).before.table).toBe('lookup');
  });
  it('fix balancer --table hbase:meta places the table on every RegionServer of the series, not only its own', async () => {
    const meta = fileURLToPath(new URL('../fixtures/incidents/hbase-25382-meta-hotspot.series.ndjson', import.meta.url));
    const run = await runCapture(['fix', 'balancer', meta, '--table', 'hbase:meta']);
    expect(run.code).toBe(0);
    // the fixture's last snapshot has six RegionServers; meta's one region on one of them is the worst read placement
    // (ReadRequestCostFunction 1.0), 5 x 1.0 over the default multipliers
    expect(run.out).not.toContain('only 1 RegionServer');
    expect(run.out).toContain('default weights: weighted cost 5.0000');
    expect(run.out).toContain('ReadRequestCostFunction           5 × 1.0000');
    expect(run.out).toContain('hbase:meta cannot be split');
    expect(run.out).not.toContain('split it)');
  });
});

describe('--table default:T is the table T, as HBase\'s TableName.valueOf reads it', () => {
  const shell = (name: string): string => fileURLToPath(new URL(`../fixtures/shell/${name}`, import.meta.url));

  it('detect on a series file and on pasted status captures names the table without "default:"', async () => {
    const run = await runCapture(['detect', TWO, '--table', 'default:lookup', '--json']);
    expect(run.code).toBe(0);
    const d = JSON.parse(run.out) as DetectJson;
    // the fixture's one lookup region, as with --table lookup
    expect([d.table, d.regions.map((r) => r.encodedName)]).toEqual(['lookup', ['10101010101010101010101010101010']]);
    const pasted = await runCapture(['detect', '--status-detailed', shell('status-detailed.txt'), '--table', 'default:live_fx', '--json']);
    expect(pasted.code).toBe(0);
    // the recording lists 6 regions of live_fx
    const p = JSON.parse(pasted.out) as DetectJson;
    expect([p.table, p.regions.length]).toEqual(['live_fx', 6]);
  });

  it('fix plan and compare take default:T; migrate and collect see default:T and T as one table', async () => {
    const plan = await runCapture(['fix', 'plan', TWO, '--table', 'default:events', '--json']);
    expect([plan.code, (JSON.parse(plan.out) as { table: string }).table]).toEqual([0, 'events']);
    const compare = await runCapture(['compare', TWO, TWO, '--table', 'default:lookup', '--json']);
    expect([compare.code, (JSON.parse(compare.out) as { before: { table: string } }).before.table]).toEqual([0, 'lookup']);
    // refused before any request: nothing listens on port 9
    const same = await runCapture(['migrate', 'backfill', '--rest', 'http://127.0.0.1:9', '--from', 'default:old', '--to', 'old', '--old-template', '{pad(ts,13)}_{id}', '--new-template', '{salt(id,4)}_{id}']);
    expect([same.code, same.err]).toEqual([2, 'hbase-hotspot: --to: --from and --to are both "old": the new key goes into a new table\n']);
    const twice = await runCapture(['collect', '--rest', 'http://127.0.0.1:9', '--table', 't1', 'default:t1', '--every', '10s', '--for', '1m', '-o', '-']);
    expect([twice.code, twice.err]).toEqual([2, expect.stringContaining('--table t1 t1: a table is given twice')]);
  });
});
