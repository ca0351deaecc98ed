/**
 * Load-series format version 2, the reading side (the writing side and the line kinds are in `series-v2-write.ts`;
 * the format is specified in `docs/load-series.md`). Every malformed line is reported with its line number and field
 * path, as the version 1 reader does; a bad `open` line still takes its region id so later lines are not misread.
 *
 * @module
 */
import { compareBytes } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import { jsonPreview, printable } from '../util/input-text.js';
import { REGION_METRIC_NAMES, type RegionMetricName, regionMetric } from './metrics.js';
import {
  FieldProblem, type JsonObject, NdjsonFormatError, type NdjsonIssue, countField, describe, keyField, parseObjectLine,
  rejectUnknown, stringField,
} from './ndjson.js';
import { LOAD_SERIES_FORMAT, parseSeriesSource } from './series-common.js';
import type { LoadSeriesReadOptions } from './series-format.js';
import type { LoadSeries, LoadSeriesSource, LoadSnapshot, RegionLoad } from './types.js';

const HEADER_FIELDS = ['format', 'version', 'tables', 'source', 'metrics'];
const OPEN_FIELDS = ['open', 'table', 'name', 'encodedName', 'startKey', 'endKey', 'server'];
const MOVE_FIELDS = ['move', 'server'];
const CLOSE_FIELDS = ['close'];
const SNAPSHOT_FIELDS = ['timeMs', 'counters'];
/** Columns before the optional metrics: read, write (or read + write), store size. */
const FIXED_COLUMNS = ['readRequests', 'writeRequests', 'storeSizeBytes'];

interface V2Header {
  readonly tables: readonly string[];
  readonly source: LoadSeriesSource;
  readonly metrics: readonly RegionMetricName[];
}

/** A declared region: its fixed fields (`undefined` when its `open` line was malformed) and last column values. */
interface OpenRegion {
  readonly id: number;
  readonly region: Omit<RegionLoad, 'readRequests' | 'writeRequests' | 'requests' | 'storeSizeBytes'> | undefined;
  readonly tableIndex: number;
  server: string;
  readonly prev: number[];
}

function parseHeader(obj: JsonObject): V2Header {
  rejectUnknown(obj, HEADER_FIELDS, '');
  if (!Array.isArray(obj.tables) || obj.tables.length === 0) throw new FieldProblem('tables', `${describe(obj.tables)}; expected a non-empty array of table names`);
  const tables = obj.tables.map((t, i) => {
    if (typeof t !== 'string' || t === '') throw new FieldProblem(`tables[${i}]`, `${describe(t)}; expected a table name (ns:name outside the default namespace)`);
    if (obj.tables && (obj.tables as unknown[]).indexOf(t) !== i) throw new FieldProblem(`tables[${i}]`, `"${t}" is listed twice`);
    return t;
  });
  const source = parseSeriesSource(obj.source);
  if (obj.metrics === undefined) return { tables, source, metrics: [] };
  if (!Array.isArray(obj.metrics)) throw new FieldProblem('metrics', `${describe(obj.metrics)}; expected an array of metric names (${REGION_METRIC_NAMES.join(', ')})`);
  const metrics = obj.metrics.map((m, i) => {
    const name = REGION_METRIC_NAMES.find((n) => n === m);
    if (!name) throw new FieldProblem(`metrics[${i}]`, `unknown metric ${jsonPreview(m)}; expected one of ${REGION_METRIC_NAMES.join(', ')}`);
    if ((obj.metrics as unknown[]).indexOf(m) !== i) throw new FieldProblem(`metrics[${i}]`, `"${name}" is listed twice`);
    return name;
  });
  return { tables, source, metrics };
}

/** How a message names a region's column: `region 4 (<encoded name>) writeRequests`. */
function label(r: OpenRegion, column: string): string {
  return `region ${r.id}${r.region ? ` (${r.region.encodedName})` : ''} ${column}`;
}

/** The name of counter column `column`: a fixed column's, else the header metric's. */
function columnName(column: number, metrics: readonly RegionMetricName[]): string {
  return column < FIXED_COLUMNS.length ? (FIXED_COLUMNS[column] as string) : (metrics[column - FIXED_COLUMNS.length] as string);
}

/** A bad value in `counters[offset + column]`, named by region and column. */
function cellProblem(r: OpenRegion, column: number, offset: number, metrics: readonly RegionMetricName[], message: string): FieldProblem {
  return new FieldProblem(`counters[${offset + column}]`, `${label(r, columnName(column, metrics))}: ${message}`);
}

/** Region id field of a `move` / `open` line, or an element of `close`. */
function idField(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new FieldProblem(field, `${describe(value)}; expected a region id (a whole number ≥ 0)`);
  return value;
}

/**
 * Takes a snapshot at `timeMs` on line `line` that is not after the one before it (`last`), in either format version:
 * under `allowClockSteps` it is dropped with a warning to `onWarning` (the caller keeps what it decoded of the line);
 * otherwise refused.
 * @throws {@link FieldProblem} on `timeMs` without `allowClockSteps`.
 */
export function clockStep(options: LoadSeriesReadOptions, line: number, timeMs: number, last: { timeMs: number; line: number }): void {
  const why = `${timeMs} is not after line ${last.line}'s ${last.timeMs}`;
  if (!options.allowClockSteps) {
    throw new FieldProblem('timeMs', `${why}; snapshots must be in increasing time order (allowClockSteps, --allow-clock-steps, drops such a snapshot with a warning)`);
  }
  options.onWarning?.({ line, field: 'timeMs', message: `${why} (${timeMs === last.timeMs ? 'the same time again' : 'the clock stepped back'}): snapshot dropped` });
}

/**
 * Incremental version 2 reader: {@link SeriesV2Parser.push} every non-blank line (the header first), then
 * {@link SeriesV2Parser.finish}. `LoadSeriesParser` hands a version 2 file here, with its read options.
 */
export class SeriesV2Parser {
  private header: V2Header | undefined;
  private readonly snapshots: LoadSnapshot[] = [];
  private readonly issues: NdjsonIssue[] = [];
  private readonly declared: OpenRegion[] = [];
  private readonly open = new Map<number, OpenRegion>();
  /** Encoded name → id of the open regions (an encoded name is open under one id at a time). */
  private readonly openNames = new Map<string, number>();
  private lastTime: { timeMs: number; line: number } | undefined;
  private sawFirst = false;

  constructor(
    private readonly file: string,
    private readonly options: LoadSeriesReadOptions = {},
  ) {}

  /** Parses one non-blank line; `line` is its 1-based number in the file. */
  push(line: number, text: string): void {
    const isFirst = !this.sawFirst;
    this.sawFirst = true;
    try {
      const obj = parseObjectLine(text);
      if (isFirst) this.header = parseHeader(obj);
      else if ('open' in obj) this.openLine(obj);
      else if ('move' in obj) this.moveLine(obj);
      else if ('close' in obj) this.closeLine(obj);
      else if ('counters' in obj || 'timeMs' in obj) this.snapshotLine(obj, line);
      else throw new FieldProblem(undefined, 'expected an open, move, close or snapshot line ({"open":…}, {"move":…}, {"close":[…]}, {"timeMs":…,"counters":[…]})');
    } catch (err) {
      if (!(err instanceof FieldProblem)) throw err;
      this.issues.push({ line, ...(err.field === undefined ? {} : { field: err.field }), message: err.message });
    }
  }

  private openLine(obj: JsonObject): void {
    const id = this.declared.length;
    // the id is taken even when the line is bad, so later lines still name the regions they meant
    const prev = new Array<number>(FIXED_COLUMNS.length + (this.header?.metrics.length ?? 0)).fill(0);
    const placeholder: OpenRegion = { id, region: undefined, tableIndex: 0, server: '', prev };
    this.declared.push(placeholder);
    this.open.set(id, placeholder);
    if (obj.open !== id) throw new FieldProblem('open', `${describe(obj.open)}; region ids are given in order: this line opens region ${id}`);
    rejectUnknown(obj, OPEN_FIELDS, '');
    const table = stringField(obj, 'table', '');
    const tables = this.header?.tables;
    const tableIndex = tables ? tables.indexOf(table) : 0;
    if (tableIndex < 0) throw new FieldProblem('table', `${jsonPreview(table)} is not among the header's tables (${printable((tables ?? []).join(', '), 200)})`);
    const encodedName = stringField(obj, 'encodedName', '');
    const other = this.openNames.get(encodedName);
    if (other !== undefined) throw new FieldProblem('encodedName', `"${encodedName}" is already open as region ${other}; close it first`);
    const server = stringField(obj, 'server', '');
    const region = {
      name: stringField(obj, 'name', ''), encodedName, startKey: keyField(obj, 'startKey', ''), endKey: keyField(obj, 'endKey', ''), server,
      ...(tables && tables.length > 1 ? { table } : {}),
    };
    const opened: OpenRegion = { id, region, tableIndex, server, prev };
    this.declared[id] = opened;
    this.open.set(id, opened);
    this.openNames.set(encodedName, id);
  }

  private moveLine(obj: JsonObject): void {
    rejectUnknown(obj, MOVE_FIELDS, '');
    const id = idField(obj.move, 'move');
    const region = this.open.get(id);
    if (!region) throw new FieldProblem('move', `region ${id} is not open (${id < this.declared.length ? 'it was closed' : 'no open line declared it'})`);
    region.server = stringField(obj, 'server', '');
  }

  private closeLine(obj: JsonObject): void {
    rejectUnknown(obj, CLOSE_FIELDS, '');
    if (!Array.isArray(obj.close)) throw new FieldProblem('close', `${describe(obj.close)}; expected an array of region ids`);
    obj.close.forEach((v, i) => {
      const id = idField(v, `close[${i}]`);
      const name = this.open.get(id)?.region?.encodedName;
      if (!this.open.delete(id)) throw new FieldProblem(`close[${i}]`, `region ${id} is not open`);
      if (name !== undefined) this.openNames.delete(name);
    });
  }

  private snapshotLine(obj: JsonObject, line: number): void {
    rejectUnknown(obj, SNAPSHOT_FIELDS, '');
    const timeMs = countField(obj, 'timeMs', '', true);
    if (!Array.isArray(obj.counters)) throw new FieldProblem('counters', `${describe(obj.counters)}; expected an array of counter values`);
    const metrics = this.header?.metrics ?? [];
    const width = FIXED_COLUMNS.length + metrics.length;
    const regions = [...this.open.values()].sort((a, b) => a.id - b.id);
    if (obj.counters.length !== regions.length * width) {
      throw new FieldProblem('counters', `${obj.counters.length} values; expected ${width} for each of the ${regions.length} open region(s) = ${regions.length * width}`);
    }
    const values = obj.counters;
    const loads = regions.map((r, i) => this.regionLoad(r, values, i * width, metrics));
    // Its cells are decoded (above) even when it is dropped: the next line's differences are from its values.
    if (this.lastTime && timeMs <= this.lastTime.timeMs) {
      clockStep(this.options, line, timeMs, this.lastTime);
      return;
    }
    this.lastTime = { timeMs, line };
    const order = new Map(regions.map((r) => [r.id, r.tableIndex]));
    const sorted = loads
      .map((load, i) => ({ load, table: order.get(regions[i]?.id ?? 0) ?? 0 }))
      .filter((x): x is { load: RegionLoad; table: number } => x.load !== undefined)
      .sort((a, b) => a.table - b.table || compareBytes(a.load.startKey, b.load.startKey))
      .map((x) => x.load);
    this.snapshots.push({ timeMs, table: this.header?.tables[0] ?? '', regions: sorted });
  }

  /** Decodes one region's columns (starting at `counters[offset]`); `undefined` for a region whose open line was bad. */
  private regionLoad(r: OpenRegion, cells: readonly unknown[], offset: number, metrics: readonly RegionMetricName[]): RegionLoad | undefined {
    const read = this.decode(r, cells[offset], 0, offset, metrics);
    const write = this.decode(r, cells[offset + 1], 1, offset, metrics);
    const size = this.decode(r, cells[offset + 2], 2, offset, metrics);
    let metricValues: Partial<Record<RegionMetricName, number>> | undefined;
    for (let i = 0; i < metrics.length; i++) {
      const v = this.decode(r, cells[offset + FIXED_COLUMNS.length + i], FIXED_COLUMNS.length + i, offset, metrics);
      if (v !== null) (metricValues ??= {})[metrics[i] as RegionMetricName] = v;
    }
    const d = r.region;
    if (!d) return undefined;
    if (write === null) throw cellProblem(r, 1, offset, metrics, 'must be given (after a null readRequests, as the read + write total)');
    if (size === null) throw cellProblem(r, 2, offset, metrics, 'must be given');
    const load: RegionLoad = {
      name: d.name, encodedName: d.encodedName, startKey: d.startKey, endKey: d.endKey, server: r.server,
      readRequests: read, writeRequests: read === null ? null : write, requests: read === null ? write : read + write, storeSizeBytes: size,
    };
    if (d.table === undefined && metricValues === undefined) return load;
    return { ...load, ...(d.table === undefined ? {} : { table: d.table }), ...(metricValues ? { metrics: metricValues } : {}) };
  }

  /** One cell of column `column`: `null`, a difference from the column's previous value, or `[absolute]`. */
  private decode(r: OpenRegion, cell: unknown, column: number, offset: number, metrics: readonly RegionMetricName[]): number | null {
    if (cell === null) return null;
    let value: number;
    if (typeof cell === 'number') {
      const prev = r.prev[column] ?? 0;
      value = prev + cell;
      if (!Number.isSafeInteger(cell)) throw cellProblem(r, column, offset, metrics, `${describe(cell)}; a difference from the previous value is a whole number (write [value] for others)`);
      if (!Number.isSafeInteger(prev) || value < 0) throw cellProblem(r, column, offset, metrics, `the previous value ${prev} plus ${cell} gives ${value}; expected a whole number ≥ 0`);
    } else if (Array.isArray(cell) && cell.length === 1 && typeof cell[0] === 'number' && Number.isFinite(cell[0]) && cell[0] >= 0) {
      value = cell[0];
    } else {
      throw cellProblem(r, column, offset, metrics, `${describe(cell)}; expected a whole-number difference from the previous value, [value] (a number ≥ 0), or null`);
    }
    if (column >= FIXED_COLUMNS.length) {
      const max = regionMetric(columnName(column, metrics))?.max;
      if (max !== undefined && value > max) throw cellProblem(r, column, offset, metrics, `${value} is above ${max}`);
    }
    r.prev[column] = value;
    return value;
  }

  /**
   * The series read.
   * @throws {@link NdjsonFormatError} `SERIES_MALFORMED` listing every bad line; `SERIES_EMPTY` without a header.
   */
  finish(): LoadSeries {
    if (this.issues.length > 0) throw new NdjsonFormatError('SERIES_MALFORMED', this.file, 'load series', this.issues);
    if (this.header === undefined) throw new HotspotError('SERIES_EMPTY', `no header line; a version 2 load series starts with {"format":"${LOAD_SERIES_FORMAT}","version":2,"tables":[...],"source":{...}}`, { file: this.file });
    const { tables, source, metrics } = this.header;
    return {
      table: tables[0] ?? '', source, snapshots: this.snapshots,
      ...(tables.length > 1 ? { tables } : {}), ...(metrics.length > 0 ? { metrics } : {}),
    };
  }
}
