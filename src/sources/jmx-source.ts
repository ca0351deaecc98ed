/**
 * The JMX source: per-region counters and store-file sizes from one or more `/jmx` servlets (RegionServer info
 * ports, or the master's), key ranges and servers from a region directory (the REST gateway's `/<table>/regions`
 * and `/status/cluster`), joined by encoded region name. JMX has no key ranges, so it always needs a directory.
 *
 * @module
 */
import type { HBaseRestClient } from '../hbase/rest/index.js';
import { HotspotError } from '../util/errors.js';
import { RestTransport, type TransportOptions } from '../hbase/rest/transport.js';
import { assembleSnapshot } from './assemble.js';
import { JMX_REGIONS_BEAN, mergeJmxCounters, parseJmxRegions } from './jmx.js';
import { restDirectory, restReplicas, tableRegionsOrExplain } from './rest-source.js';
import { type SettleOptions, readSettled } from './settle.js';
import type { SnapshotSource, SourceGaps } from './types.js';

/** Options of {@link createJmxSource}. */
export interface JmxSourceOptions {
  /** Info-server base URLs, e.g. `http://rs1:16030` (RegionServers) or `http://master:16010`; at least one. */
  readonly jmxUrls: readonly string[];
  /** REST client giving the region directory (key ranges, servers). */
  readonly directory: HBaseRestClient;
  /** Table to read, `ns:name` outside the default namespace. */
  readonly table: string;
  /** HTTP settings of the JMX requests (timeout, retries, auth, TLS), without `baseUrl`. */
  readonly transport?: Omit<TransportOptions, 'baseUrl'>;
  /** Waiting for regions not yet in the JMX metrics (period 5–10 s). */
  readonly settle?: SettleOptions;
  /** Clock, epoch ms; default `Date.now`. A snapshot's time is when the last JMX answer arrived. */
  readonly now?: () => number;
}

/** What the JMX source cannot tell. */
export const JMX_GAPS: SourceGaps = {
  needsDirectory: 'the sub=Regions bean names regions only by encoded name; key ranges and servers come from REST /<table>/regions and /status/cluster',
};

/**
 * A {@link SnapshotSource} over RegionServer JMX. JMX values pass through Hadoop metrics2's cache (about 10 s), so
 * they lag more than REST's heartbeat; sample no faster than that.
 * @throws `RangeError` when `jmxUrls` is empty. From `snapshot()`: `SOURCE_TABLE_NOT_FOUND`; `RestError` codes (`REST_UNREACHABLE`,
 *   `REST_HTTP`, ...) for a JMX or directory request that failed after retries; `JMX_MALFORMED`;
 *   `SOURCE_REGION_UNREPORTED` when regions stay absent from JMX, naming the RegionServers hosting them.
 */
export function createJmxSource(options: JmxSourceOptions): SnapshotSource {
  const { table, directory } = options;
  if (options.jmxUrls.length === 0) throw new RangeError('createJmxSource needs at least one JMX URL');
  const transports = options.jmxUrls.map((baseUrl) => new RestTransport({ ...options.transport, baseUrl }));
  const now = options.now ?? Date.now;
  const description = options.jmxUrls.join(' ');
  const what = `JMX ${description} table "${table}"`;
  return {
    kind: 'jmx',
    table,
    description,
    gaps: JMX_GAPS,
    snapshot: async ({ signal } = {}) => {
      // the servers of the regions the last reading found without counters
      let unreportedOn: string[] = [];
      try {
        return await readSettled(
          async () => {
            const call = signal ? { signal } : {};
            const regions = await tableRegionsOrExplain(directory, table, what, signal);
            const status = await directory.clusterStatus(call);
            const maps = [];
            for (const t of transports) {
              const res = await t.request({ method: 'GET', path: '/jmx', query: [['qry', JMX_REGIONS_BEAN]], idempotent: true, ...call });
              maps.push(parseJmxRegions(res.text, table, res.url));
            }
            const listed = restDirectory(regions, status, what);
            const counters = mergeJmxCounters(maps);
            // read replicas: JMX names a region by its encoded name alone; /status/cluster gives a replica's full
            // name, from which it joins with its primary's key range (as in the REST source)
            for (const [name, { replica, server }] of restReplicas(status, table)) {
              const read = counters.get(name);
              if (read) counters.set(name, { ...read, replica, server: read.server ?? server });
            }
            const result = assembleSnapshot(table, now(), listed, counters);
            unreportedOn = [...new Set(listed.filter((d) => !counters.has(d.encodedName) && d.server !== undefined).map((d) => d.server as string))].sort();
            return result;
          },
          what,
          { ...options.settle, ...(signal ? { signal } : {}) },
        );
      } catch (err) {
        if (!(err instanceof HotspotError) || err.code !== 'SOURCE_REGION_UNREPORTED' || unreportedOn.length === 0) throw err;
        throw new HotspotError(err.code, `${err.message}; or no --jmx URL reads the RegionServer(s) hosting them (${unreportedOn.join(', ')}): each RegionServer's /jmx lists only its own regions, so give every one hosting the table (its info port, 16030 by default)`, { cause: err });
      }
    },
  };
}
