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
import { Cursor, isKeyText, keyBytes, lineBytes } from './series-fast.js';

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

/**
 * True when JSON writes `name` as it reads and its bytes in a line mean only it: printable ASCII with no `"` or `\\`.
 * A name with a quote, a backslash or a control character is written escaped, and the same bytes unescaped in a line
 * would be another name or no valid JSON at all.
 */
function writtenAsItReads(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || c >= 0x80 || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

/**
 * The index among `tables` of the table named at the cursor, stepping over it and its closing quote; -1 when it is
 * none of them or not of the fast form. The name is compared where it stands in the line (no string is made for it)
 * when it is written as it reads, as a table's ASCII name is ({@link writtenAsItReads}); else it is decoded and looked up.
 */
function tableAt(at: Cursor, tables: readonly string[]): number {
  for (let i = 0; i < tables.length; i++) {
    const table = tables[i] as string;
    if (writtenAsItReads(table) && at.same(table)) return i;
  }
  const table = at.name(undefined, false);
  return table === undefined ? -1 : tables.indexOf(table);
}

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
