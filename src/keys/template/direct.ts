/**
 * The direct encoder: for a template made only of literals and the parts the fused encoder writes inline (a text
 * field, `salt(field, N ≤ 256)`, `reverseTs(field)`), generated code that reads the fields, computes the key's exact
 * length in bytes and writes every byte straight into its destination: a caller's buffer (`encodeInto`) or the current
 * slab (`encode`). Four text characters, the two salt digits and four decimal digits at a time go out as one
 * little-endian `DataView` store, which needs a `DataView` over the destination. `encode` returns a key of at most 64
 * bytes as a `Uint8Array` of its own, written a byte at a time (V8 keeps so small a typed array on its heap, with no
 * `ArrayBuffer` and so no `DataView`; it is cheaper to make than a view); a longer key is written into a slab (an 8 KiB
 * `ArrayBuffer` shared by the keys cut from it, as Node's `Buffer` pool is) and returned as a `Uint8Array` view of its
 * own bytes, which no later call writes again.
 *
 * The length assumes ASCII text (one byte per UTF-16 code unit). A record of any other shape (a non-ASCII string, a
 * number or bigint where text is read, a time that is not a safe non-negative integer, a missing field) goes to the
 * general encoder, which writes the same bytes or throws its error. Like the fused encoder, the generated source holds
 * only byte values, integer constants and field names quoted with `JSON.stringify`, never template text as code.
 */
import type { KeyRecord } from '../types.js';
import { copyAhead, HEX, literalCode } from './fused.js';
import type { CompiledPart } from './parts.js';

/** `9 | 223372036 | 854775807`: Long.MAX_VALUE in base-10^9 chunks (the leading 9 never changes for t < 2^53). */
const MAX_MID = 223372036;
const MAX_LOW = 854775807;

/** Bytes per slab; a key longer than an eighth of it gets an `ArrayBuffer` of its own. */
export const SLAB_BYTES = 8192;
/**
 * Longest key `encode` returns as an array of its own: V8 keeps a typed array of at most 64 bytes on its heap, with no
 * `ArrayBuffer` behind it until one is asked for, so making it costs less than a view of a slab. Longer keys are cut
 * from a slab.
 */
export const HEAP_KEY_BYTES = 64;

/** `T4[i]`: the 4 ASCII digits of `%04d` of i (0..9999), first digit in the low byte (a little-endian store). */
const T4 = Uint32Array.from({ length: 10_000 }, (_, i) => {
  const s = String(i).padStart(4, '0');
  return (s.charCodeAt(0) | (s.charCodeAt(1) << 8) | (s.charCodeAt(2) << 16) | (s.charCodeAt(3) << 24)) >>> 0;
});
/** `X2[i]`: the 2 ASCII digits of `%02x` of i (0..255), first digit in the low byte. */
const X2 = Uint16Array.from({ length: 256 }, (_, i) => HEX[i >> 4]! | (HEX[i & 15]! << 8));

/**
 * How generated code stores a little-endian 16- or 32-bit word at a byte position: through the `DataView` `d` over the
 * destination (a slab or a caller's buffer), or, for a key in an array of its own (`b`, on the engine's heap, which has
 * no `DataView`), one byte at a time (a `Uint8Array` store keeps the low 8 bits).
 */
interface Stores {
  u16(at: string, word: string): string;
  u32(at: string, word: string): string;
  /** Stores four code units held in variables (`units`: their names), first at `at`. */
  units(at: string, units: readonly string[]): string;
}
const VIEW_STORES: Stores = {
  u16: (at, word) => `d.setUint16(${at}, ${word}, true);`,
  u32: (at, word) => `d.setUint32(${at}, ${word}, true);`,
  units: (at, [c0, c1, c2, c3]) => `d.setUint32(${at}, ${c0} | (${c1} << 8) | (${c2} << 16) | (${c3} << 24), true);`,
};
const BYTE_STORES: Stores = {
  u16: (at, word) => `{ const w = ${word}; b[${at}] = w; b[${at} + 1] = w >>> 8; }`,
  u32: (at, word) => `{ const w = ${word}; b[${at}] = w; b[${at} + 1] = w >>> 8; b[${at} + 2] = w >>> 16; b[${at} + 3] = w >>> 24; }`,
  units: (at, units) => units.map((c, j) => `b[${at}${j === 0 ? '' : ` + ${j}`}] = ${c};`).join(' '),
};

/** Splits the int32 `x` (below 10^9) into its first digit `a` and the `T4` words `wa`, `wb` of the next 4 + 4. */
const NINE_DIGITS = `const a = (x / 100000000) | 0; x -= a * 100000000; const q = (x / 10000) | 0; const wa = T4[q]; const wb = T4[x - q * 10000];`;

/**
 * `Long.MAX_VALUE - t` as 19 digits at `b[p..p+18]`, in int32 arithmetic on base-10^9 chunks of t. `t * 1e-9` is within
 * 1e-8 of t / 10^9 for t < 2^53, so its floor is off by at most one, which the two corrections put right. The leading
 * "9" and the next 9 digits change only when t / 10^9 does (every 11.6 days of milliseconds), so part `i` keeps the
 * last high chunk it wrote with its 2 + 4 + 4 bytes in `M<i>`, `H<i>`, `A<i>`, `B<i>` and writes them again unchanged.
 */
function reverseTsCode(t: string, i: number, st: Stores): string {
  return `{ let hi = Math.floor(${t} * 1e-9); let lo = ${t} - hi * 1e9;
    if (lo < 0) { hi -= 1; lo += 1e9; } else if (lo >= 1e9) { hi += 1; lo -= 1e9; }
    let mid = (${MAX_MID} - hi) | 0; let low = (${MAX_LOW} - lo) | 0;
    if (low < 0) { low = (low + 1000000000) | 0; mid = (mid - 1) | 0; }
    if (mid !== M${i}) { let x = mid; ${NINE_DIGITS} M${i} = mid; H${i} = 57 | ((48 + a) << 8); A${i} = wa; B${i} = wb; }
    ${st.u16('p', `H${i}`)} ${st.u32('p + 2', `A${i}`)} ${st.u32('p + 6', `B${i}`)}
    { let x = low; ${NINE_DIGITS} b[p + 10] = 48 + a; ${st.u32('p + 11', 'wa')} ${st.u32('p + 15', 'wb')} } p += 19; }`;
}

/** Code folding the code units `c<from>..c<from + 3>` into `h` and `any`, and storing them as one word at `at`. */
function fourUnits(v: string, from: number, at: string, hash: boolean, st: Stores): string {
  const [c0, c1, c2, c3] = [0, 1, 2, 3].map((j) => `c${from + j}`);
  const reads = [0, 1, 2, 3].map((j) => `const c${from + j} = ${v}.charCodeAt(k${from + j === 0 ? '' : ` + ${from + j}`});`).join(' ');
  const fold = hash ? ` h = (Math.imul(h, 923521) + Math.imul(${c0}, 29791) + Math.imul(${c1}, 961) + Math.imul(${c2}, 31) + ${c3}) | 0;` : '';
  return `${reads}${fold}
      any |= ${c0} | ${c1} | ${c2} | ${c3}; ${st.units(`${at} + k${from === 0 ? '' : ` + ${from}`}`, [c0, c1, c2, c3] as string[])}`;
}

/**
 * Copies the ASCII of string `v` to `b[at..]`, eight then four characters a step and one store per four, folding every
 * code unit into `any`. Eight a step halves the loop's own work (its exit test, stack check and register reloads) for
 * the usual 8 to 16 character ids.
 */
function copyCode(v: string, at: string, hash: boolean, st: Stores): string {
  const h1 = hash ? ' h = (Math.imul(h, 31) + c) | 0;' : '';
  // Four code units a step: h·31^4 + c0·31^3 + c1·31^2 + c2·31 + c3 (mod 2^32) shortens the multiply chain. A code
  // unit of 128 or more makes `any` send the record to the general encoder, so what the store wrote then is moot.
  return `{ let k = 0; const n = ${v}.length;
    for (; k + 8 <= n; k += 8) { ${fourUnits(v, 0, at, hash, st)}
      ${fourUnits(v, 4, at, hash, st)} }
    if (k + 4 <= n) { ${fourUnits(v, 0, at, hash, st)} k += 4; }
    for (; k < n; k++) { const c = ${v}.charCodeAt(k);${h1} any |= c; b[${at} + k] = c; } }`;
}

/**
 * The prologue's field reads: each field the inline parts read is looked up on the record once, into `f0`, `f1`, ... in
 * order of first use (a salted field that is also copied is one read, not two), then checked for the shape every part
 * reading it needs: text for a text or salt part, a safe non-negative integer for `reverseTs`.
 * @returns the code, and the variable holding each part's field (by part index; undefined for literals).
 */
function readCode(parts: readonly CompiledPart[], slow: string): { code: string; vars: (string | undefined)[] } {
  const byField = new Map<string, { name: string; text: boolean; time: boolean }>();
  const vars = parts.map((part) => {
    const inline = part.inline;
    if (!inline) return undefined;
    let read = byField.get(inline.field);
    if (!read) byField.set(inline.field, (read = { name: `f${byField.size}`, text: false, time: false }));
    if (inline.type === 'reverseTs') read.time = true;
    else read.text = true;
    return read.name;
  });
  const code = [...byField].map(([field, { name, text, time }]) => {
    const checks = [
      ...(text ? [`typeof ${name} !== 'string'`] : []),
      ...(time ? [`typeof ${name} !== 'number' || !(${name} >= 0 && ${name} <= 9007199254740991) || Math.floor(${name}) !== ${name}`] : []),
    ];
    return `const ${name} = r[${JSON.stringify(field)}]; if (${checks.join(' || ')}) return ${slow};`;
  });
  return { code: code.join('\n  '), vars };
}

function writeCode(parts: readonly CompiledPart[], i: number, copied: ReadonlySet<number>, v: string, st: Stores): string {
  const part = parts[i] as CompiledPart;
  if (part.literal) return `${literalCode(part.literal, i)} p += ${part.literal.length};`;
  const inline = part.inline as NonNullable<CompiledPart['inline']>;
  switch (inline.type) {
    case 'text':
      return copied.has(i) ? `p += ${v}.length;` : `${copyCode(v, 'p', false, st)} p += ${v}.length;`;
    case 'saltHex': {
      const ahead = copyAhead(parts, i);
      if (ahead) return `{ let h = 0; ${copyCode(v, `p + ${ahead.gapBytes}`, true, st)} ${st.u16('p', `X2[Math.abs(h % ${inline.buckets})]`)} p += 2; }`;
      return `{ let h = 0; for (let k = 0, n = ${v}.length; k < n; k++) h = (Math.imul(h, 31) + ${v}.charCodeAt(k)) | 0;
    ${st.u16('p', `X2[Math.abs(h % ${inline.buckets})]`)} p += 2; }`;
    }
    case 'reverseTs':
      return reverseTsCode(v, i, st);
  }
}

/** The errors of the public `encodeInto`, shared by the direct encoder and the general one. */
export interface IntoChecks {
  /** Throws the `TypeError` or `RangeError` for a `buffer` that is not a `Uint8Array` or an `offset` not in it; returns otherwise. */
  readonly checkTarget: (buffer: unknown, offset: unknown) => void;
  /** Throws the `RangeError` for a key of `-written` bytes that does not fit at `buffer[offset..]`. */
  readonly tooSmall: (written: number, buffer: Uint8Array, offset: number) => never;
}

/**
 * The public `encodeInto`'s argument check: `DB` (the buffer whose `DataView` is kept, or a private empty array no
 * caller has) is always a `Uint8Array`, so the same buffer with a whole offset in it (`>>> 0` keeps only integers from 0
 * to 2^32 - 1) needs no more; anything else goes to `checkTarget`, which throws for a bad buffer or offset. An offset
 * that is no number goes there before `>>> 0` sees it: that would throw a `TypeError` for a bigint or a symbol and call
 * an object's `valueOf`.
 */
const CHECKED_GUARD = `
  if (b !== DB || typeof at !== 'number' || at >>> 0 !== at || at > b.length) checkTarget(b, at);`;

/** A value as an error message shows it: strings quoted, objects by their constructor name. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object' && value !== null) return value.constructor?.name ?? 'an object';
  return String(value);
}

/** The argument checks and the too-small error of every template's `encodeInto`. */
export const INTO_CHECKS: IntoChecks = {
  checkTarget(target, offset) {
    if (!(target instanceof Uint8Array)) throw new TypeError(`encodeInto: buffer must be a Uint8Array, not ${describeValue(target)}`);
    if (!Number.isInteger(offset) || (offset as number) < 0 || (offset as number) > target.length) {
      throw new RangeError(`encodeInto: offset ${describeValue(offset)} is not an integer from 0 to the buffer's length ${target.length}`);
    }
  },
  tooSmall(written, target, offset) {
    throw new RangeError(
      `encodeInto: the rowkey needs ${-written} bytes at offset ${offset}, but the buffer has ${target.length - offset} from there; pass a buffer of at least ${offset - written} bytes`,
    );
  },
};

/** What {@link directEncoder} builds for a template. */
export interface DirectEncoder {
  /**
   * A record to a fresh rowkey (an array of its own up to {@link HEAP_KEY_BYTES}, else a view of slab bytes no later call
   * writes), byte for byte what `slow` returns.
   */
  readonly encode: (record: KeyRecord) => Uint8Array;
  /**
   * Writes the record's rowkey at `buffer[offset..]` and returns its length in bytes, or minus its length, writing
   * nothing, when fewer bytes than that follow `offset`. `offset` must be an integer in `[0, buffer.length]` (the caller
   * checks). Bytes from `offset` may have been changed when it throws or returns a negative length after a non-ASCII
   * value sent the record to the general encoder.
   */
  readonly into: (record: KeyRecord, buffer: Uint8Array, offset: number) => number;
  /**
   * The template's public `encodeInto(record, buffer, offset = 0)`: {@link DirectEncoder.into} with its argument checks
   * ({@link IntoChecks.checkTarget}, skipped for the buffer of the last call and a whole offset within it) and a key
   * that does not fit thrown ({@link IntoChecks.tooSmall}) rather than returned. One call, not a wrapper around `into`:
   * a writer's loop pays for one call per key.
   */
  readonly checked: (record: KeyRecord, buffer: Uint8Array, offset?: number) => number;
  /** Drops the `DataView` kept over the last buffer `into` wrote (so the template does not keep that buffer alive). */
  readonly release: () => void;
}

/**
 * Builds the direct encoder for `parts`, or returns undefined when some part is neither a literal nor inline (such a
 * template encodes through the fused writer and a copy).
 * @param slow - the general encoder, used for every record the direct code does not handle; it writes the same bytes
 * or throws (`TEMPLATE_EMPTY_KEY` and the parts' own field errors).
 */
export function directEncoder(parts: readonly CompiledPart[], slow: (record: KeyRecord) => Uint8Array): DirectEncoder | undefined {
  if (parts.length === 0 || parts.some((p) => !p.literal && !p.inline)) return undefined;
  if (parts.some((p) => p.inline?.type !== 'text' && p.fixedWidth === undefined)) return undefined;
  const copied = new Set(parts.flatMap((_p, i) => copyAhead(parts, i)?.index ?? []));
  const fixedBytes = parts.reduce((sum, p) => sum + (p.inline?.type === 'text' ? 0 : (p.fixedWidth ?? 0)), 0);
  const reads = (slowCall: string) => readCode(parts, slowCall);
  const vars = reads('').vars;
  const texts = parts.flatMap((p, i) => (p.inline?.type === 'text' ? [`${vars[i]}.length`] : []));
  const prologue = (slowCall: string) => `${reads(slowCall).code}
  const len = ${[String(fixedBytes), ...texts].join(' + ')};${fixedBytes === 0 ? ` if (len === 0) return ${slowCall};` : ''}`;
  const writes = (st: Stores) => parts.map((_p, i) => writeCode(parts, i, copied, vars[i] ?? '', st)).join('\n  ');
  const highChunks = parts.map((p, i) => (p.inline?.type === 'reverseTs' ? ` var M${i} = -1; var H${i} = 0; var A${i} = 0; var B${i} = 0;` : '')).join('');
  // A writer into a caller's buffer: `function <name>(r, b, <at>)`, starting with `guard`, calling `slowCall` for a
  // record it does not write itself.
  const intoCode = (name: string, at: string, guard: string, slowCall: string) => `function ${name}(r, b, ${at}) {${guard}
  ${prologue(slowCall)}
  // len counts code units: the UTF-8 key of a record with non-ASCII text is longer, so a key that does not fit is
  // measured by the general encoder, which returns minus its real length (a UTF-8 key is never shorter).
  if (len > b.length - at) return ${slowCall};
  if (b !== DB || b.length !== DL) { DD = new DataView(b.buffer, b.byteOffset, b.length); DB = b; DL = b.length; }
  const d = DD; let p = at; let any = 0;
  ${writes(VIEW_STORES)}
  return any < 128 ? len : ${slowCall};
}`;
  // `var`, not `let`: the closures' state then needs no check against the temporal dead zone at every read.
  const body = `var SA = new ArrayBuffer(0); var SB = new Uint8Array(SA); var SD = new DataView(SA); var off = 0; var cap = 0;
var NONE = new Uint8Array(0); var DB = NONE; var DL = -1; var DD = SD;${highChunks}
function refill(len) {
  const size = len > ${SLAB_BYTES >> 3} ? len : ${SLAB_BYTES};
  SA = new ArrayBuffer(size); SB = new Uint8Array(SA); SD = new DataView(SA); cap = size;
  return 0;
}
function slowInto(r, b, at) {
  const key = slow(r);
  if (key.length > b.length - at) return -key.length;
  b.set(key, at);
  return key.length;
}
function encodeKey(r) {
  ${prologue('slow(r)')}
  if (len <= ${HEAP_KEY_BYTES}) {
    const b = new Uint8Array(len); let p = 0; let any = 0;
    ${writes(BYTE_STORES)}
    return any < 128 ? b : slow(r);
  }
  let o = off; if (o + len > cap) o = refill(len);
  off = o + len;
  const b = SB; const d = SD; let p = o; let any = 0;
  ${writes(VIEW_STORES)}
  return any < 128 ? new Uint8Array(SA, o, len) : slow(r);
}
${intoCode('encodeInto', 'at', '', 'slowInto(r, b, at)')}
function slowChecked(r, b, at) {
  const written = slowInto(r, b, at);
  return written < 0 ? tooSmall(written, b, at) : written;
}
${intoCode('encodeIntoChecked', 'at = 0', CHECKED_GUARD, 'slowChecked(r, b, at)')}
return { encode: encodeKey, into: encodeInto, checked: encodeIntoChecked, release() { DB = NONE; DL = -1; DD = SD; } };`;
  // Generated from byte values, integers and JSON-quoted field names only; see the module comment.
  const factory = new Function('X2', 'T4', 'L', 'slow', 'checkTarget', 'tooSmall', body) as (...args: unknown[]) => DirectEncoder;
  return factory(X2, T4, parts.map((p) => p.literal), slow, INTO_CHECKS.checkTarget, INTO_CHECKS.tooSmall);
}
