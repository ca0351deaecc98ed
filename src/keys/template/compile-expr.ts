/** Compiles parsed expressions into text expressions and calls, checking arity and argument kinds. */
import { utf8Bytes } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import type { ArgKind, CompiledArg, CompiledCall, FunctionDescriptor, LongExpr, TextExpr } from '../functions/descriptor.js';
import { arithmetic, literalLong } from '../functions/long-expr.js';
import type { KeyRecord } from '../types.js';
import { hashText } from '../functions/args.js';
import { requireFunction, type FunctionRegistry } from '../functions/registry.js';
import { fieldLong, fieldText } from '../functions/values.js';
import { type Expr, quoteTemplate } from './parse.js';

/** What expression compilation needs to know about the template as a whole. */
export interface ExprContext {
  readonly template: string;
  readonly registry: FunctionRegistry;
  /** When given, the only field names allowed. */
  readonly knownFields: ReadonlySet<string> | undefined;
  /** Fields some function reads as a number (their plain parts decode as numbers). */
  readonly numericFields: ReadonlySet<string>;
}

function argError(ctx: ExprContext, expr: Expr, message: string, field?: string): HotspotError {
  return new HotspotError('TEMPLATE_ARGUMENT', `template ${quoteTemplate(ctx.template)} at position ${expr.position}: ${message}`, field === undefined ? {} : { field });
}

function checkField(ctx: ExprContext, name: string, position: number): void {
  if (ctx.knownFields && !ctx.knownFields.has(name)) {
    const known = [...ctx.knownFields].join(', ');
    throw new HotspotError(
      'TEMPLATE_UNKNOWN_FIELD',
      `template ${quoteTemplate(ctx.template)} at position ${position}: unknown field "${name}"; known fields: ${known}`,
      { field: name },
    );
  }
}

/** Collects the fields that functions read as numbers (arguments of kind `field`, and operands of arithmetic). */
export function collectNumericFields(expr: Expr, registry: FunctionRegistry, into: Set<string>): void {
  if (expr.type === 'arith') {
    for (const side of [expr.left, expr.right]) {
      if (side.type === 'name') into.add(side.name);
      else collectNumericFields(side, registry, into);
    }
    return;
  }
  if (expr.type !== 'call') return;
  const d = registry.get(expr.name);
  expr.args.forEach((a, i) => {
    const spec = d?.args[i];
    if (spec?.kind === 'field' && a.type === 'name') into.add(a.name);
    collectNumericFields(a, registry, into);
  });
}

/** A field's text as an expression (a number field is written in plain decimal). */
export function fieldExpr(name: string, position: number, numeric: boolean): TextExpr {
  const site = { source: name, position };
  return {
    source: name,
    position,
    field: name,
    inputs: [name],
    fixedWidth: undefined,
    alphabet: numeric ? 'decimal' : 'text',
    text: (record) => fieldText(record, name, site),
    hash(record, h) {
      const v = record[name];
      const text = typeof v === 'string' ? v : fieldText(record, name, site);
      let out = h;
      for (let i = 0; i < text.length; i++) out = (Math.imul(out, 31) + text.charCodeAt(i)) | 0;
      return out;
    },
    write(record, out) {
      const v = record[name];
      out.writeUtf8(typeof v === 'string' ? v : fieldText(record, name, site));
    },
    recoverText: (text) => ({ field: name, text }),
  };
}

/** A string literal as an expression. */
export function stringExpr(value: string, position: number, source: string): TextExpr {
  const bytes = utf8Bytes(value);
  return {
    source,
    position,
    inputs: [],
    fixedWidth: bytes.length,
    alphabet: /^[0-9]+$/.test(value) ? 'decimal' : 'text',
    text: () => value,
    hash: (_record, h) => hashText(value, h),
    write: (_record, out) => out.writeBytes(bytes),
  };
}

/**
 * Compiles a long-valued expression: a field, an integer, or arithmetic over them with Java long semantics.
 * @throws HotspotError `TEMPLATE_ARGUMENT` naming the position for anything else (a string, a call),
 * `TEMPLATE_UNKNOWN_FIELD`.
 */
export function compileLong(expr: Expr, ctx: ExprContext): LongExpr {
  switch (expr.type) {
    case 'name': {
      checkField(ctx, expr.name, expr.position);
      const site = { source: expr.name, position: expr.position };
      return { source: expr.name, position: expr.position, inputs: [expr.name], field: expr.name, name: expr.name, read: (record) => fieldLong(record, expr.name, site) };
    }
    case 'int':
      return literalLong(expr.value, expr.source, expr.position);
    case 'arith':
      return arithmetic(expr.op, compileLong(expr.left, ctx), compileLong(expr.right, ctx), expr.source, expr.position);
    default:
      throw argError(ctx, expr, `arithmetic takes fields and integers, got ${expr.source}`);
  }
}

/** Compiles an expression that must produce text (a field, a string, or a text-valued call). */
export function compileText(expr: Expr, ctx: ExprContext): TextExpr {
  switch (expr.type) {
    case 'name':
      checkField(ctx, expr.name, expr.position);
      return fieldExpr(expr.name, expr.position, ctx.numericFields.has(expr.name));
    case 'string':
      return stringExpr(expr.value, expr.position, expr.source);
    case 'int':
      throw argError(ctx, expr, `the number ${expr.source} stands where text is expected; quote it ("${expr.source}") or name a field`);
    case 'arith': {
      // A computed long stands for its decimal text, as String.valueOf(long) prints it.
      const value = compileLong(expr, ctx);
      const text = (record: KeyRecord) => String(value.read(record));
      return {
        source: expr.source,
        position: expr.position,
        inputs: value.inputs,
        fixedWidth: undefined,
        alphabet: 'decimal',
        text,
        hash: (record, h) => hashText(text(record), h),
        write: (record, out) => out.writeUtf8(text(record)),
      };
    }
    case 'call': {
      const { descriptor, call } = compileCall(expr, ctx);
      if (descriptor.output !== 'text' || !call.text || !call.hash) {
        throw argError(ctx, expr, `${expr.name}(...) writes raw bytes, so it can only stand as a whole template part, not inside another call`);
      }
      const { text, hash } = call;
      return {
        source: expr.source,
        position: expr.position,
        inputs: call.inputs,
        fixedWidth: call.fixedWidth,
        alphabet: call.alphabet,
        text,
        hash,
        write: call.write,
        ...(call.recoverText ? { recoverText: call.recoverText } : {}),
      };
    }
  }
}

/**
 * The value of an integer literal argument: `16`, or a negated one, `-1` (parsed as the unary minus `0 - 1`), so that
 * a negative count is refused for its range (`must be between 1 and ...`) rather than as not being an integer.
 * `undefined` for anything else (a field, a string, other arithmetic).
 */
function integerLiteral(expr: Expr): number | undefined {
  if (expr.type === 'int') return expr.value;
  const negated = expr.type === 'arith' && expr.op === '-' && expr.source.startsWith('-') && expr.left.type === 'int' && expr.left.value === 0;
  return negated && expr.right.type === 'int' ? 0 - expr.right.value : undefined;
}

function compileArg(expr: Expr, kind: ArgKind, name: string, fn: FunctionDescriptor, ctx: ExprContext, min?: number, max?: number): CompiledArg {
  const base = { source: expr.source, position: expr.position };
  const what = `${fn.name}(): argument "${name}"`;
  switch (kind) {
    case 'text':
      return { ...base, kind, expr: compileText(expr, ctx) };
    case 'field':
      if (expr.type === 'arith') return { ...base, kind: 'long', expr: compileLong(expr, ctx) };
      if (expr.type !== 'name') throw argError(ctx, expr, `${what} must be a field name or arithmetic on fields and integers, got ${expr.source}`);
      checkField(ctx, expr.name, expr.position);
      return { ...base, kind, name: expr.name };
    case 'int': {
      const value = integerLiteral(expr);
      if (value === undefined) throw argError(ctx, expr, `${what} must be an integer, got ${expr.source}`);
      if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
        throw argError(ctx, expr, `${what} must be between ${min ?? '-'} and ${max ?? '-'}, got ${value}`);
      }
      return { ...base, kind, value };
    }
    case 'string':
      if (expr.type !== 'string') throw argError(ctx, expr, `${what} must be a "quoted string", got ${expr.source}`);
      return { ...base, kind, value: expr.value };
  }
}

/**
 * Compiles a call: looks the function up, checks arity and argument kinds, and asks the descriptor to build it.
 * @throws HotspotError `TEMPLATE_UNKNOWN_FUNCTION`, `TEMPLATE_ARITY`, `TEMPLATE_ARGUMENT`, `TEMPLATE_UNKNOWN_FIELD`.
 */
export function compileCall(expr: Extract<Expr, { type: 'call' }>, ctx: ExprContext): { descriptor: FunctionDescriptor; call: CompiledCall } {
  const descriptor = requireFunction(ctx.registry, expr.name, expr.position);
  const specs = descriptor.args;
  const n = expr.args.length;
  const least = descriptor.minArgs ?? specs.length;
  if (n < least || (n > specs.length && descriptor.variadic === undefined)) {
    const signature = `${descriptor.name}(${specs.map((s, i) => (i < least ? s.name : `[${s.name}]`)).join(', ')}${descriptor.variadic ? ', ...' : ''})`;
    const wanted = descriptor.variadic ? `at least ${specs.length}` : least < specs.length ? `${least} to ${specs.length}` : `${specs.length}`;
    throw new HotspotError(
      'TEMPLATE_ARITY',
      `template ${quoteTemplate(ctx.template)} at position ${expr.position}: ${signature} takes ${wanted} argument${specs.length === 1 ? '' : 's'}, got ${n} in ${expr.source}`,
    );
  }
  const args = expr.args.map((a, i) => {
    const spec = specs[i];
    return spec
      ? compileArg(a, spec.kind, spec.name, descriptor, ctx, spec.min, spec.max)
      : compileArg(a, descriptor.variadic ?? 'text', `#${i + 1}`, descriptor, ctx);
  });
  return { descriptor, call: descriptor.compile({ name: expr.name, source: expr.source, position: expr.position, args }) };
}
