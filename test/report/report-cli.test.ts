import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toStringBinary, utf8Bytes } from '../../src/bytes/index.js';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { formatLoadSeries } from '../../src/model/index.js';
import { encoded, fixtureSeries } from './fixture.js';
import { testClock } from '../support/clock.js';

function io(): CliIo & { out: string; err: string } {
  const o = { out: '', err: '', isTTY: false, readStdin: async () => '', now: testClock, stdout: (t: string) => void (o.out += t), stderr: (t: string) => void (o.err += t) };
  return o;
}

const dir = mkdtempSync(join(tmpdir(), 'report-cli-'));
/** Keys carrying personal data: e-mail addresses. The second region takes 90% of the writes. */
const starts = ['', 'customer:alice.smith@example.com', 'customer:mallory.jones@mailhost.org', 'customer:zoe.quinn@provider.net'];
const series = fixtureSeries('crm', starts.map((start, i) => ({
  start,
  server: `rs${i % 2}.hbase.lan,16020,1`,
  writes: [0, i === 1 ? 54_000 : 2_000, i === 1 ? 108_000 : 4_000],
})), 3);
const seriesFile = join(dir, 'crm.series.ndjson');
writeFileSync(seriesFile, formatLoadSeries(series));

describe('report command', () => {
  it('writes one self-contained HTML file with the data, uPlot and the findings', async () => {
    const out = join(dir, 'plain.html');
    const c = io();
    expect(await runCli(['report', seriesFile, '-o', out], c)).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(c.err).toContain(`wrote ${out}`);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|<img|url\(\s*['"]?https?:|fetch\(|XMLHttpRequest/);
    expect(html).toContain('id="report-data"');
    expect(html).toContain('uPlot');
    expect(html).toContain(toStringBinary(utf8Bytes(starts[1] ?? '')));
  });

  it('-o - writes the page to stdout, the same page as to a file', async () => {
    const c = io();
    expect(await runCli(['report', seriesFile, '-o', '-'], c)).toBe(0);
    expect(c.err).toBe('');
    expect(c.out.startsWith('<!doctype html>') || c.out.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(c.out).toContain('id="report-data"');
    // The hot-regions table names its count and the busiest server by name.
    expect(c.out).toMatch(/<h4>Hot regions \(\d+: over the window, marked, or in some intervals\)<\/h4>/);
    expect(c.out).toContain('busiest RegionServer rs1.hbase.lan,16020,1 with');
  });

  it('--redact leaves no key, key fragment or encoded region name of the input in the report', async () => {
    const out = join(dir, 'redacted.html');
    expect(await runCli(['report', seriesFile, '-o', out, '--redact'], io())).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('redacted');
    const fragments = ['alice', 'smith', 'example.com', 'mallory', 'jones', 'mailhost', 'zoe.quinn', 'provider', 'customer'];
    for (const f of fragments) expect(html).not.toContain(f);
    for (const s of starts.filter((k) => k !== '')) expect(html).not.toContain(toStringBinary(utf8Bytes(s)));
    for (let i = 0; i < starts.length; i++) expect(html).not.toContain(encoded(i));
    // host names go too (rs0.hbase.lan, rs1.hbase.lan sort as server-01, server-02; ports and start codes stay);
    // what a reader needs stays: which server is which, and the redacted keys' shape `xxxxxxxx:xxxxx.xxxxx@xxxxxxx.xxx`
    expect(html).not.toContain('hbase.lan');
    expect(html).toContain('busiest RegionServer server-02,16020,1 with');
    expect(html).toMatch(/[a-z]{8}:[a-z]{5}\.[a-z]{5}@[a-z]{7}\.[a-z]{3}/);
  });

  it('refuses --samples with a scenario, an unwritable output and a bad --k', async () => {
    const scenario = join(dir, 's.yaml');
    writeFileSync(scenario, 'name: x\n');
    let c = io();
    expect(await runCli(['report', scenario, '-o', join(dir, 'x.html'), '--samples', 'k.ndjson'], c)).toBe(2);
    expect(c.err).toContain('--samples given with the scenario');
    c = io();
    expect(await runCli(['report', scenario, '-o', join(dir, 'x.html'), '--k', '4'], c)).toBe(2);
    expect(c.err).toContain('--k given with the scenario');
    c = io();
    expect(await runCli(['report', seriesFile, '-o', join(dir, 'missing-dir', 'x.html')], c)).toBe(2);
    expect(c.err).toContain('cannot write: ');
    c = io();
    expect(await runCli(['report', seriesFile, '-o', join(dir, 'x.html'), '--k', '1'], c)).toBe(2);
    expect(c.err).toContain('hot factor');
    c = io();
    expect(await runCli(['report', seriesFile], c)).toBe(2);
    expect(c.err).toContain('--output');
  });
});
