/**
 * Operation latencies of RegionServers from their JMX servlet:
 * `GET /jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Server` (HBase `MetricsRegionServerSourceImpl`). Each
 * operation has a time histogram in milliseconds: `<Op>_num_ops` (cumulative count), `<Op>_99th_percentile`,
 * `<Op>_max`, ... The percentiles cover HBase's latest metrics period (the histograms are reset at each snapshot), so
 * a reading taken while the load runs describes that load; an idle server reports 0. The server is named by the
 * bean's `tag.serverName` (`host,port,startcode`, as detection names RegionServers).
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';
import { jsonPreview } from '../util/input-text.js';
import { jmxBeansNamed } from './jmx.js';

/** The ObjectName of the RegionServer's server-wide metrics bean. */
export const JMX_SERVER_BEAN = 'Hadoop:service=HBase,name=RegionServer,sub=Server';

/**
 * Operations whose latency is read, by their histogram name in HBase 2.x: single and batched puts and deletes
 * (`PutBatch`/`DeleteBatch` are the multi-row calls, such as the REST gateway's multi-row puts), gets, scanner
 * next calls (`ScanTime`), increments and appends.
 */
export const LATENCY_OPERATIONS = ['Put', 'PutBatch', 'Delete', 'DeleteBatch', 'Get', 'ScanTime', 'Increment', 'Append'] as const;

/** One operation's latency on one RegionServer. */
export type LatencyOperation = (typeof LATENCY_OPERATIONS)[number];

/** One operation's histogram figures. */
export interface OperationLatency {
  /** Calls counted since the RegionServer started (`_num_ops`). */
  readonly ops: number;
  /** 99th percentile over the latest metrics period, ms. */
  readonly p99Ms: number;
  /** Largest over the latest metrics period, ms. */
  readonly maxMs: number;
}

/** A RegionServer's operation latencies. */
export interface ServerLatency {
  /** `host,port,startcode` (`tag.serverName`). */
  readonly server: string;
  /** The operations whose histograms the bean has. */
  readonly operations: Readonly<Partial<Record<LatencyOperation, OperationLatency>>>;
}

function bad(file: string, message: string): HotspotError {
  return new HotspotError('JMX_LATENCY_INVALID', `${message}; expected a saved answer of /jmx?qry=${JMX_SERVER_BEAN} from a RegionServer's info port`, { file });
}

/**
 * The RegionServer latencies in one saved `/jmx` answer (a whole `/jmx` dump works too): one entry per
 * `sub=Server` bean.
 * @param file - where the text came from, for messages.
 * @throws {@link HotspotError} `JMX_LATENCY_INVALID` (naming the file) for text that is not JSON, has no `beans`
 *   array or no `sub=Server` bean, a bean without `tag.serverName`, or a histogram figure that is not a number ≥ 0.
 */
export function parseServerLatencies(text: string, file: string): ServerLatency[] {
  const servers = jmxBeansNamed(text, JMX_SERVER_BEAN, (m) => bad(file, m));
  if (servers.length === 0) throw bad(file, `no bean named ${JMX_SERVER_BEAN}`);
  return servers.map((bean) => {
    const server = bean['tag.serverName'];
    if (typeof server !== 'string' || server === '') throw bad(file, 'the sub=Server bean has no "tag.serverName"');
    const operations: Partial<Record<LatencyOperation, OperationLatency>> = {};
    for (const op of LATENCY_OPERATIONS) {
      if (!(`${op}_num_ops` in bean)) continue;
      const figure = (suffix: string): number => {
        const v = bean[`${op}_${suffix}`];
        if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw bad(file, `${server}: ${op}_${suffix} is ${v === undefined ? 'missing' : jsonPreview(v)}, expected a number ≥ 0`);
        return v;
      };
      operations[op] = { ops: figure('num_ops'), p99Ms: figure('99th_percentile'), maxMs: figure('max') };
    }
    return { server, operations };
  });
}
