/**
 * The fast path of the version 1 snapshot reader: a line exactly as `formatSnapshotLine` writes it (fields in its
 * order, no whitespace, whole numbers of at most 15 digits, strings without JSON escapes but for `\\` inside keys) is
 * scanned character by character into its {@link RegionLoad}s, with no intermediate JSON object per region, and
 * whatever the snapshot before it already held is shared instead of copied: a name, encoded name or server equal to
 * the one at the same position of the previous line is that same string, a key equal to it is that same `Uint8Array`,
 * and a region's start key is its predecessor's end key when they are written alike.
 *
 * Anything else (another field order, whitespace, escapes, fractions, exponents, an empty string, a duplicate encoded
 * name, a table other than the header's, any malformed JSON) yields `undefined`, and the caller parses the line with
 * the validating reader, which accepts or reports it exactly as it always has: this path only ever accepts lines that
 * the validating reader accepts, with the same result.
 *
 * @module
 */
import { compareBytes, toBytesBinary } from '../bytes/index.js';
import type { LoadSnapshot, RegionLoad } from './types.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** The characters JSON allows in no string (and outside strings only as whitespace, which the fast form has none of). */
const CONTROL = /[\u0000-\u001f]/;

/** The position of the first backslash in `text` at or after `from`, its length when there is none. */
function nextBackslash(text: string, from: number): number {
  const at = text.indexOf('\\', from);
  return at < 0 ? text.length : at;
}

/** What the previous fast-parsed line held, in line order: its regions and the raw (JSON) text of their keys. */
interface PreviousLine {
  readonly regions: readonly RegionLoad[];
  readonly startTexts: readonly string[];
  readonly endTexts: readonly string[];
  /** No encoded name is listed twice. */
  readonly unique: boolean;
}

/** Thrown inside the scanner to give up on the line (never escapes {@link FastSnapshotReader.read}). */
const GIVE_UP = new Error('not a line of the fast form');

/**
 * Reads version 1 snapshot lines of the fast form (see the module comment), remembering the last one read to share
 * its strings and keys with the next.
 */
export class FastSnapshotReader {
  private previous: PreviousLine = { regions: [], startTexts: [], endTexts: [], unique: true };
  private text = '';
  private pos = 0;
  /** Where the first backslash at or after {@link pos} is (the line's length when there is none). */
  private backslash = 0;

  /**
   * The snapshot of `text`, or `undefined` when the line is not of the fast form or not valid (the validating reader
   * then decides). `table` is the header's table; the line's must be the same.
   */
  read(text: string, table: string): LoadSnapshot | undefined {
    // a control character is invalid JSON inside a string and whitespace outside
    if (CONTROL.test(text)) return undefined;
    this.text = text;
    this.pos = 0;
    this.backslash = nextBackslash(text, 0);
    try {
      return this.snapshot(table);
    } catch (err) {
      if (err === GIVE_UP) return undefined;
      throw err;
    } finally {
      this.text = '';
    }
  }

  private snapshot(table: string): LoadSnapshot | undefined {
    this.literal('{"timeMs":');
    const timeMs = this.whole();
    this.literal(',"table":"');
    if (!this.matches(table)) return undefined;
    this.literal(',"regions":[');
    const prev = this.previous;
    const regions: RegionLoad[] = [];
    const startTexts: string[] = [];
    const endTexts: string[] = [];
    let sameNames = true;
    const text = this.text;
    if (text.charCodeAt(this.pos) !== 0x5d) {
      for (;;) {
        const i = regions.length;
        const before = prev.regions[i];
        this.literal('{"name":"');
        const name = this.shared(before?.name);
        this.literal(',"encodedName":"');
        const encodedName = this.shared(before?.encodedName);
        if (encodedName !== before?.encodedName) sameNames = false;
        this.literal(',"startKey":"');
        const startText = this.keyText(i > 0 ? endTexts[i - 1] : undefined, prev.startTexts[i]);
        const startKey = startText === endTexts[i - 1] ? (regions[i - 1] as RegionLoad).endKey : startText === prev.startTexts[i] ? (before as RegionLoad).startKey : keyBytes(startText);
        this.literal(',"endKey":"');
        const endText = this.keyText(prev.endTexts[i], undefined);
        const endKey = endText === prev.endTexts[i] ? (before as RegionLoad).endKey : endText === startText ? startKey : keyBytes(endText);
        this.literal(',"server":"');
        const server = this.shared(before?.server);
        let readRequests: number | null = null;
        let writeRequests: number | null = null;
        let requests: number;
        if (text.startsWith(',"readRequests":', this.pos)) {
          this.pos += 16;
          readRequests = this.whole();
          this.literal(',"writeRequests":');
          writeRequests = this.whole();
          requests = readRequests + writeRequests;
        } else {
          this.literal(',"requests":');
          requests = this.whole();
        }
        this.literal(',"storeSizeBytes":');
        const storeSizeBytes = this.whole();
        this.literal('}');
        regions.push({ name, encodedName, startKey, endKey, server, readRequests, writeRequests, requests, storeSizeBytes });
        startTexts.push(startText);
        endTexts.push(endText);
        if (text.charCodeAt(this.pos) !== 0x2c) break;
        this.pos++;
      }
    }
    this.literal(']}');
    if (this.pos !== text.length) return undefined;
    const unique = sameNames && regions.length === prev.regions.length && prev.unique ? true : noDuplicates(regions);
    // a duplicate is reported by the validating reader, with the positions it names
    if (!unique) return undefined;
    this.previous = { regions, startTexts, endTexts, unique };
    const sorted = regions.slice();
    if (!inKeyOrder(sorted)) sorted.sort((a, b) => compareBytes(a.startKey, b.startKey));
    return { timeMs, table, regions: sorted };
  }

  /** Steps over `expected`, which must come next. */
  private literal(expected: string): void {
    if (!this.text.startsWith(expected, this.pos)) throw GIVE_UP;
    this.pos += expected.length;
  }

  /**
   * True, stepping over it and its closing quote, when the string's raw JSON text is `expected` (itself a raw text
   * read before, or a string without backslashes).
   */
  private matches(expected: string): boolean {
    if (!this.text.startsWith(expected, this.pos) || this.text.charCodeAt(this.pos + expected.length) !== QUOTE) return false;
    this.pos += expected.length + 1;
    if (this.backslash < this.pos) this.backslash = nextBackslash(this.text, this.pos);
    return true;
  }

  /**
   * A string's raw JSON text (its opening quote already read), stepping past its closing quote. Its backslashes must
   * come in pairs (`\\`, the escape of one backslash, as in `\\x00`); any other escape or a missing quote gives up.
   */
  private raw(): string {
    const text = this.text;
    const start = this.pos;
    const end = text.indexOf('"', start);
    if (end < 0) throw GIVE_UP;
    let at = this.backslash;
    while (at < end) {
      if (text.charCodeAt(at + 1) !== BACKSLASH) throw GIVE_UP;
      at = nextBackslash(text, at + 2);
    }
    this.backslash = at;
    this.pos = end + 1;
    return text.slice(start, end);
  }

  /**
   * A non-empty string (its opening quote already read), stepping past its closing quote: `before` itself when the
   * content is the same.
   */
  private shared(before: string | undefined): string {
    // `before` holds no backslash when the text it matches holds none (the escaped form of one is two)
    if (before !== undefined && this.backslash > this.pos + before.length && this.matches(before)) return before;
    const raw = this.raw();
    if (raw === '') throw GIVE_UP;
    return unescaped(raw);
  }

  /** A key's raw JSON text (see {@link raw}): `a` or `b` itself when the text is the same. */
  private keyText(a: string | undefined, b: string | undefined): string {
    if (a !== undefined && this.matches(a)) return a;
    if (b !== undefined && this.matches(b)) return b;
    return this.raw();
  }

  /** A whole number `0` or `[1-9][0-9]{0,14}` (below 10^15, so every sum of two stays below 2^53). */
  private whole(): number {
    const text = this.text;
    let p = this.pos;
    let c = text.charCodeAt(p);
    if (c === 0x30) {
      c = text.charCodeAt(p + 1);
      if (c >= 0x30 && c <= 0x39) throw GIVE_UP;
      this.pos = p + 1;
      return 0;
    }
    if (!(c >= 0x31 && c <= 0x39)) throw GIVE_UP;
    const start = p;
    let value = 0;
    while (c >= 0x30 && c <= 0x39) {
      value = value * 10 + (c - 0x30);
      c = text.charCodeAt(++p);
    }
    // a fraction or exponent (valid JSON, maybe not whole) is left to the validating reader
    if (p - start > 15 || c === 0x2e || c === 0x65 || c === 0x45) throw GIVE_UP;
    this.pos = p;
    return value;
  }
}

/** The content of a raw JSON string text whose only escapes are `\\`. */
function unescaped(raw: string): string {
  return raw.includes('\\') ? raw.replaceAll('\\\\', '\\') : raw;
}

/** The bytes of a key's raw JSON text; a malformed `\xNN` gives up (the validating reader reports it). */
function keyBytes(raw: string): Uint8Array {
  try {
    return toBytesBinary(unescaped(raw));
  } catch {
    throw GIVE_UP;
  }
}

function noDuplicates(regions: readonly RegionLoad[]): boolean {
  const seen = new Set<string>();
  for (const r of regions) {
    if (seen.has(r.encodedName)) return false;
    seen.add(r.encodedName);
  }
  return true;
}

function inKeyOrder(regions: readonly RegionLoad[]): boolean {
  for (let i = 1; i < regions.length; i++) {
    if (compareBytes((regions[i - 1] as RegionLoad).startKey, (regions[i] as RegionLoad).startKey) > 0) return false;
  }
  return true;
}
