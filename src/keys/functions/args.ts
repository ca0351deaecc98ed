/** Small helpers shared by the function families: typed argument access and Java hashing of computed text. */
import type { CallSite, CompiledArg, CompiledCall, LongExpr, TextExpr } from './descriptor.js';
import { fieldLong } from './values.js';

/** Continues Java's `String.hashCode` recurrence over `text` from `h` (32-bit wrap-around). */
export function hashText(text: string, h: number): number {
  let x = h;
  for (let i = 0; i < text.length; i++) x = (Math.imul(x, 31) + text.charCodeAt(i)) | 0;
  return x;
}

function arg<K extends CompiledArg['kind']>(site: CallSite, index: number, kind: K): Extract<CompiledArg, { kind: K }> {
  const a = site.args[index];
  // The parser checks arity and kinds against the descriptor before compile() runs, so this is a programming error.
  if (a === undefined || a.kind !== kind) throw new Error(`${site.name}: argument ${index + 1} is not ${kind}`);
  return a as Extract<CompiledArg, { kind: K }>;
}

/** The text expression at `index`. */
export function textArg(site: CallSite, index: number): TextExpr {
  return arg(site, index, 'text').expr;
}

/** The field name at `index`. */
export function fieldArg(site: CallSite, index: number): string {
  return arg(site, index, 'field').name;
}

/**
 * The long-valued argument at `index`: a field (read with {@link fieldLong}, errors naming the call) or arithmetic.
 */
export function longArg(site: CallSite, index: number): LongExpr {
  const a = site.args[index];
  if (a?.kind === 'long') return a.expr;
  const name = fieldArg(site, index);
  return { source: name, position: a?.position ?? site.position, inputs: [name], field: name, name, read: (record) => fieldLong(record, name, site) };
}

/**
 * The order a part has over a long argument: `order` by its field when the argument is a plain field, none for
 * arithmetic (scan planning and decoding need the field itself).
 */
export function orderOver(x: LongExpr, order: 'ascending' | 'descending'): { order: 'ascending' | 'descending'; orderField: string } | { order: 'none' } {
  return x.field === undefined ? { order: 'none' } : { order, orderField: x.field };
}

/**
 * `call` with a decoder giving back the argument's field from the call's bytes, when the argument is a plain field
 * (arithmetic cannot be inverted, so such a call has none). `read` is {@link CompiledCall.recover}'s.
 */
export function recoverable(call: CompiledCall, x: LongExpr, read: NonNullable<CompiledCall['recover']>['read']): CompiledCall {
  return x.field === undefined ? call : { ...call, recover: { field: x.field, read } };
}

/** The integer literal at `index`. */
export function intArg(site: CallSite, index: number): number {
  return arg(site, index, 'int').value;
}

/** The string literal at `index`. */
export function stringArg(site: CallSite, index: number): string {
  return arg(site, index, 'string').value;
}

/** Number of lower-case hex digits needed to write `value` (at least 1). */
export function hexDigits(value: number): number {
  return Math.max(1, value.toString(16).length);
}

/** Number of decimal digits needed to write `value` (at least 1). */
export function decimalDigits(value: number): number {
  return Math.max(1, String(value).length);
}

/** ASCII bytes of a string known to be ASCII. */
export function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}
