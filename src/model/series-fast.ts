/**
 * The fast path of the version 1 snapshot reader: a line exactly as `formatSnapshotLine` writes it (fields in its
 * order, no whitespace, whole numbers of at most 15 digits, strings without JSON escapes but `\\`, the escape of the
 * backslash of `\xNN`) is read one region at a time by a cursor over its UTF-8 bytes, as the file holds them (the
 * line is never decoded to one string: a string's end found in one pass over it, a count's digits summed as they are
 * passed, a string decoded alone when it is needed) into columns of its regions (a snapshot held in columns,
 * `snapshot-columns.ts`: no object per region unless a caller reads them), with no intermediate JSON object per region
 * and no substring for a count, and whatever the snapshot before it already held is shared instead of copied: a name,
 * encoded name or server equal to the one at the same position of the previous line is that same string (compared
 * where it stands in the line, nothing decoded), a key equal to it is that same `Uint8Array` (its text compared with
 * the bytes), a column whose every entry is the previous line's is that same array, and a region's start key is its
 * predecessor's end key when they are the same bytes.
 *
 * Anything else (another field order, whitespace, escapes, fractions, exponents, an empty string, a duplicate encoded
 * name, a table other than the header's, any malformed JSON) yields `undefined`, and the caller parses the line with
 * the validating reader, which accepts or reports it exactly as it always has: this path only ever accepts lines that
 * the validating reader accepts, with the same result.
 *
 * @module
 */
import { compareBytes, isRegionRange, toBytesBinary } from '../bytes/index.js';
import { hexValue } from '../bytes/binary-string.js';
import { type NameIndex, uniqueNameIndex } from './name-index.js';
import { columnarSnapshot, regionOfColumns } from './snapshot-columns.js';
import type { LoadSnapshot, RegionLoad } from './types.js';

/**
 * The UTF-8 bytes of `text` as the fast form writes it inside a JSON string (a backslash written `\\`, the one escape
 * of the plain string form; every other character as itself), so that a line holding exactly these bytes there holds
 * `text`; `undefined` for a text the form cannot hold as it is (empty, or with a quote or a control character, which
 * the writer escapes otherwise) or that no bytes decode to (a lone surrogate, which a JSON escape in a header can give).
 */
export function plainStringBytes(text: string): Uint8Array | undefined {
  // eslint-disable-next-line no-control-regex
  if (text === '' || /["\u0000-\u001f]/.test(text) || /[\ud800-\udfff]/u.test(text)) return undefined;
  return UTF8.encode(text.replaceAll('\\', '\\\\'));
}

/**
 * What follows `"table":"` in a fast-form line of `table`: its {@link plainStringBytes} and `","regions":[`;
 * `undefined` for a table the form cannot hold as it is.
 */
function rawTable(table: string): Uint8Array | undefined {
  const raw = plainStringBytes(table);
  return raw === undefined ? undefined : Buffer.concat([raw, TABLE_TAIL]);
}
/** After a version 1 line's table: the end of its string and the start of its regions. */
const TABLE_TAIL = Buffer.from('","regions":[', 'latin1');
const UTF8 = new TextEncoder();
/** A snapshot line's start, up to its time. */
const TIME = '{"timeMs":';
/** Between the time and the table's raw text. */
const TABLE = ',"table":"';
/** Most digits of a whole number of the fast form: `0` or `[1-9][0-9]{0,14}`, below 10^15, so every sum of two stays below 2^53. */
const MAX_DIGITS = 15;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * A cursor over one line's UTF-8 bytes, reading a region as the writer writes it: name, encodedName, startKey, endKey,
 * server (raw texts of the plain string form: no escape but `\\`, the escape of one backslash as in `\\x00`, no control
 * character), then readRequests and writeRequests, or requests, then storeSizeBytes (whole numbers of at most
 * {@link MAX_DIGITS} digits, no leading zero); every method returns -1 (or false) where the bytes are not of that form.
 * A position past the line's end reads as `undefined`, which no test accepts. The version 2 reader's `open` lines are
 * read with it too (`series-v2-fast.ts`).
 */
export class Cursor {
  pos = 0;
  /** The last string read held an escape (`\\`). */
  escaped = false;
  /** Of the last region read, which strings had no escape ({@link PreviousLine.plain}). */
  plain = 0;

  /** `bytes`: the line, a string given as its UTF-8 encoding ({@link lineBytes}). */
  constructor(readonly bytes: Buffer) {}

  /** Steps over `literal` (ASCII) when the line goes on with it. */
  literal(literal: string): boolean {
    const b = this.bytes;
    const at = this.pos;
    for (let i = 0; i < literal.length; i++) if (b[at + i] !== literal.charCodeAt(i)) return false;
    this.pos = at + literal.length;
    return true;
  }

  /** Steps over `expected` when the line goes on with exactly those bytes. */
  sameBytes(expected: Uint8Array): boolean {
    const b = this.bytes;
    const at = this.pos;
    if (at + expected.length > b.length) return false;
    for (let i = 0; i < expected.length; i++) if (b[at + i] !== expected[i]) return false;
    this.pos = at + expected.length;
    return true;
  }

  /**
   * Steps over a string's raw bytes and its closing quote (the opening one is read), returning where they end; -1 when
   * they are not of the fast form, or empty and `empty` is false.
   */
  string(empty: boolean): number {
    const b = this.bytes;
    let i = this.pos;
    let escaped = false;
    for (;;) {
      const c = b[i] as number;
      if (c === QUOTE) break;
      // undefined (past the end) fails here too
      if (!(c >= 0x20)) return -1;
      if (c === BACKSLASH) {
        if (b[i + 1] !== BACKSLASH) return -1;
        escaped = true;
        i += 2;
      } else i++;
    }
    if (i === this.pos && !empty) return -1;
    this.escaped = escaped;
    const end = i;
    this.pos = i + 1;
    return end;
  }

  /**
   * Steps over the string `known` and its closing quote when the line goes on with exactly it (no escape in it, and
   * ASCII: another character's UTF-8 bytes are not its code, and the string is then decoded and compared).
   */
  same(known: string): boolean {
    const b = this.bytes;
    const at = this.pos;
    const end = at + known.length;
    if (b[end] !== QUOTE) return false;
    for (let i = 0; i < known.length; i++) {
      const c = known.charCodeAt(i);
      if (c >= 0x80 || b[at + i] !== c) return false;
    }
    this.pos = end + 1;
    return true;
  }

  /**
   * Steps over a non-empty string and its closing quote (the opening one is read), returning its content: `known`
   * (the previous line's string at the same place) when the content is the same, that same string; `knownPlain`:
   * `known` was written with no escape, so the bytes are compared where they stand. `undefined` when the string is not
   * of the fast form.
   */
  name(known: string | undefined, knownPlain: boolean): string | undefined {
    if (knownPlain && this.same(known as string)) {
      this.escaped = false;
      return known;
    }
    const from = this.pos;
    const end = this.string(false);
    if (end < 0) return undefined;
    const raw = this.bytes.toString('utf8', from, end);
    const content = this.escaped ? unescaped(raw) : raw;
    return content === known ? known : content;
  }

  /** A whole number of the fast form (at most {@link MAX_DIGITS} digits, no leading zero), -1 when there is none. */
  whole(): number {
    const b = this.bytes;
    const start = this.pos;
    let i = start;
    let value = 0;
    for (;;) {
      const d = (b[i] as number) - 0x30;
      if (!(d >= 0 && d <= 9)) break;
      value = value * 10 + d;
      i++;
    }
    const digits = i - start;
    if (digits === 0 || digits > MAX_DIGITS || (digits > 1 && b[start] === 0x30)) return -1;
    this.pos = i;
    return value;
  }
}

/**
 * The UTF-8 bytes a fast reader reads of `line`: the bytes themselves, or a string's encoding; `undefined` for a
 * string holding a lone surrogate, which no bytes decode to (the validating reader then reads the string).
 */
export function lineBytes(line: Buffer | string): Buffer | undefined {
  if (typeof line !== 'string') return line;
  return /[\ud800-\udfff]/u.test(line) ? undefined : Buffer.from(line, 'utf8');
}

/** The fields of a region after `"server":"…"`: the read and write counts, or their sum alone. */
const SPLIT_COUNTS = ',"readRequests":';
const WRITES = ',"writeRequests":';
const SUM_COUNT = ',"requests":';
const SIZE = ',"storeSizeBytes":';

/** Bits of {@link PreviousLine.plain}: the region's name, encoded name or server is its own raw text (no escape). */
const PLAIN_NAME = 1;
const PLAIN_ENCODED = 2;
const PLAIN_SERVER = 4;

/**
 * What the previous fast-read line held, in line order: its regions' columns, and which of their strings were
 * written with no escape. A line is kept only when no encoded name is listed twice in it.
 */
interface PreviousLine {
  readonly columns: LineColumns;
  /** Per region, {@link PLAIN_NAME} | {@link PLAIN_ENCODED} | {@link PLAIN_SERVER} for the strings with no escape. */
  readonly plain: Uint8Array;
  /** Where each encoded name stands in the line's order; `undefined` for no line yet. */
  readonly index: NameIndex | undefined;
}

/**
 * One line's regions, in line order, by field, as {@link region} reads them (each array the previous line's same
 * array when every entry is the same, see {@link LineColumns.finish}).
 */
class LineColumns {
  length = 0;
  names: string[];
  encodedNames: string[];
  startKeys: Uint8Array[];
  endKeys: Uint8Array[];
  servers: string[];
  readonly readRequests: (number | null)[];
  readonly writeRequests: (number | null)[];
  readonly requests: number[];
  readonly storeSizeBytes: number[];

  /**
   * Arrays of `capacity` places to begin with (the previous line's count: a line of as many regions fills them with
   * no array grown and copied on the way; more are appended, fewer trimmed by {@link finish}).
   */
  constructor(readonly capacity: number) {
    this.names = new Array<string>(capacity);
    this.encodedNames = new Array<string>(capacity);
    this.startKeys = new Array<Uint8Array>(capacity);
    this.endKeys = new Array<Uint8Array>(capacity);
    this.servers = new Array<string>(capacity);
    this.readRequests = new Array<number | null>(capacity);
    this.writeRequests = new Array<number | null>(capacity);
    this.requests = new Array<number>(capacity);
    this.storeSizeBytes = new Array<number>(capacity);
  }

  /**
   * Takes each string and key array of `previous` in place of this line's own when every entry is the same value (so
   * two snapshots of the same regions share them).
   */
  finish(previous: LineColumns | undefined): void {
    const n = this.length;
    if (n < this.capacity) {
      for (const column of [this.names, this.encodedNames, this.startKeys, this.endKeys, this.servers, this.readRequests, this.writeRequests, this.requests, this.storeSizeBytes]) column.length = n;
    }
    if (previous === undefined || previous.length !== this.length) return;
    if (sameEntries(this.names, previous.names)) this.names = previous.names;
    if (sameEntries(this.encodedNames, previous.encodedNames)) this.encodedNames = previous.encodedNames;
    if (sameEntries(this.startKeys, previous.startKeys)) this.startKeys = previous.startKeys;
    if (sameEntries(this.endKeys, previous.endKeys)) this.endKeys = previous.endKeys;
    if (sameEntries(this.servers, previous.servers)) this.servers = previous.servers;
  }
}

/** True when both arrays hold the same values (`===`) in the same order. */
function sameEntries<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Reads version 1 snapshot lines of the fast form (see the module comment), remembering the last one read to share
 * its strings and keys with the next. A line in key order (as the writer writes it) becomes a
 * {@link columnarSnapshot}, its regions built only when read; another line's regions are objects, sorted.
 */
export class FastSnapshotReader {
  private previous: PreviousLine | undefined;
  /** Each server name read, once ({@link internName}). */
  private readonly servers = new Map<string, string>();

  /** The header's table and the bytes that follow `"table":"` in a line of it ({@link rawTable}). */
  private tail: { table: string; bytes: Uint8Array | undefined } | undefined;

  /**
   * The snapshot of `line` (its UTF-8 bytes as the file holds them, or its text), or `undefined` when the line is not
   * of the fast form or not valid (the validating reader then decides). `table` is the header's table; the line's must
   * be the same.
   */
  read(line: Buffer | string, table: string): LoadSnapshot | undefined {
    const bytes = lineBytes(line);
    if (bytes === undefined) return undefined;
    if (this.tail?.table !== table) this.tail = { table, bytes: rawTable(table) };
    const tail = this.tail.bytes;
    const at = new Cursor(bytes);
    if (tail === undefined || !at.literal(TIME)) return undefined;
    const timeMs = at.whole();
    if (timeMs < 0 || !at.literal(TABLE) || !at.sameBytes(tail)) return undefined;
    const prev = this.previous;
    const before = prev?.columns;
    const columns = new LineColumns(before?.length ?? 0);
    const plain: number[] = [];
    if (bytes[at.pos] !== 0x5d) {
      for (;;) {
        const i = columns.length;
        const was = before !== undefined && i < before.length ? (prev?.plain[i] as number) : -1;
        if (!region(at, columns, before, was, this.servers)) return undefined;
        plain.push(at.plain);
        if (bytes[at.pos] !== COMMA) break;
        at.pos++;
      }
    }
    const pos = at.pos;
    if (pos + 2 !== bytes.length || bytes[pos] !== 0x5d || bytes[pos + 1] !== 0x7d) return undefined;
    columns.finish(before);
    // the same names in the same order as the previous line (which had no duplicate): its index holds for this one
    const index = before !== undefined && columns.encodedNames === before.encodedNames ? prev?.index : uniqueNameIndex(columns.encodedNames);
    // a duplicate is reported by the validating reader, with the positions it names
    if (index === undefined) return undefined;
    this.previous = { columns, plain: Uint8Array.from(plain), index };
    if (inKeyOrder(columns.startKeys)) {
      const { length, names, encodedNames, startKeys, endKeys, servers, readRequests, writeRequests, requests, storeSizeBytes } = columns;
      return columnarSnapshot(timeMs, table, { length, names, encodedNames, startKeys, endKeys, servers, readRequests, writeRequests, requests, storeSizeBytes, index });
    }
    const regions: RegionLoad[] = [];
    for (let i = 0; i < columns.length; i++) regions.push(regionOfColumns(columns, i));
    return { timeMs, table, regions: regions.sort((a, b) => compareBytes(a.startKey, b.startKey)) };
  }
}

/**
 * Reads the region at the cursor, as the writer writes it (see {@link Cursor}), into the next place of `columns`,
 * stepping over it; false when it is not of the fast form. `before`: the previous line's columns, whose strings and
 * keys at the same place are shared when equal (`was`: which of them it wrote with no escape,
 * {@link PreviousLine.plain}; -1 when it has no region there); the region before it in this line gives its end key as
 * this one's start key when the same bytes; `servers`: the server names read so far, one string each
 * ({@link internName}). Sets `at.plain` for this region.
 * (A function of its own, kept apart from the loop over the regions: the engine compiles it alone, small, rather than
 * the loop with every step of a region in it.)
 */
function region(at: Cursor, columns: LineColumns, before: LineColumns | undefined, was: number, servers: Map<string, string>): boolean {
  const text = at.bytes;
  const i = columns.length;
  const has = was >= 0;
  const b = before as LineColumns;
  let bits = 0;
  if (!at.literal('{"name":"')) return false;
  const name = at.name(has ? b.names[i] : undefined, has && (was & PLAIN_NAME) !== 0);
  if (name === undefined) return false;
  if (!at.escaped) bits |= PLAIN_NAME;
  if (!at.literal(',"encodedName":"')) return false;
  const encodedName = at.name(has ? b.encodedNames[i] : undefined, has && (was & PLAIN_ENCODED) !== 0);
  if (encodedName === undefined) return false;
  if (!at.escaped) bits |= PLAIN_ENCODED;
  if (!at.literal(',"startKey":"')) return false;
  const startFrom = at.pos;
  const startEnd = at.string(true);
  if (startEnd < 0) return false;
  const predecessorEnd = i > 0 ? (columns.endKeys[i - 1] as Uint8Array) : undefined;
  const startKey =
    predecessorEnd !== undefined && isKeyText(text, startFrom, startEnd, predecessorEnd) ? predecessorEnd
    : has && isKeyText(text, startFrom, startEnd, b.startKeys[i] as Uint8Array) ? (b.startKeys[i] as Uint8Array)
    : keyBytes(text, startFrom, startEnd);
  if (startKey === undefined || !at.literal(',"endKey":"')) return false;
  const endFrom = at.pos;
  const endEnd = at.string(true);
  if (endEnd < 0) return false;
  const endKey =
    has && isKeyText(text, endFrom, endEnd, b.endKeys[i] as Uint8Array) ? (b.endKeys[i] as Uint8Array)
    : isKeyText(text, endFrom, endEnd, startKey) ? startKey
    : keyBytes(text, endFrom, endEnd);
  // an end key at or before the start key: the validating reader refuses the line, naming the field
  if (endKey === undefined || !isRegionRange(startKey, endKey) || !at.literal(',"server":"')) return false;
  const knownServer = has ? b.servers[i] : undefined;
  const read = at.name(knownServer, has && (was & PLAIN_SERVER) !== 0);
  if (read === undefined) return false;
  const server = read === knownServer ? read : internName(servers, read);
  if (!at.escaped) bits |= PLAIN_SERVER;
  let readRequests: number | null = null;
  let writeRequests: number | null = null;
  let requests: number;
  if (at.literal(SPLIT_COUNTS)) {
    readRequests = at.whole();
    if (readRequests < 0 || !at.literal(WRITES)) return false;
    writeRequests = at.whole();
    if (writeRequests < 0) return false;
    requests = readRequests + writeRequests;
  } else {
    if (!at.literal(SUM_COUNT)) return false;
    requests = at.whole();
    if (requests < 0) return false;
  }
  if (!at.literal(SIZE)) return false;
  const storeSizeBytes = at.whole();
  if (storeSizeBytes < 0 || !at.literal('}')) return false;
  at.plain = bits;
  columns.names[i] = name;
  columns.encodedNames[i] = encodedName;
  columns.startKeys[i] = startKey;
  columns.endKeys[i] = endKey;
  columns.servers[i] = server;
  columns.readRequests[i] = readRequests;
  columns.writeRequests[i] = writeRequests;
  columns.requests[i] = requests;
  columns.storeSizeBytes[i] = storeSizeBytes;
  columns.length = i + 1;
  return true;
}

/**
 * True when the raw key text `bytes[from, end)` (`toStringBinary` form, its backslashes written `\\`) reads as the
 * bytes of `key` by `toBytesBinary`; false otherwise, and for any text it would not read byte for byte as ASCII and
 * `\xNN` (the key is then parsed, which decides).
 */
export function isKeyText(bytes: Uint8Array, from: number, end: number, key: Uint8Array): boolean {
  let j = 0;
  for (let i = from; i < end; i++) {
    let c = bytes[i] as number;
    if (c === BACKSLASH) {
      // `\\` then `x` and two hex digits: one byte
      const hi = hexValue(bytes[i + 3] as number);
      const lo = hexValue(bytes[i + 4] as number);
      if (bytes[i + 2] !== 0x78 || hi < 0 || lo < 0 || i + 4 >= end) return false;
      c = (hi << 4) | lo;
      i += 4;
    } else if (c >= 0x80) return false;
    if (j >= key.length || key[j] !== c) return false;
    j++;
  }
  return j === key.length;
}

/** The content of a raw JSON string text whose only escapes are `\\`. */
function unescaped(raw: string): string {
  return raw.includes('\\') ? raw.replaceAll('\\\\', '\\') : raw;
}

/**
 * The bytes of the key of raw JSON text `bytes[from, end)` (what `toBytesBinary` reads of its content); `undefined`
 * for a malformed `\xNN` (the validating reader reports it). ASCII text is read straight from the bytes; text with
 * other characters is decoded and parsed.
 */
export function keyBytes(bytes: Buffer, from: number, end: number): Uint8Array | undefined {
  let length = 0;
  for (let i = from; i < end; i++) {
    const c = bytes[i] as number;
    if (c >= 0x80) return keyOfText(bytes.toString('utf8', from, end));
    if (c === BACKSLASH) {
      if (bytes[i + 2] !== 0x78 || hexValue(bytes[i + 3] as number) < 0 || hexValue(bytes[i + 4] as number) < 0 || i + 4 >= end) return undefined;
      i += 4;
    }
    length++;
  }
  const key = slabKey(length);
  let j = 0;
  for (let i = from; i < end; i++) {
    const c = bytes[i] as number;
    if (c === BACKSLASH) {
      key[j++] = (hexValue(bytes[i + 3] as number) << 4) | hexValue(bytes[i + 4] as number);
      i += 4;
    } else key[j++] = c;
  }
  return key;
}

/**
 * `name` as first kept in `names` (added when new): a series names each of a cluster's few hundred RegionServers once
 * per region, and one string per server rather than per region keeps the reader's memory, and the lookups by server
 * that follow (a string's hash is computed once per string), small.
 */
export function internName(names: Map<string, string>, name: string): string {
  const kept = names.get(name);
  if (kept !== undefined) return kept;
  names.set(name, name);
  return name;
}

/** Bytes of the slab that read keys are cut from (see {@link slabKey}). */
const KEY_SLAB_BYTES = 64 * 1024;
/** Keys longer than this get an array of their own (a slab would waste the rest). */
const KEY_SLAB_LARGEST = 1024;
let keySlab = new Uint8Array(0);
let keySlabUsed = 0;

/**
 * A zeroed view of `length` bytes for a key read from a file, cut from a shared slab of {@link KEY_SLAB_BYTES} (as
 * Node's `Buffer` pool does): one array buffer per 64 KiB of keys rather than one per key, which the engine would
 * otherwise track and sweep one by one. Read a key's `buffer` only through its `byteOffset` and `length`.
 */
function slabKey(length: number): Uint8Array {
  if (length > KEY_SLAB_LARGEST) return new Uint8Array(length);
  if (keySlabUsed + length > keySlab.length) {
    keySlab = new Uint8Array(KEY_SLAB_BYTES);
    keySlabUsed = 0;
  }
  const key = keySlab.subarray(keySlabUsed, keySlabUsed + length);
  keySlabUsed += length;
  return key;
}

/** `toBytesBinary` of a raw JSON string text whose only escapes are `\\`; `undefined` for a malformed `\xNN`. */
function keyOfText(raw: string): Uint8Array | undefined {
  try {
    return toBytesBinary(unescaped(raw));
  } catch {
    return undefined;
  }
}

/** True when the start keys are in order already (then sorting the regions would not change them). */
function inKeyOrder(startKeys: readonly Uint8Array[]): boolean {
  for (let i = 1; i < startKeys.length; i++) {
    if (compareBytes(startKeys[i - 1] as Uint8Array, startKeys[i] as Uint8Array) > 0) return false;
  }
  return true;
}
