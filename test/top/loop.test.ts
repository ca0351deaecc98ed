// The refresh loop with a scripted reader: refreshes pair consecutive readings, passing failures are skipped and
// reported, lasting ones end the loop, a stop ends it quietly.
import { describe, expect, it } from 'vitest';
import { type TopReading, type TopRefresh, runTopLoop } from '../../src/top/index.js';
import { MAX_SKIPPED_READINGS } from '../../src/top/loop.js';
import { HotspotError } from '../../src/util/errors.js';
import { AFTER, BEFORE } from './hand-built.js';

const later = (r: TopReading, ms: number): TopReading => ({ timeMs: r.timeMs + ms, tables: r.tables.map((s) => ({ ...s, timeMs: s.timeMs + ms })) });

function scripted(steps: (TopReading | Error)[]) {
  let i = 0;
  return async (): Promise<TopReading> => {
    const step = steps[Math.min(i++, steps.length - 1)] as TopReading | Error;
    if (step instanceof Error) throw step;
    return step;
  };
}

describe('runTopLoop', () => {
  it('shows N refreshes from N + 1 readings, each between consecutive readings', async () => {
    const refreshes: TopRefresh[] = [];
    const n = await runTopLoop({ read: scripted([BEFORE, AFTER, later(AFTER, 10_000)]), delayMs: 1, iterations: 2, signal: new AbortController().signal, onRefresh: (r) => refreshes.push(r) });
    expect(n).toBe(2);
    expect(refreshes.map((r) => [r.index, r.intervalMs, r.intervals.map((t) => t.table)])).toEqual([[1, 10_000, ['t', 'u']], [2, 10_000, ['t', 'u']]]);
    expect(refreshes[0]?.intervals[0]?.interval.regions.map((r) => r.requests)).toEqual([30, 10, 2010]);
    expect(refreshes[1]?.intervals[0]?.interval.regions.map((r) => r.requests)).toEqual([0, 0, 0]);
  });

  it('skips a reading that failed for a passing reason; the next refresh spans both delays', async () => {
    const skipped: string[] = [];
    const refreshes: TopRefresh[] = [];
    await runTopLoop({
      read: scripted([BEFORE, new HotspotError('REST_TIMEOUT', 'no answer in 1000 ms'), later(BEFORE, 20_000)]), delayMs: 1, iterations: 1,
      signal: new AbortController().signal, onRefresh: (r) => refreshes.push(r), onSkip: (e) => skipped.push(e.code),
    });
    expect(skipped).toEqual(['REST_TIMEOUT']);
    expect(refreshes.map((r) => r.intervalMs)).toEqual([20_000]);
  });

  it('fails at once when the first reading finds no gateway, and a bounded run after too many skipped readings', async () => {
    const base = { delayMs: 1, iterations: 1, signal: new AbortController().signal, onRefresh: () => undefined };
    const unreachable = () => new HotspotError('REST_UNREACHABLE', 'could not reach the gateway');
    await expect(runTopLoop({ ...base, read: scripted([unreachable(), BEFORE, AFTER]) })).rejects.toMatchObject({ code: 'REST_UNREACHABLE' });
    // After a first good reading, passing failures are skipped, MAX_SKIPPED_READINGS of them in a bounded run.
    const skipped: string[] = [];
    const timeouts = Array.from({ length: MAX_SKIPPED_READINGS + 1 }, () => new HotspotError('REST_TIMEOUT', 'no answer'));
    await expect(runTopLoop({ ...base, read: scripted([BEFORE, ...timeouts, AFTER]), onSkip: (e) => skipped.push(e.code) })).rejects.toMatchObject({ code: 'REST_TIMEOUT' });
    expect(skipped).toHaveLength(MAX_SKIPPED_READINGS);
  });

  it('ends with a lasting failure', async () => {
    const read = scripted([BEFORE, new HotspotError('SOURCE_TABLE_NOT_FOUND', 'no such table')]);
    await expect(runTopLoop({ read, delayMs: 1, iterations: 1, signal: new AbortController().signal, onRefresh: () => undefined })).rejects.toThrow('no such table');
  });

  it('resolves quietly when stopped during the wait', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('quit')), 20);
    const n = await runTopLoop({ read: scripted([BEFORE, AFTER]), delayMs: 60_000, signal: stop.signal, onRefresh: () => undefined });
    expect(n).toBe(0);
  });

  it('refuses a delay of 0 and iterations below 1', async () => {
    const base = { read: scripted([BEFORE]), signal: new AbortController().signal, onRefresh: () => undefined };
    await expect(runTopLoop({ ...base, delayMs: 0 })).rejects.toThrow(RangeError);
    await expect(runTopLoop({ ...base, delayMs: 1, iterations: 0 })).rejects.toThrow(RangeError);
  });
});
