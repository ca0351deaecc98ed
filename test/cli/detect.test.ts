import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCapture } from './run-cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/series/${name}`, import.meta.url));
const TAIL = fixture('tail-hex-presplit.ndjson');
const RS = (i: number) => `rs${i}.example.com,16020,1717000000000`;

const run = (...argv: string[]) => runCapture(argv);

describe('detect series.ndjson', () => {
  it('a table of one region is not called "no hotspot": its only region takes all of its requests', async () => {
    const one = fileURLToPath(new URL('../fixtures/incidents/hugegraph-unsplit-vertex-load.series.ndjson', import.meta.url));
    const r = await run('detect', one);
    expect(r.out).toContain('shape: no region hotter than its peers, but the table is one region (unsplit table, below)');
    expect(r.out).not.toContain('no hotspot');
    expect(r.out).toContain('unsplit table: the table has one region');
  });
  it('--json gives shares, the timeline and the tail found from the split history', async () => {
    const r = await run('detect', TAIL, '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out);
    // Three intervals of 6180 requests: rs2 takes 6000 + 6000 + 20, rs4 60 + 60 + (5980 + 60).
    expect(result.hottestServerShare).toBeCloseTo(12020 / 18540, 12);
    expect(result.hottestServerWriteShare).toBeCloseTo(12020 / 18000, 12);
    expect(result.fairServerShare).toBe(0.25);
    expect(result.servers.map((s: { server: string }) => s.server)).toEqual([RS(2), RS(4), RS(1), RS(3)]);
    expect(result.timeline.map((t: { hottestServer: string; hottestServerShare: number }) => [t.hottestServer, t.hottestServerShare])).toEqual([
      [RS(2), 6000 / 6180],
      [RS(2), 6000 / 6180],
      [RS(4), 6040 / 6180],
    ]);
    expect(result.timeline[2]).toMatchObject({ regions: 5, servers: 4, time: 1717243380000, hotServers: [RS(4)] });
    expect(result.shape).toBe('monotonic-tail');
    expect(result.decidedBy).toBe('region-history');
    expect(result.alternatives.map((a: { shape: string }) => a.shape)).toEqual(['hot-range', 'single-row']);
    expect(result.events).toEqual([expect.objectContaining({ kind: 'region-split', region: 'b'.repeat(32), related: ['e'.repeat(32), 'f'.repeat(32)] })]);
    expect(result.findings.map((f: { kind: string }) => f.kind)).toEqual(['region-hotspot', 'server-hotspot', 'lumpy-presplit']);
  });

  it('lets key samples decide the shape', async () => {
    const r = await run('detect', TAIL, '--samples', fixture('tail-hex-presplit.samples.ndjson'), '--json');
    const result = JSON.parse(r.out);
    expect([result.shape, result.decidedBy, result.alternatives]).toEqual(['monotonic-tail', 'samples', []]);
    expect(result.evidence[0]).toBe('60 key samples in the hot regions, 60 distinct keys');
  });

  it('prints share bars against the fair share, hot regions with their keys, the shape and the events', async () => {
    const r = await run('detect', TAIL);
    expect(r.code).toBe(0);
    expect(r.out).toContain('shape: monotonic tail (decided by region history)');
    // rs2: 12020 requests in 180 s = 66.8 req/s; the table 3 × 6180 = 18540 in 180 s = 103.0 req/s
    expect(r.out).toContain(`  ${RS(2)} ███████████████████             64.8%      66.8 req/s  writes  66.8%  reads   0.0%`);
    expect(r.out).toContain("fair share 25.0% (1 / the servers hosting the table's regions), 103.0 req/s in all; skew 0.61 (0 = even, 1 = all on one server)");
    expect(r.out).toContain('HOT (requests, writes)');
    // interval shares 6000/6180, 6000/6180, 6040/6180 (requests); 6000/6000, 6000/6000, 5980/(5980 + 20) (writes)
    expect(r.out).toContain("per interval (min / median / max): hottest server's share of requests 97.1% / 97.1% / 97.7%, of writes 99.7% / 100.0% / 100.0%; a server was hot in 3 of 3");
    // b existed for the first two intervals (120 s) and took 6000 + 6000 requests: 100.0 req/s, over its 2 minutes
    // (it split 1 minute before the window's end), not the window's 3
    expect(r.out).toContain(`${'b'.repeat(32)} ["1fffffff", "3fffffff") on ${RS(2)}: 64.7% of the window's requests; 100.0 req/s over the intervals it was part of (last seen 1m before the window's end), hot over the window or now, hot in 2 of 3 interval(s)`);
    // two alternatives separated by the same key samples: the sentence once, then a pointer back
    expect(r.out).toContain('  or single hot row: separated by key samples (--samples), as above\n');
    expect(r.out.match(/one key taking most requests is a single row/g)).toHaveLength(1);
    expect(r.out).toContain('events: 1');
    expect(r.out).toContain('region-split');
    expect(r.out).not.toMatch(/\x1b\[/);
  });

  it('--limit cuts the servers and hot regions listed, saying how many (and how many hot) were left out', async () => {
    const r = await run('detect', TAIL, '--limit', '1');
    // rs4 (cut) is hot in 1 interval and named by the RegionServer hotspot finding: the cut line says so, not just
    // "0 of them hot"; rs1 and rs3 are hot in none.
    expect(r.out).toContain(`  … 3 more server(s), 0 of them hot, 1 hot in some interval (--limit 1; --json lists all)`);
    // rs4's row of the server table (its name then the bar) is cut; findings may still name it.
    expect(r.out).not.toMatch(new RegExp(`^  ${RS(4).replace(/\./g, '\\.')} +[█ ]`, 'm'));
    // The one shown is the headline's region ffff… (32.3%), listed first; the cut one, b… (64.7%), is busier, so the
    // line does not call the shown one the busiest.
    expect(r.out).toContain('  … 1 more (the headline\'s region and those hot now first, then by share; --json lists all)');
    expect(r.out).not.toContain('busiest shown');
    const bad = await run('detect', TAIL, '--limit', '0');
    expect([bad.code, bad.err]).toEqual([2, 'hbase-hotspot: --limit 0: give a whole number of rows, 1 or more, e.g. --limit 5\n']);
  });

  it('says so when there is no hotspot', async () => {
    const r = await run('detect', fixture('uniform-salted.ndjson'));
    expect(r.out).toContain('shape: no hotspot');
    const json = JSON.parse((await run('detect', fixture('uniform-salted.ndjson'), '--json')).out);
    expect([json.shape, json.hottestServerShare, json.fairServerShare, json.findings]).toEqual(['none', 0.25, 0.25, []]);
  });

  it('reads the series from stdin with -', async () => {
    const text = await import('node:fs').then((fs) => fs.readFileSync(fixture('uniform-salted.ndjson'), 'utf8'));
    const r = await runCapture(['detect', '-', '--json'], text);
    expect(JSON.parse(r.out).table).toBe('salted');
    const twice = await runCapture(['detect', '-', '--samples', '-']);
    expect([twice.code, twice.err]).toEqual([2, expect.stringContaining('cannot both be read from stdin')]);
  });

  it('rejects a bad --k, a missing series and malformed lines with exit status 2', async () => {
    const k = await run('detect', TAIL, '--k', '0.5');
    expect([k.code, k.err]).toEqual([2, expect.stringContaining('--k: "0.5" is not a hot factor')]);
    const none = await run('detect');
    expect([none.code, none.err]).toEqual([2, expect.stringContaining('hbase-hotspot detect series.ndjson')]);
    const bad = await run('detect', fixture('malformed.ndjson'));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('malformed.ndjson:4 (regions[0].startKey)');
    expect(bad.err).toContain('line 9 (table)');
    const samples = await run('detect', TAIL, '--samples', fixture('samples-malformed.ndjson'));
    expect([samples.code, samples.err]).toEqual([2, expect.stringContaining('samples-malformed.ndjson:2 (op)')]);
  });
});
