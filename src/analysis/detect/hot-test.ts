/**
 * Which members of a set (the servers or regions of an interval, or of the window) are hot, measured three ways:
 * read + write requests, writes alone and reads alone. A write hotspot under a read-heavy table (every new row on one
 * server while scans spread) and a read hotspot under a write-heavy one are both hotspots; a measure counts only when
 * it is known for every member and is material (at least {@link MATERIAL_SHARE} of the requests).
 *
 * @module
 */
import { type PeerTest, hotAboveCount } from './stats.js';

/** What a load is measured in. */
export type LoadMeasure = 'requests' | 'writes' | 'reads';

/** A measure below this share of the requests is too small to make anything hot. */
export const MATERIAL_SHARE = 0.01;

/** A member's load in each measure (`null` when the source has no read/write split). */
export interface MeasuredLoad {
  readonly requests: number;
  readonly reads: number | null;
  readonly writes: number | null;
  /**
   * Reads its rows explain: in an interval whose reads follow the regions' rows (scan amplification), the reads this
   * member would take in proportion to its store size. Tested away from its reads and requests (never from its peers'
   * average, which keeps them): reads that follow rows are not key popularity. 0 or absent otherwise.
   */
  readonly rowReads?: number;
}

/** The peer test on requests, and every measure in which the member is hot. */
export interface HotVerdict extends PeerTest {
  /** Measures in which the member is above k × its peers' average; `hot` is true when this is not empty. */
  readonly hotBy: readonly LoadMeasure[];
}

/** Every member's load, one column per measure, member `i` at index `i` (what {@link hotColumns} tests). */
export interface LoadColumns {
  /** Number of members (the columns may be longer). */
  readonly length: number;
  readonly requests: Float64Array;
  /** Reads of every member; `null` when any member's reads are unknown (the measure then never counts). */
  readonly reads: Float64Array | null;
  /** Writes of every member; `null` when any member's writes are unknown. */
  readonly writes: Float64Array | null;
  /** Reads each member's rows explain (see {@link MeasuredLoad.rowReads}); `null` for none. */
  readonly rowReads: Float64Array | null;
}

/** Bit of a measure in {@link HotColumns.hotBy}. */
export const MEASURE_BIT: Readonly<Record<LoadMeasure, number>> = { requests: 1, writes: 2, reads: 4 };

/** The measures of a {@link HotColumns.hotBy} bit set, in the order requests, writes, reads (one shared array per set). */
export const MEASURES_OF: readonly (readonly LoadMeasure[])[] = Array.from({ length: 8 }, (_, bits) =>
  Object.freeze((['requests', 'writes', 'reads'] as const).filter((m) => (bits & MEASURE_BIT[m]) !== 0)));

/** {@link HotVerdict} of every member, one column per field, member `i` at index `i`. */
export interface HotColumns {
  /** load ÷ the mean of the other members; NaN where {@link PeerTest.peerRatio} is `null`. */
  readonly peerRatio: Float64Array;
  /** load ÷ the mean of all members. */
  readonly averageRatio: Float64Array;
  /** The measures the member is hot in, as {@link MEASURE_BIT} bits in the order the measures are tested (0: not hot). */
  readonly hotBy: Uint8Array;
}

/** A set's sums in each measure (`null`: some member's is unknown), and its requests less the reads rows explain. */
interface MeasureSums {
  readonly requestsLessRows: number;
  readonly requests: number;
  readonly writes: number | null;
  readonly reads: number | null;
}

/** The sums of columns `c`, each added member by member in order. */
function sumsOf(c: LoadColumns): MeasureSums {
  const n = c.length;
  let requestsLessRows = 0;
  for (let i = 0; i < n; i++) requestsLessRows = requestsLessRows + (c.requests[i] as number) - (c.rowReads ? (c.rowReads[i] as number) : 0);
  const sum = (values: Float64Array | null) => {
    if (!values) return null;
    let total = 0;
    for (let i = 0; i < n; i++) total += values[i] as number;
    return total;
  };
  return { requestsLessRows, requests: sum(c.requests) as number, writes: sum(c.writes), reads: sum(c.reads) };
}

/** The sums `s` with member `m` added last (the sums of the set with `m` appended, added in the same order). */
function plusMember(s: MeasureSums, m: MeasuredLoad): MeasureSums {
  return {
    requestsLessRows: s.requestsLessRows + m.requests - (m.rowReads ?? 0),
    requests: s.requests + m.requests,
    writes: s.writes === null || m.writes === null ? null : s.writes + m.writes,
    reads: s.reads === null || m.reads === null ? null : s.reads + m.reads,
  };
}

/** The material measures of a set with sums `s` (as {@link materialMeasures}), as {@link MEASURE_BIT} bits, with their totals. */
function materialOf(s: MeasureSums): { bits: number[]; totals: number[] } {
  const out = { bits: [MEASURE_BIT.requests], totals: [s.requests] };
  for (const [bit, sum] of [[MEASURE_BIT.writes, s.writes], [MEASURE_BIT.reads, s.reads]] as const) {
    if (sum !== null && sum > 0 && sum >= MATERIAL_SHARE * s.requestsLessRows) {
      out.bits.push(bit);
      out.totals.push(sum);
    }
  }
  return out;
}

/** The column of measure `bit`. */
function columnOf(c: LoadColumns, bit: number): Float64Array {
  return (bit === MEASURE_BIT.requests ? c.requests : bit === MEASURE_BIT.writes ? c.writes : c.reads) as Float64Array;
}

/** The measures (bits) in which a member with load `value` per measure is hot among `n` members with `totals`. */
function hotBits(bits: readonly number[], totals: readonly number[], n: number, k: number, value: (bit: number) => number, rowReads: number): number {
  let hot = 0;
  for (let j = 0; j < bits.length; j++) {
    const bit = bits[j] as number;
    const v = value(bit);
    const tested = bit === MEASURE_BIT.writes || !rowReads ? v : Math.max(0, v - rowReads);
    if (hotAboveCount(v, tested, totals[j] as number, n, k)) hot |= bit;
  }
  return hot;
}

/**
 * Options of the peer test. RegionServers are tested with {@link SERVER_TEST}: a server is hot alone (above k × the
 * mean of all the other servers) or as one of a group of the busiest that hide each other from that test
 * ({@link hotGroupBits}). Regions are tested alone (no options): a table's many regions dilute a few busy ones far
 * less than four servers do, and a split hot range on one server is found by its daughters together
 * (`coLocatedSplits` in findings.ts).
 */
export interface PeerTestOptions {
  /** Also test the busiest members as groups ({@link hotGroupBits}); for servers, not regions. */
  readonly groups?: boolean;
}

/** The options of the RegionServer test: alone, and as a group of the busiest ({@link hotGroupBits}). */
export const SERVER_TEST: PeerTestOptions = Object.freeze({ groups: true });

/**
 * The members hot together in each material measure, as {@link MEASURE_BIT} bits (0: in no hot group). m busy members
 * of n hide each other from the peer test, each being one of the others' peers: RegionServer loads 45, 45, 5, 5 put
 * each busy one at 45 against (45 + 5 + 5) / 3 = 18.3, under 3 ×, though the two take 90% of the requests on half the
 * servers. So, per measure, with the members ordered by their tested load (less the reads their rows explain, as
 * {@link hotColumns} tests them), the busiest m for m = 2 … ⌊n / 2⌋ are hot together when the least of them, x, is
 * above k × (T − m·x) / (n − m), T being all the members' load (full loads, as peers keep theirs), or above 0 while
 * that is 0: the group levelled down to its least member is still above k × the average of the load left to the
 * others. With an even group that is the average of the members outside it (45 against (5 + 5) / 2 = 5: 9 ×). With
 * one member far busier than another (69, 23, 4, 4: a busy primary's server and its read replica's), the busier
 * one's excess counts as load the smaller one is compared with (23 against (100 − 46) / 2 = 27): a member hot alone
 * does not carry one of no more than its fair share into a group (x above k × that average puts x above T / n). A
 * group is at most half the members, so that a few idle members (a server holding only regions no key reaches)
 * cannot make the busy majority hot: 30, 30, 30, 0 has the idle one as the odd one out. m = 1 is the test of a member
 * alone ({@link hotColumns}), which stays: a member is hot alone or as one of a group. Fewer than 4 members form no
 * group.
 */
export function hotGroupBits(c: LoadColumns, k: number): Uint8Array {
  const n = c.length;
  const out = new Uint8Array(n);
  const most = Math.floor(n / 2);
  if (most < 2) return out;
  const { bits } = materialOf(sumsOf(c));
  const order = new Int32Array(n);
  const tested = new Float64Array(n);
  for (const bit of bits) {
    const values = columnOf(c, bit);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const v = values[i] as number;
      total += v;
      tested[i] = bit === MEASURE_BIT.writes || !c.rowReads ? v : Math.max(0, v - (c.rowReads[i] as number));
      order[i] = i;
    }
    order.sort((a, b) => (tested[b] as number) - (tested[a] as number) || a - b);
    let hotUpTo = 0;
    for (let m = 2; m <= most; m++) {
      const least = tested[order[m - 1] as number] as number;
      // the load left to the others with every member of the group levelled down to the least of them
      const leftMean = (total - m * least) / (n - m);
      if (least > 0 && (!(leftMean > 0) || least > k * leftMean)) hotUpTo = m;
    }
    for (let j = 0; j < hotUpTo; j++) {
      const i = order[j] as number;
      out[i] = (out[i] as number) | bit;
    }
  }
  return out;
}

/**
 * {@link hotVerdicts} over columns: every member's peer test on requests and the measures it is hot in, with the
 * same arithmetic in the same order (so the same numbers), and no object per member; with `options.groups`, the
 * members hot as a group ({@link hotGroupBits}) are hot in those measures too.
 */
export function hotColumns(c: LoadColumns, k: number, options: PeerTestOptions = {}): HotColumns {
  const n = c.length;
  const { bits, totals } = materialOf(sumsOf(c));
  const peerRatio = new Float64Array(n);
  const averageRatio = new Float64Array(n);
  const hotBy = new Uint8Array(n);
  const total = totals[0] as number;
  let i = 0;
  const value = (bit: number) => columnOf(c, bit)[i] as number;
  for (; i < n; i++) {
    const x = c.requests[i] as number;
    averageRatio[i] = total > 0 ? x / (total / n) : 0;
    const peersMean = n > 1 ? (total - x) / (n - 1) : 0;
    peerRatio[i] = n > 1 && peersMean > 0 ? x / peersMean : Number.NaN;
    hotBy[i] = hotBits(bits, totals, n, k, value, c.rowReads ? (c.rowReads[i] as number) : 0);
  }
  if (options.groups) {
    const groups = hotGroupBits(c, k);
    for (let j = 0; j < n; j++) hotBy[j] = (hotBy[j] as number) | (groups[j] as number);
  }
  return { peerRatio, averageRatio, hotBy };
}

/** Member `i`'s {@link HotVerdict} from {@link hotColumns}' result. */
export function hotVerdictAt(h: HotColumns, i: number, k: number): HotVerdict {
  const ratio = h.peerRatio[i] as number;
  const averageRatio = h.averageRatio[i] as number;
  const hotBy = MEASURES_OF[h.hotBy[i] as number] as readonly LoadMeasure[];
  return { peerRatio: Number.isNaN(ratio) ? null : ratio, averageRatio, hot: hotBy.length > 0, hotByAverage: averageRatio > k, hotBy };
}

/** The loads of `members` as {@link LoadColumns}. */
export function columnsOf(members: readonly MeasuredLoad[]): LoadColumns {
  const n = members.length;
  const requests = new Float64Array(n);
  let reads: Float64Array | null = new Float64Array(n);
  let writes: Float64Array | null = new Float64Array(n);
  let rowReads: Float64Array | null = null;
  for (let i = 0; i < n; i++) {
    const m = members[i] as MeasuredLoad;
    requests[i] = m.requests;
    if (m.reads === null) reads = null;
    else if (reads) reads[i] = m.reads;
    if (m.writes === null) writes = null;
    else if (writes) writes[i] = m.writes;
    if (m.rowReads) (rowReads ??= new Float64Array(n))[i] = m.rowReads;
  }
  return { length: n, requests, reads, writes, rowReads };
}

/**
 * The measures that count for this set of members: requests, and writes or reads when known and at least
 * {@link MATERIAL_SHARE} of the requests. Reads the rows explain (`rowReads`) are left out of the requests they are
 * compared with: a scan reading millions of rows does not make the writes immaterial.
 */
export function materialMeasures(members: readonly MeasuredLoad[]): LoadMeasure[] {
  return materialOf(sumsOf(columnsOf(members))).bits.map((bit) => (MEASURES_OF[bit] as readonly LoadMeasure[])[0] as LoadMeasure);
}

/**
 * Hot verdict of every member with factor `k`, in linear time (with `options.groups`, n log n: the members are
 * ordered per measure, {@link hotGroupBits}).
 */
export function hotVerdicts(members: readonly MeasuredLoad[], k: number, options: PeerTestOptions = {}): HotVerdict[] {
  const h = hotColumns(columnsOf(members), k, options);
  return members.map((_, i) => hotVerdictAt(h, i, k));
}

/**
 * The hot members only: member index → the measures it is hot in (its {@link HotVerdict} `hotBy`), in index order;
 * a member hot in no measure is absent. The same test as {@link hotVerdicts} without a verdict per member, for sets
 * tested over and over (every interval's regions).
 */
export function hotMembers(members: readonly MeasuredLoad[], k: number, options: PeerTestOptions = {}): Map<number, LoadMeasure[]> {
  const { hotBy } = hotColumns(columnsOf(members), k, options);
  const hot = new Map<number, LoadMeasure[]>();
  for (let i = 0; i < hotBy.length; i++) if (hotBy[i] !== 0) hot.set(i, [...(MEASURES_OF[hotBy[i] as number] as readonly LoadMeasure[])]);
  return hot;
}

/**
 * How far a member's count in an interval can be trusted: `full`; `under` when its counters restarted inside the
 * interval (a region reopened, its server restarted: the count since the reset misses what came before); `over` when
 * it holds more than the interval's requests (a region back after missing snapshots, its missed requests counted here).
 */
export type CountTrust = 'full' | 'under' | 'over';

/**
 * {@link hotMembers} with counts that cannot all be trusted: only `full` members are peers (an under-count would
 * lower the peers' average and make the others look hot; an over-count would raise it); an `under` member is still
 * tested against them (an under-count that is hot is hot), an `over` member is not tested at all. With
 * `options.groups`, groups ({@link hotGroupBits}) are formed of `full` members only.
 */
export function hotMembersTrusting(members: readonly MeasuredLoad[], trust: (index: number) => CountTrust, k: number, options: PeerTestOptions = {}): Map<number, LoadMeasure[]> {
  let full = 0;
  while (full < members.length && trust(full) === 'full') full++;
  if (full === members.length) return hotMembers(members, k, options);
  const clean: number[] = [];
  const under: number[] = [];
  for (let i = 0; i < members.length; i++) {
    const t = i < full ? 'full' : trust(i);
    if (t === 'full') clean.push(i);
    else if (t === 'under') under.push(i);
  }
  const peers = columnsOf(clean.map((i) => members[i] as MeasuredLoad));
  const out = new Map<number, LoadMeasure[]>();
  const { hotBy } = hotColumns(peers, k, options);
  for (let j = 0; j < hotBy.length; j++) if (hotBy[j] !== 0) out.set(clean[j] as number, [...(MEASURES_OF[hotBy[j] as number] as readonly LoadMeasure[])]);
  // each under-count is tested as if appended to the peers, without copying them
  const hotUnder = hotBesides(peers, columnsOf(under.map((i) => members[i] as MeasuredLoad)), k);
  for (let j = 0; j < under.length; j++) {
    const hot = hotUnder[j] as number;
    if (hot !== 0) out.set(under[j] as number, [...(MEASURES_OF[hot] as readonly LoadMeasure[])]);
  }
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}

/**
 * The peer test of members that are no peers: each of `tested` against `peers` as if appended to them alone (their
 * sums plus its load, `peers.length + 1` members), the peers' own verdicts unchanged. For a count that cannot be a
 * peer but can be hot (an under-count, a secondary read replica against the primaries).
 * @returns the measures each of `tested` is hot in, as {@link MEASURE_BIT} bits (0: not hot), in its order.
 */
export function hotBesides(peers: LoadColumns, tested: LoadColumns, k: number): Uint8Array {
  const out = new Uint8Array(tested.length);
  if (tested.length === 0) return out;
  const peerSums = sumsOf(peers);
  for (let j = 0; j < tested.length; j++) {
    const m: MeasuredLoad = {
      requests: tested.requests[j] as number,
      reads: tested.reads ? (tested.reads[j] as number) : null,
      writes: tested.writes ? (tested.writes[j] as number) : null,
      rowReads: tested.rowReads ? (tested.rowReads[j] as number) : 0,
    };
    const { bits, totals } = materialOf(plusMember(peerSums, m));
    const value = (bit: number) => (bit === MEASURE_BIT.requests ? m.requests : ((bit === MEASURE_BIT.writes ? m.writes : m.reads) ?? 0));
    out[j] = hotBits(bits, totals, peers.length + 1, k, value, m.rowReads ?? 0);
  }
  return out;
}
