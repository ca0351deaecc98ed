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

/** The region id of a full region name `table,startKey,regionId.encodedName.` (`0` when the name has none). */
function regionIdOf(name: string): string {
  return /,(\d+)(?:_\d+)?(?:\.[0-9a-f]{32}\.)?$/.exec(name)?.[1] ?? '0';
}

/**
 * One region with its keys and names redacted: the name is rebuilt as HBase prints it,
 * `table,redactedStartKey,regionId.redactedEncodedName.`, so it stays consistent with the redacted start key.
 */
export function redactRegion(region: RegionLoad, table: string, redactor: KeyRedactor): RegionLoad {
  const startKey = redactor.redactKey(region.startKey);
  const encodedName = redactor.redactEncodedName(region.encodedName);
  const name = `${table},${toStringBinary(startKey)},${regionIdOf(region.name)}.${encodedName}.`;
  return { ...region, startKey, endKey: redactor.redactKey(region.endKey), name, encodedName };
}

/**
 * The series with every region's keys and names redacted (each name keeps its region's table); times, servers,
 * counters, sizes, tables and metrics unchanged. The source
 * description (a URL or a file name) is replaced by `redacted`.
 * @throws Error when the redactor was not built from this series' keys ({@link shownKeys}).
 */
export function redactSeries(series: LoadSeries, redactor: KeyRedactor): LoadSeries {
  const { description: _dropped, ...source } = series.source;
  return {
    table: series.table,
    ...(series.tables ? { tables: series.tables } : {}),
    ...(series.metrics ? { metrics: series.metrics } : {}),
    source: { ...source, description: 'redacted' },
    snapshots: series.snapshots.map((snap) => ({ ...snap, regions: snap.regions.map((r) => redactRegion(r, regionTable(r, snap), redactor)) })),
  };
}

/** The samples with their keys redacted. */
export function redactSamples(samples: readonly KeySample[], redactor: KeyRedactor): KeySample[] {
  return samples.map((s) => ({ ...s, key: redactor.redactKey(s.key) }));
}

/** Redacts a series and its samples with one fresh redactor (random key), for one output. */
export function redactLoad(series: LoadSeries, samples?: readonly KeySample[]): { series: LoadSeries; samples?: KeySample[] } {
  const redactor = new KeyRedactor(shownKeys([series], samples ? [samples] : []));
  const out = redactSeries(series, redactor);
  return samples ? { series: out, samples: redactSamples(samples, redactor) } : { series: out };
}
