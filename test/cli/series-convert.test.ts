import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { runCapture } from './run-cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/series/${name}`, import.meta.url));
const scenario = (name: string) => fileURLToPath(new URL(`../fixtures/scenarios/${name}`, import.meta.url));
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const tmp = () => (dir = mkdtempSync(join(tmpdir(), 'series-convert-')));

describe('hbase-hotspot series convert', () => {
  it('refuses a snapshot whose clock stepped back, and with --allow-clock-steps drops it with a warning', async () => {
    // Before, the refusal pointed to --allow-clock-steps, an option series convert did not have.
    const d = tmp();
    const [header, s1, s2, s3] = readFileSync(fixture('uniform-salted.ndjson'), 'utf8').split('\n');
    const input = join(d, 'stepped.ndjson');
    writeFileSync(input, [header, s1, s3, s2, ''].join('\n'));
    const refused = await runCapture(['series', 'convert', input, '-o', join(d, 'out.ndjson'), '--to', '1']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`${input}:4 (timeMs): 1 malformed line(s) in load series`);
    const kept = await runCapture(['series', 'convert', input, '-o', join(d, 'out.ndjson'), '--to', '1', '--allow-clock-steps']);
    // Line 4 holds 12:01 (1717243260000 ms) after line 3's 12:02 (1717243320000 ms).
    expect(kept).toMatchObject({
      code: 0,
      err: `${input}:4 (timeMs): warning: 1717243260000 is not after line 3's 1717243320000 (the clock stepped back): snapshot dropped\nwrote ${join(d, 'out.ndjson')}: format version 1, 2 snapshot(s) of salted\n`,
    });
    expect(readFileSync(join(d, 'out.ndjson'), 'utf8')).toBe([header, s1, s3, ''].join('\n'));
  });

  it('turns version 1 into gzip version 2 and back into the same bytes', async () => {
    const d = tmp();
    const original = readFileSync(fixture('uniform-salted.ndjson'), 'utf8');
    const to2 = await runCapture(['series', 'convert', fixture('uniform-salted.ndjson'), '-o', join(d, 's.ndjson.gz'), '--to', '2']);
    expect(to2).toMatchObject({ code: 0, err: expect.stringContaining('format version 2, gzip, 3 snapshot(s) of salted') });
    const v2 = gunzipSync(readFileSync(join(d, 's.ndjson.gz'))).toString('utf8');
    expect(v2.split('\n')[0]).toContain('"version":2,"tables":["salted"]');
    expect((await runCapture(['series', 'convert', join(d, 's.ndjson.gz'), '-o', join(d, 'back.ndjson'), '--to', '1'])).code).toBe(0);
    expect(readFileSync(join(d, 'back.ndjson'), 'utf8')).toBe(original);
    // both forms give detect the same answer
    const a = await runCapture(['detect', fixture('uniform-salted.ndjson'), '--json']);
    const b = await runCapture(['detect', join(d, 's.ndjson.gz'), '--json']);
    expect(b.out).toBe(a.out);
  });

  it('needs --table for version 1 of several tables, says what version 1 leaves out, and keeps an existing file', async () => {
    const d = tmp();
    const out = join(d, 'one.ndjson');
    const refused = await runCapture(['series', 'convert', fixture('two-tables-v2.ndjson'), '-o', out, '--to', '1']);
    expect(refused).toMatchObject({ code: 2, err: expect.stringContaining('holds events, lookup; choose one with --table') });
    const one = await runCapture(['series', 'convert', fixture('two-tables-v2.ndjson'), '-o', out, '--to', '1', '--table', 'events']);
    expect(one).toMatchObject({ code: 0, err: expect.stringContaining('left out: memstoreSizeBytes, storeFileCount, locality') });
    expect(readFileSync(out, 'utf8').split('\n')[1]).toContain('"table":"events","regions":[{"name":"events,,');
    writeFileSync(join(d, 'keep.ndjson'), 'precious\n');
    const kept = await runCapture(['series', 'convert', fixture('uniform-salted.ndjson'), '-o', join(d, 'keep.ndjson'), '--to', '2']);
    expect(kept).toMatchObject({ code: 2, err: expect.stringContaining('already exists') });
    expect(readFileSync(join(d, 'keep.ndjson'), 'utf8')).toBe('precious\n');
    expect((await runCapture(['series', 'convert', fixture('uniform-salted.ndjson'), '-o', out, '--to', '3'])).err).toContain('--to 3: give the format version to write, 1 or 2');
  });
  it('reads standard input for - and writes standard output for -o -, never a file named "-"', async () => {
    const d = tmp();
    const original = readFileSync(fixture('uniform-salted.ndjson'), 'utf8');
    const fromStdin = await runCapture(['series', 'convert', '-', '-o', join(d, 'back.ndjson'), '--to', '1'], original);
    expect(fromStdin).toMatchObject({ code: 0, err: `wrote ${join(d, 'back.ndjson')}: format version 1, 3 snapshot(s) of salted\n` });
    expect(readFileSync(join(d, 'back.ndjson'), 'utf8')).toBe(original);
    // version 1 -> 1 gives back the same bytes, now on stdout; nothing is created in the working directory
    const before = readdirSync(process.cwd());
    const toStdout = await runCapture(['series', 'convert', fixture('uniform-salted.ndjson'), '-o', '-', '--to', '1']);
    expect(toStdout).toMatchObject({ code: 0, out: original, err: 'wrote stdout: format version 1, 3 snapshot(s) of salted\n' });
    expect(readdirSync(process.cwd())).toEqual(before);
    const gz = await runCapture(['series', 'convert', fixture('uniform-salted.ndjson'), '-o', '-', '--to', '2', '--gzip']);
    expect(gz).toMatchObject({ code: 2, out: '', err: expect.stringContaining('--gzip') });
    expect(readdirSync(process.cwd())).toEqual(before);
  });
});

describe('simulate --record', () => {
  it('writes format version 2, gzip with --gzip, under the same file names', async () => {
    const d = tmp();
    const run = await runCapture(['simulate', scenario('uniform-hash.yaml'), '--record', d, '--gzip', '--representatives', '256']);
    expect(run.code).toBe(0);
    const files = readdirSync(d).sort();
    expect(files).toEqual(['1-hashed-device.samples.ndjson.gz', '1-hashed-device.series.ndjson.gz', '2-salted-device.samples.ndjson.gz', '2-salted-device.series.ndjson.gz']);
    expect(gunzipSync(readFileSync(join(d, files[1] as string))).toString('utf8')).toMatch(/^\{"format":"hbase-hotspot\/load-series","version":2,/);
    const detect = await runCapture(['detect', join(d, files[1] as string), '--samples', join(d, files[0] as string), '--json']);
    expect(detect.code).toBe(0);
    expect((await runCapture(['simulate', scenario('uniform-hash.yaml'), '--gzip'])).err).toContain('--gzip compresses the files of --record');
  }, 60_000);

  it('refuses --record - and --series - (files, not standard output) and creates nothing', async () => {
    const before = readdirSync(process.cwd());
    const run = await runCapture(['simulate', scenario('uniform-hash.yaml'), '--record', '-']);
    expect(run).toMatchObject({ code: 2, out: '', err: expect.stringContaining('--record -: --record writes a directory') });
    expect(readdirSync(process.cwd())).toEqual(before);
    // --series FILE likewise: standard output carries the summary, so - is refused rather than taken as a file name
    const series = await runCapture(['simulate', scenario('two-tables.yaml'), '--series', '-']);
    expect(series).toMatchObject({ code: 2, out: '', err: expect.stringContaining('--series -: ') });
    expect(readdirSync(process.cwd())).toEqual(before);
  });
});

describe('options that write a file take no -', () => {
  it('compare --record - and fix plan --record - are refused, naming the option, and create nothing', async () => {
    // report -o -, collect -o - and series convert -o - write standard output; these options write a file only, so
    // before this a file called "-" appeared in the working directory.
    const before = readdirSync(process.cwd());
    const compare = await runCapture(['compare', fixture('uniform-salted.ndjson'), fixture('uniform-salted.ndjson'), '--record', '-']);
    expect(compare).toMatchObject({ code: 2, out: '', err: expect.stringContaining('hbase-hotspot: - (--record): writes a file, not standard output: name a file instead of -') });
    const shell = fileURLToPath(new URL('../fixtures/shell/list-regions.txt', import.meta.url));
    const plan = await runCapture(['fix', 'plan', '--list-regions', shell, '--record', '-']);
    expect(plan).toMatchObject({ code: 2, err: expect.stringContaining('hbase-hotspot: - (--record): writes a file, not standard output: name a file instead of -') });
    expect(readdirSync(process.cwd())).toEqual(before);
  });
});

describe('compare with a change record on the after side', () => {
  it('is refused in one line naming the file and saying a change record is only a before side', async () => {
    // Before, the record (pretty-printed JSON) was read as a load series: one "not valid JSON" error per line.
    const d = tmp();
    const record = join(d, 'change.json');
    expect((await runCapture(['compare', fixture('uniform-salted.ndjson'), fixture('uniform-salted.ndjson'), '--record', record])).code).toBe(0);
    const run = await runCapture(['compare', fixture('uniform-salted.ndjson'), record]);
    expect(run.code).toBe(2);
    expect(run.err).toBe(`hbase-hotspot: ${record}: a change record can only be the before side (its after side is the baseline); give a load series as after\n`);
  });
});
