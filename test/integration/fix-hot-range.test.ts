// Fix and prove against the real local HBase: a hot range made inside one region of a pre-split table is planned,
// split at the traffic median and its busier daughter moved by `fix apply --zk --yes` (the native client's Admin API,
// no shell), and
// `compare` shows the hottest region's share falling toward the fair share; a monotonic tail in the same table gets
// a plan that refuses to split.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { runCli } from '../../src/cli/program.js';
import { compareSides, summarize } from '../../src/fix/compare.js';
import { planFix } from '../../src/fix/plan/index.js';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { createTableCommand, disableTableCommand, dropTableCommand, runShellCommands } from '../../src/hbase/shell/index.js';
import { createRestSource } from '../../src/sources/index.js';
import { type RecordedRounds, recordRounds } from './e2e-cluster.js';
import { hbaseEnv, printHBaseLogsOnFailure, uniqueTableName } from './hbase-env.js';

printHBaseLogsOnFailure();
const env = hbaseEnv();
const table = uniqueTableName('fix_it');
const client = createRestClient({ baseUrl: env.restUrl });
const dir = mkdtempSync(join(tmpdir(), 'fix-it-'));
const ROUND_MS = 8000;
const BURSTS = 8;
let created = false;

/** Hot-range keys: 200 users of tenant k042, in a shuffled order (no rising edge). */
const hotKeys = Array.from({ length: 200 }, (_, i) => `k042|user-${String((i * 73) % 200).padStart(3, '0')}`);

/** Rounds of writes, one snapshot at each round boundary (ROUND_MS apart); returns the series and the samples. */
const record = (rounds: number, keysOf: (round: number) => string[]): Promise<RecordedRounds> =>
  recordRounds(client, createRestSource({ client, table, description: env.restUrl }), rounds, keysOf, ROUND_MS, BURSTS);

/** A little background traffic on the other regions so their servers have peers' loads to compare with. */
const background = ['a1', 'b2', 'c3', 'u1', 'w2', 'x3'];

afterAll(async () => {
  // The runbook switches the balancer off and on; switch it on whatever happened, and drop the table.
  if (created) await runShellCommands(['balance_switch true', disableTableCommand(table), dropTableCommand(table)]);
}, 180_000);

describe('fix against a real HBase', () => {
  it('plans, applies and proves a hot-range fix; refuses to split a monotonic tail', async (ctx) => {
    if (!env.available) return ctx.skip(env.skipReason);
    const made = await runShellCommands([createTableCommand({ table, families: ['d'], splits: ['g', 'n', 't'] })]);
    expect(made.ok, JSON.stringify(made.results)).toBe(true);
    created = true;

    // Monotonic tail in region [n, t): rising keys, every round past the last.
    let seq = 0;
    const tail = await record(2, () => [...Array.from({ length: 300 }, () => `p${String(seq++).padStart(7, '0')}`), ...background]);
    const tailDetect = detectHotspots(tail.series, { samples: tail.samples });
    expect(tailDetect.shape, tailDetect.evidence.join('\n')).toBe('monotonic-tail');
    // The test cluster takes a few dozen requests a second, under fix plan's minimum rate (50 req/s): the runbook's
    // steps are what is checked here, so no minimum.
    const tailBook = planFix({ detect: tailDetect, samples: tail.samples, minRequestsPerSec: 0 });
    expect(tailBook.refused.map((r) => r.action)).toContain('split');
    expect(tailBook.steps.some((s) => s.kind === 'split')).toBe(false);
    expect(tailBook.steps.map((s) => s.why).join(' ')).toContain('hbase-hotspot migrate');

    // Hot range in region [g, n).
    const before = await record(2, () => [...hotKeys, ...hotKeys, ...background]);
    const detect = detectHotspots(before.series, { samples: before.samples });
    expect(detect.shape, detect.evidence.join('\n')).toBe('hot-range');
    const servers = (await client.clusterStatus()).liveServers.map((s) => s.serverName);
    const book = planFix({ detect, samples: before.samples, servers, createdAtMs: Date.now(), minRequestsPerSec: 0 });
    expect(book.steps[1]!.region).toEqual({ encodedName: detect.regions.find((r) => r.encodedName === book.hotRegion!.encodedName)!.encodedName, startKey: book.hotRegion!.startKey, server: book.hotRegion!.server });
    // The fix, then advice without commands for the table's layout: the writes fall in one of four pre-split regions
    // (a lumpy pre-split), so a re-split from the sampled keys, merges of idle regions, or a salted key.
    const kinds = book.steps.map((s) => s.kind);
    expect(kinds.slice(0, 4)).toEqual(['balancer-off', 'split', 'move', 'balancer-on']);
    expect(book.steps.slice(4).every((s) => s.kind === 'advice' && s.commands.length === 0)).toBe(true);
    expect(book.steps[1]!.commands[0]).toBe(`split "${table}", "k042|user-1"`);
    const bookFile = join(dir, 'runbook.json');
    writeFileSync(bookFile, JSON.stringify(book));

    const out: string[] = [];
    const err: string[] = [];
    // Regions read and steps run through the native client (ZooKeeper, Admin API), as on a machine with neither a REST
    // gateway nor an hbase shell.
    const zk = `127.0.0.1:${process.env['HBASE_ZK_PORT'] ?? '2181'}`;
    const code = await runCli(['fix', 'apply', bookFile, '--yes', '--zk', zk, '--wait-timeout', '180s', '--json'],
      { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), isTTY: false, readStdin: async () => '', now: () => Date.now() });
    expect(code, `${out.join('')}\n${err.join('')}`).toBe(0);
    const report = JSON.parse(out.join('')) as { steps: { outcome: string; commands: string[] }[] };
    expect(report.steps.map((s) => s.outcome)).toEqual([...['done', 'done', 'done', 'done'], ...kinds.slice(4).map(() => 'manual')]);
    expect(report.steps[2]!.commands[0]).toMatch(/^move "[0-9a-f]{32}", "[^"]+,\d+,\d+"$/);

    const after = await record(2, () => [...hotKeys, ...hotKeys, ...background]);
    const change = compareSides(summarize(detect), summarize(detectHotspots(after.series)));
    writeFileSync(join(dir, 'change.json'), JSON.stringify(change));
    // Before: one region of 4 takes nearly all writes; after: each daughter about half of them, on different servers.
    expect(change.before.hottestRegion!.share).toBeGreaterThan(0.9);
    expect(change.after.hottestRegion!.share).toBeLessThan(0.6);
    expect(change.after.hotToFair).toBeLessThan(change.before.hotToFair);
    expect(['fixed', 'improved']).toContain(change.verdict);
    expect(readFileSync(join(dir, 'change.json'), 'utf8')).toContain('hbase-hotspot-change/1');
  }, 600_000);
});
