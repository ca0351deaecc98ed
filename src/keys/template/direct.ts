/**
 * The direct encoder: for a template made only of literals and the parts the fused encoder writes inline (a text
 * field, `salt(field, N ≤ 256)`, `reverseTs(field)`), one generated function that reads the fields, computes the key's
 * exact length in bytes, allocates that `Uint8Array` and writes every byte straight into it. No scratch buffer and no
 * copy: V8 keeps a typed array of at most 64 bytes created by `new Uint8Array(length)` on its own heap, the cheapest
 * allocation it has, where a `slice` of a larger buffer costs about a third more per key.
 *
 * The length assumes ASCII text (one byte per UTF-16 code unit). A record of any other shape (a non-ASCII string, a
 * number or bigint where text is read, a time that is not a safe non-negative integer, a missing field) goes to the
 * general encoder, which writes the same bytes or throws its error. Like the fused encoder, the generated source holds
 * only byte values, integer constants and field names quoted with `JSON.stringify`, never template text as code.
 */
import type { KeyRecord } from '../types.js';
import { copyAhead, HEX, literalCode, PAIRS } from './fused.js';
import type { CompiledPart } from './parts.js';

/** `9 | 223372036 | 854775807`: Long.MAX_VALUE in base-10^9 chunks (the leading 9 never changes for t < 2^53). */
const MAX_MID = 223372036;
const MAX_LOW = 854775807;

/** Writes the int32 `x` (below 10^9) as exactly 9 digits at `b[at + 1 .. at + 9]`, two digits per division. */
function nineDigits(at: number): string {
  const pair = (k: number) =>
    `q = (x / 100) | 0; d = (x - q * 100) << 1; b[p + ${at + k}] = P[d + 1]; b[p + ${at + k - 1}] = P[d]; x = q;`;
  return `${pair(9)} ${pair(7)} ${pair(5)} ${pair(3)} b[p + ${at + 1}] = 48 + x;`;
}

/**
 * `Long.MAX_VALUE - t` as 19 digits at `b[p..p+18]`, in int32 arithmetic on base-10^9 chunks of t. `t * 1e-9` is within
 * 1e-8 of t / 10^9 for t < 2^53, so its floor is off by at most one, which the two corrections put right.
 */
function reverseTsCode(t: string): string {
  return `{ let hi = Math.floor(${t} * 1e-9); let lo = ${t} - hi * 1e9;
    if (lo < 0) { hi -= 1; lo += 1e9; } else if (lo >= 1e9) { hi += 1; lo -= 1e9; }
    let mid = (${MAX_MID} - hi) | 0; let x = (${MAX_LOW} - lo) | 0; let q = 0; let d = 0;
    if (x < 0) { x = (x + 1000000000) | 0; mid = (mid - 1) | 0; }
    ${nineDigits(9)} x = mid; ${nineDigits(0)} b[p] = 57; p += 19; }`;
}

function checkCode(part: CompiledPart, i: number): string {
  const inline = part.inline;
  if (!inline) return '';
  const v = `const v${i} = r[${JSON.stringify(inline.field)}];`;
  return inline.type === 'reverseTs'
    ? `${v} if (typeof v${i} !== 'number' || !(v${i} >= 0 && v${i} <= 9007199254740991) || Math.floor(v${i}) !== v${i}) return slow(r);`
    : `${v} if (typeof v${i} !== 'string') return slow(r);`;
}

function writeCode(parts: readonly CompiledPart[], i: number, copied: ReadonlySet<number>): string {
  const part = parts[i] as CompiledPart;
  if (part.literal) return `${literalCode(part.literal, i)} p += ${part.literal.length};`;
  const inline = part.inline as NonNullable<CompiledPart['inline']>;
  const v = `v${i}`;
  switch (inline.type) {
    case 'text':
      return copied.has(i)
        ? `p += ${v}.length;`
        : `for (let k = 0, n = ${v}.length; k < n; k++) { const c = ${v}.charCodeAt(k); any |= c; b[p + k] = c; } p += ${v}.length;`;
    case 'saltHex': {
      const ahead = copyAhead(parts, i);
      const copy = (c: string, k: string) => (ahead ? ` any |= ${c}; b[p + ${ahead.gapBytes} + ${k}] = ${c};` : '');
      // Four code units a step: h·31^4 + c0·31^3 + c1·31^2 + c2·31 + c3 (mod 2^32) shortens the multiply chain.
      return `{ let h = 0; let k = 0; const n = ${v}.length;
    for (; k + 4 <= n; k += 4) { const c0 = ${v}.charCodeAt(k); const c1 = ${v}.charCodeAt(k + 1); const c2 = ${v}.charCodeAt(k + 2); const c3 = ${v}.charCodeAt(k + 3);
      h = (Math.imul(h, 923521) + Math.imul(c0, 29791) + Math.imul(c1, 961) + Math.imul(c2, 31) + c3) | 0;${copy('c0', 'k')}${copy('c1', 'k + 1')}${copy('c2', 'k + 2')}${copy('c3', 'k + 3')} }
    for (; k < n; k++) { const c = ${v}.charCodeAt(k); h = (Math.imul(h, 31) + c) | 0;${copy('c', 'k')} }
    const s = Math.abs(h % ${inline.buckets}); b[p] = H[s >> 4]; b[p + 1] = H[s & 15]; p += 2; }`;
    }
    case 'reverseTs':
      return reverseTsCode(v);
  }
}

/**
 * Builds the direct encoder for `parts`, or returns undefined when some part is neither a literal nor inline (such a
 * template encodes through the fused writer and a copy).
 * @param slow - the general encoder, used for every record the direct code does not handle; it writes the same bytes
 * or throws (`TEMPLATE_EMPTY_KEY` and the parts' own field errors).
 * @returns a function from a record to a fresh rowkey, byte for byte what `slow` returns.
 */
export function directEncoder(parts: readonly CompiledPart[], slow: (record: KeyRecord) => Uint8Array): ((record: KeyRecord) => Uint8Array) | undefined {
  if (parts.length === 0 || parts.some((p) => !p.literal && !p.inline)) return undefined;
  if (parts.some((p) => p.inline?.type !== 'text' && p.fixedWidth === undefined)) return undefined;
  const copied = new Set(parts.flatMap((_p, i) => copyAhead(parts, i)?.index ?? []));
  const fixedBytes = parts.reduce((sum, p) => sum + (p.inline?.type === 'text' ? 0 : (p.fixedWidth ?? 0)), 0);
  const texts = parts.flatMap((p, i) => (p.inline?.type === 'text' ? [`v${i}.length`] : []));
  const body = `return function encodeKey(r) {
  ${parts.map((p, i) => checkCode(p, i)).join('\n  ')}
  const len = ${[String(fixedBytes), ...texts].join(' + ')};${fixedBytes === 0 ? ' if (len === 0) return slow(r);' : ''}
  const b = new Uint8Array(len); let p = 0; let any = 0;
  ${parts.map((_p, i) => writeCode(parts, i, copied)).join('\n  ')}
  return any < 128 ? b : slow(r);
};`;
  // Generated from byte values, integers and JSON-quoted field names only; see the module comment.
  const factory = new Function('H', 'P', 'L', 'slow', body) as (...args: unknown[]) => (record: KeyRecord) => Uint8Array;
  return factory(HEX, PAIRS, parts.map((p) => p.literal), slow);
}
