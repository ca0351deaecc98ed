// Pasted `list_regions` / `status 'detailed'` captures reach every command that reads a load series (fix plan,
// fix balancer, report, detect), and --record keeps what was parsed as a load series that reads back the same.
// The figures are those of the live_fx recording (test/sources/facts.ts): between the two captures only [m, ∞) on
// localhost,39083 took requests, 330 of them (list_regions REQ 710 − 380).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseLoadSeries } from '../../src/model/index.js';
import { LAST, RS_39083 } from '../sources/facts.js';
import { runCapture } from './run-cli.js';

const shell = (name: string) => fileURLToPath(new URL(`../fixtures/shell/${name}`, import.meta.url));
const tmp = () => mkdtempSync(join(tmpdir(), 'pasted-'));

describe('pasted captures in every command that reads a series', () => {
  it('fix plan names the hot region and its server from list_regions captures', async () => {
    const r = await runCapture(['fix', 'plan', '--list-regions', shell('list-regions.txt'), '--json']);
    expect(r.code).toBe(0);
    const book = JSON.parse(r.out) as { table: string; hot?: { encodedName: string; server: string } };
    expect(book.table).toBe('live_fx');
    expect(JSON.stringify(book)).toContain(LAST);
    expect(JSON.stringify(book)).toContain(RS_39083);
  });

  it('fix balancer reads a status \'detailed\' capture pair', async () => {
    const r = await runCapture(['fix', 'balancer', '--status-detailed', shell('status-detailed.txt'), '--table', 'live_fx', '--json']);
    expect(r.code).toBe(0);
    const whatIf = JSON.parse(r.out) as { defaults: { current: { functions: unknown[] } }; raised: unknown };
    expect(whatIf.defaults.current.functions.length).toBeGreaterThan(0);
    expect(whatIf.raised).toBeDefined();
  });

  it('report writes the HTML of a status \'detailed\' capture pair', async () => {
    const out = join(tmp(), 'r.html');
    const r = await runCapture(['report', '--status-detailed', shell('status-detailed.txt'), '--table', 'live_fx', '-o', out]);
    expect([r.code, r.err]).toEqual([0, expect.stringContaining(`wrote ${out}`)]);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('live_fx');
    expect(html).toContain(LAST);
  });

  it('report refuses pasted captures beside a scenario', async () => {
    const r = await runCapture(['report', 'examples/case-study.yaml', '--list-regions', shell('list-regions.txt'), '-o', join(tmp(), 'r.html')]);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining('--list-regions given with the scenario')]);
  });
});

describe('--record of pasted captures', () => {
  it('writes the parsed snapshots, which detect reads back to the same result', async () => {
    const file = join(tmp(), 'pasted.ndjson');
    const direct = await runCapture(['detect', '--status-detailed', shell('status-detailed.txt'), '--table', 'live_fx', '--json']);
    const recorded = await runCapture(['detect', '--status-detailed', shell('status-detailed.txt'), '--table', 'live_fx', '--json', '--record', file]);
    expect(recorded.err).toBe(`recorded 2 snapshot(s) of "live_fx" to ${file}\n`);
    const parsed = parseLoadSeries(readFileSync(file, 'utf8'), file);
    // The two captures at their own "# at" times, with the capture's six regions each.
    expect(parsed.snapshots.map((snap) => [snap.timeMs, snap.regions.length])).toEqual([[Date.UTC(2026, 10, 30, 8, 29, 49, 113), 6], [Date.UTC(2026, 10, 30, 8, 29, 57, 34), 6]]);
    expect(parsed.source.kind).toBe('status-detailed');
    const replayed = await runCapture(['detect', file, '--json']);
    const strip = (out: string) => {
      const { source: _source, ...rest } = JSON.parse(out) as Record<string, unknown>;
      return rest;
    };
    expect(strip(replayed.out)).toEqual(strip(direct.out));
  });

  it('fix plan --record keeps the captures too, and never replaces a file without --force', async () => {
    const file = join(tmp(), 'plan.ndjson');
    expect((await runCapture(['fix', 'plan', '--list-regions', shell('list-regions.txt'), '--record', file])).code).toBe(0);
    expect(existsSync(file)).toBe(true);
    const again = await runCapture(['fix', 'plan', '--list-regions', shell('list-regions.txt'), '--record', file]);
    expect([again.code, again.err]).toEqual([2, expect.stringContaining('already exists')]);
    expect((await runCapture(['fix', 'plan', '--list-regions', shell('list-regions.txt'), '--record', file, '--force'])).code).toBe(0);
  });

  it('reaches compare: two pasted pairs recorded, then compared like any recordings', async () => {
    const dir = tmp();
    const before = join(dir, 'before.ndjson');
    const after = join(dir, 'after.ndjson');
    expect((await runCapture(['detect', '--list-regions', shell('list-regions.txt'), '--record', before])).code).toBe(0);
    expect((await runCapture(['fix', 'plan', '--list-regions', shell('list-regions.txt'), '--record', after])).code).toBe(0);
    const r = await runCapture(['compare', before, after, '--json']);
    expect(r.code, r.err).toBe(0);
    // The same captures on both sides, all requests on [m, ∞): the hottest region keeps its whole share, unchanged.
    const change = JSON.parse(r.out) as { before: { hottestRegion: { share: number } }; after: { hottestRegion: { share: number } }; verdict: string };
    expect([change.before.hottestRegion.share, change.after.hottestRegion.share]).toEqual([1, 1]);
    expect(change.verdict).toBe('unchanged');
  });

  it('is refused beside a series file, which is already a recording', async () => {
    const file = join(tmp(), 'x.ndjson');
    const r = await runCapture(['detect', 'test/fixtures/series/does-not-matter.ndjson', '--record', file]);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining('is already a load-series file')]);
    expect(existsSync(file)).toBe(false);
  });
});

describe('two pastes in one file without "# at" lines', () => {
  it('give one hint naming where each starts, not a parse error per line', async () => {
    const dir = tmp();
    const lr = join(dir, 'lr.txt');
    writeFileSync(lr, readFileSync(shell('list-regions.txt'), 'utf8').replace(/^# at .*\n/gm, ''));
    const a = await runCapture(['detect', '--list-regions', lr, '--interval', '10s']);
    // The fixture's second table header is line 11 once the two "# at" lines are gone.
    expect([a.code, a.err]).toEqual([2, `hbase-hotspot: ${lr}:11: 2 list_regions outputs pasted (at lines 1, 11) with no "# at <time>" line between them; put one before each (e.g. "# at 2026-11-30T08:00:00Z"), or paste each into its own file and give --interval\n`]);
    const sd = join(dir, 'sd.txt');
    writeFileSync(sd, readFileSync(shell('status-detailed.txt'), 'utf8').replace(/^# at .*\n/gm, ''));
    const b = await runCapture(['detect', '--status-detailed', sd, '--table', 'live_fx', '--interval', '10s']);
    expect(b.code).toBe(2);
    expect(b.err.trim().split('\n')).toHaveLength(1);
    expect(b.err).toContain("2 status 'detailed' outputs pasted");
  });
});
