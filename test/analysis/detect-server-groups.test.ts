/**
 * Busy RegionServers that hide each other from the test of a server alone: m busy servers of n, each one of the
 * others' peers, are tested as a group of the busiest (hot-test.ts, `hotGroupBits`).
 */
import { describe, expect, it } from 'vitest';
import { type ClusterServerShare, detectHotspots, measureVolume, moveOutcome } from '../../src/analysis/detect/index.js';
import { MEASURE_BIT, columnsOf, hotGroupBits, hotVerdicts, SERVER_TEST } from '../../src/analysis/detect/hot-test.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';

// eight regions, two on each of four servers
const eight: Layout[] = [
  ['a', '', 'b', 'rs1'], ['b', 'b', 'c', 'rs1'], ['c', 'c', 'd', 'rs2'], ['d', 'd', 'e', 'rs2'],
  ['e', 'e', 'f', 'rs3'], ['f', 'f', 'g', 'rs3'], ['g', 'g', 'h', 'rs4'], ['h', 'h', '', 'rs4'],
];

/** Members taking `requests` each, all writes. */
const writesOnly = (requests: readonly number[]) => requests.map((n) => ({ requests: n, reads: 0, writes: n }));

describe('two busy servers of four', () => {
  it('names both hot, as a group, with their ratios to the servers outside it', () => {
    // Per minute: a 4300 and b 200 on rs1, c 4300 and d 200 on rs2, the four others 250: rs1 and rs2 take 4500
    // each, rs3 and rs4 500 each (45 : 45 : 5 : 5 of 10,000). Alone, rs1 is 4500 against its peers'
    // (4500 + 500 + 500) / 3 = 1833.3: 2.45 ×, under 3. As the busiest two of four, each is 4500 against the
    // average left to rs3 and rs4, (10,000 − 2 × 4500) / 2 = 500: 9.0 ×, above 3;
    // together they take 9000 / 10,000 = 90% on half the servers. Region a: 4300 against its peers'
    // (4300 + 200 + 200 + 4 × 250) / 7 = 814.3: 5.3 ×, hot (c likewise); b and d at 200 are above a tenth of the
    // fair region share (10,000 / 8 / 10 = 125), so no pre-split range is idle.
    const result = detectHotspots(steadySeries(eight, repeat(3, [4300, 200, 4300, 200, 250, 250, 250, 250])));
    expect(result.servers.filter((s) => s.hot).map((s) => s.server).sort()).toEqual(['rs1', 'rs2']);
    expect(result.servers.filter((s) => s.hotNow).map((s) => s.server).sort()).toEqual(['rs1', 'rs2']);
    const rs1 = result.servers.find((s) => s.server === 'rs1')!;
    expect(rs1.nowPeerRatio).toBeCloseTo(4500 / (5500 / 3), 9);
    expect(rs1.share).toBeCloseTo(0.45, 9);
    expect(rs1.hotIntervals).toBe(3);
    expect(result.findings.map((f) => f.kind)).toEqual(['region-hotspot', 'server-hotspot']);
    const finding = result.findings.find((f) => f.kind === 'server-hotspot')!;
    expect(finding.summary).toBe('2 RegionServer(s) above 3 × the average of the other servers, or of the servers outside a group of the busiest, in an interval of now');
    expect(finding.servers.slice().sort()).toEqual(['rs1', 'rs2']);
    expect(finding.regions.slice().sort()).toEqual(['a', 'c']);
    // 2.45 × shows as 2.5 ×; 45% / 5% = 9.0 ×
    expect(finding.evidence.find((e) => e.startsWith('rs1: '))).toBe(
      "rs1: 45% of the requests over now, 2.5 × its peers' average, fair share 25%; with rs2, 2 of the 4 servers took 90% of the requests over now (fair share 50%); it took 9.0 × the average of the 2 other(s): above 3 × as one of a group of the busiest (its peers' average counts the other busy ones); hot region(s) a",
    );
    const regions = result.findings.find((f) => f.kind === 'region-hotspot')!;
    expect(regions.evidence.find((e) => e.startsWith('region a '))).toBe('region a ["", "b"): 43% of the requests over now, 5.3 × its peers\' average, fair share 13%; its server rs1 is hot too (45% of the requests)');
  });

  it('names neither when the two are only mildly above the others', () => {
    // Per minute: a, b on rs1 and c, d on rs2 1750 each, the four others 750: rs1 and rs2 take 3500 each, rs3 and
    // rs4 1500 (35 : 35 : 15 : 15 of 10,000). Alone, rs1 is 3500 against (3500 + 1500 + 1500) / 3 = 2166.7: 1.6 ×.
    // As the busiest two, 3500 against (10,000 − 2 × 3500) / 2 = 1500: 2.3 ×, under 3. No region is hot either: a is 1750 against
    // (3 × 1750 + 4 × 750) / 7 = 1178.6, 1.5 ×. No finding.
    const result = detectHotspots(steadySeries(eight, repeat(3, [1750, 1750, 1750, 1750, 750, 750, 750, 750])));
    expect(result.servers.some((s) => s.hot || s.hotNow || s.hotIntervals > 0)).toBe(false);
    expect(result.servers.find((s) => s.server === 'rs1')!.nowPeerRatio).toBeCloseTo(3500 / (6500 / 3), 9);
    expect(result.findings).toEqual([]);
    expect(result.shape).toBe('none');
  });
});

describe('hotGroupBits', () => {
  it('finds the busiest two of four at 45, 45, 5, 5 and not at 35, 35, 15, 15', () => {
    // 45 against (100 − 2 × 45) / 2 = 5, the average of the two others: 9 × > 3 (requests and writes, bits 1 | 2)
    expect([...hotGroupBits(columnsOf(writesOnly([45, 5, 45, 5])), 3)]).toEqual([1 | 2, 0, 1 | 2, 0]);
    // 35 against 15: 2.3 ×
    expect([...hotGroupBits(columnsOf(writesOnly([35, 35, 15, 15])), 3)]).toEqual([0, 0, 0, 0]);
  });

  it('forms no group of more than half the members: three busy servers beside an idle one are not hot', () => {
    // 30, 30, 30, 0: the busiest two against (90 − 60) / 2 = 15 are 2 ×; a group of three would be above 3 × the
    // idle one, but the idle server is the odd one out, not the three
    expect([...hotGroupBits(columnsOf(writesOnly([30, 30, 30, 0])), 3)]).toEqual([0, 0, 0, 0]);
    // fewer than four members form no group
    expect([...hotGroupBits(columnsOf(writesOnly([45, 45, 5])), 3)]).toEqual([0, 0, 0]);
  });

  it('does not let a hot server carry one of about its fair share into a group', () => {
    // 69, 23.4, 3.8, 3.8 of 100 (a busy primary on one server and its read replica on another): the first is hot
    // alone, 69 against (23.4 + 7.6) / 3 = 10.3, 6.7 ×; the second is 6.2 × the two quiet ones' 3.8, but levelled
    // down to it the pair leaves (100 − 2 × 23.4) / 2 = 26.6 to the others, and 23.4 is not above 3 × that
    const members = writesOnly([69, 23.4, 3.8, 3.8]);
    expect([...hotGroupBits(columnsOf(members), 3)]).toEqual([0, 0, 0, 0]);
    expect(hotVerdicts(members, 3, SERVER_TEST).map((v) => v.hot)).toEqual([true, false, false, false]);
    // 74, 24, 0.7, 0.7, 0.7 (salt buckets, three of four hot ones on one server of five): 24 against
    // (100.1 − 48) / 3 = 17.4, 1.4 ×; the second, at about its fair share of 20, is not hot
    expect([...hotGroupBits(columnsOf(writesOnly([74, 24, 0.7, 0.7, 0.7])), 3)]).toEqual([0, 0, 0, 0, 0]);
    // an uneven pair both well above the others: 60, 40, 0, 0 leaves (100 − 80) / 2 = 10 to the others, 40 > 30
    expect([...hotGroupBits(columnsOf(writesOnly([60, 40, 0, 0])), 3)]).toEqual([1 | 2, 1 | 2, 0, 0]);
  });

  it('groups in each measure by its own loads: a group hot on writes alone under spread reads', () => {
    // writes 40, 40, 2, 2 (40 against (84 − 80) / 2 = 2: 20 ×); reads 100 each, spread evenly (requests 140, 140,
    // 102, 102: 140 against (484 − 280) / 2 = 102, 1.4 ×)
    const members = [40, 40, 2, 2].map((w) => ({ requests: w + 100, reads: 100, writes: w }));
    expect([...hotGroupBits(columnsOf(members), 3)]).toEqual([MEASURE_BIT.writes, MEASURE_BIT.writes, 0, 0]);
    expect(hotVerdicts(members, 3, SERVER_TEST).map((v) => v.hotBy)).toEqual([['writes'], ['writes'], [], []]);
    // regions are tested alone: without the option neither is hot (40 against (40 + 2 + 2) / 3 = 14.7: 2.7 ×)
    expect(hotVerdicts(members, 3).map((v) => v.hot)).toEqual([false, false, false, false]);
  });
});

describe('moveOutcome', () => {
  /** Servers rs1… with these shares of all the tables' requests (only `server` and `share` are read). */
  const servers = (shares: readonly number[]) => shares.map((share, i) => ({ server: `rs${i + 1}`, share }) as ClusterServerShare);

  it('does not call a move a help when it leaves the target one of a hot group of the busiest', () => {
    // 0.5, 0.4, 0.05, 0.05: moving 0.4 from rs1 to rs3 leaves 0.1, 0.4, 0.45, 0.05. Alone, rs3 is 0.45 against
    // (0.1 + 0.4 + 0.05) / 3 = 0.183, 2.5 ×; but rs3 and rs2, levelled down to 0.4, leave (1 − 0.8) / 2 = 0.1 to the
    // others, and 0.4 is above 3 × 0.1: the two are hot together, the hotspot only moved
    const out = moveOutcome(servers([0.5, 0.4, 0.05, 0.05]), 'rs1', 'rs3', 0.4, 3);
    expect(out.fromAfter).toBeCloseTo(0.1, 12);
    expect(out.toAfter).toBeCloseTo(0.45, 12);
    expect(out.helps).toBe(false);
  });

  it('judges the move in writes when the servers have them: a write tail moved is a write hotspot moved', () => {
    // requests 0.43, 0.19, 0.19, 0.19 and writes 0.625, 0.125, 0.125, 0.125 (5,000 of 8,000 writes/s on rs1); the
    // region takes 0.24 of the requests and 0.5 of the writes. After the move, in requests rs2 is 0.43 against the
    // others' 0.19 (2.3 ×, under 3: a help by requests alone), but in writes 0.625 against 0.125 (5 ×): hot in writes,
    // above 3 × (1 − 0.625) / 3 = 0.375
    const shares = [[0.43, 0.625], [0.19, 0.125], [0.19, 0.125], [0.19, 0.125]] as const;
    const list = shares.map(([share, writeShare], i) => ({ server: `rs${i + 1}`, share, writeShare, readShare: null }) as unknown as ClusterServerShare);
    expect(moveOutcome(list, 'rs1', 'rs2', 0.24, 3).helps).toBe(true);
    const out = moveOutcome(list, 'rs1', 'rs2', { requests: 0.24, writes: 0.5, reads: null }, 3);
    expect([out.by, out.helps, out.toHot, out.fromHot]).toEqual(['writes', false, true, false]);
    expect([out.fromBefore, out.toBefore, out.fromAfter, out.toAfter, out.toLimit].map((x) => Number(x.toFixed(12)))).toEqual([0.625, 0.125, 0.125, 0.625, 0.375]);
  });

  it('leaves writes out of the move\'s test when they are under 1% of the requests, as the server test does', () => {
    // the same shares as above, but 4,000 req/s a server and 2 writes/s in all (0.05% of the requests): the writes are
    // immaterial, so by requests alone the move helps (rs2 then 0.43 against 3 × 0.19)
    const shares = [[0.43, 0.625], [0.19, 0.125], [0.19, 0.125], [0.19, 0.125]] as const;
    const list = shares.map(([share, writeShare], i) => ({ server: `rs${i + 1}`, share, writeShare, readShare: null, requestsPerSec: 4000, writesPerSec: 2 * writeShare, readsPerSec: null }) as unknown as ClusterServerShare);
    expect(measureVolume(list, 'writes')).toBeCloseTo(2 / 16000, 12);
    const out = moveOutcome(list, 'rs1', 'rs2', { requests: 0.24, writes: 0.5, reads: null }, 3);
    expect([out.by, out.helps]).toEqual(['requests', true]);
  });

  it('calls a move a help when no server is then hot alone or as a group', () => {
    // 0.55, 0.15, 0.15, 0.15: moving 0.2 from rs1 to rs2 leaves 0.35, 0.35, 0.15, 0.15: alone 0.35 against
    // 0.65 / 3 = 0.217, 1.6 ×; the busiest two leave (1 − 0.7) / 2 = 0.15, and 0.35 is under 3 × 0.15 = 0.45
    const out = moveOutcome(servers([0.55, 0.15, 0.15, 0.15]), 'rs1', 'rs2', 0.2, 3);
    expect([out.fromAfter, out.toAfter].map((x) => Number(x.toFixed(12)))).toEqual([0.35, 0.35]);
    expect(out.helps).toBe(true);
  });
});
