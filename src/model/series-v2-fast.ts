/**
 * The fast path of the version 2 reader's `open` lines: a line exactly as the version 2 writer writes it
 * (`{"open":N,"table":"…","name":"…","encodedName":"…","startKey":"…","endKey":"…","server":"…"}`, fields in that order,
 * no whitespace, strings without JSON escapes but `\\`) is read by the version 1 fast reader's cursor, with no JSON
 * object, and a start key equal to the previous open line's end key (a table's regions opened in key order, as the
 * writer opens them) is that same `Uint8Array`.
 *
 * Anything else yields `undefined` and the reader parses the line as JSON and validates it, which accepts or reports it
 * exactly as it always has: this path only accepts lines that the validating path accepts, with the same fields.
 *
 * @module
 */
import { isRegionRange } from '../bytes/index.js';
import { Cursor, isKeyText, keyBytes, lineBytes, plainStringBytes } from './series-fast.js';

/** The fields of an `open` line read by {@link readOpenLine}. */
export interface OpenFields {
  /** The region id (`open`), a whole number below 10^15. */
  readonly id: number;
  /** Index of the line's table among the header's tables. */
  readonly tableIndex: number;
  readonly name: string;
  readonly encodedName: string;
  readonly startKey: Uint8Array;
  readonly endKey: Uint8Array;
  readonly server: string;
}

const OPEN = '{"open":';

/** The header's tables last asked about, and each one's {@link plainStringBytes} (made once per header). */
let plainTables: { tables: readonly string[]; bytes: readonly (Uint8Array | undefined)[] } | undefined;

/**
 * The index among `tables` of the table named at the cursor, stepping over it and its closing quote; -1 when it is
 * none of them or not of the fast form. A table is compared where it stands in the line, as the bytes the fast form
 * writes it as ({@link plainStringBytes}: no string is made for it); a line whose table is written otherwise is
 * decoded and looked up.
 */
function tableAt(at: Cursor, tables: readonly string[]): number {
  if (plainTables?.tables !== tables) plainTables = { tables, bytes: tables.map(plainStringBytes) };
  const from = at.pos;
  for (let i = 0; i < tables.length; i++) {
    const bytes = plainTables.bytes[i];
    if (bytes === undefined || !at.sameBytes(bytes)) continue;
    if (at.bytes[at.pos] === QUOTE) {
      at.pos++;
      return i;
    }
    at.pos = from;
  }
  const table = at.name(undefined, false);
  return table === undefined ? -1 : tables.indexOf(table);
}

/** A JSON string's closing quote. */
const QUOTE = 0x22;

/**
 * The fields of `line` (its UTF-8 bytes as the file holds them, or its text) when it is an `open` line of the fast
 * form whose table is one of `tables` (the header's);
 * `undefined` otherwise (not an open line, another form, an unknown table, a malformed `\xNN` in a key: the validating
 * path decides). `previousEnd` is the end key of the open line read before, shared as this line's start key when the
 * same bytes.
 */
export function readOpenLine(line: Buffer | string, tables: readonly string[], previousEnd: Uint8Array | undefined): OpenFields | undefined {
  if (typeof line === 'string' ? !line.startsWith(OPEN) : line[2] !== 0x6f) return undefined;
  const text = lineBytes(line);
  if (text === undefined) return undefined;
  const at = new Cursor(text);
  if (!at.literal(OPEN)) return undefined;
  const id = at.whole();
  if (id < 0 || !at.literal(',"table":"')) return undefined;
  const tableIndex = tableAt(at, tables);
  if (tableIndex < 0 || !at.literal(',"name":"')) return undefined;
  const name = at.name(undefined, false);
  if (name === undefined || !at.literal(',"encodedName":"')) return undefined;
  const encodedName = at.name(undefined, false);
  if (encodedName === undefined || !at.literal(',"startKey":"')) return undefined;
  const startFrom = at.pos;
  const startEnd = at.string(true);
  if (startEnd < 0) return undefined;
  const startKey = previousEnd !== undefined && isKeyText(text, startFrom, startEnd, previousEnd) ? previousEnd : keyBytes(text, startFrom, startEnd);
  if (startKey === undefined || !at.literal(',"endKey":"')) return undefined;
  const endFrom = at.pos;
  const endEnd = at.string(true);
  if (endEnd < 0) return undefined;
  const endKey = keyBytes(text, endFrom, endEnd);
  // an end key at or before the start key: the validating path refuses the line, naming the field
  if (endKey === undefined || !isRegionRange(startKey, endKey) || !at.literal(',"server":"')) return undefined;
  const server = at.name(undefined, false);
  if (server === undefined || at.pos + 1 !== text.length || text[at.pos] !== 0x7d) return undefined;
  return { id, tableIndex, name, encodedName, startKey, endKey, server };
}
