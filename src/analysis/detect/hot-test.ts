/**
 * Which members of a set (the servers or regions of an interval, or of the window) are hot, measured three ways:
 * read + write requests, writes alone and reads alone. A write hotspot under a read-heavy table (every new row on one
 * server while scans spread) and a read hotspot under a write-heavy one are both hotspots; a measure counts only when
 * it is known for every member and is material (at least {@link MATERIAL_SHARE} of the requests).
 *
 * @module
 */
import { type PeerTest, peerTestOf } from './stats.js';

/** What a load is measured in. */
export type LoadMeasure = 'requests' | 'writes' | 'reads';

/** A measure below this share of the requests is too small to make anything hot. */
export const MATERIAL_SHARE = 0.01;

/** A member's load in each measure (`null` when the source has no read/write split). */
export interface MeasuredLoad {
  readonly requests: number;
  readonly reads: number | null;
  readonly writes: number | null;
}

/** The peer test on requests, and every measure in which the member is hot. */
export interface HotVerdict extends PeerTest {
  /** Measures in which the member is above k × its peers' average; `hot` is true when this is not empty. */
  readonly hotBy: readonly LoadMeasure[];
}

function valueOf(m: MeasuredLoad, measure: LoadMeasure): number {
  return measure === 'requests' ? m.requests : ((measure === 'reads' ? m.reads : m.writes) ?? 0);
}

/** The measures that count for this set of members. */
export function materialMeasures(members: readonly MeasuredLoad[]): LoadMeasure[] {
  const requests = members.reduce((a, m) => a + m.requests, 0);
  const out: LoadMeasure[] = ['requests'];
  for (const measure of ['writes', 'reads'] as const) {
    if (members.some((m) => (measure === 'reads' ? m.reads : m.writes) === null)) continue;
    const total = members.reduce((a, m) => a + valueOf(m, measure), 0);
    if (total > 0 && total >= MATERIAL_SHARE * requests) out.push(measure);
  }
  return out;
}

/** Hot verdict of every member with factor `k`, in linear time. */
export function hotVerdicts(members: readonly MeasuredLoad[], k: number): HotVerdict[] {
  const n = members.length;
  const measures = materialMeasures(members);
  const totals = measures.map((measure) => members.reduce((a, m) => a + valueOf(m, measure), 0));
  return members.map((m) => {
    const onRequests = peerTestOf(m.requests, totals[0] as number, n, k);
    const hotBy = measures.filter((measure, i) => peerTestOf(valueOf(m, measure), totals[i] as number, n, k).hot);
    return { ...onRequests, hot: hotBy.length > 0, hotBy };
  });
}
