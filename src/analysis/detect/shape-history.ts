/**
 * Hotspot shape from region history alone (no key samples): what happened when a hot region split, whether the hot
 * spot moved along the key space, whether the hot region's data grows with its writes.
 *
 * - A hot region split and one daughter kept at least {@link DAUGHTER_KEEPS} of the load: the upper daughter every time
 *   is a rising tail (the lower, a falling one); a daughter in the middle of several is one hot row.
 * - A hot region split and the load divided: a hot range (splitting helped). A split whose daughters together took
 *   under {@link DAUGHTERS_KEEP_LOAD} of the parent's rate tells nothing: the load left them.
 * - The hot spot moved to the next region up (or down) the key space without a split of its own: a tail crossing a
 *   pre-split boundary.
 * - One steady hot region: writes that add no bytes point to one row rewritten in place (a counter); writes that add
 *   data while the other regions get almost none point to a tail; anything else is most likely a hot range. Being the
 *   table's last region is never taken as evidence: a tail sits wherever the newest keys fall (a hex pre-split puts a
 *   date-keyed tail in a middle region).
 *
 * @module
 */
import { compareBytes, toStringBinary } from '../../bytes/index.js';
import type { LoadRates, RegionRate } from '../../model/index.js';
import { formatSizeBytes } from '../../util/size.js';
import type { ShapeVerdict } from './shape-verdict.js';
import type { WindowShares } from './window.js';

/** Share of the daughters' load one daughter must keep for the split not to have divided the load. */
export const DAUGHTER_KEEPS = 0.8;
/**
 * Share of the hot parent's rate (per second, in the interval before the split) its daughters must take together in
 * the interval of the split for the split to tell anything: below it the load left them (the writes moved on to the
 * next region, or stopped), and how a handful of leftover requests fell between the daughters is no evidence.
 */
export const DAUGHTERS_KEEP_LOAD = 0.5;
/** Below this share of the table's writes, the regions outside the hot one count as taking no new data. */
const OTHERS_QUIET = 0.05;

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const label = (r: RegionRate) => `region ${r.encodedName} ["${toStringBinary(r.startKey)}", "${toStringBinary(r.endKey)}")`;

type SplitOutcome = 'upper' | 'lower' | 'inner' | 'divided' | 'left';

/** What the history is read in: writes (where new keys land) when some region is hot in writes, else all requests. */
type Measure = (r: RegionRate) => number;

function measureOf(shares: WindowShares): { value: Measure; name: string } {
  const byWrites = shares.hotByInterval.some((h) => [...h.hotBy.values()].some((m) => m.includes('writes')));
  return byWrites ? { value: (r) => r.writes ?? 0, name: 'writes' } : { value: (r) => r.requests, name: 'load' };
}

function splitOutcomes(rates: LoadRates, shares: WindowShares, measure: { value: Measure; name: string }): { outcome: SplitOutcome; text: string }[] {
  const out: { outcome: SplitOutcome; text: string }[] = [];
  rates.events.forEach((e) => {
    if (e.kind !== 'region-split' || !e.related) return;
    const i = shares.hotByInterval.findIndex((h) => h.interval.endMs === e.timeMs);
    const before = shares.hotByInterval[i - 1];
    const now = shares.hotByInterval[i];
    const wasHot = before ? before.hot.some((r) => r.encodedName === e.region) : now?.hot.some((r) => e.related?.includes(r.encodedName));
    if (!wasHot) return;
    const daughters = (now?.interval.regions ?? [])
      .filter((r) => e.related?.includes(r.encodedName))
      .sort((a, b) => compareBytes(a.startKey, b.startKey));
    const total = daughters.reduce((a, r) => a + measure.value(r), 0);
    if (daughters.length < 2 || total <= 0) return;
    const parent = before?.interval.regions.find((r) => r.encodedName === e.region);
    if (parent && now && before) {
      const parentRate = measure.value(parent) / Math.max(before.interval.durationMs, 1);
      const daughtersRate = total / Math.max(now.interval.durationMs, 1);
      if (daughtersRate < DAUGHTERS_KEEP_LOAD * parentRate) {
        out.push({ outcome: 'left', text: `hot region ${e.region} split, but its daughters together took ${pct(daughtersRate / parentRate)} of its ${measure.name} rate before the split: the ${measure.name} left them, so the split says nothing of the hotspot's shape` });
        return;
      }
    }
    const top = daughters.reduce((a, r) => (measure.value(r) > measure.value(a) ? r : a));
    const kept = measure.value(top) / total;
    const at = daughters.indexOf(top);
    const outcome: SplitOutcome = kept < DAUGHTER_KEEPS ? 'divided' : at === daughters.length - 1 ? 'upper' : at === 0 ? 'lower' : 'inner';
    out.push({
      outcome,
      text: outcome === 'divided'
        ? `hot region ${e.region} split and its ${measure.name} divided: the busiest daughter took ${pct(kept)}`
        : `hot region ${e.region} split and the ${outcome === 'inner' ? 'middle' : outcome} daughter ${label(top)} kept ${pct(kept)} of the ${measure.name}`,
    });
  });
  return out;
}

/**
 * Moves of the hottest hot region between intervals that were not splits, to the next region: up when the new one
 * starts where the previous one ended, down when it ends where the previous one started. A jump past other regions
 * is not a front moving on: two hot regions far apart that take turns being the hottest would otherwise count as a
 * front moving up and down again and again.
 */
function hotMoves(shares: WindowShares, value: Measure): { up: number; down: number } {
  let up = 0;
  let down = 0;
  let prev: RegionRate | undefined;
  for (const { hot } of shares.hotByInterval) {
    const top = topOf(hot, value);
    if (!top) continue;
    if (prev && top.encodedName !== prev.encodedName) {
      const inside = compareBytes(top.startKey, prev.startKey) >= 0 && (prev.endKey.length === 0 || (top.endKey.length > 0 && compareBytes(top.endKey, prev.endKey) <= 0));
      if (!inside && prev.endKey.length > 0 && compareBytes(top.startKey, prev.endKey) === 0) up++;
      else if (!inside && top.endKey.length > 0 && compareBytes(top.endKey, prev.startKey) === 0) down++;
    }
    prev = top;
  }
  return { up, down };
}

function topOf(hot: readonly RegionRate[], value: Measure): RegionRate | undefined {
  return hot.reduce<RegionRate | undefined>((a, r) => (!a || value(r) > value(a) ? r : a), undefined);
}

const SAMPLES_SEPARATE = 'key samples (--samples): one key taking most requests is a single row; written keys that keep rising past every earlier key are a tail; many keys with a still edge are a range';

/** Splits named one by one in the evidence; more are counted. */
export const SPLITS_LISTED = 3;

/** Classifies the main hotspot from region history. `shares.hotByInterval` must hold at least one hot region. */
export function shapeFromHistory(rates: LoadRates, shares: WindowShares): ShapeVerdict {
  const measure = measureOf(shares);
  const splits = splitOutcomes(rates, shares, measure);
  // A long-lived tail splits again and again: name the first few splits and count the rest, one line each is noise.
  const evidence = splits.length > SPLITS_LISTED + 2
    ? [...splits.slice(0, SPLITS_LISTED).map((s) => s.text), `${splits.length - SPLITS_LISTED} more splits of hot regions (the first ${SPLITS_LISTED} shown)`]
    : splits.map((s) => s.text);
  const count = (o: SplitOutcome) => splits.filter((s) => s.outcome === o).length;
  // a split whose daughters the load left is named in the evidence but tells no shape
  const telling = splits.length - count('left');
  const verdict = (shape: ShapeVerdict['shape'], alternatives: ShapeVerdict['alternatives'], more: string[] = []): ShapeVerdict =>
    ({ shape, alternatives, evidence: [...evidence, ...more], decidedBy: 'region-history' });
  if (count('divided') > 0) return verdict('hot-range', [], [`splitting divided the ${measure.name}, which a single row or a tail never allows`]);
  const tail = Math.max(count('upper'), count('lower'));
  if (tail > 0 && tail === telling) {
    const direction = count('upper') > 0 ? 'upper' : 'lower';
    return tail >= 2
      ? { ...verdict('monotonic-tail', [], [`after each of ${tail} splits the ${direction} daughter, holding the newest keys, took the ${measure.name}`]), support: tail }
      : verdict('monotonic-tail', [
          { shape: 'hot-range', separatedBy: `another split of the hot daughter (a tail moves to its ${direction} daughter again) or ${SAMPLES_SEPARATE}` },
          { shape: 'single-row', separatedBy: SAMPLES_SEPARATE },
        ]);
  }
  if (count('inner') > 0) return verdict('single-row', [{ shape: 'hot-range', separatedBy: SAMPLES_SEPARATE }], ['the load stayed in one inner daughter: one key cannot be split']);
  const moves = hotMoves(shares, measure.value);
  if (moves.up + moves.down > 0) {
    const dir = moves.up >= moves.down ? 'up' : 'down';
    return { ...verdict('monotonic-tail', [{ shape: 'hot-range', separatedBy: SAMPLES_SEPARATE }], [`the hot spot moved ${dir} the key space to the next region ${Math.max(moves.up, moves.down)} time(s)`]), support: Math.max(moves.up, moves.down) };
  }
  return steadyRegion(shares, measure.value, verdict);
}

const MEGABYTE = 1_048_576;

/** True when every store size seen for these regions is a whole number of MB: a source too coarse to show small growth. */
function wholeMegabytes(regions: readonly RegionRate[]): boolean {
  return regions.every((r) => r.storeSizeBytes % MEGABYTE === 0);
}

function steadyRegion(shares: WindowShares, value: Measure, verdict: (s: ShapeVerdict['shape'], a: ShapeVerdict['alternatives'], more?: string[]) => ShapeVerdict): ShapeVerdict {
  const hotIntervals = shares.hotByInterval.filter((h) => h.hot.length > 0);
  const hot = hotIntervals.map((h) => topOf(h.hot, value) as RegionRate);
  const top = hot[0] as RegionRate;
  const writes = hot.reduce<number | null>((a, r) => (a === null || r.writes === null ? null : a + r.writes), 0);
  const reads = hot.reduce<number | null>((a, r) => (a === null || r.reads === null ? null : a + r.reads), 0);
  const growth = hot.reduce((a, r) => a + (r.storeGrowthBytes ?? 0), 0);
  const tableWrites = hotIntervals.reduce<number | null>((a, h) => h.interval.regions.reduce<number | null>((b, r) => (b === null || r.writes === null ? null : b + r.writes), a), 0);
  const where = top.endKey.length === 0 ? 'the table\'s last region (not evidence by itself)' : top.startKey.length === 0 ? 'the table\'s first region' : 'a middle region of the table';
  const base = [`${label(top)} stayed hot in ${hotIntervals.length} interval(s), with no split to show how its load divides; it is ${where}`];
  if (writes === null || reads === null || writes <= reads) {
    return verdict('hot-range', [{ shape: 'single-row', separatedBy: SAMPLES_SEPARATE }], [...base, writes === null ? 'the source gives no read/write split' : 'the hot region is read-mostly']);
  }
  const others = tableWrites !== null && tableWrites > 0 ? 1 - writes / tableWrites : 1;
  if (growth <= 0 && wholeMegabytes(hot)) {
    // Sizes in whole MB (REST /status/cluster, list_regions, status 'detailed') cannot show a few MB of new rows.
    const unseen = `${writes} writes added no store bytes, but the source reports sizes in whole MB, too coarse to tell new rows from rewritten ones`;
    return others < OTHERS_QUIET
      ? verdict('monotonic-tail', [{ shape: 'single-row', separatedBy: SAMPLES_SEPARATE }], [...base, `it took ${pct(1 - others)} of the table's writes`, unseen])
      : verdict('hot-range', [{ shape: 'single-row', separatedBy: SAMPLES_SEPARATE }, { shape: 'monotonic-tail', separatedBy: SAMPLES_SEPARATE }], [...base, unseen]);
  }
  if (growth <= 0) {
    return verdict('single-row', [{ shape: 'hot-range', separatedBy: SAMPLES_SEPARATE }], [...base, `${writes} writes added no store bytes: the same row(s) rewritten in place, as a counter is`]);
  }
  if (others < OTHERS_QUIET) {
    return verdict('monotonic-tail', [{ shape: 'hot-range', separatedBy: SAMPLES_SEPARATE }], [...base, `it took ${pct(1 - others)} of the table's writes and grew by ${formatSizeBytes(growth)} (${growth} bytes): all new data lands in one key range, as with time-first keys`]);
  }
  return verdict('hot-range', [{ shape: 'monotonic-tail', separatedBy: SAMPLES_SEPARATE }, { shape: 'single-row', separatedBy: SAMPLES_SEPARATE }], [...base, `other regions still took ${pct(others)} of the writes`]);
}
