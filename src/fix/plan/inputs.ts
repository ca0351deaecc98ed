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

/** Requests per second of every known RegionServer (0 for those only in `servers`). */
export function serverLoads(inputs: PlanInputs): Map<string, number> {
  const loads = new Map<string, number>();
  for (const s of inputs.servers ?? []) loads.set(s, 0);
  for (const s of inputs.detect.servers) loads.set(s.server, s.requestsPerSec);
  return loads;
}
