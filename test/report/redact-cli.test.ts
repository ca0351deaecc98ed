import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatLoadSeries } from '../../src/model/index.js';
import { runCapture } from '../cli/run-cli.js';
import { encoded, fixtureSeries } from './fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'redact-cli-'));
const scenario = new URL('../fixtures/scenarios/monotonic-tail.yaml', import.meta.url).pathname;

interface Detect { shape: string; hottestRegionShare: number; regions: { startKey: string; encodedName: string; share: number }[] }

describe('--redact on detect and simulate', () => {
  it('detect --redact --json: the same shares and shape, none of the input keys or encoded names', async () => {
    const starts = ['', 'patient/0457-john-doe', 'patient/3391-jane-roe', 'patient/8812-max-mustermann'];
    const file = join(dir, 'p.series.ndjson');
    writeFileSync(file, formatLoadSeries(fixtureSeries('records', starts.map((start, i) => ({
      start, server: `rs${i}.lan,16020,1`, writes: [0, i === 2 ? 90_000 : 1_000, i === 2 ? 180_000 : 2_000, i === 2 ? 270_000 : 3_000],
    })), 4)));
    const plain = await runCapture(['detect', file, '--json']);
    const red = await runCapture(['detect', file, '--json', '--redact']);
    expect(red.code).toBe(0);
    const a = JSON.parse(plain.out) as Detect;
    const b = JSON.parse(red.out) as Detect;
    expect(b.shape).toBe(a.shape);
    expect(b.hottestRegionShare).toBe(a.hottestRegionShare);
    expect(b.regions.map((r) => r.share)).toEqual(a.regions.map((r) => r.share));
    // the redacted encoded names are random hex (a run of 32 could hold '0457' by chance): left out of the word check,
    // as are 3-letter words a random 3-letter pseudonym could spell; the originals' names are checked whole below
    const text = red.out.replace(/[0-9a-f]{32}/g, '');
    for (const word of ['patient', 'john-doe', 'jane-roe', 'mustermann', '0457', '3391', '8812']) expect(text).not.toContain(word);
    for (let i = 0; i < starts.length; i++) expect(red.out).not.toContain(encoded(i));
    // the layout survives: 7 letters, '/', 4 digits, '-', letters
    expect(b.regions[1]?.startKey).toMatch(/^[a-z]{7}\/\d{4}-[a-z]{4}-[a-z]{3}$/);
    // and the order
    const keys = b.regions.map((r) => r.startKey);
    expect([...keys].sort()).toEqual(keys);
  });

  it('simulate --redact: the same verdicts; split keys, names and recorded files carry none of the simulated keys', async () => {
    const recorded = join(dir, 'rec');
    const plain = await runCapture(['simulate', scenario, '--json']);
    const red = await runCapture(['simulate', scenario, '--json', '--redact', '--record', recorded]);
    expect(red.code).toBe(0);
    type Sim = { designs: { shape: string; hottestServerWriteShare: number; splits: { splitKey: string; parent: string }[] }[] };
    const a = JSON.parse(plain.out) as Sim;
    const b = JSON.parse(red.out) as Sim;
    expect(b.designs.map((d) => d.shape)).toEqual(a.designs.map((d) => d.shape));
    expect(b.designs.map((d) => d.hottestServerWriteShare)).toEqual(a.designs.map((d) => d.hottestServerWriteShare));
    const original = a.designs.flatMap((d) => d.splits.map((s) => s.splitKey)).filter((k) => k.length >= 6);
    expect(original.length).toBeGreaterThan(0);
    const files = readFileSync(join(recorded, '1-timestamp-first.series.ndjson'), 'utf8');
    for (const k of original) {
      expect(red.out).not.toContain(k);
      expect(files).not.toContain(k);
    }
    const parents = a.designs.flatMap((d) => d.splits.map((s) => s.parent.slice(-34, -1)));
    for (const p of parents) expect(red.out).not.toContain(p);
  }, 300_000);
});
