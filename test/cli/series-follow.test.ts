// Following a growing load-series file: appended snapshots, a line written in pieces, a file rewritten shorter, gzip
// refused, a bad line reported with its number.
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { KeySamplesFollower, SeriesFollower } from '../../src/cli/series-follow.js';
import { utf8Bytes } from '../../src/bytes/index.js';
import { type LoadSeries, SeriesWriter, formatKeySampleLine } from '../../src/model/index.js';
import { FastSnapshotReader } from '../../src/model/series-fast.js';
import { fixtureSeries } from '../report/fixture.js';

const T0 = 1_700_000_000_000;
/** Two regions, writes 600 and 60 a minute; 5 snapshots 60 s apart. */
const series = fixtureSeries('t', [
  { start: '', server: 'rs1,16020,1', writes: [0, 600, 1200, 1800, 2400] },
  { start: 'm', server: 'rs2,16020,1', writes: [0, 60, 120, 180, 240] },
], 5);

/** The series' text in version `v`: the header chunk, then one chunk per snapshot. */
function chunks(s: LoadSeries, v: 1 | 2): string[] {
  const out: string[] = [];
  const writer = new SeriesWriter({ table: s.table, source: s.source }, (c) => out.push(c), v);
  for (const snap of s.snapshots) writer.write(snap);
  return out;
}

function tempFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'follow-')), 'series.ndjson');
}

describe.each([1, 2] as const)('SeriesFollower, format version %i', (v) => {
  const [header = '', ...snaps] = chunks(series, v);

  it('reads what is there, then each appended snapshot, and nothing when nothing was added', () => {
    const file = tempFile();
    writeFileSync(file, header + snaps[0] + snaps[1]);
    const f = new SeriesFollower(file);
    const first = f.poll();
    expect(first?.added).toBe(2);
    expect(first?.reset).toBe(false);
    expect(first?.series.snapshots.map((s) => s.timeMs)).toEqual([T0, T0 + 60_000]);
    expect(f.poll()).toBeUndefined();
    appendFileSync(file, snaps[2] ?? '');
    const next = f.poll();
    expect(next?.added).toBe(1);
    expect(next?.series.snapshots.map((s) => s.timeMs)).toEqual([T0, T0 + 60_000, T0 + 120_000]);
    // the counters of the appended snapshot as written: region 1 at 1,200 writes, region 2 at 120
    expect(next?.series.snapshots[2]?.regions.map((r) => r.writeRequests)).toEqual([1200, 120]);
    appendFileSync(file, (snaps[3] ?? '') + (snaps[4] ?? ''));
    expect(f.poll()?.added).toBe(2);
  });

  it('reads snapshot lines from their bytes, as the file reader does', () => {
    const file = tempFile();
    writeFileSync(file, header + snaps[0] + snaps[1]);
    const fast = vi.spyOn(FastSnapshotReader.prototype, 'read');
    try {
      expect(new SeriesFollower(file).poll()?.series).toEqual({ ...series, snapshots: series.snapshots.slice(0, 2) });
      // version 1: both snapshot lines read by the fast reader, as bytes (version 2's are counters, read as JSON)
      expect(fast.mock.calls.map(([line], i) => Buffer.isBuffer(line) && fast.mock.results[i]?.value !== undefined)).toEqual(v === 1 ? [true, true] : []);
    } finally {
      fast.mockRestore();
    }
  });

  it('keeps a partly written line until its newline arrives', () => {
    const file = tempFile();
    writeFileSync(file, header + snaps[0]);
    const f = new SeriesFollower(file);
    expect(f.poll()?.series.snapshots).toHaveLength(1);
    const line = snaps[1] ?? '';
    const cut = Math.floor(line.length / 2);
    appendFileSync(file, line.slice(0, cut));
    expect(f.poll()).toBeUndefined();
    appendFileSync(file, line.slice(cut, -1));
    expect(f.poll()).toBeUndefined();
    appendFileSync(file, '\n');
    expect(f.poll()?.series.snapshots.map((s) => s.timeMs)).toEqual([T0, T0 + 60_000]);
  });

  it('reads a file that shrank again from its start, saying so', () => {
    const file = tempFile();
    writeFileSync(file, header + snaps.join(''));
    const f = new SeriesFollower(file);
    expect(f.poll()?.series.snapshots).toHaveLength(5);
    writeFileSync(file, header + snaps[0] + snaps[1]);
    const again = f.poll();
    expect(again?.reset).toBe(true);
    expect(again?.added).toBe(2);
    expect(again?.series.snapshots.map((s) => s.timeMs)).toEqual([T0, T0 + 60_000]);
  });
});

describe('SeriesFollower, other files', () => {
  it('waits for a file that is not there yet, and for the header line to be complete', () => {
    const file = tempFile();
    const f = new SeriesFollower(file);
    expect(f.poll()).toBeUndefined();
    const [header = '', snap0 = '', snap1 = ''] = chunks(series, 2);
    writeFileSync(file, header.slice(0, 10));
    expect(f.poll()).toBeUndefined();
    expect(f.current()).toBeUndefined();
    appendFileSync(file, header.slice(10));
    expect(f.poll()).toBeUndefined();
    expect(f.current()?.table).toBe('t');
    appendFileSync(file, snap0 + snap1);
    expect(f.poll()?.added).toBe(2);
  });

  it('takes CRLF line ends and a multi-byte character split between two reads', () => {
    const file = tempFile();
    const text = chunks({ ...series, source: { kind: 'recorded', description: 'capteur é', intervalMs: 60_000 } }, 1).join('').replace(/\n/g, '\r\n');
    const bytes = Buffer.from(text, 'utf8');
    const at = bytes.indexOf(Buffer.from('é', 'utf8')) + 1; // inside the two bytes of é
    writeFileSync(file, bytes.subarray(0, at));
    const f = new SeriesFollower(file);
    expect(f.poll()).toBeUndefined();
    appendFileSync(file, bytes.subarray(at));
    const got = f.poll();
    expect(got?.series.source.description).toBe('capteur é');
    expect(got?.series.snapshots).toHaveLength(5);
  });

  it('refuses a gzip file, naming it and what to do', () => {
    const file = `${tempFile()}.gz`;
    writeFileSync(file, gzipSync(chunks(series, 2).join('')));
    expect(() => new SeriesFollower(file).poll()).toThrow(expect.objectContaining({ code: 'SERIES_FOLLOW_GZIP', message: expect.stringMatching(/series\.ndjson\.gz.*gzip.*collect -o series\.ndjson/) }));
  });

  it('drops an appended snapshot whose clock stepped back when told to, with a warning (serve --allow-clock-steps)', () => {
    // Before, serve refused such a file and pointed to --allow-clock-steps, which it did not take.
    const file = tempFile();
    const [header = '', ...snaps] = chunks(series, 1);
    writeFileSync(file, header + snaps.slice(0, 3).join(''));
    const warnings: string[] = [];
    const f = new SeriesFollower(file, { allowClockSteps: true, onWarning: (w) => warnings.push(`${w.line} ${w.message}`) });
    const strict = new SeriesFollower(file);
    expect(f.poll()?.added).toBe(3);
    expect(strict.poll()?.added).toBe(3);
    // The second snapshot again, after the third: its time (T0 + 60 s) is not after the third's (T0 + 120 s).
    appendFileSync(file, snaps[1] ?? '');
    expect(f.poll()).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/\(the clock stepped back\): snapshot dropped$/);
    expect(f.current()?.snapshots).toHaveLength(3);
    expect(() => strict.poll()).toThrow(expect.objectContaining({ code: 'SERIES_MALFORMED' }));
  });

  it('reports a bad appended line with its line number', () => {
    const file = tempFile();
    const [header = '', snap0 = ''] = chunks(series, 1);
    writeFileSync(file, header + snap0);
    const f = new SeriesFollower(file);
    expect(f.poll()?.added).toBe(1);
    appendFileSync(file, '{"timeMs":"soon"}\n');
    expect(() => f.poll()).toThrow(expect.objectContaining({ code: 'SERIES_MALFORMED', message: expect.stringContaining('line 3') }));
  });
});

describe('KeySamplesFollower', () => {
  it('reads appended samples, waiting for a partly written one', () => {
    const file = tempFile();
    const line = (i: number): string => `${formatKeySampleLine({ timeMs: T0 + i * 1000, key: utf8Bytes(`m${i}`), op: 'write', weight: 1 })}\n`;
    writeFileSync(file, line(0) + line(1));
    const f = new KeySamplesFollower(file);
    expect(f.poll()?.series.map((s) => s.timeMs)).toEqual([T0, T0 + 1000]);
    const next = line(2);
    appendFileSync(file, next.slice(0, 9));
    expect(f.poll()).toBeUndefined();
    appendFileSync(file, next.slice(9));
    const got = f.poll();
    expect(got?.added).toBe(1);
    expect(got?.series.map((s) => new TextDecoder().decode(s.key))).toEqual(['m0', 'm1', 'm2']);
  });
});
