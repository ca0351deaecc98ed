/**
 * Redaction applied to the data itself, before any analysis or rendering: a {@link LoadSeries} and its
 * {@link KeySample}s with every rowkey, region name and encoded region name replaced through one {@link KeyRedactor}.
 * Because the redaction keeps key order, lengths and byte classes, the analysis of the redacted data finds the same
 * hot regions and servers, shares and shape as the original; only the keys read differently.
 *
 * @module
 */
import { toStringBinary } from '../bytes/index.js';
import { type KeySample, type LoadSeries, type RegionLoad, regionTable } from '../model/index.js';
import { KeyRedactor } from './redact.js';
import { hostOf } from '../util/server-name.js';

/** Every rowkey a series and its samples show: region start and end keys and sampled keys. */
export function* shownKeys(series: readonly LoadSeries[], samples: readonly (readonly KeySample[])[] = []): Generator<Uint8Array> {
  for (const s of series) {
    for (const snap of s.snapshots) {
      for (const r of snap.regions) {
        yield r.startKey;
        yield r.endKey;
      }
    }
  }
  for (const list of samples) for (const sample of list) yield sample.key;
}

/**
 * Stand-ins for RegionServer host names: `host,port,startcode` becomes `server-NN,port,startcode` (and `host:port`
 * `server-NN:port`), NN numbering the distinct hosts in their sorted order, so one host keeps one stand-in across
 * every snapshot and design, and servers still sort as they did. Ports and start codes are kept: they tell servers on
 * one host, and restarts, apart.
 */
export class ServerRedactor {
  private readonly hosts: Map<string, string>;

  /** @param servers - every server name the output will show. */
  constructor(servers: Iterable<string>) {
    const hosts = [...new Set([...servers].map((s) => hostOf(s)))].sort();
    const width = Math.max(2, String(hosts.length).length);
    this.hosts = new Map(hosts.map((h, i) => [h, `server-${String(i + 1).padStart(width, '0')}`]));
  }

  /** The stand-in of a server name; a host not given to the constructor gets `server-redacted`. */
  redact(server: string): string {
    const host = hostOf(server);
    return `${this.hosts.get(host) ?? 'server-redacted'}${server.slice(host.length)}`;
  }
}


/** Every server name a series shows. */
export function* shownServers(series: readonly LoadSeries[]): Generator<string> {
  for (const s of series) for (const snap of s.snapshots) for (const r of snap.regions) yield r.server;
}

/** The region id of a full region name `table,startKey,regionId.encodedName.` (`0` when the name has none). */
function regionIdOf(name: string): string {
  return /,(\d+)(?:_\d+)?(?:\.[0-9a-f]{32}\.)?$/.exec(name)?.[1] ?? '0';
}

/**
 * One region with its keys and names redacted: the name is rebuilt as HBase prints it,
 * `table,redactedStartKey,regionId.redactedEncodedName.`, so it stays consistent with the redacted start key.
 */
export function redactRegion(region: RegionLoad, table: string, redactor: KeyRedactor, servers?: ServerRedactor): RegionLoad {
  const startKey = redactor.redactKey(region.startKey);
  const encodedName = redactor.redactEncodedName(region.encodedName);
  const name = `${table},${toStringBinary(startKey)},${regionIdOf(region.name)}.${encodedName}.`;
  return { ...region, startKey, endKey: redactor.redactKey(region.endKey), name, encodedName, server: servers ? servers.redact(region.server) : region.server };
}

/**
 * The series with every region's keys and names redacted (each name keeps its region's table), and its RegionServers'
 * host names when `servers` is given; times, counters, sizes, tables and metrics unchanged. The source description (a
 * URL or a file name) is replaced by `redacted`.
 * @throws Error when the redactor was not built from this series' keys ({@link shownKeys}).
 */
export function redactSeries(series: LoadSeries, redactor: KeyRedactor, servers?: ServerRedactor): LoadSeries {
  const { description: _dropped, ...source } = series.source;
  return {
    table: series.table,
    ...(series.tables ? { tables: series.tables } : {}),
    ...(series.metrics ? { metrics: series.metrics } : {}),
    source: { ...source, description: 'redacted' },
    snapshots: series.snapshots.map((snap) => ({ ...snap, regions: snap.regions.map((r) => redactRegion(r, regionTable(r, snap), redactor, servers)) })),
  };
}

/** The samples with their keys redacted. */
export function redactSamples(samples: readonly KeySample[], redactor: KeyRedactor): KeySample[] {
  return samples.map((s) => ({ ...s, key: redactor.redactKey(s.key) }));
}

/** Redacts a series (keys, region names, host names) and its samples with one fresh redactor (random key), for one output. */
export function redactLoad(series: LoadSeries, samples?: readonly KeySample[]): { series: LoadSeries; samples?: KeySample[] } {
  const redactor = new KeyRedactor(shownKeys([series], samples ? [samples] : []));
  const out = redactSeries(series, redactor, new ServerRedactor(shownServers([series])));
  return samples ? { series: out, samples: redactSamples(samples, redactor) } : { series: out };
}
