import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatLoadSeries } from '../../src/model/index.js';
import { CLIENT_SCRIPT, clientScript } from '../../src/report/html/client-script.js';
import { runCapture } from '../cli/run-cli.js';
import { repeat, steadySeries } from '../model/builders.js';
import { AFTER_LAYOUT, figureRow, pageData, writePair } from './report-compare-fixture.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/series/${name}`, import.meta.url));
const pair = writePair();
const out = (name: string): string => join(pair.dir, name);

describe('report BEFORE AFTER', () => {
  it('writes one page with both sides, the proof figures and compare\'s verdict', async () => {
    const r = await runCapture(['report', pair.before, pair.after, '-o', out('page.html')]);
    expect([r.code, r.err]).toEqual([0, expect.stringMatching(/^wrote .*page\.html \(\d+ KiB\)\n$/)]);
    const html = readFileSync(out('page.html'), 'utf8');
    // Before: b takes 4,000 of 4,300 writes = 93.0%; fair share 1/4 = 25.0%: 3.72×. Its server rs2 holds only b:
    // 93.0% against 1/4 servers. After: b1 and b2 take 2,000 each = 46.5%; fair 1/5 = 20.0%: 2.33×; rs2 and rs5
    // each 46.5% against 1/5 servers.
    const row = (figure: string): string => figureRow(html, figure);
    expect(row('hottest-region')).toContain('<b class="figure">93.0%</b> = <b>3.72×</b> its fair share 25.0% (1 ÷ 4 regions)');
    expect(row('hottest-region')).toContain('<b class="figure">46.5%</b> = <b>2.33×</b> its fair share 20.0% (1 ÷ 5 regions)');
    expect(row('busiest-server')).toContain('<b class="figure">93.0%</b> = <b>3.72×</b> its fair share 25.0% (1 ÷ 4 servers)');
    expect(row('busiest-server')).toContain('<b class="figure">46.5%</b> = <b>2.33×</b> its fair share 20.0% (1 ÷ 5 servers)');
    expect(html).toContain('rs2.example.com,16020,2, 66.7 requests/s'); // 4,000 writes a minute
    expect(html).toContain('Verdict: <b data-verdict="improved">improved</b>');
    expect(html).not.toContain('data-figure="p99-');
    // the verdict is compare's own: the same files through `compare --json`
    const compare = await runCapture(['compare', pair.before, pair.after, '--json']);
    expect(JSON.parse(compare.out).verdict).toBe('improved');
    for (const finding of JSON.parse(compare.out).findings as string[]) expect(html).toContain(`<li>${finding.replace(/["']/g, (c) => `&#${c.charCodeAt(0)};`)}</li>`);
  });

  it('embeds both sides with their own key boundaries and one server axis: the highest rate of either side', async () => {
    await runCapture(['report', pair.before, pair.after, '-o', out('data.html')]);
    const data = pageData(readFileSync(out('data.html'), 'utf8'));
    expect(data.panels.map((p) => p.title)).toEqual(['Before', 'After']);
    expect(data.panels[0]?.segKey.map((i) => data.panels[0]?.keys[i])).toEqual(['', 'tenant0025', 'tenant0050', 'tenant0075']);
    expect(data.panels[1]?.segKey.map((i) => data.panels[1]?.keys[i])).toEqual(['', 'tenant0025', 'tenant0042|user-05', 'tenant0050', 'tenant0075']);
    // rs2 before: 4,000 writes a minute; nothing after goes above 2,000 a minute; the fair share is at most 4,300/4
    expect(data.serverMax).toBeCloseTo(4000 / 60, 9);
    // the page's script draws each chart from 0 to that (plus a twentieth); a one-series report keeps its own script
    expect(readFileSync(out('data.html'), 'utf8')).toContain(clientScript({ sharedServerAxis: true }));
  });

  it('shows the p99 figures when compare\'s latency inputs are given', async () => {
    const r = await runCapture(['report', pair.before, pair.after, '-o', out('p99.html'), '--latency-before', ...pair.latencyBefore, '--latency-after', ...pair.latencyAfter]);
    expect(r.code).toBe(0);
    const html = readFileSync(out('p99.html'), 'utf8');
    const row = figureRow(html, 'p99-PutBatch');
    // before: rs2 48 ms against 4, 5, 6 (median 5); after: rs2 9 ms against 4, 5, 5, 7 (median 5)
    expect(row).toContain('<b class="figure">48.0 ms</b> on the busiest RegionServer, peers\' median 5.0 ms');
    expect(row).toContain('<b class="figure">9.0 ms</b> on the busiest RegionServer, peers\' median 5.0 ms');
  });

  it('accepts two tables (a migration) and says so; --table focuses series of several tables on both sides', async () => {
    const moved = out('orders-v2.ndjson');
    const split = steadySeries(AFTER_LAYOUT, repeat(4, [100, 2000, 2000, 100, 100]));
    writeFileSync(moved, formatLoadSeries({ ...split, table: 'orders_v2', snapshots: split.snapshots.map((s) => ({ ...s, table: 'orders_v2' })) }));
    const r = await runCapture(['report', pair.before, moved, '-o', out('migration.html')]);
    expect(r.code).toBe(0);
    const html = readFileSync(out('migration.html'), 'utf8');
    expect(html).toContain('<title>hbase-hotspot before/after: tables t → orders_v2</title>');
    expect(html).toContain('<li>tables differ: t before, orders_v2 after (a migration)</li>');
    const two = fixture('two-tables-v2.ndjson');
    const focused = await runCapture(['report', two, two, '--table', 'lookup', '-o', out('focused.html')]);
    expect(focused.code).toBe(0);
    const page = readFileSync(out('focused.html'), 'utf8');
    expect(page).toContain('<title>hbase-hotspot before/after: table lookup</title>');
    expect(page).toContain('Verdict: <b data-verdict="unchanged">unchanged</b>');
  });

  it('adds the health panel with --health, and writes to stdout with -o -', async () => {
    const health = fileURLToPath(new URL('../fixtures/jmx/health/report-health.json', import.meta.url));
    const r = await runCapture(['report', pair.before, pair.after, '-o', '-', '--health', health]);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain('<section class="health" id="health">');
    expect(r.out).toContain('Verdict: <b data-verdict="improved">improved</b>');
  });

  it('keeps the one-series report as it was: no proof, no shared axis, the same script', async () => {
    const r = await runCapture(['report', pair.before, '-o', out('one.html')]);
    expect(r.code).toBe(0);
    const html = readFileSync(out('one.html'), 'utf8');
    expect(html).not.toContain('class="proof"');
    expect(pageData(html).serverMax).toBeUndefined();
    expect(html).toContain(`<script>${CLIENT_SCRIPT}</script>`);
    expect(clientScript()).toBe(CLIENT_SCRIPT);
    expect(CLIENT_SCRIPT).toContain('scales: { x: { time: true } },');
  });
});

describe('report BEFORE AFTER refuses', () => {
  const refused = async (args: string[]): Promise<string> => {
    const r = await runCapture(['report', ...args]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    return r.err;
  };

  it('a missing file, naming it, and writes nothing', async () => {
    const missing = out('nope.ndjson');
    expect(await refused([pair.before, missing, '-o', out('x1.html')])).toContain(`${missing}: cannot read the load series (no such file)`);
    expect(await refused([missing, pair.after, '-o', out('x1.html')])).toContain(`${missing}: cannot read the load series (no such file)`);
    expect(existsSync(out('x1.html'))).toBe(false);
  });

  it('a --table one side does not hold, and a series of several tables without --table, naming the file', async () => {
    const two = fixture('two-tables-v2.ndjson');
    expect(await refused([two, pair.after, '--table', 'events', '-o', out('x2.html')])).toContain(`${pair.after}: --table: the series holds no table "events"`);
    expect(await refused([two, pair.after, '-o', out('x2.html')])).toMatch(/two-tables-v2\.ndjson: --table: the series holds 2 tables \(events, lookup\) and this step works on one: give --table T/);
  });

  it('windows of different lengths, as compare does', async () => {
    // tail-hex-presplit has 4 snapshots a minute apart (3 minutes), uniform-salted 3 (2 minutes)
    expect(await refused([fixture('tail-hex-presplit.ndjson'), fixture('uniform-salted.ndjson'), '-o', out('x3.html')]))
      .toContain(`${fixture('uniform-salted.ndjson')}: the after side covers 120 s and the before side (${fixture('tail-hex-presplit.ndjson')}) 180 s;`);
  });

  it('options of one input, and before/after options with one input', async () => {
    const base = [pair.before, pair.after, '-o', out('x4.html')];
    expect(await refused([...base, '--samples', fixture('tail-hex-presplit.samples.ndjson')])).toContain('--samples given with two series (a before/after page): give --samples-before and --samples-after');
    expect(await refused([...base, '--redact'])).toContain('--redact given with two series');
    expect(await refused([...base, '--rest', 'http://127.0.0.1:1'])).toContain('--rest given with two series');
    expect(await refused([pair.before, '-o', out('x4.html'), '--latency-after', pair.latencyAfter[0]!])).toContain('--latency-after is for a before/after page: give two series');
    expect(await refused([pair.before, '-o', out('x4.html'), '--samples-before', fixture('tail-hex-presplit.samples.ndjson')])).toContain('--samples-before is for a before/after page');
  });

  it('a scenario as either side, both sides on stdin, and an existing output file', async () => {
    const yaml = fixture('../scenarios/monotonic-tail.yaml');
    expect(await refused([yaml, pair.after, '-o', out('x5.html')])).toContain('monotonic-tail.yaml: a before/after page takes two load series');
    expect(await refused(['-', '-', '-o', out('x5.html')])).toContain('only one input can be read from stdin (-)');
    writeFileSync(out('kept.html'), 'mine');
    expect(await refused([pair.before, pair.after, '-o', out('kept.html')])).toContain('kept.html');
    expect(readFileSync(out('kept.html'), 'utf8')).toBe('mine');
  });
});
