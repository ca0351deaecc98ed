/**
 * What a table throttle would reject now. The runbook's `set_quota` has `SCOPE => MACHINE` (`tableThrottleCommand`):
 * every RegionServer loads the limit into its own `QuotaCache` and enforces it whole on the table's requests it serves
 * (HBase `QuotaScope.MACHINE`: `QuotaUtil` scales only a CLUSTER limit, by the server's share of the table's open
 * regions, and leaves a MACHINE one as set). So a server under the limit rejects nothing while the hot one rejects its
 * excess: the share rejected is Σ over servers of max(0, rate − limit) ÷ the table's rate, not 1 − limit ÷ the table's
 * rate, which is only its upper bound (reached when one server carries every request).
 *
 * @module
 */
import { quotaRequestsPerSec } from './shell-text.js';

/** One RegionServer's part of a request-count throttle with MACHINE scope. */
export interface ServerThrottle {
  /** RegionServer name (`host,port,startcode`). */
  readonly server: string;
  /** The table's read + write requests per second on it. */
  readonly requestsPerSec: number;
  /** Of those, the requests per second above the limit, which it rejects: max(0, requestsPerSec − limit). */
  readonly excessPerSec: number;
}

/**
 * A request-count limit set with MACHINE scope, weighed against the table's request rate on each RegionServer
 * (HBase `QuotaScope.MACHINE`: each server enforces the whole limit alone).
 */
export interface MachineThrottle {
  /** The limit each RegionServer enforces, requests per second. */
  readonly limitPerSec: number;
  /** The table's requests per second, summed over the servers. */
  readonly totalPerSec: number;
  /** Requests per second rejected, summed over the servers: Σ max(0, rate − limit). */
  readonly excessPerSec: number;
  /** `excessPerSec ÷ totalPerSec`, 0–1 (0 for a total of 0). */
  readonly share: number;
  /** The servers above the limit, most requests first (ties by name). */
  readonly above: readonly ServerThrottle[];
  /** The servers at or below the limit, most requests first (ties by name). */
  readonly below: readonly ServerThrottle[];
}

/**
 * {@link MachineThrottle} of `limitPerSec` (requests per second each server allows) over `rates` (the table's requests
 * per second on each RegionServer; negative or non-finite rates count as 0).
 */
export function machineThrottle(limitPerSec: number, rates: ReadonlyMap<string, number>): MachineThrottle {
  const servers = [...rates].map(([server, r]) => {
    const requestsPerSec = Number.isFinite(r) && r > 0 ? r : 0;
    return { server, requestsPerSec, excessPerSec: Math.max(0, requestsPerSec - limitPerSec) };
  }).sort((a, b) => b.requestsPerSec - a.requestsPerSec || (a.server < b.server ? -1 : a.server > b.server ? 1 : 0));
  const totalPerSec = servers.reduce((a, s) => a + s.requestsPerSec, 0);
  const excessPerSec = servers.reduce((a, s) => a + s.excessPerSec, 0);
  return {
    limitPerSec, totalPerSec, excessPerSec, share: totalPerSec > 0 ? excessPerSec / totalPerSec : 0,
    above: servers.filter((s) => s.excessPerSec > 0), below: servers.filter((s) => s.excessPerSec === 0),
  };
}

/** Whole percents, but a tenth near 0 and 100, where a whole percent would read as none or all. */
const percent = (x: number): string => `${x < 0.01 || x > 0.99 ? (x * 100).toFixed(1) : (x * 100).toFixed(0)}%`;

/** Requests per second as the warning gives them: one decimal. */
const perSec = (x: number): string => x.toFixed(1);

/** How many servers above the limit the warning names; the rest are counted. */
const NAMED_SERVERS = 3;

/** The servers above the limit, e.g. `rs2,16020,2 takes 50.0 (20.0 above it)`, the first few by name. */
function aboveText(above: readonly ServerThrottle[]): string {
  const named = above.slice(0, NAMED_SERVERS).map((s) => `${s.server} takes ${perSec(s.requestsPerSec)} (${perSec(s.excessPerSec)} above it)`);
  const more = above.length - named.length;
  return `${named.join(', ')}${more > 0 ? ` and ${more} more server(s) are above it` : ''}`;
}

/**
 * The warning for a table throttle of `limit` on a table taking `rate` read + write requests per second over now
 * (`tableRateNow`), with `serverRates` its requests per second on each RegionServer over now (`tableServerRatesNow`)
 * when the series splits them, the throttle having MACHINE scope (`tableThrottleCommand`): for a request-count limit,
 * which servers are above it and the share of the table's requests they would reject between them
 * ({@link machineThrottle}), or that none is and it rejects nothing now; without `serverRates`, the upper bound
 * 1 − limit ÷ rate (one server carrying every request), said to be one. For a size limit, that the series cannot
 * compare it (it counts requests, not bytes). `undefined` for a rate of 0 or less (nothing to compare with).
 * @throws {@link HotspotError} `FIX_QUOTA_INVALID` for a limit that is not one (see `checkQuotaLimit`).
 */
export function quotaRateWarning(limit: string, rate: number, serverRates?: ReadonlyMap<string, number>): string | undefined {
  const limitPerSec = quotaRequestsPerSec(limit);
  if (!(rate > 0)) return undefined;
  const scope = 'applies on each RegionServer by itself (SCOPE => MACHINE)';
  const rateText = `the table's ${perSec(rate)} req/s over now`;
  if (limitPerSec === undefined) {
    return `the quota ${limit} is a size limit that ${scope}: the series counts requests, not bytes, so the share of ${rateText} it would throttle cannot be worked out; compare it with the table's read and write throughput in bytes on each RegionServer (their metrics) before setting it`;
  }
  // a limit per minute, hour or day is said as given, with what it allows a second
  const limitText = `the limit ${limit.endsWith('/sec') ? `${limitPerSec} req/s` : `${limit} (${limitPerSec < 10 ? limitPerSec.toPrecision(2) : limitPerSec.toFixed(1)} req/s)`}`;
  const rejected = '(RpcThrottlingException, retried by clients)';
  const split = serverRates === undefined ? undefined : machineThrottle(limitPerSec, serverRates);
  if (!split || !(split.totalPerSec > 0)) {
    // no split by server: a server takes at most the whole rate, so at most rate − limit is above the limit
    if (limitPerSec >= rate) return `${limitText} ${scope} and is at or above ${rateText} as a whole, so no server is above it: it throttles none of the current requests, only a further rise`;
    return `${limitText} ${scope}; the series does not split ${rateText} by server, so the share it would throttle cannot be worked out: at most about ${percent(1 - limitPerSec / rate)} of the table's requests would be throttled ${rejected}, if one server took them all, and less as they spread over the servers`;
  }
  const below = split.below[0];
  const belowText = below === undefined ? '' : `; the other ${split.below.length} server(s) take at most ${perSec(below.requestsPerSec)} each, below it, and reject none`;
  const top = split.above[0];
  if (top === undefined) {
    return `${limitText} ${scope}: of ${rateText}, the busiest server, ${below!.server}, takes ${perSec(below!.requestsPerSec)}, below it, so it throttles none of the current requests, only a rise above the limit on one server`;
  }
  const where = split.above.length === 1 ? `all of them on ${top.server}` : `${percent(top.excessPerSec / split.excessPerSec)} of them on ${top.server}`;
  return `${limitText} ${scope}: of ${rateText}, ${aboveText(split.above)}, so about ${percent(split.share)} of the table's requests would be throttled ${rejected}, ${where}${belowText}`;
}
