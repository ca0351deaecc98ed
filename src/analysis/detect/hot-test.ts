/**
 * Which members of a set (the servers or regions of an interval, or of the window) are hot, measured three ways:
 * read + write requests, writes alone and reads alone. A write hotspot under a read-heavy table (every new row on one
 * server while scans spread) and a read hotspot under a write-heavy one are both hotspots; a measure counts only when
 * it is known for every member and is material (at least {@link MATERIAL_SHARE} of the requests).
 *
 * @module
 */
import { type PeerTest, hotAboveCount, peerTestOf } from './stats.js';

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

function valueOf(m: MeasuredLoad, measure: LoadMeasure): number {
  return measure === 'requests' ? m.requests : ((measure === 'reads' ? m.reads : m.writes) ?? 0);
}

/** The load tested against the peers: reads and requests less the reads its rows explain. */
function testedOf(m: MeasuredLoad, measure: LoadMeasure, value: number): number {
  return measure === 'writes' || !m.rowReads ? value : Math.max(0, value - m.rowReads);
}

/**
 * The measures that count for this set of members: requests, and writes or reads when known and at least
 * {@link MATERIAL_SHARE} of the requests. Reads the rows explain (`rowReads`) are left out of the requests they are
 * compared with: a scan reading millions of rows does not make the writes immaterial.
 */
export function materialMeasures(members: readonly MeasuredLoad[]): LoadMeasure[] {
  const requests = members.reduce((a, m) => a + m.requests - (m.rowReads ?? 0), 0);
  const out: LoadMeasure[] = ['requests'];
  for (const measure of ['writes', 'reads'] as const) {
    if (members.some((m) => (measure === 'reads' ? m.reads : m.writes) === null)) continue;
    const total = members.reduce((a, m) => a + valueOf(m, measure), 0);
    if (total > 0 && total >= MATERIAL_SHARE * requests) out.push(measure);
  }
  return out;
}

/** Each measure's total over the members, in the order of `measures`. */
function totalsOf(members: readonly MeasuredLoad[], measures: readonly LoadMeasure[]): number[] {
  return measures.map((measure) => members.reduce((a, m) => a + valueOf(m, measure), 0));
}

/** Hot verdict of every member with factor `k`, in linear time. */
export function hotVerdicts(members: readonly MeasuredLoad[], k: number): HotVerdict[] {
  const n = members.length;
  const measures = materialMeasures(members);
  const totals = totalsOf(members, measures);
  return members.map((m) => {
    const onRequests = peerTestOf(m.requests, totals[0] as number, n, k);
    const hotBy = measures.filter((measure, i) => {
      const value = valueOf(m, measure);
      return hotAboveCount(value, testedOf(m, measure, value), totals[i] as number, n, k);
    });
    return { ...onRequests, hot: hotBy.length > 0, hotBy };
  });
}

/**
 * The hot members only: member index → the measures it is hot in (its {@link HotVerdict} `hotBy`), in index order;
 * a member hot in no measure is absent. The same test as {@link hotVerdicts} without a verdict per member, for sets
 * tested over and over (every interval's regions).
 */
export function hotMembers(members: readonly MeasuredLoad[], k: number): Map<number, LoadMeasure[]> {
  const n = members.length;
  const measures = materialMeasures(members);
  const totals = totalsOf(members, measures);
  const hot = new Map<number, LoadMeasure[]>();
  for (let i = 0; i < n; i++) {
    const m = members[i] as MeasuredLoad;
    let hotBy: LoadMeasure[] | undefined;
    for (let j = 0; j < measures.length; j++) {
      const measure = measures[j] as LoadMeasure;
      const value = valueOf(m, measure);
      if (hotAboveCount(value, testedOf(m, measure, value), totals[j] as number, n, k)) (hotBy ??= []).push(measure);
    }
    if (hotBy) hot.set(i, hotBy);
  }
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
 * tested against them (an under-count that is hot is hot), an `over` member is not tested at all.
 */
export function hotMembersTrusting(members: readonly MeasuredLoad[], trust: (index: number) => CountTrust, k: number): Map<number, LoadMeasure[]> {
  const clean: number[] = [];
  const under: number[] = [];
  members.forEach((_, i) => {
    const t = trust(i);
    if (t === 'full') clean.push(i);
    else if (t === 'under') under.push(i);
  });
  if (clean.length === members.length) return hotMembers(members, k);
  const peers = clean.map((i) => members[i] as MeasuredLoad);
  const out = new Map<number, LoadMeasure[]>();
  for (const [j, measures] of hotMembers(peers, k)) out.set(clean[j] as number, measures);
  for (const i of under) {
    const verdict = hotMembers([...peers, members[i] as MeasuredLoad], k).get(peers.length);
    if (verdict) out.set(i, verdict);
  }
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}
