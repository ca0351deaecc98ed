/**
 * The load-series NDJSON file: a header line, then one snapshot per line, keys in `toStringBinary` form.
 * The format is specified in `docs/load-series.md`; this file is its reader and writer.
 *
 * @module
 */
import { compareBytes, toStringBinary } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import { decodeLine, jsonPreview } from '../util/input-text.js';
import {
  FieldProblem, type JsonObject, NdjsonFormatError, type NdjsonIssue, countField, keyRangeFields, numberedLines,
  optionalCount, parseObjectLine, rejectUnknown, stringField,
} from './ndjson.js';
import { LOAD_SERIES_FORMAT, LOAD_SERIES_VERSIONS, type LoadSeriesReadOptions, acceptInTimeOrder, parseSeriesSource, refuseRepeatedRegions } from './series-common.js';
import { FastSnapshotReader } from './series-fast.js';
import { SeriesV2Parser } from './series-v2-read.js';
import type { LoadSeries, LoadSnapshot, RegionLoad } from './types.js';

export { LOAD_SERIES_FORMAT, type LoadSeriesReadOptions } from './series-common.js';
/** The format version of this file's writer and of {@link formatLoadSeries} (version 2 is in `series-v2-write.ts`). */
export const LOAD_SERIES_VERSION = 1;

const HEADER_FIELDS = ['format', 'version', 'table', 'source'];
const SNAPSHOT_FIELDS = ['timeMs', 'table', 'regions'];
const REGION_FIELDS = ['name', 'encodedName', 'startKey', 'endKey', 'server', 'readRequests', 'writeRequests', 'requests', 'storeSizeBytes'];

/** The header line's content (a {@link LoadSeries} without its snapshots). */
export type LoadSeriesHeader = Pick<LoadSeries, 'table' | 'source'>;

/** Renders the header line (no trailing newline). */
export function formatSeriesHeader(header: LoadSeriesHeader): string {
  return JSON.stringify({ format: LOAD_SERIES_FORMAT, version: LOAD_SERIES_VERSION, table: header.table, source: header.source });
}

/** Renders one snapshot line (no trailing newline). `requests` is written only when read/write are unknown. */
export function formatSnapshotLine(snapshot: LoadSnapshot): string {
  const regions = snapshot.regions.map((r) => ({
    name: r.name,
    encodedName: r.encodedName,
    startKey: toStringBinary(r.startKey),
    endKey: toStringBinary(r.endKey),
    server: r.server,
    ...(r.readRequests === null || r.writeRequests === null
      ? { requests: r.requests }
      : { readRequests: r.readRequests, writeRequests: r.writeRequests }),
    storeSizeBytes: r.storeSizeBytes,
  }));
  return JSON.stringify({ timeMs: snapshot.timeMs, table: snapshot.table, regions });
}

/** Renders a whole series as NDJSON text (header, then snapshots, each line ending in `\n`). */
export function formatLoadSeries(series: LoadSeries): string {
  return [formatSeriesHeader(series), ...series.snapshots.map(formatSnapshotLine)].map((l) => `${l}\n`).join('');
}

/**
 * Streaming writer: writes the header at construction, then one line per {@link LoadSeriesWriter.write} call, through
 * any sink (`(chunk) => stream.write(chunk)`), so a long collection never holds the series in memory and a cut-off
 * file is still valid up to its last complete line.
 * @throws {@link HotspotError} `SERIES_TIME_ORDER` when a snapshot is not later than the previous one, `SERIES_TABLE_MISMATCH` for another table,
 *   `SERIES_REGION_REPEATED` for a snapshot listing a region twice.
 */
export class LoadSeriesWriter {
  private lastTimeMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly header: LoadSeriesHeader, private readonly sink: (chunk: string) => void) {
    sink(`${formatSeriesHeader(header)}\n`);
  }

  /** Appends one snapshot line. */
  write(snapshot: LoadSnapshot): void {
    if (snapshot.table !== this.header.table) {
      throw new HotspotError('SERIES_TABLE_MISMATCH', `snapshot of table "${snapshot.table}" written to the series of "${this.header.table}"`);
    }
    const other = snapshot.regions.find((r) => r.table !== undefined && r.table !== this.header.table);
    if (other) throw new HotspotError('SERIES_TABLE_MISMATCH', `region ${other.name} of table "${other.table}" written to the version 1 series of "${this.header.table}" (one table; version 2 holds several)`);
    if (!(snapshot.timeMs > this.lastTimeMs)) {
      throw new HotspotError('SERIES_TIME_ORDER', `snapshot at ${snapshot.timeMs} ms is not after the previous one at ${this.lastTimeMs} ms; snapshots must be in increasing time order`);
    }
    refuseRepeatedRegions(snapshot);
    this.lastTimeMs = snapshot.timeMs;
    this.sink(`${formatSnapshotLine(snapshot)}\n`);
  }
}

function parseHeader(obj: JsonObject): LoadSeriesHeader {
  if (obj.format !== LOAD_SERIES_FORMAT) {
    const looksLikeSnapshot = 'timeMs' in obj && 'regions' in obj;
    // A key-samples line ({"timeMs", "key", "op"}) here means the two files were swapped or the samples given alone.
    const looksLikeSample = !looksLikeSnapshot && 'key' in obj && 'timeMs' in obj;
    const hint = looksLikeSnapshot ? '; this line is a snapshot: add the header line above it' : looksLikeSample ? '; this line is a key sample: give a key-samples file with --samples, beside the load series' : '';
    throw new FieldProblem('format', `the first line must be the header {"format":"${LOAD_SERIES_FORMAT}","version":${LOAD_SERIES_VERSION},"table":...,"source":{"kind":...}}${hint}`);
  }
  rejectUnknown(obj, HEADER_FIELDS, '');
  if (obj.version !== LOAD_SERIES_VERSION) {
    throw new FieldProblem('version', `unsupported version ${jsonPreview(obj.version)}; this release reads versions ${LOAD_SERIES_VERSIONS.join(' and ')}`);
  }
  const table = stringField(obj, 'table', '');
  return { table, source: parseSeriesSource(obj.source) };
}

function parseRegion(obj: unknown, path: string): RegionLoad {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) throw new FieldProblem(path.slice(0, -1), 'expected a region object');
  const r = obj as JsonObject;
  rejectUnknown(r, REGION_FIELDS, path);
  const readRequests = optionalCount(r, 'readRequests', path, true) ?? null;
  const writeRequests = optionalCount(r, 'writeRequests', path, true) ?? null;
  const total = optionalCount(r, 'requests', path, true);
  if ((readRequests === null) !== (writeRequests === null)) {
    throw new FieldProblem(`${path}${readRequests === null ? 'readRequests' : 'writeRequests'}`, 'give readRequests and writeRequests together, or only requests (their sum)');
  }
  let requests: number;
  if (readRequests !== null && writeRequests !== null) {
    requests = readRequests + writeRequests;
    if (requests > Number.MAX_SAFE_INTEGER) throw new FieldProblem(`${path}writeRequests`, `readRequests + writeRequests = ${requests} is past 2^53 - 1`);
    if (total !== undefined && total !== requests) {
      throw new FieldProblem(`${path}requests`, `${total} is not readRequests + writeRequests = ${requests}; drop it or fix it`);
    }
  } else if (total !== undefined) {
    requests = total;
  } else {
    throw new FieldProblem(`${path}writeRequests`, 'missing; give readRequests and writeRequests, or requests (their sum)');
  }
  const name = stringField(r, 'name', path);
  const encodedName = stringField(r, 'encodedName', path);
  const { startKey, endKey } = keyRangeFields(r, path);
  return {
    name,
    encodedName,
    startKey,
    endKey,
    server: stringField(r, 'server', path),
    readRequests,
    writeRequests,
    requests,
    storeSizeBytes: countField(r, 'storeSizeBytes', path),
  };
}

/** `table` is the header's, `undefined` when the header itself was malformed (the line is still checked). */
function parseSnapshot(obj: JsonObject, table: string | undefined): LoadSnapshot {
  rejectUnknown(obj, SNAPSHOT_FIELDS, '');
  const timeMs = countField(obj, 'timeMs', '', true);
  const snapTable = stringField(obj, 'table', '');
  if (table !== undefined && snapTable !== table) throw new FieldProblem('table', `${jsonPreview(snapTable)} differs from the header's table ${jsonPreview(table)}`);
  if (!Array.isArray(obj.regions)) throw new FieldProblem('regions', 'expected an array of regions');
  const regions = obj.regions.map((r, i) => parseRegion(r, `regions[${i}].`));
  const seen = new Map<string, number>();
  regions.forEach((r, i) => {
    const before = seen.get(r.encodedName);
    if (before !== undefined) throw new FieldProblem(`regions[${i}].encodedName`, `"${r.encodedName}" already listed at regions[${before}]`);
    seen.set(r.encodedName, i);
  });
  regions.sort((a, b) => compareBytes(a.startKey, b.startKey));
  return { timeMs, table: snapTable, regions };
}


/**
 * Incremental reader: feed numbered lines with {@link LoadSeriesParser.push}, then {@link LoadSeriesParser.finish}.
 * Every malformed line is collected (not just the first) and reported together. Reads version 1 here and hands a
 * version 2 file (its header says so) to `SeriesV2Parser`.
 */
export class LoadSeriesParser {
  private header: LoadSeriesHeader | undefined;
  private readonly options: LoadSeriesReadOptions;
  private readonly snapshots: LoadSnapshot[] = [];
  private readonly issues: NdjsonIssue[] = [];
  private lastTime: { timeMs: number; line: number } | undefined;

  private sawFirst = false;
  /** The version 2 reader, once the header said version 2: every line goes to it. */
  private v2: SeriesV2Parser | undefined;
  /** Reads snapshot lines as the writer writes them; any other line goes through the validating reader below. */
  private readonly fast = new FastSnapshotReader();

  constructor(
    private readonly file: string,
    options: LoadSeriesReadOptions = {},
  ) {
    this.options = options;
  }

  /** Parses one non-blank line; `line` is its 1-based number in the file. The first one is the header. */
  push(line: number, text: string): void {
    if (this.v2) this.v2.push(line, text);
    else this.read(line, text, text);
  }

  /**
   * {@link LoadSeriesParser.push} of a line given as its UTF-8 bytes (valid only during the call): a snapshot line as
   * the writer writes it is read from them, any other line decoded and parsed.
   */
  pushBytes(line: number, bytes: Buffer): void {
    if (this.v2) this.v2.pushBytes(line, bytes);
    else this.read(line, bytes, undefined);
  }

  /** Reads line `line` (`input`: its bytes or its text; `known`: its text when given, else decoded here when needed). */
  private read(line: number, input: Buffer | string, known: string | undefined): void {
    const isFirst = !this.sawFirst;
    this.sawFirst = true;
    try {
      const quick = isFirst || this.header === undefined ? undefined : this.fast.read(input, this.header.table);
      if (quick) {
        this.accept(line, quick);
        return;
      }
      const text = known ?? decodeLine(input as Buffer);
      const obj = parseObjectLine(text);
      if (isFirst && obj.format === LOAD_SERIES_FORMAT && obj.version === 2) {
        this.v2 = new SeriesV2Parser(this.file, this.options);
        this.v2.push(line, text);
        return;
      }
      if (isFirst) {
        this.header = parseHeader(obj);
        return;
      }
      this.accept(line, parseSnapshot(obj, this.header?.table));
    } catch (err) {
      if (!(err instanceof FieldProblem)) throw err;
      this.issues.push({ line, ...(err.field === undefined ? {} : { field: err.field }), message: err.message });
    }
  }

  /** Keeps the snapshot of line `line` when it is later than the one before. @throws {@link FieldProblem} when not. */
  private accept(line: number, snapshot: LoadSnapshot): void {
    if (!acceptInTimeOrder(line, snapshot.timeMs, this.lastTime, this.options)) return;
    this.lastTime = { timeMs: snapshot.timeMs, line };
    this.snapshots.push(snapshot);
  }

  /**
   * The series read.
   * @throws {@link NdjsonFormatError} `SERIES_MALFORMED` listing every bad line; `SERIES_EMPTY` when there is no header.
   */
  finish(): LoadSeries {
    if (this.v2) return this.v2.finish();
    if (this.issues.length > 0) throw new NdjsonFormatError('SERIES_MALFORMED', this.file, 'load series', this.issues);
    if (this.header === undefined) {
      throw new HotspotError('SERIES_EMPTY', `no header line; a load series starts with {"format":"${LOAD_SERIES_FORMAT}","version":${LOAD_SERIES_VERSION},"table":...,"source":{...}}`, { file: this.file });
    }
    return { ...this.header, snapshots: this.snapshots };
  }
}

/**
 * Parses a whole load-series NDJSON text.
 * @param file - the file name, used in error messages.
 * @throws {@link NdjsonFormatError} `SERIES_MALFORMED` (every bad line with its number and field), {@link HotspotError} `SERIES_EMPTY`.
 */
export function parseLoadSeries(text: string, file: string, options: LoadSeriesReadOptions = {}): LoadSeries {
  const parser = new LoadSeriesParser(file, options);
  for (const [line, content] of numberedLines(text)) parser.push(line, content);
  return parser.finish();
}
