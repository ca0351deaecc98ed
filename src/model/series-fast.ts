/**
 * The fast path of the version 1 snapshot reader: a line exactly as `formatSnapshotLine` writes it (fields in its
 * order, no whitespace, whole numbers of at most 15 digits, strings without JSON escapes but `\\`, the escape of the
 * backslash of `\xNN`) is matched one region at a time by a regular expression (compiled to machine code by the
 * engine) and turned into its {@link RegionLoad}s, with no intermediate JSON object per region, and
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
import { type NameIndex, rememberNameIndex } from './name-index.js';
import type { LoadSnapshot, RegionLoad } from './types.js';

/** A JSON string's raw text with no escape but `\\` (the escape of one backslash, as in `\\x00`), no control character. */
const STR = String.raw`(?:[^"\\\u0000-\u001f]|\\\\)`;
/** A whole number `0` or `[1-9][0-9]{0,14}` (below 10^15, so every sum of two stays below 2^53). */
const WHOLE = '(0|[1-9][0-9]{0,14})';
/** A snapshot line's start, up to its first region: time, table (raw text). */
const HEAD = new RegExp(String.raw`\{"timeMs":${WHOLE},"table":"(${STR}+)","regions":\[`, 'y');
/**
 * One region as the writer writes it: name, encodedName, startKey, endKey, server (raw texts), then readRequests and
 * writeRequests, or requests, then storeSizeBytes.
 */
const REGION = new RegExp(
  String.raw`\{"name":"(${STR}+)","encodedName":"(${STR}+)","startKey":"(${STR}*)","endKey":"(${STR}*)","server":"(${STR}+)",` +
    String.raw`"(?:readRequests":${WHOLE},"writeRequests":${WHOLE}|requests":${WHOLE}),"storeSizeBytes":${WHOLE}\}`,
  'y',
);

/**
 * What the previous fast-read line held, in line order: its regions and the raw (JSON) texts of their strings. A line
 * is kept only when no encoded name is listed twice in it.
 */
interface PreviousLine {
  readonly regions: readonly RegionLoad[];
  readonly names: readonly string[];
  readonly encodedNames: readonly string[];
  readonly servers: readonly string[];
  readonly startTexts: readonly string[];
  readonly endTexts: readonly string[];
  /** Where each encoded name stands in the line's order, when known (the map the duplicates were checked with). */
  readonly index: NameIndex | undefined;
}

const NONE: PreviousLine = { regions: [], names: [], encodedNames: [], servers: [], startTexts: [], endTexts: [], index: undefined };

/**
 * Reads version 1 snapshot lines of the fast form (see the module comment), remembering the last one read to share
 * its strings and keys with the next.
 */
export class FastSnapshotReader {
  private previous = NONE;

  /**
   * The snapshot of `text`, or `undefined` when the line is not of the fast form or not valid (the validating reader
   * then decides). `table` is the header's table; the line's must be the same.
   */
  read(text: string, table: string): LoadSnapshot | undefined {
    HEAD.lastIndex = 0;
    const head = HEAD.exec(text);
    if (!head || unescaped(head[2] as string) !== table) return undefined;
    const timeMs = Number(head[1]);
    let pos = HEAD.lastIndex;
    const prev = this.previous;
    const regions: RegionLoad[] = [];
    const names: string[] = [];
    const encodedNames: string[] = [];
    const servers: string[] = [];
    const startTexts: string[] = [];
    const endTexts: string[] = [];
    let sameNames = true;
    if (text.charCodeAt(pos) !== 0x5d) {
      for (;;) {
        REGION.lastIndex = pos;
        const m = REGION.exec(text);
        if (!m) return undefined;
        pos = REGION.lastIndex;
        const i = regions.length;
        const before = prev.regions[i];
        const nameText = m[1] as string;
        const encodedText = m[2] as string;
        const startText = m[3] as string;
        const endText = m[4] as string;
        const serverText = m[5] as string;
        const sameEncoded = before !== undefined && encodedText === prev.encodedNames[i];
        if (!sameEncoded) sameNames = false;
        const encodedName = sameEncoded ? before.encodedName : unescaped(encodedText);
        const name = before !== undefined && nameText === prev.names[i] ? before.name : unescaped(nameText);
        const server = before !== undefined && serverText === prev.servers[i] ? before.server : unescaped(serverText);
        const startKey =
          i > 0 && startText === endTexts[i - 1] ? (regions[i - 1] as RegionLoad).endKey
          : before !== undefined && startText === prev.startTexts[i] ? before.startKey
          : keyBytes(startText);
        const endKey =
          before !== undefined && endText === prev.endTexts[i] ? before.endKey
          : endText === startText ? startKey
          : keyBytes(endText);
        if (startKey === undefined || endKey === undefined) return undefined;
        let readRequests: number | null = null;
        let writeRequests: number | null = null;
        let requests: number;
        if (m[8] === undefined) {
          readRequests = Number(m[6]);
          writeRequests = Number(m[7]);
          requests = readRequests + writeRequests;
        } else {
          requests = Number(m[8]);
        }
        const storeSizeBytes = Number(m[9]);
        regions.push({ name, encodedName, startKey, endKey, server, readRequests, writeRequests, requests, storeSizeBytes });
        names.push(nameText);
        encodedNames.push(encodedText);
        servers.push(serverText);
        startTexts.push(startText);
        endTexts.push(endText);
        if (text.charCodeAt(pos) !== 0x2c) break;
        pos++;
      }
    }
    if (pos + 2 !== text.length || !text.endsWith(']}')) return undefined;
    // the same names in the same order as the previous line (which had no duplicate): its index holds for this one
    const same = sameNames && regions.length === prev.regions.length;
    const index = same ? prev.index : positionsOf(regions);
    // a duplicate is reported by the validating reader, with the positions it names
    if (!same && !(index as NameIndex).unique) return undefined;
    this.previous = { regions, names, encodedNames, servers, startTexts, endTexts, index };
    const sorted = regions.slice();
    if (!inKeyOrder(sorted)) sorted.sort((a, b) => compareBytes(a.startKey, b.startKey));
    // in key order already, the sorted list stands as the line does: the rate step takes the index from here
    else if (index !== undefined) rememberNameIndex(sorted, index);
    return { timeMs, table, regions: sorted };
  }
}

/** The content of a raw JSON string text whose only escapes are `\\`. */
function unescaped(raw: string): string {
  return raw.includes('\\') ? raw.replaceAll('\\\\', '\\') : raw;
}

/** The bytes of a key's raw JSON text; `undefined` for a malformed `\xNN` (the validating reader reports it). */
function keyBytes(raw: string): Uint8Array | undefined {
  try {
    return toBytesBinary(unescaped(raw));
  } catch {
    return undefined;
  }
}

/** Where each encoded name stands in `regions` (the last position of a name listed twice), and whether none is. */
function positionsOf(regions: readonly RegionLoad[]): NameIndex {
  const positions = new Map<string, number>();
  for (let i = 0; i < regions.length; i++) positions.set((regions[i] as RegionLoad).encodedName, i);
  return { positions, unique: positions.size === regions.length };
}

/** True when the regions are in start key order already (then sorting would not change them). */
function inKeyOrder(regions: readonly RegionLoad[]): boolean {
  for (let i = 1; i < regions.length; i++) {
    if (compareBytes((regions[i - 1] as RegionLoad).startKey, (regions[i] as RegionLoad).startKey) > 0) return false;
  }
  return true;
}
