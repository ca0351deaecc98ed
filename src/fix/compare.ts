/**
 * Proving a fix: the same measurements before and after over the same interval length. Three checks: the hottest
 * region's share against the fair share (1 ÷ regions), the busiest RegionServer's request rate against its peers,
 * and whether the top outlier merely moved to another region or server. The result is a change record (JSON) that a
 * later run can be compared against (its `after` side becomes the baseline).
 *
 * @module
 */
import type { DetectResult } from '../analysis/detect/index.js';
import { compareBytes, toBytesBinary } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';

/** One side's figures. */
export interface SideSummary {
  readonly table: string;
  /** Analysed window length, ms. */
  readonly windowMs: number;
  readonly hottestRegion: { readonly encodedName: string; readonly startKey: string; readonly endKey: string; readonly server: string; readonly share: number; readonly hot: boolean } | null;
  /** 1 ÷ regions (time-weighted). */
  readonly fairRegionShare: number;
  /** Hottest region share ÷ fair share (1 = fair). */
  readonly hotToFair: number;
  readonly worstServer: { readonly server: string; readonly requestsPerSec: number; readonly peerRatio: number | null; readonly hot: boolean } | null;
  readonly shape: DetectResult['shape'];
}

/** The verdict. `moved`: a hot region or server remains, elsewhere than before. */
export type CompareVerdict = 'fixed' | 'improved' | 'moved' | 'unchanged' | 'worse';

/** A change record. */
export interface ChangeRecord {
  readonly format: 'hbase-hotspot-change/1';
  readonly before: SideSummary;
  readonly after: SideSummary;
  readonly verdict: CompareVerdict;
  /** The figures behind the verdict, one sentence each. */
  readonly findings: readonly string[];
}

/** Window lengths may differ by this fraction and still count as the same interval. */
export const INTERVAL_TOLERANCE = 0.1;

/** One side's figures from a detection. */
export function summarize(d: DetectResult): SideSummary {
  const live = d.regions.filter((r) => r.lastSeenMs === d.window.endMs);
  const hottest = live.reduce<(typeof live)[number] | undefined>((b, r) => (!b || r.share > b.share ? r : b), undefined);
  const worst = d.servers[0];
  return {
    table: d.table,
    windowMs: d.window.endMs - d.window.startMs,
    hottestRegion: hottest ? { encodedName: hottest.encodedName, startKey: hottest.startKey, endKey: hottest.endKey, server: hottest.server, share: hottest.share, hot: hottest.hot } : null,
    fairRegionShare: d.fairRegionShare,
    hotToFair: hottest && d.fairRegionShare > 0 ? hottest.share / d.fairRegionShare : 0,
    worstServer: worst ? { server: worst.server, requestsPerSec: worst.requestsPerSec, peerRatio: worst.peerRatio, hot: worst.hot } : null,
    shape: d.shape,
  };
}

const overlaps = (a: { startKey: string; endKey: string }, b: { startKey: string; endKey: string }) => {
  const [as, ae, bs, be] = [a.startKey, a.endKey, b.startKey, b.endKey].map((k) => toBytesBinary(k)) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const aBeforeB = ae.length > 0 && compareBytes(ae, bs) <= 0;
  const bBeforeA = be.length > 0 && compareBytes(be, as) <= 0;
  return !aBeforeB && !bBeforeA;
};

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ratio = (x: number | null) => (x === null ? 'n/a' : `${x.toFixed(2)}×`);

/**
 * Compares two sides.
 * @throws {@link HotspotError} `COMPARE_INTERVAL_MISMATCH` when the window lengths differ by more than 10%.
 */
export function compareSides(before: SideSummary, after: SideSummary): ChangeRecord {
  const longer = Math.max(before.windowMs, after.windowMs);
  if (longer > 0 && Math.abs(before.windowMs - after.windowMs) / longer > INTERVAL_TOLERANCE) {
    throw new HotspotError('COMPARE_INTERVAL_MISMATCH', `before covers ${(before.windowMs / 1000).toFixed(0)} s and after ${(after.windowMs / 1000).toFixed(0)} s; measure both over the same interval (within ${INTERVAL_TOLERANCE * 100}%) so their rates compare`, { field: 'after' });
  }
  const findings: string[] = [];
  if (before.table !== after.table) findings.push(`tables differ: ${before.table} before, ${after.table} after (a migration)`);
  findings.push(`hottest region share ${pct(before.hottestRegion?.share ?? 0)} (${before.hotToFair.toFixed(2)}× fair share ${pct(before.fairRegionShare)}) → ${pct(after.hottestRegion?.share ?? 0)} (${after.hotToFair.toFixed(2)}× fair share ${pct(after.fairRegionShare)})`);
  const bw = before.worstServer;
  const aw = after.worstServer;
  findings.push(`busiest RegionServer ${bw?.server ?? 'none'} ${bw ? bw.requestsPerSec.toFixed(1) : 0} req/s, ${ratio(bw?.peerRatio ?? null)} its peers → ${aw?.server ?? 'none'} ${aw ? aw.requestsPerSec.toFixed(1) : 0} req/s, ${ratio(aw?.peerRatio ?? null)} its peers`);
  const stillHot = Boolean(after.hottestRegion?.hot || aw?.hot);
  const b = before.hottestRegion;
  const a = after.hottestRegion;
  const sameRange = b && a && before.table === after.table && overlaps(b, a);
  const serverChanged = Boolean(aw?.hot && bw && aw.server !== bw.server);
  const shareHeld = after.hotToFair >= before.hotToFair * 0.9;
  let verdict: CompareVerdict;
  if (!stillHot && after.hotToFair < before.hotToFair) {
    verdict = 'fixed';
    findings.push('no hot region or RegionServer remains');
  } else if (stillHot && b && a && (!sameRange || (serverChanged && shareHeld))) {
    verdict = 'moved';
    findings.push(`the top outlier moved: region ${a.encodedName} ["${a.startKey}", "${a.endKey}") on ${aw?.hot ? aw.server : a.server} is hot now${sameRange ? '' : ', outside the range that was hot'}`);
  } else if (after.hotToFair < before.hotToFair * 0.9) {
    verdict = 'improved';
    findings.push('the hottest region\'s share fell, but a hot region or RegionServer remains');
  } else {
    verdict = after.hotToFair > before.hotToFair * 1.1 ? 'worse' : 'unchanged';
  }
  return { format: 'hbase-hotspot-change/1', before, after, verdict, findings };
}

/** The change record in words. */
export function renderChangeRecord(r: ChangeRecord): string {
  return `verdict: ${r.verdict}\n${r.findings.map((f) => `  ${f}`).join('\n')}\n`;
}
