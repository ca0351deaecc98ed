/**
 * The bulk-encoding fast path: one generated function per template that writes the common parts inline (literals,
 * a text field, `salt(field, N ≤ 256)`, `reverseTs(field)`) straight into the template's buffer, and calls the part's
 * own writer for everything else, or when a value is not of the shape the inline code handles (a non-ASCII string, a
 * bigint time). The generated source holds only byte values, integer constants and field names quoted with
 * `JSON.stringify`, never template text as code.
 */
import type { KeyBuffer } from '../functions/key-buffer.js';
import type { KeyRecord } from '../types.js';
import type { CompiledPart } from './parts.js';

/** What the fused encoder may write inline for a part. */
export type InlinePart =
  | { readonly type: 'text'; readonly field: string }
  | { readonly type: 'saltHex'; readonly field: string; readonly buckets: number }
  | { readonly type: 'reverseTs'; readonly field: string };

/** ASCII of the lower-case hex digits. */
export const HEX = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
/** ASCII of "00" to "99", two bytes per number. */
export const PAIRS = Uint8Array.from({ length: 200 }, (_, i) => 48 + (i & 1 ? (i >> 1) % 10 : Math.floor((i >> 1) / 10)));

/** Room check: grows the buffer through the shared KeyBuffer when `n` more bytes would not fit. */
const ROOM = (n: string) => `if (p + ${n} > b.length) { o.length = p; o.reserve(${n}); b = o.bytes; }`;

/** Writes `v` (a 32-bit non-negative integer) as exactly 9 digits ending before `p + end`. */
function nineDigits(v: string, at: string): string {
  return `{ let x = ${v}; for (let k = ${at} + 8; k > ${at}; k -= 2) { const q = (x / 100) | 0; const d = (x - q * 100) << 1; b[k] = P[d + 1]; b[k - 1] = P[d]; x = q; } b[${at}] = 48 + x; }`;
}

/**
 * For `salt(F, N)` followed, after fixed-width parts only, by `{F}` itself (the usual `{salt(id,N)}_{id}` shape): the
 * index of that text part and the bytes between the salt's start and it. The salt's hash loop then also copies F's
 * ASCII bytes into place, and the text part only steps over them.
 */
export function copyAhead(parts: readonly CompiledPart[], i: number): { index: number; gapBytes: number } | undefined {
  const salt = parts[i]?.inline;
  if (salt?.type !== 'saltHex') return undefined;
  let gapBytes = 2;
  for (let j = i + 1; j < parts.length; j++) {
    const part = parts[j] as CompiledPart;
    if (part.inline?.type === 'text' && part.inline.field === salt.field) return { index: j, gapBytes };
    if (part.fixedWidth === undefined || part.fill) return undefined;
    gapBytes += part.fixedWidth;
  }
  return undefined;
}

/** Longest literal written byte by byte in generated code; a longer one is copied from `L[i]` (code stays small). */
const UNROLLED_LITERAL_BYTES = 16;

/** Code writing literal part `i` at `b[p..]`, without moving `p`. */
export function literalCode(literal: Uint8Array, i: number): string {
  if (literal.length > UNROLLED_LITERAL_BYTES) return `b.set(L[${i}], p);`;
  return [...literal].map((x, k) => `b[p + ${k}] = ${x};`).join(' ');
}

function partCode(parts: readonly CompiledPart[], i: number, copied: ReadonlySet<number>): string {
  const part = parts[i] as CompiledPart;
  const fallback = `o.length = p; w${i}(r, o); b = o.bytes; p = o.length;`;
  if (part.literal) return `${ROOM(String(part.literal.length))} ${literalCode(part.literal, i)} p += ${part.literal.length};`;
  const inline = part.inline;
  if (!inline) return fallback;
  const key = JSON.stringify(inline.field);
  switch (inline.type) {
    case 'text': {
      const text = `{ const v = r[${key}]; let ok = typeof v === 'string';
  if (ok) { const n = v.length; ${ROOM('n')} for (let k = 0; k < n; k++) { const c = v.charCodeAt(k); if (c >= 128) { ok = false; break; } b[p + k] = c; } if (ok) p += n; }
  if (!ok) { ${fallback} } }`;
      return copied.has(i) ? `if (c${i} >= 0) p += c${i}; else ${text}` : text;
    }
    case 'saltHex': {
      const ahead = copyAhead(parts, i);
      if (ahead) {
        return `{ const v = r[${key}];
  if (typeof v === 'string') { const n = v.length; ${ROOM(`n + ${ahead.gapBytes}`)} const q = p + ${ahead.gapBytes}; let h = 0; let any = 0;
    for (let k = 0; k < n; k++) { const c = v.charCodeAt(k); h = (Math.imul(h, 31) + c) | 0; any |= c; b[q + k] = c; }
    if (any < 128) c${ahead.index} = n;
    const s = Math.abs(h % ${inline.buckets}); b[p] = H[s >> 4]; b[p + 1] = H[s & 15]; p += 2; }
  else { ${fallback} } }`;
      }
      return `{ const v = r[${key}];
  if (typeof v === 'string') { let h = 0; for (let k = 0; k < v.length; k++) h = (Math.imul(h, 31) + v.charCodeAt(k)) | 0;
    const s = Math.abs(h % ${inline.buckets}); ${ROOM('2')} b[p] = H[s >> 4]; b[p + 1] = H[s & 15]; p += 2; }
  else { ${fallback} } }`;
    }
    case 'reverseTs':
      return `{ const t = r[${key}];
  if (typeof t === 'number' && t >= 0 && t <= 9007199254740991 && Math.floor(t) === t) {
    let hi = Math.floor(t / 1e9); let lo = t - hi * 1e9;
    if (lo < 0) { hi -= 1; lo += 1e9; } else if (lo >= 1e9) { hi += 1; lo -= 1e9; }
    let mid = 223372036 - hi; lo = 854775807 - lo; if (lo < 0) { lo += 1e9; mid -= 1; }
    ${ROOM('19')} b[p] = 57; ${nineDigits('mid', 'p + 1')} ${nineDigits('lo', 'p + 10')} p += 19; }
  else { ${fallback} } }`;
  }
}

/**
 * Builds the fused writer for parts that contain no part computed over following bytes.
 * @returns a function writing the whole key into `out` (setting `out.length`).
 */
export function fuseWriters(parts: readonly CompiledPart[]): (record: KeyRecord, out: KeyBuffer) => void {
  const names = parts.map((_p, i) => `w${i}`);
  const copied = new Set(parts.flatMap((_p, i) => copyAhead(parts, i)?.index ?? []));
  const body = `return function writeKey(r, o) {
  let b = o.bytes; let p = 0;${[...copied].map((j) => ` let c${j} = -1;`).join('')}
${parts.map((_part, i) => `  ${partCode(parts, i, copied)}`).join('\n')}
  o.length = p;
};`;
  // Generated from byte values, integers and JSON-quoted field names only; see the module comment.
  const factory = new Function('H', 'P', 'L', ...names, body) as (...args: unknown[]) => (record: KeyRecord, out: KeyBuffer) => void;
  return factory(HEX, PAIRS, parts.map((p) => p.literal), ...parts.map((p) => p.write));
}
