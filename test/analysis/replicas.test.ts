import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectHotspots, stackedSwaps } from '../../src/analysis/detect/index.js';
import { type LoadSeries, type LoadSnapshot, type RegionLoad, computeRates, readLoadSeriesFile } from '../../src/model/index.js';
import { keyRangeOfName, replicaIdOfName } from '../../src/regions/index.js';
import { renderDetectText } from '../../src/report/detect-text.js';
import { regionsMode } from '../../src/top/regions-mode.js';
import { fullName, placedSeries } from './replica-series.js';

const enc = new TextEncoder();
describe('replicaIdOfName', () => {
  it('reads the replica id after the region id, and 0 for a primary or any other text', () => {
    expect(replicaIdOfName(fullName('t', 'a', 1700000000000, 0).name)).toBe(0);
    expect(replicaIdOfName(fullName('t', 'a', 1700000000000, 1).name)).toBe(1);
    expect(replicaIdOfName(fullName('ns:t', '', 1700000000000, 10).name)).toBe(10);
    expect(replicaIdOfName(fullName('t', 'x', 5, 0xffff).name)).toBe(65535);
    // a start key holding what looks like a replica suffix: the region id after the last comma decides
    expect(replicaIdOfName(fullName('t', 'k,5_0001', 1700000000000, 0).name)).toBe(0);
    expect(replicaIdOfName(fullName('t', 'k,5_0001', 1700000000000, 2).name)).toBe(2);
    // hbase:meta keeps the old format, with no encoded tail
    expect(replicaIdOfName('hbase:meta,,1_0001')).toBe(1);
    expect(replicaIdOfName('hbase:meta,,1')).toBe(0);
    // HBase writes the id in upper-case hex, after digits and a comma that follows the table's
    expect(replicaIdOfName('t,a,1700000000000_000a')).toBe(0);
    expect(replicaIdOfName('t,a,_0001')).toBe(0);
    expect(replicaIdOfName('a,5_0001')).toBe(0);
    expect(replicaIdOfName('')).toBe(0);
  });

  it('agrees with the name format read as a pattern, for any text built of name parts', () => {
    // `table,startKey,regionId_RRRR` then an optional `.<32 lower-case hex>.` tail: the id is digits right after a
    // comma that follows another one, RRRR four upper-case hex digits (RegionInfo.REPLICA_ID_FORMAT)
    const pattern = /^(.*),(\d+)_([0-9A-F]{4})(?:\.[0-9a-f]{32}\.)?$/s;
    const byPattern = (name: string): number => {
      const m = pattern.exec(name);
      return m && (m[1] as string).includes(',') ? Number.parseInt(m[3] as string, 16) : 0;
    };
    const tail = fc.string({ unit: fc.constantFrom(...'0123456789abcdefA'), minLength: 31, maxLength: 33 }).map((h) => `.${h}.`);
    const junk = fc.string({ unit: fc.constantFrom(...',._1aF'), maxLength: 3 });
    // a name's parts, each most often as HBase writes it, else cut short, empty or another part's text
    const name = fc.tuple(
      fc.constantFrom('t', 'ns:t', 'hbase:meta', '', 't,x'),
      fc.constantFrom(',', '', '.'),
      fc.oneof(fc.constantFrom('', 'k', 'k,5_0001', 'k_0001', ',', '\\x00'), junk),
      fc.constantFrom(',', '', ',,'),
      fc.constantFrom('1700000000000', '1', '', 'x1', '0'),
      fc.oneof(fc.constantFrom('', '_0001', '_00FF', '_FFFF', '_000a', '_0000', '_001', '_00001', '0001', '_G001'), junk),
      fc.oneof(fc.constant(''), tail, junk),
    ).map((parts) => parts.join(''));
    let replicas = 0;
    fc.assert(
      fc.property(name, (text) => {
        const id = byPattern(text);
        if (id > 0) replicas++;
        expect(replicaIdOfName(text)).toBe(id);
      }),
      { numRuns: 20_000, seed: 12 },
    );
    // some hundreds of them are replicas
    expect(replicas).toBeGreaterThan(300);
  });

  it('keyRangeOfName: the same text for a primary and its replicas, and another for another range', () => {
    const primary = fullName('t', 'k,5_0001', 1700000000000, 0).name;
    expect(keyRangeOfName(primary)).toBe('t,k,5_0001,1700000000000');
    expect(keyRangeOfName(fullName('t', 'k,5_0001', 1700000000000, 3).name)).toBe('t,k,5_0001,1700000000000');
    expect(keyRangeOfName(fullName('t', 'k', 1700000000000, 1).name)).toBe('t,k,1700000000000');
    expect(keyRangeOfName('hbase:meta,,1_0001')).toBe('hbase:meta,,1');
  });
});

const SERVERS = ['rs1,16020,1', 'rs2,16020,1', 'rs3,16020,1', 'rs4,16020,1'];
const RANGES = 12;

/**
 * Five snapshots a minute apart of a table of 12 key ranges ('' 'b' 'c' … ), each served by a primary and
 * `replication - 1` secondary replicas on the next servers; range `i`'s primary takes `writesPerMin(i)` writes
 * and 600 reads a minute, its replicas `replicaReadsPerMin(i)` reads a minute each (none by default).
 */
function replicated(replication: number, writesPerMin: (range: number) => number, replicaReadsPerMin: (range: number) => number = () => 0): LoadSeries {
  const snapshot = (s: number): LoadSnapshot => {
    const regions: RegionLoad[] = [];
    for (let i = 0; i < RANGES; i++) {
      const start = i === 0 ? '' : String.fromCharCode(97 + i);
      const end = i === RANGES - 1 ? '' : String.fromCharCode(98 + i);
      for (let rep = 0; rep < replication; rep++) {
        const { name, encodedName } = fullName('t', start, 1700000000000 + i, rep);
        const writes = rep === 0 ? writesPerMin(i) * s : 0;
        const reads = (rep === 0 ? 600 : replicaReadsPerMin(i)) * s;
        regions.push({ name, encodedName, startKey: enc.encode(start), endKey: enc.encode(end), server: SERVERS[(i + rep) % 4] as string, readRequests: reads, writeRequests: writes, requests: reads + writes, storeSizeBytes: 100_000_000 });
      }
    }
    return { timeMs: 1_717_200_000_000 + s * 60_000, table: 't', regions };
  };
  return { table: 't', source: { kind: 'recorded', intervalMs: 60_000 }, snapshots: [0, 1, 2, 3, 4].map(snapshot) };
}

describe('a table with read replicas (REGION_REPLICATION above 1)', () => {
  // 1,000 to 1,600 writes a minute per range (22,600 requests in all): the busiest range takes 1,600 + 600 = 2,200,
  // 1.19 × the other eleven primaries' average (20,400 / 11)
  const even = (i: number) => 1000 + 100 * ((i * 37) % 7);

  it('judges the primaries: an evenly loaded table has no hotspot, with 2 idle replicas per range', () => {
    const result = detectHotspots(replicated(3, even));
    expect(result.shape).toBe('none');
    expect(result.regions.filter((r) => r.hot || r.hotIntervals > 0)).toEqual([]);
    expect(result.findings).toEqual([]);
    // 12 key ranges, not 36 regions
    expect(result.fairRegionShare).toBeCloseTo(1 / 12, 12);
    expect(result.regions).toHaveLength(36);
    const replicas = result.regions.filter((r) => r.replicaId !== undefined);
    expect(replicas.map((r) => r.replicaId).sort()).toEqual([...Array(12).fill(1), ...Array(12).fill(2)]);
    expect(replicas.every((r) => r.share === 0 && !r.hot && !r.hotByAverage && r.peerRatio === 0)).toBe(true);
    expect(result.regions.filter((r) => r.replicaId === undefined)).toHaveLength(12);
  });

  it('finds a hot range among them, its ratio taken against the other primaries only', () => {
    // range 5 takes 20,000 writes a minute; the others 1,000: 20,600 requests against 1,600 a minute = 12.875 ×
    const result = detectHotspots(replicated(2, (i) => (i === 5 ? 20_000 : 1000)));
    const hot = result.regions.filter((r) => r.hot);
    expect(hot.map((r) => r.encodedName)).toEqual([fullName('t', 'f', 1700000000005, 0).encodedName]);
    expect(hot[0]?.peerRatio).toBeCloseTo(20_600 / 1600, 9);
    expect(hot[0]?.averageRatio).toBeCloseTo(20_600 / ((20_600 + 11 * 1600) / 12), 9);
    // idle replicas are not pre-split ranges left empty
    expect(result.findings.map((f) => f.kind)).not.toContain('lumpy-presplit');
    expect(result.fairRegionShare).toBeCloseTo(1 / 12, 12);
  });

  it('finds a range read through its replica: the replica tested against the primaries, no peer of them', () => {
    // (a replica takes only the reads a client sends with Consistency.TIMELINE, and those only when the primary is
    // slow to answer: a busy replica is a range read harder than its primary's server keeps up with)
    // every primary 600 writes + 600 reads a minute; range 5's replica (on rs3) 60,000 reads a minute, 50 × the
    // primaries' average of 1,200 and 60,000 / (12 × 1,200 + 60,000) of the table's requests
    const result = detectHotspots(replicated(2, () => 600, (i) => (i === 5 ? 60_000 : 0)));
    const hot = result.regions.filter((r) => r.hot);
    expect(hot.map((r) => [r.encodedName, r.replicaId, r.server, r.hotBy, r.hotIntervals, r.hotNow])).toEqual([
      [fullName('t', 'f', 1700000000005, 1).encodedName, 1, 'rs3,16020,1', ['requests', 'reads'], 4, true],
    ]);
    expect(hot[0]?.peerRatio).toBeCloseTo(50, 9);
    expect(hot[0]?.share).toBeCloseTo(60_000 / 74_400, 12);
    expect(hot[0]?.hotByAverage).toBe(true);
    // the primaries stay even among themselves: none is hot, and their ratios are to each other alone
    expect(result.regions.filter((r) => r.replicaId === undefined).every((r) => !r.hot && r.hotIntervals === 0 && r.peerRatio === 1)).toBe(true);
    expect(result.shape).toBe('hot-range');
    // a region hotspot on a hot server, not regions to place otherwise (before: no hot region, "co-location")
    expect(result.findings.map((f) => f.kind)).toEqual(['region-hotspot', 'server-hotspot']);
    // no peers of its own: its ratio is named for the primaries
    expect(result.findings[0]?.summary).toBe('1 region(s) above 3 × the average of the table\'s other regions (a read replica: of the primaries) in an interval of now');
    expect(result.findings[0]?.evidence[0]).toContain(`(read replica 1: reads sent with Consistency.TIMELINE): 81% of the requests over now, 50.0 × the primaries' average, fair share ${(100 / 12).toFixed(1)}%`);
  });

  it('leaves a replica under k × the primaries\' average in every measure unflagged', () => {
    // range 5's replica at 1,500 reads a minute: 1.25 × the primaries' 1,200 requests and 2.5 × their 600 reads; its
    // server rs3 (primaries c g k, the replica of f) 5,100 a minute against 3,600 on each other server, 1.42 ×
    const result = detectHotspots(replicated(2, () => 600, (i) => (i === 5 ? 1500 : 0)));
    expect(result.regions.filter((r) => r.hot || r.hotIntervals > 0)).toEqual([]);
    expect(result.regions.find((r) => r.replicaId === 1 && r.startKey === 'f')?.peerRatio).toBeCloseTo(1.25, 9);
    expect(result.shape).toBe('none');
    expect(result.findings).toEqual([]);
  });

  it('top regions: replicas are listed, never hot, and the fair share is per key range', () => {
    const rates = computeRates(replicated(3, even));
    const [group] = regionsMode.groups([{ table: 't', interval: rates.intervals.at(-1)! }], { sort: 'requests', k: 3 });
    expect(group?.memberCount).toBe(36);
    expect(group?.fairShare).toBeCloseTo(1 / 12, 12);
    expect(group?.hotCount).toBe(0);
  });

  it('top regions: a replica above k × the primaries\' average is hot', () => {
    const rates = computeRates(replicated(2, () => 600, (i) => (i === 5 ? 60_000 : 0)));
    const [group] = regionsMode.groups([{ table: 't', interval: rates.intervals.at(-1)! }], { sort: 'requests', k: 3 });
    expect(group?.hotCount).toBe(1);
    expect(group?.rows[0]?.id).toBe(fullName('t', 'f', 1700000000005, 1).encodedName);
    expect(group?.rows[0]?.hotBy).toEqual(['requests', 'reads']);
  });
});

describe('co-location swaps in a table with read replicas', () => {
  /**
   * Five snapshots a minute apart of ranges '' b c … j, each [primary's server, replica's server, writes a minute]
   * with 100 reads a minute on the primary; c and d take 9,000 writes a minute, both on rs1.
   */
  function swapsOf(placement: [string, string, number][], replicaReadsPerMin?: (range: number) => number): string[][] {
    const result = detectHotspots(placedSeries(placement, false, replicaReadsPerMin));
    return stackedSwaps(result.servers, result.regions, result.window.endMs).flatMap((p) => p.swaps).map((w) => [w.region.encodedName, w.to, w.back.encodedName]);
  }
  const primary = (start: string, i: number) => fullName('t', start, 1700000000000 + i, 0).encodedName;

  it('swap a hot primary with a primary, never with an idle replica or onto its replica\'s server', () => {
    // rs4 (i and j, 800 a minute) is the least loaded; its quietest regions are the idle replicas of a and b, then
    // i (its replica on rs1) and j: d goes to rs4 and j comes back (rs1 18,200 → 9,500 a minute, rs4 800 → 9,500)
    const placement: [string, string, number][] = [
      ['rs2', 'rs4', 300], ['rs3', 'rs4', 300], ['rs1', 'rs2', 9000], ['rs1', 'rs3', 9000], ['rs3', 'rs2', 300],
      ['rs3', 'rs1', 300], ['rs2', 'rs3', 300], ['rs2', 'rs3', 300], ['rs4', 'rs1', 300], ['rs4', 'rs3', 300],
    ];
    expect(swapsOf(placement)).toEqual([[primary('d', 3), 'rs4,16020,1', primary('j', 9)]]);
  });

  it('never swap a read replica hot now, though two are stacked on one server (fix apply cannot see where one went)', () => {
    // every primary 300 writes + 100 reads a minute; the replicas of c (9,000 reads a minute) and d (6,000) both on
    // rs1, which holds nothing else: 15,000 of 18,200 a minute. Swapping d's replica with a primary of rs4 (the least
    // loaded, 800 a minute) would take rs1 to 9,400, but the table's region list shows a range at its primary's server
    const placement: [string, string, number][] = [
      ['rs2', 'rs3', 300], ['rs3', 'rs4', 300], ['rs2', 'rs1', 300], ['rs3', 'rs1', 300], ['rs4', 'rs2', 300],
      ['rs2', 'rs3', 300], ['rs3', 'rs2', 300], ['rs4', 'rs3', 300],
    ];
    const result = detectHotspots(placedSeries(placement, false, (i) => (i === 2 ? 9000 : i === 3 ? 6000 : 0)));
    expect(result.regions.filter((r) => r.hotNow).map((r) => [r.replicaId, r.startKey, r.server])).toEqual([[1, 'c', 'rs1,16020,1'], [1, 'd', 'rs1,16020,1']]);
    expect(swapsOf(placement, (i) => (i === 2 ? 9000 : i === 3 ? 6000 : 0))).toEqual([]);
  });

  it('keep a hot primary off the server of its own replica', () => {
    // d's replica is on rs4, the least loaded server, with a's and b's replicas and i (its replica on rs1): no swap
    const placement: [string, string, number][] = [
      ['rs2', 'rs4', 300], ['rs3', 'rs4', 300], ['rs1', 'rs2', 9000], ['rs1', 'rs4', 9000], ['rs3', 'rs2', 300],
      ['rs3', 'rs1', 300], ['rs2', 'rs3', 300], ['rs3', 'rs2', 300], ['rs4', 'rs1', 300], ['rs2', 'rs3', 300],
    ];
    expect(swapsOf(placement)).toEqual([]);
  });
});

describe('a hot range of a replicated table split onto one server', () => {
  const L = 600;
  /**
   * Seven snapshots a minute apart of 8 ranges over rs1..rs7, each with an idle replica on rs2..rs7: range ['d', 'e')
   * takes 5 L writes a minute on rs1 and splits at 'dm' at minute 3 into two daughters on rs1 taking `daughter` each;
   * range ['', 'b') takes 1.5 L on rs1, the six others L each on a server of their own.
   */
  function splitOnOneServer(daughter: number): LoadSeries {
    type Row = [start: string, end: string, id: number, server: number, perMin: number, born: number];
    const snapshot = (s: number): LoadSnapshot => {
      const hot: Row[] = s < 3 ? [['d', 'e', 4, 1, 5 * L, 0]] : [['d', 'dm', 10, 1, daughter, 3], ['dm', 'e', 11, 1, daughter, 3]];
      const rows: Row[] = [['', 'b', 1, 1, 1.5 * L, 0], ['b', 'c', 2, 2, L, 0], ['c', 'd', 3, 3, L, 0], ...hot, ['e', 'f', 5, 4, L, 0], ['f', 'g', 6, 5, L, 0], ['g', 'h', 7, 6, L, 0], ['h', '', 8, 7, L, 0]];
      const regions = rows.flatMap(([start, end, id, server, perMin, born], i) => [0, 1].map((rep): RegionLoad => {
        const writes = rep === 0 ? perMin * (s - born) : 0;
        return { ...fullName('t', start, 1700000000000 + id, rep), startKey: enc.encode(start), endKey: enc.encode(end), server: `rs${rep === 0 ? server : 2 + ((i + rep) % 6)},16020,1`, readRequests: 0, writeRequests: writes, requests: writes, storeSizeBytes: 100_000_000 };
      }));
      return { timeMs: 1_717_200_000_000 + s * 60_000, table: 't', regions };
    };
    return { table: 't', source: { kind: 'recorded', intervalMs: 60_000 }, snapshots: [0, 1, 2, 3, 4, 5, 6].map(snapshot) };
  }
  const colocation = (series: LoadSeries) => detectHotspots(series).findings.filter((f) => f.kind === 'co-location');

  it('measures the daughters against the other primaries, not against their idle replicas too', () => {
    // daughters 2.5 L a minute against the 7 other primaries' mean 7.5 L / 7: 2.3 ×, under 3 × (against the 16 other
    // regions with the replicas, 7.5 L / 16, it was 5.3 ×)
    expect(colocation(splitOnOneServer(1.25 * L))).toEqual([]);
  });

  it('still finds the daughters stacked when they take k × the other primaries', () => {
    // daughters 4 L a minute against 7.5 L / 7: 3.73 ×
    const [finding] = colocation(splitOnOneServer(2 * L));
    expect(finding?.servers).toEqual(['rs1,16020,1']);
    expect(finding?.evidence[0]).toContain(`together took ${(4 / (7.5 / 7)).toFixed(1)} × the average of the table's other regions`);
  });
});

describe('a range read through its replica, split onto one server', () => {
  const L = 600;
  /**
   * Seven snapshots a minute apart of 8 ranges, each primary L writes + 3 L reads a minute on a server of its own
   * (['d', 'e') and ['', 'b') on rs1); ['d', 'e')'s replica, on rs9, takes 30 L reads a minute until minute 3, when
   * the range splits at 'dm' and both daughters' replicas, on rs9, take `daughter` reads a minute each (their
   * primaries half of the parent's load each).
   */
  function replicaSplit(daughter: number): LoadSeries {
    type Row = [start: string, end: string, id: number, server: number, perMin: number, replicaPerMin: number, born: number];
    const snapshot = (s: number): LoadSnapshot => {
      const hot: Row[] = s < 3 ? [['d', 'e', 4, 1, 1, 30, 0]] : [['d', 'dm', 10, 1, 0.5, daughter, 3], ['dm', 'e', 11, 1, 0.5, daughter, 3]];
      const rows: Row[] = [['', 'b', 1, 1, 1, 0, 0], ['b', 'c', 2, 2, 1, 0, 0], ['c', 'd', 3, 3, 1, 0, 0], ...hot, ['e', 'f', 5, 4, 1, 0, 0], ['f', 'g', 6, 5, 1, 0, 0], ['g', 'h', 7, 6, 1, 0, 0], ['h', '', 8, 7, 1, 0, 0]];
      const regions = rows.flatMap(([start, end, id, server, perMin, replicaPerMin, born]) => [0, 1].map((rep): RegionLoad => {
        const writes = rep === 0 ? perMin * L * (s - born) : 0;
        const reads = (rep === 0 ? 3 * perMin : replicaPerMin) * L * (s - born);
        return { ...fullName('t', start, 1700000000000 + id, rep), startKey: enc.encode(start), endKey: enc.encode(end), server: `rs${rep === 0 ? server : 9 - (id === 4 || id >= 10 ? 0 : 1)},16020,1`, readRequests: reads, writeRequests: writes, requests: reads + writes, storeSizeBytes: 100_000_000 + writes * 1000 };
      }));
      return { timeMs: 1_717_200_000_000 + s * 60_000, table: 't', regions };
    };
    return { table: 't', source: { kind: 'recorded', intervalMs: 60_000 }, snapshots: [0, 1, 2, 3, 4, 5, 6].map(snapshot) };
  }

  it('finds the daughters\' replicas stacked when together they take k × the primaries\' average: the range is still hot', () => {
    // over now each minute: the two daughters' replicas 12 L against the 9 primaries' mean (7 × 4 L + 2 × 2 L) / 9 =
    // 3.56 L, 3.4 × (each alone 1.7 ×, and under 3 × their 2.67 L mean of reads)
    const result = detectHotspots(replicaSplit(6));
    const finding = result.findings.find((f) => f.kind === 'co-location');
    expect(finding?.servers).toEqual(['rs9,16020,1']);
    expect(finding?.regions).toEqual([fullName('t', 'd', 1700000000010, 1).encodedName, fullName('t', 'dm', 1700000000011, 1).encodedName]);
    expect(finding?.evidence[0]).toContain(`together took ${(12 / (32 / 9)).toFixed(1)} × the average of the table's other regions`);
    expect(result.shape).toBe('hot-range');
  });

  it('finds none when together they stay under k × the primaries\' average', () => {
    // 2 × 5 L = 10 L against 3.56 L: 2.8 ×
    expect(detectHotspots(replicaSplit(5)).findings.filter((f) => f.kind === 'co-location')).toEqual([]);
  });
});

describe('a replicated table of one key range', () => {
  it('is an unsplit table, not regions to place otherwise', () => {
    // one range: its primary on rs1 takes 600 writes and 100 reads a minute, its idle replica is on rs2
    const result = detectHotspots(placedSeries([['rs1', 'rs2', 600]]));
    // rs1 takes all the requests against an idle rs2: a server hotspot; moving the one range only moves it
    expect(result.findings.map((f) => f.kind)).toEqual(['server-hotspot', 'unsplit-table']);
    const unsplit = result.findings.find((f) => f.kind === 'unsplit-table');
    expect(unsplit?.regions).toEqual([fullName('t', '', 1700000000000, 0).encodedName]);
    expect(unsplit?.evidence[0]).toContain('(with 1 secondary read replica(s) of its range) in all 4 interval(s) and took 100% of 11.7 requests/s');
  });
});

describe('a range read through its replica on the local HBase 2.6 (recorded over REST)', () => {
  // table repr, REGION_REPLICATION 2, split at b c d; 50 rows put in each range, then 3,000 gets of c000…c049 with
  // Consistency.TIMELINE and setReplicaId(1) (every result stale: served by the replica), then 50 plain gets of each
  // range's rows; collected over REST every 25 s. In the first interval the replica of ["c", "d") took 3,000 reads,
  // each primary 50: 3,000 / 3,200 of the requests, 60 × the primaries' average. The second interval is idle.
  it('finds the replica hot: a hot range, not a server hot by placement', async () => {
    const series = await readLoadSeriesFile(fileURLToPath(new URL('../fixtures/series/rest-replica-reads-v2.ndjson', import.meta.url)));
    const result = detectHotspots(series);
    const hot = result.regions.filter((r) => r.hot);
    expect(hot.map((r) => [r.encodedName, r.replicaId, r.startKey, r.endKey, r.server, r.hotIntervals])).toEqual([
      ['621ffb7f2c8391e947e175334ee105c8', 1, 'c', 'd', 'localhost,34641,1796255651073', 1],
    ]);
    expect(hot[0]?.share).toBeCloseTo(3000 / 3200, 12);
    expect(hot[0]?.peerRatio).toBeCloseTo(60, 9);
    expect(result.shape).toBe('hot-range');
    expect(result.fairRegionShare).toBeCloseTo(1 / 4, 12);
    // the replica's server: 3,050 of 3,200 (the primary of b and the replica of c)
    expect(result.servers.find((s) => s.hot)?.share).toBeCloseTo(3050 / 3200, 12);
    // no lumpy pre-split: the primaries of a, b and d each took 50 of the 3,200 requests (1.6%, under 10% of the fair
    // 25%) only because the replica's reads took the rest; each holds the 50 rows put before the window (a 1 MB store
    // file when the window began), so the key writes their ranges
    expect(result.findings.map((f) => f.kind)).toEqual(['region-hotspot', 'server-hotspot']);
    // the headline and the text report say the hot region is a replica
    expect(result.now.summary).toContain('region 621ffb7f2c8391e947e175334ee105c8 ["c", "d") (read replica 1) on localhost,34641,1796255651073 is hot');
    expect(renderDetectText(result, { color: false })).toContain('now (last 2 interval(s) from 2026-12-02T23:54:38.013Z): region 621ffb7f2c8391e947e175334ee105c8 read replica 1 on localhost,34641,1796255651073: 93.8% of requests');
  });
});
