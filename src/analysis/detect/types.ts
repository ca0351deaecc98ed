/**
 * The result of hotspot detection ({@link detectHotspots}): the JSON shape `detect --json` prints and each simulated
 * design reports. Every field is plain JSON (keys in toStringBinary form, times in epoch ms, shares as fractions 0–1).
 *
 * @module
 */
import type { RateEvent } from '../../model/index.js';
import type { FindingKind, ShapeId } from './catalogue.js';
import type { LoadMeasure } from './hot-test.js';

/** One RegionServer over the analysed window. */
export interface ServerLoadShare {
  /** RegionServer name as the series gives it. */
  readonly server: string;
  /** Share of the table's read + write requests, 0–1. */
  readonly share: number;
  /** Share of the table's reads, `null` when the source has no read/write split. */
  readonly readShare: number | null;
  /** Share of the table's writes, `null` as for `readShare`. */
  readonly writeShare: number | null;
  /** Average read + write requests per second over the window. */
  readonly requestsPerSec: number;
  /** Regions of the table it hosted at the window's end (0 if it left). */
  readonly regionCount: number;
  /** Its read + write load ÷ the average load of the OTHER servers; `null` when the others took nothing. */
  readonly peerRatio: number | null;
  /** Its load ÷ the average over all servers (the playbook's "k × average" figure). */
  readonly averageRatio: number;
  /**
   * Hot: above k × the other servers' average in requests, writes or reads (see `hotBy`), or one of a group of the
   * busiest servers that hide each other from that test (`hotGroupBits` in hot-test.ts), over the window or over now
   * (rates over each server's time in now), and hot in at least one interval: a server hot in no interval is not hot.
   */
  readonly hot: boolean;
  /** The measures it is hot in over the window or now (`requests`, `writes`, `reads`; a measure under 1% of requests never counts); empty when not hot. */
  readonly hotBy: readonly LoadMeasure[];
  /** `averageRatio > k`: the playbook's test, shown beside the peer test. */
  readonly hotByAverage: boolean;
  /** Number of intervals in which it was hot against that interval's servers. */
  readonly hotIntervals: number;
  /** Hot in at least one interval of now (the last intervals, see `now`). */
  readonly hotNow: boolean;
  /** Its share of the table's read + write requests over now (0 when it took none or was not there). */
  readonly nowShare: number;
  /** Its requests per second over now ÷ the other servers' average over now; `null` when they took nothing or it was not there. */
  readonly nowPeerRatio: number | null;
}

/** One region over the analysed window (split parents and daughters are separate regions). */
export interface RegionLoadShare {
  /** Encoded region name, the region's identity across snapshots. */
  readonly encodedName: string;
  /** Full region name, toStringBinary. */
  readonly name: string;
  /** Start key, inclusive, toStringBinary (`""` for the table's first region). */
  readonly startKey: string;
  /** End key, exclusive, toStringBinary (`""` for the table's last region). */
  readonly endKey: string;
  /** RegionServer hosting it when last seen. */
  readonly server: string;
  /** Share of the table's read + write requests over the window, 0–1. */
  readonly share: number;
  /** Share of the table's reads, `null` when the source has no read/write split. */
  readonly readShare: number | null;
  /** Share of the table's writes, `null` as for `readShare`. */
  readonly writeShare: number | null;
  /** Average read + write requests per second over the intervals it existed in. */
  readonly requestsPerSec: number;
  /** Its window load ÷ the average window load of the other regions; `null` when they took nothing. */
  readonly peerRatio: number | null;
  /** Its window load ÷ the average over all regions. */
  readonly averageRatio: number;
  /**
   * Hot: above k × the other regions' average (idle ones included) in requests, writes or reads (see `hotBy`) over the
   * window or over now (rates over each region's time in now), and hot in at least one interval (`hotIntervals`): a
   * region hot in no interval is not hot. Reads its rows explain (scan amplification) are set aside from the test.
   */
  readonly hot: boolean;
  /** The measures it is hot in over the window or now; empty when not hot. */
  readonly hotBy: readonly LoadMeasure[];
  /** `averageRatio > k`, the playbook's test. */
  readonly hotByAverage: boolean;
  /** Number of intervals in which it was hot against that interval's regions while on a hot server. */
  readonly hotIntervals: number;
  /** Start of the first interval and end of the last interval it was part of, epoch ms. */
  readonly firstSeenMs: number;
  /** End of the last interval it was part of, epoch ms. */
  readonly lastSeenMs: number;
  /** Hot in at least one interval of now (the last intervals, see `now`). */
  readonly hotNow: boolean;
  /** Its share of the table's read + write requests over now; `null` when it was not there in now. */
  readonly nowShare: number | null;
  /** Its read + write requests per second over its time in now; `null` when it was not there in now. */
  readonly nowRequestsPerSec: number | null;
  /** Its requests per second over its time in now ÷ the other regions' average rate over now; `null` when they took nothing or it was not there. */
  readonly nowPeerRatio: number | null;
  /**
   * Present only for a secondary read replica (`_RRRR` in its name, a table with `REGION_REPLICATION` above 1): its
   * replica id, 1 or more. A replica is no peer of the others; it is tested against the primaries alone, and its
   * ratios are to the primaries' average (see `replicas.ts`).
   */
  readonly replicaId?: number;
}

/**
 * "Now": the last max(3, ⌈10% of the window's⌉) intervals not marked as gaps. The headline (`shape`, the region and
 * server named) is judged on now; the window's story stays beside it (`story`, `timeline`, `hotIntervals`).
 */
export interface NowView {
  /** Start of the first and end of the last interval of now, epoch ms. */
  readonly startMs: number;
  readonly endMs: number;
  /** Intervals in now. */
  readonly intervals: number;
  /** Gap intervals passed over at the window's end to find them. */
  readonly gapsSkipped: number;
  /** The region hot now that the headline names (encoded name): the busiest hot region of the latest interval with one; `null` when none is hot now. */
  readonly region: string | null;
  /** The RegionServer hosting it when last seen. */
  readonly server: string | null;
  /** Its share of the table's read + write requests over the intervals of now it was there in. */
  readonly regionShare: number;
  /** Its share of the table's writes over the same intervals, `null` without a read/write split. */
  readonly regionWriteShare: number | null;
  /** Its read + write requests per second over its time in now. */
  readonly regionRequestsPerSec: number;
  /** The measures it was hot in, in the latest interval it was hot in. */
  readonly regionHotBy: readonly LoadMeasure[];
  /** Every region hot in at least one interval of now (encoded names). */
  readonly hotRegions: readonly string[];
  /** Every server hot in at least one interval of now. */
  readonly hotServers: readonly string[];
  /** One sentence: the region hot now, its server and figures, or that none is hot now. */
  readonly summary: string;
}

/** The window's story beside the headline: what was hot over the whole window. */
export interface WindowStory {
  /** The shape the window's hot regions show, judged over every interval (the headline's `shape` is judged on now). */
  readonly shape: ShapeId | 'none';
  /** Regions hot in at least one interval. */
  readonly hotRegions: number;
  /** Intervals with at least one hot region. */
  readonly hotIntervals: number;
  /** End of the first and of the last interval with a hot region, epoch ms; `null` when none. */
  readonly firstHotMs: number | null;
  readonly lastHotMs: number | null;
  /** One sentence. */
  readonly summary: string;
}

/** A server's share in one interval. */
export interface IntervalServerShare {
  /** RegionServer name. */
  readonly server: string;
  /** Its share of the interval's read + write requests. */
  readonly share: number;
  /** Its share of the interval's writes, `null` without a read/write split. */
  readonly writeShare: number | null;
}

/** One interval of the timeline. */
export interface TimelineEntry {
  /** End of the interval, epoch ms. */
  readonly time: number;
  /** Start of the interval, epoch ms. */
  readonly startMs: number;
  /** The busiest server of the interval, `null` when the table was idle. */
  readonly hottestServer: string | null;
  /** Its share of the interval's read + write requests (0 when the table was idle). */
  readonly hottestServerShare: number;
  /** The largest server share of writes in the interval, `null` without a read/write split. */
  readonly hottestServerWriteShare: number | null;
  /** The server taking that largest share of writes, `null` without a read/write split or with no writes. */
  readonly hottestWriteServer: string | null;
  /** The busiest region of the interval (encoded name), `null` when the table was idle. */
  readonly hottestRegion: string | null;
  /** Its share of the interval's read + write requests. */
  readonly hottestRegionShare: number;
  /** 1 / `servers` of this interval. */
  readonly fairServerShare: number;
  /** Number of the table's regions at the interval's end. */
  readonly regions: number;
  /** Number of RegionServers hosting them at the interval's end. */
  readonly servers: number;
  /** Servers above k × their peers in the interval (in requests, writes or reads). */
  readonly hotServers: readonly string[];
  /** Every server's share in the interval. */
  readonly serverShares: readonly IntervalServerShare[];
  /** Table requests per second in the interval. */
  readonly requestsPerSec: number;
  /** True when snapshots were missing before this point. */
  readonly gap: boolean;
}

/** Another shape the evidence could not rule out, and what would separate the two. */
export interface ShapeAlternative {
  /** The other shape (see `SHAPES`). */
  readonly shape: ShapeId;
  /** The evidence that would decide between the verdict and this shape. */
  readonly separatedBy: string;
}

/** A finding beside the shape: a hotspot at region or server level, a placement or table-layout problem, with its evidence. */
export interface Finding {
  /** Which finding (see `FINDINGS`). */
  readonly kind: FindingKind;
  /** Where it is: a region, a RegionServer, or the table as a whole. */
  readonly level: 'region' | 'server' | 'table';
  /**
   * The table it concerns, in a detection over several tables (`detect` without `--table` on a series of several);
   * absent for a series of one table.
   */
  readonly table?: string;
  /** One sentence stating the finding. */
  readonly summary: string;
  /** The numbers behind it. */
  readonly evidence: readonly string[];
  /** RegionServers concerned (`host,port,startcode`). */
  readonly servers: readonly string[];
  /** Regions concerned (encoded names). */
  readonly regions: readonly string[];
  /**
   * On a `region-hotspot` or `server-hotspot` finding some of whose members were hot in now on something other than
   * all requests: what was compared with k × the peers' average in the intervals of now they were hot in
   * ({@link HotOn}; `requests` for the members hot on all requests), in the order `requests`,
   * `requests-less-row-reads`, `writes`, `reads`, `reads-less-row-reads`. Absent when every member was hot on all
   * requests (the usual case) and on every other finding.
   */
  readonly hotOn?: readonly HotOn[];
}

/**
 * What a hot region or server was compared in: all requests, writes, reads, or requests or reads less the reads its
 * rows explain (set aside in intervals whose reads follow the regions' rows: scan amplification).
 */
export type HotOn = 'requests' | 'requests-less-row-reads' | 'writes' | 'reads' | 'reads-less-row-reads';

/** Max ÷ average and the normalized skew of a set of loads. */
export interface Spread {
  /** Largest load ÷ average load (1 = even); 0 for no load. */
  readonly maxToAverage: number;
  /** HBase balancer-style normalized standard deviation: 0 = even, 1 = everything on one. */
  readonly skew: number;
}

/** Full detection result. */
export interface DetectResult {
  /** Table of the load series (`ns:name` outside the default namespace). */
  readonly table: string;
  /** Analysed window: first and last snapshot times, epoch ms, and the number of intervals. */
  readonly window: { readonly startMs: number; readonly endMs: number; readonly intervals: number };
  /** The hot factor used (load > k × the peers' average). */
  readonly k: number;
  /** Time-weighted mean over the intervals of 1 / (servers hosting the table's regions). */
  readonly fairServerShare: number;
  /** Time-weighted mean over the intervals of 1 / (the table's regions). */
  readonly fairRegionShare: number;
  /** Largest server share of read + write requests over the window. */
  readonly hottestServerShare: number;
  /** Largest server share of writes over the window, `null` without a read/write split. */
  readonly hottestServerWriteShare: number | null;
  /** Largest region share of read + write requests over the window. */
  readonly hottestRegionShare: number;
  /** Spread of load over servers and over regions (window totals). */
  readonly spread: { readonly servers: Spread; readonly regions: Spread };
  /** The shape of the hotspot hot now (see `now`), `none` when no region is hot in any interval of now. */
  readonly shape: ShapeId | 'none';
  /** Shapes the evidence could not rule out. */
  readonly alternatives: readonly ShapeAlternative[];
  /** Why the shape was chosen. */
  readonly evidence: readonly string[];
  /** `samples` when key samples decided the shape, `region-history` otherwise, `none` with no hotspot. */
  readonly decidedBy: 'samples' | 'region-history' | 'none';
  /** Region and server hotspots, co-location, unsplit table, lumpy pre-split, scan amplification. */
  readonly findings: readonly Finding[];
  /** Servers by descending share. */
  readonly servers: readonly ServerLoadShare[];
  /** Regions in key order (then by first sighting). */
  readonly regions: readonly RegionLoadShare[];
  /** Each interval's hottest server and region, in time order. */
  readonly timeline: readonly TimelineEntry[];
  /** What the rate step handled (resets, moves, splits, merges, gaps). */
  readonly events: readonly RateEvent[];
  /** The last intervals, on which the headline is judged. */
  readonly now: NowView;
  /** The whole window's story. */
  readonly story: WindowStory;
}
