/**
 * What a fix plan is made from: the detection result, and what the operator knows.
 *
 * @module
 */
import type { ClusterView, DetectResult, RegionLoadShare } from '../../analysis/detect/index.js';
import type { KeySample } from '../../model/index.js';
import type { BalancerCluster } from '../balancer/index.js';
import type { ClientRetrySettings } from './retry.js';

/** Input of {@link planFix}. */
export interface PlanInputs {
  /** Detection over the recorded or live series. */
  readonly detect: DetectResult;
  /** Request rowkeys (for the traffic median and the read/write mix of a hot row). Without them no split is planned. */
  readonly samples?: readonly KeySample[];
  /**
   * The samples carry no operation (a plain key list, every key counted as a write): a hot row is still named from
   * them, but its read/write mix is the region's own, never the assumed writes.
   */
  readonly samplesOpsUnknown?: boolean;
  /** Client retry settings; when absent HBase's defaults are assumed and the plan says so. */
  readonly clientRetry?: ClientRetrySettings;
  /** Whether readers accept slightly stale data (enables region replicas for a hot read row). */
  readonly staleReadsOk?: boolean;
  /** A containment throttle for the table, e.g. `5000req/sec`; no quota step without it. */
  readonly quotaLimit?: string;
  /** Region replicas for a hot read row (default 2). */
  readonly replicas?: number;
  /** All live RegionServers (`host,port,startcode`), also those without the table's regions. */
  readonly servers?: readonly string[];
  /** The balancer's view of the current placement (see `clusterFromSeries`), for the what-if after the move. */
  readonly placement?: BalancerCluster;
  /** For a monotonic tail: the new salted table to create. */
  readonly newTable?: { readonly name: string; readonly families: readonly string[]; readonly buckets: number };
  /**
   * The cluster level of a detection over several tables (`detectTables`): a server hot by the sum of the tables whose
   * finding names this table gets its region moved to the least loaded server when the table has no hotspot shape.
   */
  readonly cluster?: ClusterView;
  /** When the plan is made, epoch ms (the caller's clock); recorded in the runbook for `fix apply --max-age`. */
  readonly createdAtMs?: number;
  /** Below this table request rate over now (req/s) no step is proposed (default {@link DEFAULT_MIN_REQUESTS_PER_SEC}). */
  readonly minRequestsPerSec?: number;
}

/**
 * The table request rate (reads + writes per second, over now) below which `fix plan` proposes no step: 50 req/s.
 * Every step costs something (a move closes and reopens the region, a split rewrites both daughters in compactions,
 * a quota throttles the whole table), and at a few dozen requests a second nothing is strained: it is about 1% of
 * the 5000req/sec the references use as a containment quota and under a thousandth of the case study's 60,000
 * writes/s; a test client, a health check or one batch job reaches it, and then the shares describe that client, not
 * a hotspot. Plan again under real load, or lower it with `--min-rate`.
 */
export const DEFAULT_MIN_REQUESTS_PER_SEC = 50;

/** The table's read + write requests per second over now (the non-gap intervals of `detect.now`), else over the window. */
export function tableRateNow(detect: DetectResult): number {
  const inNow = detect.timeline.filter((t) => !t.gap && t.startMs >= detect.now.startMs && t.time <= detect.now.endMs);
  const ms = inNow.reduce((a, t) => a + (t.time - t.startMs), 0);
  if (ms <= 0) return detect.servers.reduce((a, s) => a + s.requestsPerSec, 0);
  return inNow.reduce((a, t) => a + t.requestsPerSec * (t.time - t.startMs), 0) / ms;
}

/**
 * The table's read + write requests per second on each RegionServer over now, with its regions where they are at the
 * window's end ({@link serverLoads} over now: the rates of the regions each server holds then, each over its own time
 * in now), for the servers that carry some: what a per-server throttle set now would meet. `undefined` when no server
 * carries any.
 */
export function tableServerRatesNow(detect: DetectResult): ReadonlyMap<string, number> | undefined {
  const carrying = [...serverLoads({ detect }, 'now')].filter(([, x]) => x > 0);
  return carrying.length === 0 ? undefined : new Map(carrying);
}

/**
 * The region the plan acts on: the region hot now that the headline names (`detect.now.region`); without one (a
 * result from before the now view), the hot region with the largest share, else the largest share.
 */
export function hotRegionOf(detect: DetectResult): RegionLoadShare | undefined {
  const named = detect.now?.region ? detect.regions.find((r) => r.encodedName === detect.now.region) : undefined;
  if (named) return named;
  const live = detect.regions.filter((r) => r.lastSeenMs === detect.window.endMs);
  const pool = live.filter((r) => r.hot).length > 0 ? live.filter((r) => r.hot) : live;
  return pool.reduce<RegionLoadShare | undefined>((best, r) => (!best || r.share > best.share ? r : best), undefined);
}

/**
 * What a plan's server loads and its hot region's share are measured over: `now`, the intervals of `detect.now` (the
 * last intervals of the window, on which the headline is judged), or `window`, the whole window.
 */
export type LoadSpan = 'now' | 'window';

/**
 * The span the hotspot a plan acts on is judged over: `now` when `hot` is the region the headline names hot now
 * (`detect.now.region`) and it was there in now (its `nowShare` is set); `window` otherwise (a region picked without
 * the now view, see {@link hotRegionOf}).
 */
export function loadSpanOf(detect: DetectResult, hot: RegionLoadShare): LoadSpan {
  return detect.now?.region === hot.encodedName && hot.nowShare !== null ? 'now' : 'window';
}

/** `req/s over now` or `req/s over the window`: the unit of a figure of {@link serverLoads} over `span`. */
export function perSecondOver(span: LoadSpan): string {
  return span === 'now' ? 'req/s over now' : 'req/s over the window';
}

/**
 * Read + write requests per second of every known RegionServer over `span`, with its regions where they are at the
 * window's end (0 for a server holding none then, and for those only in `servers`), after the moves in `moved`
 * (encoded region name → the server it goes to).
 *
 * Over now: the sum of the rates of the regions it holds at the window's end, each over its own time in now
 * (`nowRequestsPerSec`): a region that moved in during now counts at its rate since, on the server it is on, and one
 * that moved out counts on its new server alone, so a move or split is weighed on the placement it acts on. (A
 * server's own share of now also counts what it served for regions before they moved away, and misses what a region
 * that moved in served elsewhere: on a region moved in part-way through now, its rate could exceed its server's.)
 * Over the window: the server's average over the window, with each moved region's share of the window's requests ×
 * the table's rate over the window moved with it.
 */
export function serverLoads(inputs: PlanInputs, span: LoadSpan, moved: ReadonlyMap<string, string> = new Map()): Map<string, number> {
  const d = inputs.detect;
  const loads = new Map<string, number>();
  const add = (server: string, x: number) => loads.set(server, (loads.get(server) ?? 0) + x);
  for (const s of inputs.servers ?? []) loads.set(s, 0);
  for (const s of d.servers) loads.set(s.server, span === 'now' ? 0 : s.requestsPerSec);
  const live = d.regions.filter((r) => r.lastSeenMs === d.window.endMs);
  if (span === 'now') {
    for (const r of live) add(moved.get(r.encodedName) ?? r.server, r.nowRequestsPerSec ?? 0);
    return loads;
  }
  const tableRate = d.servers.reduce((a, s) => a + s.requestsPerSec, 0);
  for (const r of live) {
    const to = moved.get(r.encodedName);
    if (to === undefined || to === r.server) continue;
    add(r.server, -r.share * tableRate);
    add(to, r.share * tableRate);
  }
  return loads;
}

/**
 * The loads a plan weighs a move of its hot region with, all over one span (that of the hotspot, {@link loadSpanOf}),
 * so that the figures quoted, the least loaded server chosen and the region's own load agree.
 */
export interface PlanLoads {
  /** What every figure here is measured over. */
  readonly span: LoadSpan;
  /** Requests per second of every known RegionServer over `span`, as the series shows them ({@link serverLoads}). */
  readonly current: ReadonlyMap<string, number>;
  /**
   * The same once the runbook's co-location swaps are done (the map `current` when it has none): the hot region's own
   * move is aimed at the servers as the swaps leave them.
   */
  readonly planned: ReadonlyMap<string, number>;
  /** The hot region's share of the table's read + write requests over `span`, 0–1. */
  readonly hotShare: number;
}

/**
 * The {@link PlanLoads} of a plan acting on `hot`; `moved` are the runbook's co-location swaps, each region's encoded
 * name → the server it goes to, when it has any.
 */
export function planLoads(inputs: PlanInputs, hot: RegionLoadShare, moved?: ReadonlyMap<string, string>): PlanLoads {
  const span = loadSpanOf(inputs.detect, hot);
  const current = serverLoads(inputs, span);
  const planned = moved && moved.size > 0 ? serverLoads(inputs, span, moved) : current;
  return { span, current, planned, hotShare: span === 'now' ? (hot.nowShare ?? 0) : hot.share };
}

/**
 * `server`'s load as a step quotes it, e.g. `18000.0 req/s over now`: over the span of `loads`, and, when the runbook's
 * co-location swaps change it, what they leave (`…, 10476.5 once the co-location swaps of this runbook are done`).
 */
export function loadText(loads: PlanLoads, server: string): string {
  const now = (loads.current.get(server) ?? 0).toFixed(1);
  const after = (loads.planned.get(server) ?? 0).toFixed(1);
  return `${now} ${perSecondOver(loads.span)}${after === now ? '' : `, ${after} once the co-location swaps of this runbook are done`}`;
}
