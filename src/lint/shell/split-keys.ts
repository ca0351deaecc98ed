/**
 * Split points as `hbase shell` turns them into split keys. `create ..., SPLITS => [...]` (and each line of a
 * `SPLITS_FILE`, without its line end) goes through `Bytes.toBytesBinary(String)` (admin.rb), and the client's
 * `createTable` then sorts the keys and refuses an empty one or a repeated one (`RawAsyncHBaseAdmin`: "Empty split key
 * must not be passed in the split keys.", "All split keys must be unique, found duplicate: ...").
 *
 * `toBytesBinary` reads the Java string one UTF-16 code unit at a time: `\xNN` (two hex digits) is the byte NN; a
 * backslash followed by `x` and something other than two hex digits is dropped (the `x` and what follows are kept);
 * a backslash followed by `x` with fewer than two characters after it throws (String index out of range); every other
 * code unit is written as its low 8 bits (`(byte) ch`: `é` U+00E9 is 0xE9, `中` U+4E2D is 0x2D). Checked with the
 * shell of the local test cluster (HBase 2.6 classes; admin.rb reads `SPLITS` so in every 2.x release): `'\x10'` gives 0x10, `"\x80"` gives 0xFD (JRuby passes the bytes decoded as UTF-8, an invalid
 * byte as U+FFFD), `"中"` gives `-`, `'a\xZZ'` gives `axZZ`, `'\x'` and `'abc\x4'` fail.
 *
 * @module
 */
import { hexValue } from '../../bytes/binary-string.js';


/**
 * The split key `hbase shell` makes of a split point: `Bytes.toBytesBinary(point)` over the string the shell passes
 * (see the module comment).
 * @param point - the split point as the Java string the shell passes: a script string's characters with its escapes
 *   resolved (a double-quoted string's bytes decoded as UTF-8), or a `SPLITS_FILE` line without its line end.
 * @returns the key's bytes, or `undefined` where `toBytesBinary` throws (a `\x` followed by fewer than two
 *   characters), which makes the shell's `create` fail.
 */
export function shellSplitKey(point: string): Uint8Array | undefined {
  const out = new Uint8Array(point.length);
  let size = 0;
  for (let i = 0; i < point.length; i++) {
    const code = point.charCodeAt(i);
    if (code === 0x5c && point.length > i + 1 && point.charCodeAt(i + 1) === 0x78) {
      // Java reads both characters before testing them: one missing is String index out of range.
      if (i + 3 >= point.length) return undefined;
      const hi = hexValue(point.charCodeAt(i + 2));
      const lo = hexValue(point.charCodeAt(i + 3));
      // A bogus escape: the backslash is dropped, the rest read as it is.
      if (hi < 0 || lo < 0) continue;
      out[size++] = (hi << 4) | lo;
      i += 3;
    } else out[size++] = code & 0xff;
  }
  return out.slice(0, size);
}

/**
 * Why the shell writes other bytes than a split point shows, or `undefined` when it writes what it shows: a
 * character beyond U+00FF is written as its low byte only, and U+FFFD stands for bytes that were not UTF-8 (a
 * double-quoted `"\x80"`), which the shell writes as 0xFD.
 */
export function splitPointMangled(point: string): string | undefined {
  for (let i = 0; i < point.length; i++) {
    const code = point.charCodeAt(i);
    if (code === 0xfffd) return 'holds bytes that are not UTF-8 (a double-quoted "\\x80" and the like), which the shell passes as U+FFFD and writes as the byte 0xFD';
    if (code > 0xff) {
      const cp = point.codePointAt(i) as number;
      const ch = String.fromCodePoint(cp);
      const bytes = [...Array(ch.length).keys()].map((k) => `0x${(ch.charCodeAt(k) & 0xff).toString(16).toUpperCase().padStart(2, '0')}`);
      return `holds '${ch}' (U+${cp.toString(16).toUpperCase().padStart(4, '0')}), which the shell writes as ${bytes.join(' ')} (the low byte of each UTF-16 unit), not as UTF-8`;
    }
  }
  return undefined;
}
