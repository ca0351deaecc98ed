import { describe, expect, it } from 'vitest';
import { computeRates } from '../../src/model/index.js';
import { region, series, snap } from './builders.js';

describe('computeRates', () => {
  it('turns counter differences into per-second rates per region and per server', () => {
    const rates = computeRates(series([
      snap(0, [region('a', '', 'm', 'rs1', 100, 1000, 500), region('b', 'm', '', 'rs2', 0, 0)]),
      snap(10_000, [region('a', '', 'm', 'rs1', 150, 1600, 800), region('b', 'm', '', 'rs2', 20, 30)]),
    ]));
    const [iv] = rates.intervals;
    // region a: 50 reads and 600 writes over 10 s
    expect(iv!.regions[0]).toMatchObject({ reads: 50, writes: 600, requests: 650, readsPerSec: 5, writesPerSec: 60, requestsPerSec: 65, storeGrowthBytes: 300, basis: 'delta' });
    expect(iv!.servers.map((s) => [s.server, s.requestsPerSec, s.regionCount])).toEqual([['rs1', 65, 1], ['rs2', 5, 1]]);
    expect(rates.events).toEqual([]);
    expect(rates.expectedIntervalMs).toBe(10_000);
  });

  it('takes a counter that went down as the count since the reset, never negative, and reports the move', () => {
    const rates = computeRates(series([
      snap(0, [region('a', '', '', 'rs1,16020,1', 500, 9000)]),
      snap(60_000, [region('a', '', '', 'rs2,16020,1', 30, 1200)]),
    ]));
    expect(rates.intervals[0]!.regions[0]).toMatchObject({ reads: 30, writes: 1200, writesPerSec: 20, basis: 'since-reset', server: 'rs2,16020,1' });
    expect(rates.events.map((e) => [e.kind, e.region, e.fromServer, e.timeMs])).toEqual([
      ['region-moved', 'a', 'rs1,16020,1', 60_000],
      ['counter-reset', 'a', undefined, 60_000],
    ]);
  });

  it('counts a moved region from its reopening even when its counter did not go down, and names a restart once per server', () => {
    const rates = computeRates(series([
      snap(0, [region('a', '', 'm', 'rs1,16020,1', 0, 100), region('b', 'm', '', 'rs1,16020,1', 0, 100)]),
      snap(1000, [region('a', '', 'm', 'rs1,16020,2', 0, 7), region('b', 'm', '', 'rs1,16020,2', 0, 9)]),
      snap(2000, [region('a', '', 'm', 'rs3,16020,1', 0, 17), region('b', 'm', '', 'rs1,16020,2', 0, 10)]),
    ]));
    expect(rates.events.filter((e) => e.kind === 'server-restarted')).toHaveLength(1);
    expect(rates.intervals[0]!.regions.map((r) => r.writes)).toEqual([7, 9]);
    // HBase restarts a reopened region's counters from 0: region a's 17 on rs3 are its writes since it opened there.
    expect(rates.intervals[1]!.regions.map((r) => [r.writes, r.basis])).toEqual([[17, 'since-reset'], [1, 'delta']]);
    expect(rates.events.slice(-2)).toMatchObject([
      { kind: 'region-moved', region: 'a', server: 'rs3,16020,1' },
      { kind: 'counter-reset', region: 'a', server: 'rs3,16020,1' },
    ]);
  });

  it('takes host:port and host,port,startcode of one host and port as one server, not a restart that reset the counters', () => {
    // a source that lost the start code for one reading (the directory's host:port) names the same server both ways
    const rates = computeRates(series([
      snap(0, [region('a', '', '', 'rs1,16020,5', 0, 100)]),
      snap(60_000, [region('a', '', '', 'rs1:16020', 0, 200)]),
      snap(120_000, [region('a', '', '', 'rs1,16020,5', 0, 260)]),
      snap(180_000, [region('a', '', '', 'rs1:16020', 0, 30)]),
    ]));
    // 200 - 100 and 260 - 200 are the interval counts; the drop to 30 is a reset whatever the name says
    expect(rates.intervals.map((iv) => [iv.regions[0]?.writes, iv.regions[0]?.basis])).toEqual([[100, 'delta'], [60, 'delta'], [30, 'since-reset']]);
    expect(rates.events.map((e) => e.kind)).toEqual(['counter-reset']);
    // two start codes of one host and port are still a restart
    const restart = computeRates(series([snap(0, [region('a', '', '', 'rs1,16020,5', 0, 100)]), snap(60_000, [region('a', '', '', 'rs1,16020,9', 0, 150)])]));
    expect(restart.intervals[0]?.regions[0]).toMatchObject({ writes: 150, basis: 'since-reset' });
  });

  it('lists a server named both host:port and host,port,startcode in one snapshot once, under the full name', () => {
    // region b's reading lost the start code; rs1 holds a and b, rs2 holds c: two servers, not three
    const rates = computeRates(series([
      snap(0, [region('a', '', 'b', 'rs1,16020,5', 0, 0), region('b', 'b', 'd', 'rs1,16020,5', 0, 0), region('c', 'd', '', 'rs2,16020,7', 0, 0)]),
      snap(60_000, [region('a', '', 'b', 'rs1,16020,5', 0, 100), region('b', 'b', 'd', 'rs1:16020', 0, 50), region('c', 'd', '', 'rs2,16020,7', 0, 600)]),
    ]));
    const iv = rates.intervals[0]!;
    expect(iv.regions.map((r) => r.server)).toEqual(['rs1,16020,5', 'rs1,16020,5', 'rs2,16020,7']);
    expect(iv.servers.map((s) => [s.server, s.regionCount, s.writes])).toEqual([['rs1,16020,5', 2, 150], ['rs2,16020,7', 1, 600]]);
    // two start codes of one host and port in one snapshot stay two names
    const two = computeRates(series([
      snap(0, [region('a', '', 'b', 'rs1,16020,5', 0, 0), region('b', 'b', '', 'rs1,16020,9', 0, 0)]),
      snap(60_000, [region('a', '', 'b', 'rs1,16020,5', 0, 1), region('b', 'b', '', 'rs1,16020,9', 0, 1)]),
    ]));
    expect(two.intervals[0]!.servers.map((s) => s.server)).toEqual(['rs1,16020,5', 'rs1,16020,9']);
  });

  it('attributes split daughters their counts since opening and reports parent and daughters', () => {
    const rates = computeRates(series([
      snap(0, [region('p', '', '', 'rs1', 0, 5000)]),
      snap(1000, [region('d1', '', 'k', 'rs1', 0, 40), region('d2', 'k', '', 'rs2', 0, 900)]),
    ]));
    expect(rates.intervals[0]!.regions.map((r) => [r.encodedName, r.writes, r.basis, r.storeGrowthBytes])).toEqual([
      ['d1', 40, 'since-open', null],
      ['d2', 900, 'since-open', null],
    ]);
    expect(rates.events).toEqual([expect.objectContaining({ kind: 'region-split', region: 'p', related: ['d1', 'd2'], startMs: 0, timeMs: 1000 })]);
  });

  it('reports a merge and a region that vanished without successor', () => {
    const rates = computeRates(series([
      snap(0, [region('a', '', 'f', 'rs1', 0, 10), region('b', 'f', 'm', 'rs1', 0, 10), region('c', 'm', '', 'rs2', 0, 10)]),
      snap(1000, [region('ab', '', 'm', 'rs1', 0, 3)]),
    ]));
    expect(rates.events.map((e) => [e.kind, e.region, e.related])).toEqual([
      ['region-merged', 'ab', ['a', 'b']],
      ['region-gone', 'c', undefined],
    ]);
    expect(rates.intervals[0]!.regions[0]).toMatchObject({ writes: 3, basis: 'since-open' });
  });

  it('diffs a region missing from one snapshot against its last sighting', () => {
    const rates = computeRates(series([
      snap(0, [region('a', '', '', 'rs1', 0, 100)]),
      snap(1000, []),
      snap(2000, [region('a', '', '', 'rs1', 0, 160)]),
    ]));
    expect(rates.intervals[1]!.regions[0]).toMatchObject({ writes: 60, basis: 'delta' });
    expect(rates.events.map((e) => e.kind)).toEqual(['region-gone', 'region-returned']);
  });

  it('reports a gap longer than 1.5 expected intervals and averages over it', () => {
    const rates = computeRates(series([
      snap(0, [region('a', '', '', 'rs1', 0, 0)]),
      snap(60_000, [region('a', '', '', 'rs1', 0, 600)]),
      snap(240_000, [region('a', '', '', 'rs1', 0, 2400)]),
    ], 60_000));
    expect(rates.intervals.map((i) => [i.gap, i.regions[0]!.writesPerSec])).toEqual([[false, 10], [true, 10]]);
    expect(rates.events).toEqual([expect.objectContaining({ kind: 'gap', startMs: 60_000, timeMs: 240_000 })]);
  });

  it('uses the median spacing when the source gives no interval, and knows read+write-only counters', () => {
    const only = (n: number) => ({ ...region('a', '', '', 'rs1', 0, 0), readRequests: null, writeRequests: null, requests: n });
    const rates = computeRates(series([snap(0, [only(0)]), snap(10, [only(5)]), snap(20, [only(9)]), snap(60, [only(10)])]));
    expect(rates.expectedIntervalMs).toBe(10);
    expect(rates.intervals[2]!.gap).toBe(true);
    expect(rates.intervals[0]!.regions[0]).toMatchObject({ reads: null, writes: null, requests: 5, requestsPerSec: 500 });
    expect(rates.intervals[0]!.servers[0]).toMatchObject({ reads: null, requests: 5 });
  });

  it('rejects snapshots out of time order', () => {
    expect(() => computeRates(series([snap(5, []), snap(5, [])]))).toThrow(expect.objectContaining({ code: 'SERIES_TIME_ORDER' }));
  });
});
