// An output file that is one of the command's inputs is refused even with --force: before, `report S -o S --force`
// replaced the load series S with its HTML page, `detect --list-regions C --record C --force` the pasted capture C
// with its series, and `compare A B --record A --force` the before series with the change record.
import { copyFileSync, linkSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCapture } from './run-cli.js';

const fixture = (p: string) => fileURLToPath(new URL(`../fixtures/${p}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'output-is-input-'));
const copy = (from: string, name: string): string => {
  const path = join(dir, name);
  copyFileSync(fixture(from), path);
  return path;
};

describe('an output that is one of the inputs', () => {
  it('report -o SERIES --force: refused with exit 2, the series kept byte for byte', async () => {
    const series = copy('series/tail-hex-presplit.ndjson', 'report.ndjson');
    const before = readFileSync(series, 'utf8');
    const run = await runCapture(['report', series, '-o', series, '--force']);
    expect(run.code).toBe(2);
    expect(run.err).toBe(`hbase-hotspot: ${series} (--output): is also an input of this command; writing it would replace what is being read (--force or not): give another file\n`);
    expect(readFileSync(series, 'utf8')).toBe(before);
  });

  it('report -o SAMPLES --force, the samples named by another path (a hard link): refused, naming the input', async () => {
    const series = copy('series/tail-hex-presplit.ndjson', 'report2.ndjson');
    const samples = copy('series/tail-hex-presplit.samples.ndjson', 'keys.ndjson');
    const link = join(dir, 'keys-link.ndjson');
    linkSync(samples, link);
    const before = readFileSync(samples, 'utf8');
    const run = await runCapture(['report', series, '--samples', samples, '-o', link, '--force']);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`${link} (--output): is the input file ${samples};`);
    expect(readFileSync(samples, 'utf8')).toBe(before);
  });

  it.each([
    ['detect --list-regions CAPTURE --record CAPTURE --force', 'shell/list-regions.txt', (f: string) => ['detect', '--list-regions', f, '--record', f, '--force'], '--record'],
    ['compare BEFORE AFTER --record BEFORE --force', 'series/tail-hex-presplit.ndjson', (f: string) => ['compare', f, fixture('series/tail-hex-presplit.ndjson'), '--record', f, '--force'], '--record'],
    ['simulate SCENARIO --series SCENARIO --force', 'scenarios/two-tables.yaml', (f: string) => ['simulate', f, '--series', f, '--force'], '--series'],
  ])('%s: refused with exit 2, the input kept', async (_name, from, argv, field) => {
    const input = copy(from, `input-${field.slice(2)}-${from.replace(/\W/g, '-')}`);
    const before = readFileSync(input, 'utf8');
    const run = await runCapture(argv(input));
    expect(run.code).toBe(2);
    expect(run.err).toContain(`${input} (${field}): is also an input of this command`);
    expect(readFileSync(input, 'utf8')).toBe(before);
  });

  it.each([
    ['report SERIES -o SERIES', (f: string) => ['report', f, '-o', f], '--output'],
    ['compare BEFORE AFTER --record BEFORE', (f: string) => ['compare', f, fixture('series/tail-hex-presplit.ndjson'), '--record', f], '--record'],
    ['series convert SERIES -o SERIES --to 2', (f: string) => ['series', 'convert', f, '-o', f, '--to', '2'], '--output'],
  ])('%s, without --force: refused as an input, not as a file that exists (--force would not help)', async (_name, argv, field) => {
    const input = copy('series/tail-hex-presplit.ndjson', `plain-${field.slice(2)}-${argv('x')[0]}.ndjson`);
    const run = await runCapture(argv(input));
    expect(run.code).toBe(2);
    expect(run.err).toBe(`hbase-hotspot: ${input} (${field}): is also an input of this command; writing it would replace what is being read (--force or not): give another file\n`);
  });

  it('series convert SERIES -o SERIES --table T --force: refused, the series of several tables kept', async () => {
    const input = copy('series/two-tables-v2.ndjson', 'convert-two.ndjson');
    const before = readFileSync(input, 'utf8');
    const run = await runCapture(['series', 'convert', input, '-o', input, '--to', '1', '--table', 'events', '--force']);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`${input} (--output): is also an input of this command`);
    expect(readFileSync(input, 'utf8')).toBe(before);
  });

  it('--force still replaces an earlier output that is not an input', async () => {
    const series = copy('series/tail-hex-presplit.ndjson', 'again.ndjson');
    const page = join(dir, 'again.html');
    expect((await runCapture(['report', series, '-o', page])).code).toBe(0);
    expect((await runCapture(['report', series, '-o', page])).code).toBe(2);
    expect((await runCapture(['report', series, '-o', page, '--force'])).code).toBe(0);
    expect(readFileSync(page, 'utf8')).toMatch(/^<!doctype html>/i);
  });
});
