/**
 * Reading per-region counters from a RegionServer's (or the master's) JMX servlet:
 * `GET /jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Regions` (HBase `JMXJsonServlet`, bean registered by
 * `MetricsRegionAggregateSourceImpl`; metric names from `MetricsRegionSourceImpl`). Each region contributes
 * attributes named `Namespace_<ns>_table_<qualifier>_region_<encodedName>_metric_<metric>`.
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';
import type { RegionCounters } from './assemble.js';
import { jsonErrorText, jsonPreview } from '../util/input-text.js';

/** The ObjectName of the per-region metrics bean. */
export const JMX_REGIONS_BEAN = 'Hadoop:service=HBase,name=RegionServer,sub=Regions';

/** The JMX metrics a snapshot needs, by the field they fill. */
export const JMX_REGION_METRICS = {
  readRequests: 'readRequestCount',
  writeRequests: 'writeRequestCount',
  storeSizeBytes: 'storeFileSize',
} as const;

/** The attribute-name prefix of `table`'s regions: `Namespace_default_table_t_region_` for `t`, `ns` for `ns:t`. */
export function jmxRegionPrefix(table: string): string {
  const colon = table.indexOf(':');
  const ns = colon < 0 ? 'default' : table.slice(0, colon);
  return `Namespace_${ns}_table_${table.slice(colon + 1)}_region_`;
}

/**
 * The beans of a `/jmx` answer (HBase `JMXJsonServlet`: `{"beans": [{"name": ObjectName, ...attributes}]}`) named
 * `name`. `fail` turns a problem into the caller's error.
 * @throws what `fail` returns, for text that is not JSON or has no `beans` array.
 */
export function jmxBeansNamed(text: string, name: string, fail: (message: string) => Error): Record<string, unknown>[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw fail(`not JSON (${jsonErrorText(err)})`);
  }
  const beans = (json as { beans?: unknown } | null)?.beans;
  if (!Array.isArray(beans)) throw fail('no "beans" array');
  return beans.filter((b): b is Record<string, unknown> => typeof b === 'object' && b !== null && (b as { name?: unknown }).name === name);
}

function bad(url: string, message: string): HotspotError {
  return new HotspotError('JMX_MALFORMED', `${url}: ${message}; expected the answer of /jmx?qry=${JMX_REGIONS_BEAN}`);
}

/**
 * Parses one `/jmx` answer into `table`'s per-region counters, by encoded name. Server is left unknown: in a
 * standalone or mini cluster one bean holds the regions of every in-process RegionServer.
 * @param url - where the answer came from, for messages.
 * @throws {@link HotspotError} `JMX_MALFORMED` for text that is not JSON, lacks the `beans` array or the
 *   `sub=Regions` bean, or a region without all three metrics / with a negative or non-numeric value.
 */
export function parseJmxRegions(text: string, table: string, url: string): Map<string, RegionCounters> {
  const [bean] = jmxBeansNamed(text, JMX_REGIONS_BEAN, (m) => bad(url, m));
  if (!bean) throw bad(url, `no bean named ${JMX_REGIONS_BEAN} (is this a RegionServer or master info port?)`);
  const prefix = jmxRegionPrefix(table);
  const metrics = new Map<string, Map<string, number>>();
  for (const [key, value] of Object.entries(bean)) {
    if (!key.startsWith(prefix)) continue;
    const m = /^([0-9a-f]{32})_metric_(\w+)$/.exec(key.slice(prefix.length));
    if (!m?.[1] || !m[2]) continue;
    let region = metrics.get(m[1]);
    if (!region) metrics.set(m[1], (region = new Map()));
    region.set(m[2], value as number);
  }
  const out = new Map<string, RegionCounters>();
  for (const [encoded, values] of metrics) {
    const read = (field: keyof typeof JMX_REGION_METRICS): number => {
      const name = JMX_REGION_METRICS[field];
      const v = values.get(name);
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
        throw bad(url, `region ${encoded} of table "${table}": metric ${name} is ${v === undefined ? 'missing' : jsonPreview(v)}, expected a number ≥ 0`);
      }
      return v;
    };
    out.set(encoded, { readRequests: read('readRequests'), writeRequests: read('writeRequests'), storeSizeBytes: read('storeSizeBytes') });
  }
  return out;
}

/**
 * Merges the counters read from several JMX URLs. A region reported by two of them (every info port of one JVM
 * shows the same bean; a region moving between two RegionServers shows on both for a moment) keeps the reading with
 * the larger request total: the copy on the server it left stops counting.
 */
export function mergeJmxCounters(maps: readonly ReadonlyMap<string, RegionCounters>[]): Map<string, RegionCounters> {
  const out = new Map<string, RegionCounters>();
  for (const map of maps) {
    for (const [encoded, c] of map) {
      const before = out.get(encoded);
      if (!before || c.readRequests + c.writeRequests > before.readRequests + before.writeRequests) out.set(encoded, c);
    }
  }
  return out;
}
