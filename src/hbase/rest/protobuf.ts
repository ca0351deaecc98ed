/**
 * The REST gateway's protobuf form of a CellSet (`Content-Type` / `Accept: application/x-protobuf`), the messages of
 * HBase's `CellSetMessage.proto` and `CellMessage.proto` (proto2):
 *
 * ```
 * CellSet { repeated Row rows = 1; }
 * CellSet.Row { required bytes key = 1; repeated Cell values = 2; }
 * Cell { optional bytes row = 1; optional bytes column = 2; optional int64 timestamp = 3; optional bytes data = 4; }
 * ```
 *
 * `column` is `family:qualifier` as bytes. Unlike the JSON form there is no base64: the decoder hands out views into
 * the answer's bytes (no copy), and the encoder writes one buffer sized in a first pass. Used for the bulk paths
 * (multi-row puts and scanner batches) when the client is created with `dataFormat: 'protobuf'`.
 *
 * @module
 */
import { concatBytes, toBytes } from './codec.js';
import type { Cell, Row, RowInput } from './models.js';

/** Media type of the gateway's protobuf bodies. */
export const PROTOBUF_MEDIA_TYPE = 'application/x-protobuf';

const COLON = 0x3a;

/** Bytes of `n` (an unsigned integer below 2^53) as a base-128 varint. */
function varintSize(n: number): number {
  let size = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
}

function writeVarint(out: Uint8Array, at: number, n: number): number {
  while (n >= 128) {
    out[at++] = (n % 128) | 0x80;
    n = Math.floor(n / 128);
  }
  out[at++] = n;
  return at;
}

/** Size of a length-delimited field (tag byte + length varint + payload). */
const fieldSize = (length: number): number => 1 + varintSize(length) + length;

interface SizedCell {
  readonly family: Uint8Array;
  readonly qualifier: Uint8Array;
  readonly value: Uint8Array;
  readonly timestamp: number | undefined;
  readonly columnLength: number;
  readonly size: number;
}

interface SizedRow {
  readonly key: Uint8Array;
  readonly cells: readonly SizedCell[];
  readonly size: number;
}

function checkTimestamp(ts: number, row: number, cell: number): void {
  if (!Number.isSafeInteger(ts) || ts < 0) {
    throw new RangeError(`rows[${row}].cells[${cell}].timestamp must be a whole number of ms from 0 to 2^53-1, got ${ts}`);
  }
}

/**
 * A multi-row put body in the gateway's protobuf form (the same rows {@link encodeCellSet} writes as JSON). Cells
 * without `timestamp` carry none and get the server's time.
 * @throws `RangeError` for a negative, fractional or unsafe timestamp (naming the row and cell).
 */
export function encodeCellSetProtobuf(rows: readonly RowInput[]): Uint8Array {
  let total = 0;
  const sized: SizedRow[] = rows.map((row, r) => {
    const key = toBytes(row.key);
    let size = fieldSize(key.length);
    const cells = row.cells.map((c, i): SizedCell => {
      const family = toBytes(c.family);
      const qualifier = toBytes(c.qualifier);
      const value = toBytes(c.value);
      if (c.timestamp !== undefined) checkTimestamp(c.timestamp, r, i);
      const columnLength = family.length + 1 + qualifier.length;
      const cellSize = fieldSize(columnLength) + (c.timestamp === undefined ? 0 : 1 + varintSize(c.timestamp)) + fieldSize(value.length);
      size += fieldSize(cellSize);
      return { family, qualifier, value, timestamp: c.timestamp, columnLength, size: cellSize };
    });
    total += fieldSize(size);
    return { key, cells, size };
  });
  const out = new Uint8Array(total);
  let at = 0;
  const bytesField = (tag: number, bytes: Uint8Array): void => {
    out[at++] = tag;
    at = writeVarint(out, at, bytes.length);
    out.set(bytes, at);
    at += bytes.length;
  };
  for (const row of sized) {
    out[at++] = 0x0a; // CellSet.rows, field 1, length-delimited
    at = writeVarint(out, at, row.size);
    bytesField(0x0a, row.key); // Row.key, field 1
    for (const c of row.cells) {
      out[at++] = 0x12; // Row.values, field 2
      at = writeVarint(out, at, c.size);
      out[at++] = 0x12; // Cell.column, field 2
      at = writeVarint(out, at, c.columnLength);
      out.set(c.family, at);
      at += c.family.length;
      out[at++] = COLON;
      out.set(c.qualifier, at);
      at += c.qualifier.length;
      if (c.timestamp !== undefined) {
        out[at++] = 0x18; // Cell.timestamp, field 3, varint
        at = writeVarint(out, at, c.timestamp);
      }
      bytesField(0x22, c.value); // Cell.data, field 4
    }
  }
  return out;
}

/** Reads protobuf fields of one message in `bytes[start, end)`. Errors are plain `Error`s the caller wraps. */
class Reader {
  at: number;
  constructor(readonly bytes: Uint8Array, start: number, readonly end: number) {
    this.at = start;
  }

  varint(what: string): number {
    let n = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (this.at >= this.end) throw new Error(`${what}: truncated varint`);
      const b = this.bytes[this.at++] as number;
      n += (b & 0x7f) * scale;
      if (b < 0x80) {
        if (n > Number.MAX_SAFE_INTEGER) throw new Error(`${what}: ${i === 9 ? 'negative or ' : ''}beyond 2^53-1`);
        return n;
      }
      scale *= 128;
    }
    throw new Error(`${what}: varint longer than 10 bytes`);
  }

  /** A length-delimited payload's bounds. */
  delimited(what: string): [number, number] {
    const length = this.varint(`${what} length`);
    const start = this.at;
    if (length > this.end - start) throw new Error(`${what}: length ${length} runs past the end of its message`);
    this.at = start + length;
    return [start, this.at];
  }

  /** Skips a field of an unknown number (forward compatibility), by wire type. */
  skip(wireType: number, what: string): void {
    if (wireType === 0) this.varint(what);
    else if (wireType === 2) this.delimited(what);
    else if (wireType === 1 || wireType === 5) {
      const width = wireType === 1 ? 8 : 4;
      if (this.end - this.at < width) throw new Error(`${what}: truncated fixed field`);
      this.at += width;
    } else throw new Error(`${what}: unsupported wire type ${wireType}`);
  }
}

function decodeCell(bytes: Uint8Array, start: number, end: number, what: string): Cell {
  const r = new Reader(bytes, start, end);
  let column: Uint8Array | undefined;
  let timestamp = 0;
  let value: Uint8Array = new Uint8Array(0);
  while (r.at < end) {
    const tag = r.varint(`${what} tag`);
    const field = Math.floor(tag / 8);
    const wire = tag % 8;
    if (field === 2 && wire === 2) {
      const [s, e] = r.delimited(`${what}.column`);
      column = bytes.subarray(s, e);
    } else if (field === 3 && wire === 0) {
      timestamp = r.varint(`${what}.timestamp`);
    } else if (field === 4 && wire === 2) {
      const [s, e] = r.delimited(`${what}.data`);
      value = bytes.subarray(s, e);
    } else r.skip(wire, `${what} field ${field}`);
  }
  if (column === undefined) throw new Error(`${what}: no column`);
  const colon = column.indexOf(COLON);
  return colon < 0
    ? { family: column, qualifier: new Uint8Array(0), timestamp, value }
    : { family: column.subarray(0, colon), qualifier: column.subarray(colon + 1), timestamp, value };
}

/** What a decoder does with one row: each `values` field, then the key. */
interface RowBuilder<T> {
  /** A `values` field: its tag at `fieldStart`, its Cell message in `[start, end)`; `index` counts from 0. */
  value(fieldStart: number, start: number, end: number, what: string, index: number): void;
  /** The row once all fields are read. */
  finish(key: Uint8Array): T;
}

/** Walks the rows of a CellSet, skipping unknown fields; `what` names each place in errors. */
function readRows<T>(bytes: Uint8Array, builder: () => RowBuilder<T>): T[] {
  const top = new Reader(bytes, 0, bytes.length);
  const rows: T[] = [];
  while (top.at < bytes.length) {
    const what = `CellSet.rows[${rows.length}]`;
    const tag = top.varint('CellSet tag');
    if (tag !== 0x0a) {
      top.skip(tag % 8, `CellSet field ${Math.floor(tag / 8)}`);
      continue;
    }
    const [start, end] = top.delimited(what);
    const r = new Reader(bytes, start, end);
    const row = builder();
    let key: Uint8Array | undefined;
    let index = 0;
    while (r.at < end) {
      const fieldStart = r.at;
      const t = r.varint(`${what} tag`);
      if (t === 0x0a) {
        const [s, e] = r.delimited(`${what}.key`);
        key = bytes.subarray(s, e);
      } else if (t === 0x12) {
        const cellWhat = `${what}.values[${index}]`;
        const [s, e] = r.delimited(cellWhat);
        row.value(fieldStart, s, e, cellWhat, index++);
      } else r.skip(t % 8, `${what} field ${Math.floor(t / 8)}`);
    }
    if (key === undefined) throw new Error(`${what}: no key`);
    rows.push(row.finish(key));
  }
  return rows;
}

/**
 * Rows of a CellSet in the gateway's protobuf form; keys, families, qualifiers and values are views into `bytes`.
 * A cell without a timestamp reads as 0 (the field's default); unknown fields are skipped.
 * @throws `Error` naming the row and cell for a truncated or malformed body, or a row without a key.
 */
export function decodeCellSetProtobuf(bytes: Uint8Array): Row[] {
  return readRows(bytes, () => {
    const cells: Cell[] = [];
    return {
      value: (_fieldStart, start, end, what) => cells.push(decodeCell(bytes, start, end, what)),
      finish: (key) => ({ key, cells }),
    };
  });
}

/**
 * A row whose cells are kept as the gateway encoded them: `cells` is the `CellSet.Row.values` fields (tag, length
 * and Cell message each, in order) exactly as received. Writing it back (`putEncodedRows`) copies every cell's
 * column, timestamp and value byte for byte, with no decoding in between; only the key can change.
 */
export interface EncodedRow {
  /** Rowkey bytes. */
  readonly key: Uint8Array;
  /** The row's `values` fields, protobuf-encoded, each Cell with its column and timestamp. */
  readonly cells: Uint8Array;
  /** Number of cells in `cells`. */
  readonly cellCount: number;
}

/** Checks one Cell message in `bytes[start, end)` has a column and a timestamp, without allocating. */
function checkEncodedCell(bytes: Uint8Array, start: number, end: number, what: string): void {
  const r = new Reader(bytes, start, end);
  let column = false;
  let timestamp = false;
  while (r.at < end) {
    const tag = r.varint(`${what} tag`);
    if (tag === 0x12) {
      r.delimited(`${what}.column`);
      column = true;
    } else if (tag === 0x18) {
      r.varint(`${what}.timestamp`);
      timestamp = true;
    } else r.skip(tag % 8, `${what} field ${Math.floor(tag / 8)}`);
  }
  if (!column) throw new Error(`${what}: no column`);
  if (!timestamp) throw new Error(`${what}: no timestamp (a copy would take the server's time)`);
}

/**
 * Rows of a protobuf CellSet with their cells left encoded (see {@link EncodedRow}); keys and cells are views into
 * `bytes` when a row's cells are contiguous (as HBase writes them), copies otherwise.
 * @throws `Error` naming the row and cell for a malformed body, a row without a key, or a cell without a column or
 *   timestamp.
 */
export function decodeEncodedRows(bytes: Uint8Array): EncodedRow[] {
  return readRows(bytes, () => {
    // Runs of adjacent `values` fields, [start, end) each: one run when the cells follow each other, as HBase writes.
    const runs: [number, number][] = [];
    let cellCount = 0;
    return {
      value(fieldStart, start, end, what) {
        checkEncodedCell(bytes, start, end, what);
        cellCount++;
        const last = runs[runs.length - 1];
        if (last && last[1] === fieldStart) last[1] = end;
        else runs.push([fieldStart, end]);
      },
      finish(key) {
        const cells = runs.length === 1 ? bytes.subarray(runs[0]![0], runs[0]![1]) : concatBytes(...runs.map(([s, e]) => bytes.subarray(s, e)));
        return { key, cells, cellCount };
      },
    };
  });
}

/**
 * A multi-row put body from rows with encoded cells ({@link EncodedRow}): each row's key, then its cells verbatim.
 */
export function encodeEncodedRows(rows: readonly EncodedRow[]): Uint8Array {
  let total = 0;
  const sizes = rows.map((row) => {
    const size = fieldSize(row.key.length) + row.cells.length;
    total += fieldSize(size);
    return size;
  });
  const out = new Uint8Array(total);
  let at = 0;
  rows.forEach((row, i) => {
    out[at++] = 0x0a; // CellSet.rows
    at = writeVarint(out, at, sizes[i] as number);
    out[at++] = 0x0a; // Row.key
    at = writeVarint(out, at, row.key.length);
    out.set(row.key, at);
    at += row.key.length;
    out.set(row.cells, at);
    at += row.cells.length;
  });
  return out;
}
