/** Turns parsed template nodes into key parts: literals, fields and calls, with their encoders and inverses. */
import { joinBytes, utf8Bytes, utf8TextStrict } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import type { FieldValue, KeyPart, KeyPartKind, KeyRecord, PartAlphabet } from '../types.js';
import { KeyBuffer } from '../functions/key-buffer.js';
import { parseDecimalLong } from '../functions/values.js';
import type { FunctionDescriptor, TextExpr } from '../functions/descriptor.js';
import { reverseTsFunction } from '../functions/number.js';
import { saltFunction } from '../functions/salt.js';
import { alphabetTest } from './alphabet.js';
import type { InlinePart } from './fused.js';
import { compileCall, compileText, type ExprContext } from './compile-expr.js';
import { type Expr, quoteTemplate, type TemplateNode } from './parse.js';

/** A part as the compiler uses it: the public {@link KeyPart} plus encoding and decoding internals. */
export interface CompiledPart extends KeyPart {
  /** Appends the part's bytes (fill parts: nothing; see `fill`). */
  readonly write: (record: KeyRecord, out: KeyBuffer) => void;
  /** For parts computed over the bytes that follow them. */
  readonly fill?: (key: Uint8Array, at: number, end: number) => void;
  /** Literal parts: their bytes. */
  readonly literal?: Uint8Array;
  /** Gives back a field from the part's bytes, or a sentence saying why not. */
  readonly recover?: { readonly field: string; read(key: Uint8Array, from: number, to: number): Recovered };
  /** True when the part's alphabet allows `key[from, to)`. */
  accepts(key: Uint8Array, from: number, to: number): boolean;
  /** Whether the part is a one-way function of its inputs (salt, hash). */
  readonly oneWay: boolean;
  /** What the fused bulk encoder may write inline for this part (see `fused.ts`). */
  readonly inline?: InlinePart;
}

function inlineOf(expr: Expr, descriptor: FunctionDescriptor): InlinePart | undefined {
  if (expr.type !== 'call') return undefined;
  const [x, n] = expr.args;
  if (descriptor === saltFunction && expr.args.length === 2 && x?.type === 'name' && n?.type === 'int' && n.value <= 256) {
    return { type: 'saltHex', field: x.name, buckets: n.value };
  }
  if (descriptor === reverseTsFunction && x?.type === 'name') return { type: 'reverseTs', field: x.name };
  return undefined;
}

/**
 * A field read back from a part's bytes, or why it could not be. `trimmed`: the value may have lost trailing bytes
 * (see {@link RecoveredText}), so another part giving the field back whole is preferred.
 */
export type Recovered = { readonly value: FieldValue; readonly trimmed?: boolean } | { readonly error: string };

function literalPart(bytes: Uint8Array, position: number, source: string): CompiledPart {
  const single = bytes.length === 1 ? (bytes[0] as number) : -1;
  return {
    kind: 'literal',
    source,
    position,
    inputs: [],
    fixedWidth: bytes.length,
    alphabet: 'text',
    buckets: undefined,
    order: 'none',
    oneWay: false,
    literal: bytes,
    encode: () => bytes.slice(),
    write:
      single >= 0
        ? (_record, out) => {
            out.reserve(1);
            out.bytes[out.length++] = single;
          }
        : (_record, out) => out.writeBytes(bytes),
    accepts: (key, from, to) => to - from === bytes.length && bytes.every((b, i) => key[from + i] === b),
  };
}

function standalone(write: CompiledPart['write']): (record: KeyRecord) => Uint8Array {
  return (record) => {
    const out = new KeyBuffer(64);
    write(record, out);
    return out.take();
  };
}

function textRecover(invert: TextExpr['recoverText'], numeric: ReadonlySet<string>): CompiledPart['recover'] {
  if (!invert) return undefined;
  const field = invert('').field;
  return {
    field,
    read(key, from, to) {
      const text = utf8TextStrict(key.subarray(from, to));
      if (text === undefined) return { error: `bytes ${from}..${to - 1} are not valid UTF-8` };
      const got = invert(text);
      const trimmed = got.trimmed ? { trimmed: true } : {};
      if (!numeric.has(got.field)) return { value: got.text, ...trimmed };
      const n = parseDecimalLong(got.text);
      return n === undefined ? { error: `"${got.text}" is not a decimal long` } : { value: n, ...trimmed };
    },
  };
}

function exprPart(expr: Expr, ctx: ExprContext, source: string, position: number): CompiledPart {
  if (expr.type === 'call') {
    const { descriptor, call } = compileCall(expr, ctx);
    const numericRecover = call.recover;
    const recover: CompiledPart['recover'] = numericRecover
      ? {
          field: numericRecover.field,
          read(key, from, to) {
            const v = numericRecover.read(key, from, to);
            return typeof v === 'string' ? { error: v } : { value: v };
          },
        }
      : textRecover(call.recoverText?.bind(call), ctx.numericFields);
    const inline = inlineOf(expr, descriptor);
    const part: CompiledPart = {
      ...(inline ? { inline } : {}),
      kind: descriptor.kind as KeyPartKind,
      source,
      position,
      inputs: call.inputs,
      fixedWidth: call.fixedWidth,
      alphabet: call.alphabet,
      buckets: call.buckets,
      order: call.order,
      ...(call.orderField !== undefined ? { orderField: call.orderField } : {}),
      ...(call.bucketBytes ? { bucketBytes: call.bucketBytes } : {}),
      oneWay: descriptor.oneWay,
      write: call.write,
      ...(call.fillFromFollowing ? { fill: call.fillFromFollowing } : {}),
      ...(recover ? { recover } : {}),
      encode: standalone(call.write),
      accepts: alphabetTest(call.alphabet, false),
    };
    return part;
  }
  const text = compileText(expr, ctx);
  const numeric = (expr.type === 'name' && ctx.numericFields.has(expr.name)) || expr.type === 'arith';
  const recover = textRecover(text.recoverText?.bind(text), ctx.numericFields);
  return {
    ...(expr.type === 'name' ? { inline: { type: 'text' as const, field: expr.name } } : {}),
    kind: 'field',
    source,
    position,
    inputs: text.inputs,
    fixedWidth: text.fixedWidth,
    alphabet: text.alphabet,
    buckets: undefined,
    order: 'none',
    oneWay: false,
    write: text.write,
    ...(recover ? { recover } : {}),
    encode: standalone(text.write),
    accepts: alphabetTest(text.alphabet, numeric),
  };
}

/** Expands a top-level `concat(...)` into its pieces and string expressions into literals. */
function flatten(expr: Expr, source: string, position: number, out: Piece[]): void {
  if (expr.type === 'call' && expr.name === 'concat') {
    for (const a of expr.args) flatten(a, a.source, a.position, out);
  } else out.push({ expr, source, position });
}

type Piece = { expr: Expr; source: string; position: number };

/** Most parts a template may compile to (after adjacent literals merge); more is `TEMPLATE_TOO_MANY_PARTS`. */
export const TEMPLATE_MAX_PARTS = 256;

/**
 * Compiles template nodes into parts in key order. Adjacent literals merge; a top-level `concat(a, "_", b)` becomes
 * the parts `a`, `_`, `b` (the same bytes), so its pieces can be decoded.
 */
export function compileParts(nodes: readonly TemplateNode[], ctx: ExprContext): CompiledPart[] {
  const pieces: ({ literal: Uint8Array; position: number; source: string } | Piece)[] = [];
  for (const node of nodes) {
    if (node.type === 'literal') pieces.push({ literal: node.bytes, position: node.position, source: node.source });
    else {
      const flat: Piece[] = [];
      flatten(node.expr, node.source, node.position, flat);
      for (const f of flat) {
        if (f.expr.type === 'string') pieces.push({ literal: utf8Bytes(f.expr.value), position: f.position, source: f.source });
        else if (f.expr.type === 'int') {
          throw new HotspotError('TEMPLATE_ARGUMENT', `template ${quoteTemplate(ctx.template)} at position ${f.expr.position}: a bare number ${f.expr.source} in a part; write it as literal text`);
        } else pieces.push(f);
      }
    }
  }
  const parts: CompiledPart[] = [];
  // Adjacent literals are gathered and joined once (joining them pairwise would copy the key's bytes again per piece).
  let run: { literal: Uint8Array; position: number; source: string }[] = [];
  const flushRun = () => {
    if (run.length === 0) return;
    const first = run[0] as (typeof run)[number];
    const bytes = run.length === 1 ? first.literal : joinBytes(run.map((r) => r.literal));
    parts.push(literalPart(bytes, first.position, run.map((r) => r.source).join('')));
    run = [];
  };
  for (const piece of pieces) {
    if ('literal' in piece) {
      if (piece.literal.length > 0) run.push(piece);
      continue;
    }
    flushRun();
    parts.push(exprPart(piece.expr, ctx, piece.source, piece.position));
    if (parts.length > TEMPLATE_MAX_PARTS) {
      throw new HotspotError(
        'TEMPLATE_TOO_MANY_PARTS',
        `template at position ${piece.position}: more than ${TEMPLATE_MAX_PARTS} parts (fields, calls and literals between them); a rowkey never needs that many`,
      );
    }
  }
  flushRun();
  return parts;
}
