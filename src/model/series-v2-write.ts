/**
 * Load-series format version 2, the writing side: a header listing the tables and the optional metrics, then lines
 * that state a region once (`open`), what changes when it changes (`move`, `close`) and one line of counter values
 * per snapshot. Specified in `docs/load-series.md`; read by `series-v2-read.ts`.
 *
 * @module
 */
import { compareBytes, toStringBinary } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import { REGION_METRIC_NAMES, type RegionMetricName } from './metrics.js';
import { LOAD_SERIES_FORMAT, refuseRepeatedRegions } from './series-common.js';
import { type LoadSeries, type LoadSnapshot, type RegionLoad, regionTable, seriesTables } from './types.js';
import { pushAll } from '../util/arrays.js';

/** The header of a version 2 series: the tables, the source and the optional metrics it carries. */
export type SeriesV2Header = Pick<LoadSeries, 'table' | 'tables' | 'source' | 'metrics'>;

/** Renders the version 2 header line (no trailing newline). */
export function formatSeriesHeaderV2(header: SeriesV2Header): string {
  return JSON.stringify({
    format: LOAD_SERIES_FORMAT, version: 2, tables: seriesTables(header), source: header.source,
    ...(header.metrics && header.metrics.length > 0 ? { metrics: header.metrics } : {}),
  });
}

/** What a region is, apart from its counters and server: a change of any of these opens a new region id. */
interface Declared {
  readonly id: number;
  readonly table: string;
  readonly name: string;
  readonly startKey: Uint8Array;
  readonly endKey: Uint8Array;
  server: string;
  /** The last value written per column (0 before any). */
  readonly prev: number[];
}

/** Column values of a region: read, write (or the read + write total when read is unknown), store size, metrics. */
function columns(r: RegionLoad, metrics: readonly RegionMetricName[]): (number | null)[] {
  const known = r.readRequests !== null && r.writeRequests !== null;
  return [
    known ? r.readRequests : null,
    known ? r.writeRequests : r.requests,
    r.storeSizeBytes,
    ...metrics.map((m) => r.metrics?.[m] ?? null),
  ];
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a === b || compareBytes(a, b) === 0;
}

/** A value as a difference from `prev` when both are safe whole numbers, else as `[value]`. */
function encodeValue(value: number, prev: number): number | [number] {
  const delta = value - prev;
  return Number.isSafeInteger(value) && Number.isSafeInteger(prev) && Number.isSafeInteger(delta) ? delta : [value];
}

/**
 * Encodes snapshots into version 2 lines, keeping what each region was last declared as. One instance per file.
 * @throws {@link HotspotError} `SERIES_TIME_ORDER` when a snapshot is not later than the previous one,
 *   `SERIES_TABLE_MISMATCH` for a region of a table the header does not list, `SERIES_METRIC_UNDECLARED` for a metric
 *   the header does not list, `SERIES_REGION_REPEATED` for a snapshot listing a region twice.
 */
export class SeriesV2Encoder {
  private readonly open = new Map<string, Declared>();
  private nextId = 0;
  private lastTimeMs = Number.NEGATIVE_INFINITY;
  private readonly tables: ReadonlySet<string>;
  private readonly metrics: readonly RegionMetricName[];

  constructor(private readonly header: SeriesV2Header) {
    this.tables = new Set(seriesTables(header));
    this.metrics = header.metrics ?? [];
  }

  /** The header line (no trailing newline). */
  headerLine(): string {
    return formatSeriesHeaderV2(this.header);
  }

  /** @throws {@link HotspotError} `SERIES_TABLE_MISMATCH`, `SERIES_METRIC_UNDECLARED` before anything is written. */
  private check(r: RegionLoad, table: string): void {
    if (!this.tables.has(table)) throw new HotspotError('SERIES_TABLE_MISMATCH', `region ${r.name} of table "${table}" written to a series of ${[...this.tables].map((t) => `"${t}"`).join(', ')}`);
    for (const m of Object.keys(r.metrics ?? {})) {
      if (!this.metrics.includes(m as RegionMetricName)) throw new HotspotError('SERIES_METRIC_UNDECLARED', `region ${r.name} has metric "${m}", which the series header does not list (${this.metrics.join(', ') || 'none'})`);
    }
  }

  /** The lines (each without its newline) that bring a reader from the previous snapshot to this one. */
  lines(snapshot: LoadSnapshot): string[] {
    if (!(snapshot.timeMs > this.lastTimeMs)) {
      throw new HotspotError('SERIES_TIME_ORDER', `snapshot at ${snapshot.timeMs} ms is not after the previous one at ${this.lastTimeMs} ms; snapshots must be in increasing time order`);
    }
    for (const r of snapshot.regions) this.check(r, regionTable(r, snapshot));
    refuseRepeatedRegions(snapshot);
    this.lastTimeMs = snapshot.timeMs;
    const out: string[] = [];
    const seen = new Set<string>();
    const opens: string[] = [];
    const moves: string[] = [];
    const closed: number[] = [];
    const current: [Declared, RegionLoad][] = [];
    for (const r of snapshot.regions) {
      const table = regionTable(r, snapshot);
      seen.add(r.encodedName);
      let d = this.open.get(r.encodedName);
      if (d && (d.table !== table || d.name !== r.name || !sameBytes(d.startKey, r.startKey) || !sameBytes(d.endKey, r.endKey))) {
        closed.push(d.id);
        d = undefined;
      }
      if (!d) {
        d = { id: this.nextId++, table, name: r.name, startKey: r.startKey, endKey: r.endKey, server: r.server, prev: [] };
        this.open.set(r.encodedName, d);
        opens.push(JSON.stringify({ open: d.id, table, name: r.name, encodedName: r.encodedName, startKey: toStringBinary(r.startKey), endKey: toStringBinary(r.endKey), server: r.server }));
      } else if (d.server !== r.server) {
        d.server = r.server;
        moves.push(JSON.stringify({ move: d.id, server: r.server }));
      }
      current.push([d, r]);
    }
    for (const [name, d] of this.open) {
      if (!seen.has(name)) {
        closed.push(d.id);
        this.open.delete(name);
      }
    }
    if (closed.length > 0) out.push(JSON.stringify({ close: closed.sort((a, b) => a - b) }));
    pushAll(pushAll(out, opens), moves);
    current.sort((a, b) => a[0].id - b[0].id);
    const counters: (number | [number] | null)[] = [];
    for (const [d, r] of current) {
      columns(r, this.metrics).forEach((v, c) => {
        if (v === null) {
          counters.push(null);
          return;
        }
        counters.push(encodeValue(v, d.prev[c] ?? 0));
        d.prev[c] = v;
      });
    }
    out.push(JSON.stringify({ timeMs: snapshot.timeMs, counters }));
    return out;
  }
}

/** The optional metrics present in a series' regions, in catalogue order. */
export function metricsPresent(series: Pick<LoadSeries, 'snapshots' | 'metrics'>): RegionMetricName[] {
  const found = new Set<string>(series.metrics ?? []);
  for (const s of series.snapshots) for (const r of s.regions) for (const m of Object.keys(r.metrics ?? {})) found.add(m);
  return REGION_METRIC_NAMES.filter((m) => found.has(m));
}

/** Renders a whole series in version 2 (header, then each snapshot's lines, each line ending in `\n`). */
export function formatLoadSeriesV2(series: LoadSeries): string {
  const metrics = metricsPresent(series);
  const encoder = new SeriesV2Encoder({ table: series.table, source: series.source, ...(series.tables ? { tables: series.tables } : {}), ...(metrics.length > 0 ? { metrics } : {}) });
  const lines = [encoder.headerLine()];
  for (const s of series.snapshots) pushAll(lines, encoder.lines(s));
  return lines.map((l) => `${l}\n`).join('');
}
