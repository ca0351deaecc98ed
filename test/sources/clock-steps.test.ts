/**
 * A clock stepping back while a recording is taken: collection reports every sample it could not write in order as a
 * gap with its reason (10 samples taken, 5 written and 0 gaps reported before), and readers can drop a backward
 * snapshot with a warning (--allow-clock-steps) instead of refusing the whole file.
 */
import { describe, expect, it } from 'vitest';
import { formatLoadSeries, formatLoadSeriesV2, type LoadSeries, type LoadSnapshot, parseLoadSeries } from '../../src/model/index.js';
import { type CollectEvent, collectSeries } from '../../src/sources/index.js';
import type { SnapshotSource } from '../../src/sources/types.js';
import { file } from '../support/temp-file.js';
import { runCapture } from '../cli/run-cli.js';

const region = (requests: number) => ({
  name: 't,,1.aa.', encodedName: 'aa', startKey: new Uint8Array(), endKey: new Uint8Array(), server: 'rs1,16020,1',
  readRequests: 0, writeRequests: requests, requests, storeSizeBytes: 0,
});
const snap = (timeMs: number, requests: number): LoadSnapshot => ({ timeMs, table: 't', regions: [region(requests)] });

describe('collectSeries with a clock that steps back', () => {
  it('every sample is written or a gap with its reason: 10 taken, 5 written, 5 gaps COLLECT_CLOCK_STEP', async () => {
    // Read times: the clock steps back by 10 s after the fifth sample, so the next five are before the last written.
    const times = [100_000, 101_000, 102_000, 103_000, 104_000, 94_000, 95_000, 96_000, 97_000, 98_000];
    let i = 0;
    const source: SnapshotSource = {
      describe: () => 'fake',
      snapshot: async () => snap(times[i] as number, 10 * ++i),
    } as unknown as SnapshotSource;
    const written: LoadSnapshot[] = [];
    const events: CollectEvent[] = [];
    const summary = await collectSeries({ source, intervalMs: 1, durationMs: 9, write: (s) => written.push(s), onEvent: (e) => events.push(e), now: () => 0 });
    expect(summary).toMatchObject({ planned: 10, written: 5, gaps: 5 });
    expect(written.map((s) => s.timeMs)).toEqual(times.slice(0, 5));
    const gaps = events.filter((e): e is Extract<CollectEvent, { kind: 'gap' }> => e.kind === 'gap');
    expect(gaps.map((g) => g.index)).toEqual([5, 6, 7, 8, 9]);
    expect(gaps.every((g) => g.error.code === 'COLLECT_CLOCK_STEP')).toBe(true);
    expect(gaps[0]?.error.message).toBe('sample 6 read at 94000, not after the last one written (104000): the clock stepped back; not written');
  });
});

describe('--allow-clock-steps', () => {
  const series: LoadSeries = {
    table: 't', source: { kind: 'recorded', intervalMs: 60_000 },
    snapshots: [snap(60_000, 0), snap(120_000, 600), snap(180_000, 1200)],
  };
  // The third snapshot line moved back in time: 90 s, before the second's 120 s.
  const text = formatLoadSeries(series).replace('"timeMs":180000', '"timeMs":90000');

  it('without it the file is refused at the line, with the option named', () => {
    expect(() => parseLoadSeries(text, 's.ndjson')).toThrow(/line 4.*90000 is not after line 3's 120000.*--allow-clock-steps/s);
  });

  it('with it the backward snapshot is dropped with a warning naming its line', () => {
    const warnings: string[] = [];
    const read = parseLoadSeries(text, 's.ndjson', { allowClockSteps: true, onWarning: (w) => warnings.push(`${w.line} ${w.field} ${w.message}`) });
    expect(read.snapshots.map((s) => s.timeMs)).toEqual([60_000, 120_000]);
    expect(warnings).toEqual(["4 timeMs 90000 is not after line 3's 120000 (the clock stepped back): snapshot dropped"]);
  });

  it('detect takes the option: a warning on stderr, and the analysis of the rest', async () => {
    const path = file('s.ndjson', text);
    const refused = await runCapture(['detect', path, '--json']);
    expect(refused.code).toBe(2);
    const run = await runCapture(['detect', path, '--json', '--allow-clock-steps']);
    expect(run.code).toBe(0);
    expect(run.err).toBe(`${path}:4 (timeMs): warning: 90000 is not after line 3's 120000 (the clock stepped back): snapshot dropped\n`);
    const compare = await runCapture(['compare', path, path, '--json', '--allow-clock-steps']);
    expect(compare.code).toBe(0);
  });
});

describe('--allow-clock-steps on format version 2 (what collectors write)', () => {
  const series: LoadSeries = {
    table: 't', source: { kind: 'recorded', intervalMs: 60_000 },
    snapshots: [snap(60_000, 0), snap(120_000, 600), snap(180_000, 1200), snap(240_000, 1500)],
  };
  // Line 5 is the third snapshot (header, open, then one line per snapshot): moved back to 90 s. Its counters are
  // differences from the second's (+600 writes); the fourth's (+300) are from the third's, so the fourth still reads
  // 1,500 writes with the third dropped.
  const text = formatLoadSeriesV2(series).replace('"timeMs":180000', '"timeMs":90000');

  it('without it the file is refused at the line, with the option named', () => {
    expect(text.split('\n')[4]).toBe('{"timeMs":90000,"counters":[0,600,0]}');
    expect(() => parseLoadSeries(text, 's.ndjson')).toThrow(/line 5.*90000 is not after line 4's 120000.*--allow-clock-steps/s);
  });

  it('with it the backward snapshot is dropped with a warning naming its line, and the later counters read right', () => {
    const warnings: string[] = [];
    const read = parseLoadSeries(text, 's.ndjson', { allowClockSteps: true, onWarning: (w) => warnings.push(`${w.line} ${w.field} ${w.message}`) });
    expect(read.snapshots.map((s) => s.timeMs)).toEqual([60_000, 120_000, 240_000]);
    expect(read.snapshots.map((s) => s.regions[0]?.writeRequests)).toEqual([0, 600, 1500]);
    expect(warnings).toEqual(["5 timeMs 90000 is not after line 4's 120000 (the clock stepped back): snapshot dropped"]);
  });
});
