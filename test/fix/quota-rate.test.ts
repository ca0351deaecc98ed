import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { machineThrottle, tableRateNow, tableServerRatesNow } from '../../src/fix/plan/index.js';
import { quotaRateWarning } from '../../src/fix/plan/quota-rate.js';
import { type Layout, region, repeat, series, snap, steadySeries } from '../model/builders.js';

const rs = (n: number) => `rs${n}.example.com,16020,${n}`;

describe('machineThrottle: a limit each RegionServer enforces by itself', () => {
  it('rejects only what each server takes above the limit', () => {
    // 900, 50 and 50 req/s of the table, 100 a second on each server: rs1 900 − 100 = 800 above, rs2 and rs3 under.
    // 800 ÷ 1000 = 80% rejected, all on rs1 (a limit on the table as a whole would reject 1 − 100 ÷ 1000 = 90%).
    const t = machineThrottle(100, new Map([[rs(1), 900], [rs(2), 50], [rs(3), 50]]));
    expect(t.totalPerSec).toBe(1000);
    expect(t.excessPerSec).toBe(800);
    expect(t.share).toBe(0.8);
    expect(t.above).toEqual([{ server: rs(1), requestsPerSec: 900, excessPerSec: 800 }]);
    expect(t.below).toEqual([{ server: rs(2), requestsPerSec: 50, excessPerSec: 0 }, { server: rs(3), requestsPerSec: 50, excessPerSec: 0 }]);
  });

  it('adds the excess of every server above the limit, busiest first', () => {
    // 100, 300 and 600 req/s, 200 on each: 0 + 100 + 400 = 500 above, 500 ÷ 1000 = 50% (table-wide: 80%)
    const t = machineThrottle(200, new Map([[rs(1), 100], [rs(2), 300], [rs(3), 600]]));
    expect(t.excessPerSec).toBe(500);
    expect(t.share).toBe(0.5);
    expect(t.above.map((s) => [s.server, s.excessPerSec])).toEqual([[rs(3), 400], [rs(2), 100]]);
    expect(t.below.map((s) => s.server)).toEqual([rs(1)]);
  });

  it('rejects nothing when every server is at or below the limit, even with the table above it', () => {
    // 400 + 400 = 800 req/s against 400 on each server: at the limit is not above it
    const t = machineThrottle(400, new Map([[rs(1), 400], [rs(2), 400]]));
    expect(t.excessPerSec).toBe(0);
    expect(t.share).toBe(0);
    expect(t.above).toEqual([]);
  });

  it('counts a negative or non-finite rate as none', () => {
    const t = machineThrottle(10, new Map([[rs(1), -5], [rs(2), Number.NaN], [rs(3), 30]]));
    expect(t.totalPerSec).toBe(30);
    expect(t.excessPerSec).toBe(20);
    expect(t.below.map((s) => [s.server, s.requestsPerSec])).toEqual([[rs(1), 0], [rs(2), 0]]);
  });
});

describe('quotaRateWarning', () => {
  it('names the hot server, its excess and the share of the table rejected', () => {
    // the 900 / 50 / 50 table above: 80%, all on rs1
    const rates = new Map([[rs(1), 900], [rs(2), 50], [rs(3), 50]]);
    expect(quotaRateWarning('100req/sec', 1000, rates)).toBe(`the limit 100 req/s applies on each RegionServer by itself (SCOPE => MACHINE): of the table's 1000.0 req/s over now, ${rs(1)} takes 900.0 (800.0 above it), so about 80% of the table's requests would be throttled (RpcThrottlingException, retried by clients), all of them on ${rs(1)}; the other 2 server(s) take at most 50.0 each, below it, and reject none`);
  });

  it('with several servers above the limit, gives the busiest one\'s part of the rejected requests', () => {
    // 600 / 300 / 100 at 200 a second: 400 + 100 = 500 of 1000 rejected, 50%; rs3 400 ÷ 500 = 80% of them
    const rates = new Map([[rs(1), 100], [rs(2), 300], [rs(3), 600]]);
    expect(quotaRateWarning('200req/sec', 1000, rates)).toBe(`the limit 200 req/s applies on each RegionServer by itself (SCOPE => MACHINE): of the table's 1000.0 req/s over now, ${rs(3)} takes 600.0 (400.0 above it), ${rs(2)} takes 300.0 (100.0 above it), so about 50% of the table's requests would be throttled (RpcThrottlingException, retried by clients), 80% of them on ${rs(3)}; the other 1 server(s) take at most 100.0 each, below it, and reject none`);
  });

  it('without a split by server, gives the table-wide figure as an upper bound and says so', () => {
    // 1 − 100 ÷ 1000 = 90% at most: all of it only if one server took every request
    expect(quotaRateWarning('100req/sec', 1000)).toBe('the limit 100 req/s applies on each RegionServer by itself (SCOPE => MACHINE); the series does not split the table\'s 1000.0 req/s over now by server, so the share it would throttle cannot be worked out: at most about 90% of the table\'s requests would be throttled (RpcThrottlingException, retried by clients), if one server took them all, and less as they spread over the servers');
    // no server can take more than the table's 1000: a limit of 1000 on each rejects none of them
    expect(quotaRateWarning('1000req/sec', 1000)).toBe('the limit 1000 req/s applies on each RegionServer by itself (SCOPE => MACHINE) and is at or above the table\'s 1000.0 req/s over now as a whole, so no server is above it: it throttles none of the current requests, only a further rise');
    // a split that sums to nothing is no split
    expect(quotaRateWarning('100req/sec', 1000, new Map())).toContain('does not split');
  });

  it('says nothing for a table that took no request, and refuses a limit that is not one', () => {
    expect(quotaRateWarning('100req/sec', 0, new Map([[rs(1), 0]]))).toBeUndefined();
    expect(() => quotaRateWarning('100 req/sec', 1000)).toThrow(/not an HBase quota limit/);
  });
});

describe('tableServerRatesNow', () => {
  it('splits the table\'s rate over now by server, from the regions each holds', () => {
    // one region per server, 5400, 300 and 300 requests a minute: 90, 5 and 5 req/s of the table's 100
    const layout: Layout[] = [['a', '', 'h', rs(1)], ['b', 'h', 'p', rs(2)], ['c', 'p', '', rs(3)]];
    const detect = detectHotspots(steadySeries(layout, repeat(4, [5400, 300, 300])));
    expect(tableRateNow(detect)).toBeCloseTo(100, 9);
    const rates = tableServerRatesNow(detect)!;
    expect([...rates.keys()].sort()).toEqual([rs(1), rs(2), rs(3)]);
    expect(rates.get(rs(1))).toBeCloseTo(90, 9);
    expect(rates.get(rs(2))).toBeCloseTo(5, 9);
    expect(rates.get(rs(3))).toBeCloseTo(5, 9);
    // none when no region carries a request over now
    expect(tableServerRatesNow({ ...detect, regions: detect.regions.map((r) => ({ ...r, nowRequestsPerSec: 0 })) })).toBeUndefined();
  });

  it('counts a region that moved during now on the server it is on, where a throttle set now meets it', () => {
    // b (6,000 writes a minute, 100 req/s) moves from rs2 to rs3 right after the snapshot closing interval 8 of 10;
    // a, c, d and e take 1,000 a minute (16.7 req/s). With b where it is now: rs3 carries c and b, 116.7; rs1, rs2
    // (e) and rs4 16.7 each. (rs3's share of now, 15,000 of 30,000 writes, would give it 83.3 and rs2 50.0.)
    const at = (i: number) => (i <= 8 ? rs(2) : rs(3));
    const moved = series(Array.from({ length: 11 }, (_, i) => snap(i * 60_000, [
      region('a'.repeat(32), '', 'g', rs(1), 0, 1000 * i),
      region('b'.repeat(32), 'g', 'k', at(i), 0, i <= 8 ? 6000 * i : 6000 * (i - 8)),
      region('c'.repeat(32), 'k', 'n', rs(3), 0, 1000 * i),
      region('d'.repeat(32), 'n', 't', rs(4), 0, 1000 * i),
      region('e'.repeat(32), 't', '', rs(2), 0, 1000 * i),
    ])), 60_000);
    const rates = tableServerRatesNow(detectHotspots(moved))!;
    expect([...rates].sort(([x], [y]) => x.localeCompare(y)).map(([s, r]) => [s, r.toFixed(1)])).toEqual([[rs(1), '16.7'], [rs(2), '16.7'], [rs(3), '116.7'], [rs(4), '16.7']]);
  });
});
