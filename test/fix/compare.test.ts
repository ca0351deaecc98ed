import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { formatLoadSeries } from '../../src/model/index.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';

const rs = (n: number) => `rs${n}.example.com,16020,${n}`;
const before: Layout[] = [['a', '', 'tenant0025', rs(1)], ['b', 'tenant0025', 'tenant0050', rs(2)], ['c', 'tenant0050', 'tenant0075', rs(3)], ['d', 'tenant0075', '', rs(4)]];
const split: Layout[] = [before[0]!, ['b1', 'tenant0025', 'tenant0042|user-05', rs(2)], ['b2', 'tenant0042|user-05', 'tenant0050', rs(5)], before[2]!, before[3]!];
const dir = mkdtempSync(join(tmpdir(), 'fix-compare-'));
function file(name: string, layout: Layout[], writes: number[], intervals = 4): string {
  const path = join(dir, name);
  writeFileSync(path, formatLoadSeries(steadySeries(layout, repeat(intervals, writes))));
  return path;
}
async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), isTTY: false, readStdin: async () => '' });
  return { code, out: out.join(''), err: err.join('') };
}

const beforeFile = file('before.ndjson', before, [100, 4000, 100, 100]);

describe('compare', () => {
  it('split and moved daughter: the hottest share falls toward fair share, still hot → improved', async () => {
    const record = join(dir, 'change.json');
    const r = await run(['compare', beforeFile, file('after.ndjson', split, [100, 2000, 2000, 100, 100]), '--record', record]);
    expect(r.code).toBe(0);
    // Before: 4000 of 4300 = 93.0%, fair 1/4: 3.72×. After: 2000 of 4300 = 46.5%, fair 1/5: 2.33×.
    expect(r.out).toContain('verdict: improved');
    expect(r.out).toContain('hottest region share 93.0% (3.72× fair share 25.0%) → 46.5% (2.33× fair share 20.0%)');
    const saved = JSON.parse(readFileSync(record, 'utf8'));
    expect(saved.format).toBe('hbase-hotspot-change/1');
    expect(saved.after.hottestRegion.share).toBeCloseTo(2000 / 4300, 12);
  });

  it('an even spread afterwards → fixed', async () => {
    const r = await run(['compare', beforeFile, file('even.ndjson', split, [1000, 1000, 1000, 1000, 1000]), '--json']);
    const rec = JSON.parse(r.out);
    expect(rec.verdict).toBe('fixed');
    expect(rec.after.hotToFair).toBeCloseTo(1, 12);
  });

  it('a hot region elsewhere → moved', async () => {
    const r = await run(['compare', beforeFile, file('moved.ndjson', before, [100, 100, 4000, 100])]);
    expect(r.out).toContain('verdict: moved');
    expect(r.out).toContain('region c ["tenant0050", "tenant0075") on rs3.example.com,16020,3 is hot now, outside the range that was hot');
  });

  it('a change record is the baseline of a later comparison', async () => {
    const record = join(dir, 'baseline.json');
    await run(['compare', beforeFile, file('after2.ndjson', split, [100, 2000, 2000, 100, 100]), '--record', record]);
    const r = await run(['compare', record, file('later.ndjson', split, [1000, 1000, 1000, 1000, 1000]), '--json']);
    const rec = JSON.parse(r.out);
    expect(rec.before.hotToFair).toBeCloseTo((2000 / 4300) / 0.2, 12);
    expect(rec.verdict).toBe('fixed');
  });

  it('refuses different interval lengths', async () => {
    const r = await run(['compare', beforeFile, file('short.ndjson', split, [100, 2000, 2000, 100, 100], 2)]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('before covers 240 s and after 120 s');
  });

  it('refuses a broken change record', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format": "hbase-hotspot-change/1"}');
    const r = await run(['compare', bad, beforeFile]);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining('not a change record')]);
  });
});
