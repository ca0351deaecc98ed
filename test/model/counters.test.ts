/**
 * Counters stay numbers: in a load series and in pasted `status 'detailed'` / `list_regions` text, a counter must be a
 * whole number at most 2^53 - 1 (past it a double loses increments, and 400 digits become Infinity); a larger one is
 * refused at its line and field, and rates computed from the largest accepted counters are finite.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { computeRates, parseLoadSeries } from '../../src/model/index.js';
import { file } from '../support/temp-file.js';
import { runCapture } from '../cli/run-cli.js';

const MAX = Number.MAX_SAFE_INTEGER;
const header = '{"format":"hbase-hotspot/load-series","version":1,"table":"t","source":{"kind":"recorded","intervalMs":60000}}';
const region = (name: string, start: string, end: string, reads: number | string, writes: number | string) =>
  `{"name":"t,${start},1.${name}.","encodedName":"${name}","startKey":"${start}","endKey":"${end}","server":"rs1,16020,1","readRequests":${reads},"writeRequests":${writes},"storeSizeBytes":0}`;
const snapshot = (timeMs: number, ...regions: string[]) => `{"timeMs":${timeMs},"table":"t","regions":[${regions.join(',')}]}`;
const series = (...snapshots: string[]) => [header, ...snapshots].join('\n');

function refusal(text: string): { line: number; field?: string; message: string }[] {
  try {
    parseLoadSeries(text, 's.ndjson');
  } catch (e) {
    expect(e).toMatchObject({ code: 'SERIES_MALFORMED' });
    return (e as { issues: { line: number; field?: string; message: string }[] }).issues;
  }
  throw new Error('expected SERIES_MALFORMED');
}

describe('load-series counters', () => {
  it('refuses 1e308, 2^53, a fraction and a read + write sum past 2^53 - 1, each with its line and field', () => {
    expect(refusal(series(snapshot(1000, region('a', '', '', 1e308, 1e308))))).toEqual([
      { line: 2, field: 'regions[0].readRequests', message: expect.stringContaining('at most 2^53 - 1') },
    ]);
    expect(refusal(series(snapshot(1000, region('a', '', '', 0, 2 ** 53))))[0]).toMatchObject({ line: 2, field: 'regions[0].writeRequests' });
    expect(refusal(series(snapshot(1000, region('a', '', '', 0.5, 1))))[0]).toMatchObject({ line: 2, field: 'regions[0].readRequests', message: expect.stringContaining('whole number') });
    expect(refusal(series(snapshot(1000, region('a', '', '', MAX, 1))))[0]).toMatchObject({ line: 2, field: 'regions[0].writeRequests', message: expect.stringContaining('past 2^53 - 1') });
  });

  it('the largest counters accepted give finite rates and a finite detection', () => {
    const text = series(
      snapshot(1000, region('a', '', 'm', 0, 0), region('b', 'm', '', 0, 0)),
      snapshot(61_000, region('a', '', 'm', 0, MAX), region('b', 'm', '', 0, 1)),
    );
    const parsed = parseLoadSeries(text, 's.ndjson');
    const rates = computeRates(parsed);
    const values = JSON.stringify(rates, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? 'NOT-FINITE' : v));
    expect(values).not.toContain('NOT-FINITE');
    // MAX requests over 60 s on region a
    expect(rates.intervals[0]?.regions.find((r) => r.encodedName === 'a')?.requestsPerSec).toBeCloseTo(MAX / 60, -3);
    const detected = JSON.stringify(detectHotspots(parsed), (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? 'NOT-FINITE' : v));
    expect(detected).not.toContain('NOT-FINITE');
  });
});

const fixture = (name: string) => readFileSync(new URL(`../fixtures/shell/${name}`, import.meta.url), 'utf8');

describe('pasted shell counters', () => {
  it("status 'detailed': a 400-digit readRequestsCount is refused with its line, not read as Infinity", async () => {
    const text = fixture('status-detailed.txt');
    const huge = '9'.repeat(400);
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes('"live_fx,\\\\x05,'));
    lines[at + 1] = (lines[at + 1] as string).replace('readRequestsCount=0', `readRequestsCount=${huge}`);
    const path = file('status.txt', lines.join('\n'));
    const run = await runCapture(['detect', '--status-detailed', path, '--table', 'live_fx']);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`${path}:${at + 2}`);
    expect(run.err).toContain('readRequestsCount is "9999999999');
    expect(run.err).toContain('past 2^53 - 1');
    expect(run.err.length).toBeLessThan(600);
  });

  it('list_regions: a REQ past 2^53 - 1 is refused with its line', async () => {
    // The REQ column (the last but one) widened to 20 characters on every line, so that a 16-digit count lines up as
    // the shell prints it; found from the right, since keys may hold '|'.
    const huge = String(2 ** 53 + 2);
    const text = fixture('list-regions.txt').split('\n').map((line) => {
      if (!line.trimEnd().endsWith('|')) return line;
      const end = line.lastIndexOf('|');
      const afterReq = line.lastIndexOf('|', end - 1);
      const beforeReq = line.lastIndexOf('|', afterReq - 1);
      let req = line.slice(beforeReq + 1, afterReq).trim();
      if (req === '40') req = huge;
      const cell = /^-+$/.test(req) ? '-'.repeat(20) : req.padStart(20);
      return `${line.slice(0, beforeReq + 1)} ${cell} ${line.slice(afterReq)}`;
    }).join('\n');
    expect(text).toContain('9007199254740994');
    const path = file('regions.txt', text);
    const run = await runCapture(['detect', '--list-regions', path]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`${path}:6:`);
    expect(run.err).toContain('line 6: REQ "9007199254740994" is past 2^53 - 1');
  });
});
