/**
 * Load-series format version 2, the reading side (the writing side and the line kinds are in `series-v2-write.ts`;
 * the format is specified in `docs/load-series.md`). Every malformed line is reported with its line number and field
 * path, as the version 1 reader does; a bad `open` line still takes its region id so later lines are not misread.
 *
 * @module
 */
import { compareBytes } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import { decodeLine, jsonPreview, printable } from '../util/input-text.js';
import { REGION_METRIC_NAMES, type RegionMetricName, regionMetric } from './metrics.js';
import {
  FieldProblem, type JsonObject, NdjsonFormatError, type NdjsonIssue, countField, describe, keyRangeFields, parseObjectLine,
  rejectUnknown, stringField,
} from './ndjson.js';
import { LOAD_SERIES_FORMAT, type LoadSeriesReadOptions, acceptInTimeOrder, parseSeriesSource } from './series-common.js';
import { type NameIndex, rememberUniqueNames, uniqueNamesIndex } from './name-index.js';
import { internName } from './series-fast.js';
import { type OpenFields, readOpenLine } from './series-v2-fast.js';
import { type SnapshotColumns, columnarSnapshot } from './snapshot-columns.js';
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

/** No metrics: the header of a series whose snapshots are held in columns names none. */
const NO_METRICS: readonly RegionMetricName[] = [];

/** One snapshot line's counts by region id (`regions` of {@link SeriesV2Parser.snapshotLine}), before they are put in key order. */
class CountColumns {
  readonly readRequests: (number | null)[];
  readonly writeRequests: (number | null)[];
  readonly requests: number[];
  readonly storeSizeBytes: number[];

  constructor(n: number) {
    this.readRequests = new Array<number | null>(n);
    this.writeRequests = new Array<number | null>(n);
    this.requests = new Array<number>(n);
    this.storeSizeBytes = new Array<number>(n);
  }

  /** The counts of the regions at `order` (positions here), in that order. */
  inOrder(order: readonly number[]): CountColumns {
    const sorted = new CountColumns(order.length);
    for (let j = 0; j < order.length; j++) {
      const i = order[j] as number;
      sorted.readRequests[j] = this.readRequests[i] as number | null;
      sorted.writeRequests[j] = this.writeRequests[i] as number | null;
      sorted.requests[j] = this.requests[i] as number;
      sorted.storeSizeBytes[j] = this.storeSizeBytes[i] as number;
    }
    return sorted;
  }
}

/** What an open line declares: a region's fields apart from its counters. */
type RegionFields = Omit<RegionLoad, 'readRequests' | 'writeRequests' | 'requests' | 'storeSizeBytes'>;

/** A declared region: its fixed fields (`undefined` when its `open` line was malformed) and last column values. */
interface OpenRegion {
  readonly id: number;
  readonly region: RegionFields | undefined;
  readonly tableIndex: number;
  server: string;
  readonly prev: number[];
  /** In every snapshot from its open line on, until a close line names it. */
  open: boolean;
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

/**
 * Checks that region `r`'s write column (the read + write total after a null read) and store size, decoded from the
 * cells at `counters[offset]`, are given: after it, neither is `null`.
 * @throws {@link FieldProblem} naming the first one that is `null`, as `counters[offset + column]` of region `r`.
 */
function requireCounts(r: OpenRegion, write: number | null, size: number | null, offset: number, metrics: readonly RegionMetricName[]): void {
  if (write === null) throw cellProblem(r, 1, offset, metrics, 'must be given (after a null readRequests, as the read + write total)');
  if (size === null) throw cellProblem(r, 2, offset, metrics, 'must be given');
}

/** Region id field of a `move` / `open` line, or an element of `close`. */
function idField(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new FieldProblem(field, `${describe(value)}; expected a region id (a whole number ≥ 0)`);
  return value;
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
  /** The open regions by id, as of {@link SeriesV2Parser.openVersion} `openListVersion` (rebuilt after an open or a close). */
  private openList: OpenRegion[] = [];
  private openListVersion = 0;
  /** Encoded name → id of the open regions (an encoded name is open under one id at a time). */
  private readonly openNames = new Map<string, number>();
  /** Each server name read, once: the regions on one RegionServer share its string ({@link internName}). */
  private readonly servers = new Map<string, string>();
  private lastTime: { timeMs: number; line: number } | undefined;
  private sawFirst = false;
  /** Counts the changes of the set of open regions (opened, closed): {@link SeriesV2Parser.keyOrder} keeps its order until the next. */
  private openVersion = 0;
  /** {@link SeriesV2Parser.keyOrder}'s last order; `inIdOrder`: it lists every open region, in id order. */
  private order: { version: number; positions: readonly number[]; inIdOrder: boolean } | undefined;
  /** Reads open lines of the writer's form without JSON (replaceable, so a test can compare with the validating path). */
  private readonly fastOpen: typeof readOpenLine = readOpenLine;
  /** The end key of the last region opened (the next one's start key when they are the same bytes: shared). */
  private lastEnd: Uint8Array | undefined;
  /** The open regions' names and keys in key order as of {@link SeriesV2Parser.openVersion} `version` ({@link columnsOf}). */
  private identity:
    | { version: number; names: string[]; encodedNames: string[]; startKeys: Uint8Array[]; endKeys: Uint8Array[]; index: NameIndex }
    | undefined;
  /** The servers column of the last snapshot held in columns. */
  private lastServers: string[] | undefined;

  constructor(
    private readonly file: string,
    private readonly options: LoadSeriesReadOptions = {},
  ) {}

  /** Parses one non-blank line; `line` is its 1-based number in the file. */
  push(line: number, text: string): void {
    if (!this.fastLine(text)) this.parse(line, text);
  }

  /** {@link SeriesV2Parser.push} of a line given as its UTF-8 bytes (valid only during the call), decoded only when needed. */
  pushBytes(line: number, bytes: Buffer): void {
    if (!this.fastLine(bytes)) this.parse(line, decodeLine(bytes));
  }

  /**
   * Declares the region of an open line as the writer writes it (no JSON), when it is of a known table and declares
   * the next id under a name not open; false for any other line (the first, the header, included).
   */
  private fastLine(input: Buffer | string): boolean {
    if (!this.sawFirst || this.header === undefined) return false;
    const fast = this.fastOpen(input, this.header.tables, this.lastEnd);
    if (fast === undefined || fast.id !== this.declared.length || this.openNames.has(fast.encodedName)) return false;
    this.declare(fast, this.header.tables);
    return true;
  }

  /** Parses line `line` as JSON and validates it, collecting what is wrong with it. */
  private parse(line: number, text: string): void {
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
    const placeholder: OpenRegion = { id, region: undefined, tableIndex: 0, server: '', prev: this.newColumns(), open: true };
    this.declared.push(placeholder);
    this.openVersion++;
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
    const name = stringField(obj, 'name', '');
    const { startKey, endKey } = keyRangeFields(obj, '');
    this.declare({ id, tableIndex, name, encodedName, startKey, endKey, server }, tables ?? [table]);
  }

  /** The last values of a new region's columns: 0 each (the fixed ones and one per header metric). */
  private newColumns(): number[] {
    const width = FIXED_COLUMNS.length + (this.header?.metrics.length ?? 0);
    return width === 3 ? [0, 0, 0] : new Array<number>(width).fill(0);
  }

  /**
   * Declares the region of a valid open line, open from the next snapshot on: its id is the next one (the fast path)
   * or the one its placeholder took (the validating path), which it replaces.
   */
  private declare(f: OpenFields, tables: readonly string[]): void {
    const server = internName(this.servers, f.server);
    const base = { name: f.name, encodedName: f.encodedName, startKey: f.startKey, endKey: f.endKey, server };
    const region = tables.length > 1 ? { ...base, table: tables[f.tableIndex] as string } : base;
    const opened: OpenRegion = { id: f.id, region, tableIndex: f.tableIndex, server, prev: this.newColumns(), open: true };
    this.declared[f.id] = opened;
    this.openNames.set(f.encodedName, f.id);
    this.lastEnd = f.endKey;
    this.openVersion++;
  }

  private moveLine(obj: JsonObject): void {
    rejectUnknown(obj, MOVE_FIELDS, '');
    const id = idField(obj.move, 'move');
    const region = this.openRegion(id);
    if (!region) throw new FieldProblem('move', `region ${id} is not open (${id < this.declared.length ? 'it was closed' : 'no open line declared it'})`);
    region.server = internName(this.servers, stringField(obj, 'server', ''));
  }

  private closeLine(obj: JsonObject): void {
    rejectUnknown(obj, CLOSE_FIELDS, '');
    if (!Array.isArray(obj.close)) throw new FieldProblem('close', `${describe(obj.close)}; expected an array of region ids`);
    obj.close.forEach((v, i) => {
      const id = idField(v, `close[${i}]`);
      const region = this.openRegion(id);
      if (region === undefined) throw new FieldProblem(`close[${i}]`, `region ${id} is not open`);
      region.open = false;
      const name = region.region?.encodedName;
      this.openVersion++;
      if (name !== undefined) this.openNames.delete(name);
    });
  }

  private snapshotLine(obj: JsonObject, line: number): void {
    rejectUnknown(obj, SNAPSHOT_FIELDS, '');
    const timeMs = countField(obj, 'timeMs', '', true);
    if (!Array.isArray(obj.counters)) throw new FieldProblem('counters', `${describe(obj.counters)}; expected an array of counter values`);
    const metrics = this.header?.metrics ?? [];
    const width = FIXED_COLUMNS.length + metrics.length;
    const regions = this.openRegions();
    if (obj.counters.length !== regions.length * width) {
      throw new FieldProblem('counters', `${obj.counters.length} values; expected ${width} for each of the ${regions.length} open region(s) = ${regions.length * width}`);
    }
    const values = obj.counters;
    const table = this.header?.tables[0] ?? '';
    if (metrics.length === 0 && (this.header?.tables.length ?? 0) === 1) {
      // one table and no metrics: the regions' fields fit the columns of a snapshot held in columns
      const counts = new CountColumns(regions.length);
      for (let i = 0; i < regions.length; i++) this.countsInto(regions[i] as OpenRegion, values, i * width, counts, i);
      if (!acceptInTimeOrder(line, timeMs, this.lastTime, this.options)) return;
      this.lastTime = { timeMs, line };
      this.snapshots.push(columnarSnapshot(timeMs, table, this.columnsOf(regions, counts)));
      return;
    }
    const loads = regions.map((r, i) => this.regionLoad(r, values, i * width, metrics));
    // dropped or not, its counters were read: the next snapshot's differences are from them, as the writer wrote them
    if (!acceptInTimeOrder(line, timeMs, this.lastTime, this.options)) return;
    this.lastTime = { timeMs, line };
    const order = this.keyOrder(regions);
    const sorted = new Array<RegionLoad>(order.length);
    for (let j = 0; j < order.length; j++) sorted[j] = loads[order[j] as number] as RegionLoad;
    // an encoded name is open under one id at a time (an open line naming an open one is refused): no name twice
    rememberUniqueNames(sorted);
    this.snapshots.push({ timeMs, table, regions: sorted });
  }

  /**
   * The columns of a snapshot of the open regions `regions` (by id) whose counts, by id, are `counts`: in key order,
   * the names and keys the same arrays for every snapshot until a region opens or closes, the servers the previous
   * snapshot's array while no region moved.
   */
  private columnsOf(regions: readonly OpenRegion[], counts: CountColumns): SnapshotColumns {
    const order = this.keyOrder(regions);
    const n = order.length;
    let identity = this.identity;
    if (identity?.version !== this.openVersion) {
      const names = new Array<string>(n);
      const encodedNames = new Array<string>(n);
      const startKeys = new Array<Uint8Array>(n);
      const endKeys = new Array<Uint8Array>(n);
      for (let j = 0; j < n; j++) {
        const d = (regions[order[j] as number] as OpenRegion).region as RegionFields;
        names[j] = d.name;
        encodedNames[j] = d.encodedName;
        startKeys[j] = d.startKey;
        endKeys[j] = d.endKey;
      }
      // an encoded name is open under one id at a time (an open line naming an open one is refused): no name twice
      identity = this.identity = { version: this.openVersion, names, encodedNames, startKeys, endKeys, index: uniqueNamesIndex(encodedNames) };
    }
    const servers = new Array<string>(n);
    const last = this.lastServers;
    let sameServers = last !== undefined && last.length === n;
    for (let j = 0; j < n; j++) {
      const server = (regions[order[j] as number] as OpenRegion).server;
      servers[j] = server;
      if (sameServers && (last as string[])[j] !== server) sameServers = false;
    }
    const kept = sameServers ? (last as string[]) : servers;
    this.lastServers = kept;
    const { names, encodedNames, startKeys, endKeys, index } = identity;
    // regions opened in key order (as writers open them) are in key order by id: the counts are the columns
    const sorted = this.order?.inIdOrder === true ? counts : counts.inOrder(order);
    return { length: n, names, encodedNames, startKeys, endKeys, servers: kept, ...sorted, index };
  }

  /**
   * Decodes the three columns of region `r` (starting at `cells[offset]`; no metrics) into place `i` of `counts`, as
   * {@link regionLoad} decodes them, with the same errors; a region whose open line was bad only has its cells read.
   */
  private countsInto(r: OpenRegion, cells: readonly unknown[], offset: number, counts: CountColumns, i: number): void {
    const read = this.decode(r, cells[offset], 0, offset, NO_METRICS);
    const write = this.decode(r, cells[offset + 1], 1, offset, NO_METRICS);
    const size = this.decode(r, cells[offset + 2], 2, offset, NO_METRICS);
    if (!r.region) return;
    requireCounts(r, write, size, offset, NO_METRICS);
    // given (checked just above)
    const total = write as number;
    counts.readRequests[i] = read;
    counts.writeRequests[i] = read === null ? null : total;
    counts.requests[i] = read === null ? total : read + total;
    counts.storeSizeBytes[i] = size as number;
  }

  /** The region of id `id` when it is open. */
  private openRegion(id: number): OpenRegion | undefined {
    const region = this.declared[id];
    return region?.open ? region : undefined;
  }

  /** The open regions in id order (ids are given in order, so the declared regions are in id order). */
  private openRegions(): readonly OpenRegion[] {
    if (this.openListVersion !== this.openVersion) {
      this.openList = this.declared.filter((r) => r.open);
      this.openListVersion = this.openVersion;
    }
    return this.openList;
  }

  /**
   * Positions in `regions` (the open regions by id) of those whose open line was valid, in table (header order) then
   * start key order. Kept until a region opens or closes (a move changes no key), so a series whose regions stay put
   * sorts them once.
   */
  private keyOrder(regions: readonly OpenRegion[]): readonly number[] {
    if (this.order !== undefined && this.order.version === this.openVersion) return this.order.positions;
    const positions: number[] = [];
    for (let i = 0; i < regions.length; i++) if ((regions[i] as OpenRegion).region !== undefined) positions.push(i);
    const inOrder = (a: number, b: number) => {
      const ra = regions[a] as OpenRegion;
      const rb = regions[b] as OpenRegion;
      return ra.tableIndex - rb.tableIndex || compareBytes((ra.region as RegionFields).startKey, (rb.region as RegionFields).startKey);
    };
    let sorted = true;
    for (let j = 1; j < positions.length && sorted; j++) sorted = inOrder(positions[j - 1] as number, positions[j] as number) <= 0;
    if (!sorted) positions.sort(inOrder);
    this.order = { version: this.openVersion, positions, inIdOrder: sorted && positions.length === regions.length };
    return positions;
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
    requireCounts(r, write, size, offset, metrics);
    // given (checked just above)
    const total = write as number;
    const load: RegionLoad = {
      name: d.name, encodedName: d.encodedName, startKey: d.startKey, endKey: d.endKey, server: r.server,
      readRequests: read, writeRequests: read === null ? null : total, requests: read === null ? total : read + total, storeSizeBytes: size as number,
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
      if (!Number.isSafeInteger(prev) || value < 0 || value > Number.MAX_SAFE_INTEGER) {
        throw cellProblem(r, column, offset, metrics, `the previous value ${prev} plus ${cell} gives ${value}; expected a whole number ≥ 0 and at most 2^53 - 1`);
      }
    } else if (Array.isArray(cell) && cell.length === 1 && typeof cell[0] === 'number' && Number.isFinite(cell[0]) && cell[0] >= 0) {
      value = cell[0];
      // past 2^53 - 1 a double no longer holds every whole number, and sums of such counts run to Infinity
      if (value > Number.MAX_SAFE_INTEGER) throw cellProblem(r, column, offset, metrics, `[${value}] is past 2^53 - 1; a value must be at most ${Number.MAX_SAFE_INTEGER}`);
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
