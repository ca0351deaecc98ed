/**
 * The rowkey template syntax, parsed into a tree:
 *
 * ```
 * template   := ( literal | "{" expr "}" )+
 * literal    := any character but "{", "}" and "\" (written as its UTF-8 bytes) | "\x" HEX HEX (one raw byte)
 * expr       := term ( ( "+" | "-" ) term )*
 * term       := atom ( ( "*" | "/" | "%" ) atom )*
 * atom       := name | name "(" [ expr ( "," expr )* ] ")" | string | integer | "(" expr ")" | "-" atom
 * name       := [A-Za-z_$][A-Za-z0-9_$.]*
 * string     := '"' ( any character but '"' and "\" | '\"' | '\\' )* '"'
 * integer    := [0-9]+
 * ```
 * Spaces are allowed between the tokens of an expression. A literal `{`, `}` or `\` is written `\x7B`, `\x7D`, `\x5C`.
 */
import { joinBytes } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import { printable } from '../../util/input-text.js';

/** A parsed expression, with its 0-based character offset and source text in the template. */
export type Expr =
  | { readonly type: 'name'; readonly name: string; readonly position: number; readonly source: string }
  | { readonly type: 'string'; readonly value: string; readonly position: number; readonly source: string }
  | { readonly type: 'int'; readonly value: number; readonly position: number; readonly source: string }
  | {
      /** Arithmetic on longs (Java semantics); a unary minus is `0 - x` with the `-` as its source start. */
      readonly type: 'arith';
      readonly op: '+' | '-' | '*' | '/' | '%';
      readonly left: Expr;
      readonly right: Expr;
      readonly position: number;
      readonly source: string;
    }
  | {
      readonly type: 'call';
      readonly name: string;
      readonly args: readonly Expr[];
      readonly position: number;
      readonly source: string;
    };

/** A top-level piece of a template: literal bytes or a `{...}` expression. */
export type TemplateNode =
  | { readonly type: 'literal'; readonly bytes: Uint8Array; readonly position: number; readonly source: string }
  | { readonly type: 'expr'; readonly expr: Expr; readonly position: number; readonly source: string };

const encoder = new TextEncoder();

/** Deepest nesting of calls in one `{...}` expression (`concat(concat(...))`); deeper is `TEMPLATE_TOO_DEEP`. */
export const TEMPLATE_MAX_DEPTH = 32;
/** Most arithmetic operators in one `{...}` expression (`ts / 3600000 * 3600` has two); more is `TEMPLATE_TOO_DEEP`. */
export const TEMPLATE_MAX_OPERATORS = 256;

/** A template as messages quote it: on one printable line, a long one cut to its first 120 characters. */
export function quoteTemplate(template: string): string {
  return `"${printable(template, 120)}"`;
}

function syntax(template: string, position: number, message: string): HotspotError {
  return new HotspotError('TEMPLATE_SYNTAX', `template ${quoteTemplate(template)} at position ${position}: ${message}`);
}

/** A run of literal characters: anything but `{`, `}` and `\`. */
const PLAIN_RUN = /[^{}\\]+/y;

function hex(c: string | undefined): number {
  return c !== undefined && /^[0-9A-Fa-f]$/.test(c) ? Number.parseInt(c, 16) : -1;
}

/**
 * Parses a template into literal and expression nodes.
 * @throws HotspotError `TEMPLATE_EMPTY_KEY` for an empty template, `TEMPLATE_SYNTAX` naming the character offset for
 * an unterminated `{`, a `{` inside an open part, an unmatched `}`, a bad escape, or a malformed expression, `TEMPLATE_TOO_DEEP` for calls nested
 * more than {@link TEMPLATE_MAX_DEPTH} deep.
 */
export function parseTemplate(template: string): TemplateNode[] {
  if (template.length === 0) {
    throw new HotspotError('TEMPLATE_EMPTY_KEY', 'the template is empty, and HBase has no empty rowkey; write at least one part, e.g. "{id}"');
  }
  const nodes: TemplateNode[] = [];
  let i = 0;
  while (i < template.length) {
    if (template[i] === '{') {
      const close = findClose(template, i);
      const parser = new ExprParser(template, i + 1, close);
      const expr = parser.parseWhole();
      nodes.push({ type: 'expr', expr, position: i, source: template.slice(i, close + 1) });
      i = close + 1;
      continue;
    }
    const start = i;
    // Runs of plain characters are encoded whole (one pass over the text), escapes one byte each.
    const chunks: Uint8Array[] = [];
    while (i < template.length && template[i] !== '{') {
      const c = template[i] as string;
      if (c === '}') throw syntax(template, i, 'a "}" without a "{"; write a literal brace as \\x7D');
      if (c === '\\') {
        const hi = hex(template[i + 2]);
        const lo = hex(template[i + 3]);
        if (template[i + 1] !== 'x' || hi < 0 || lo < 0) {
          throw syntax(template, i, `bad escape "${template.slice(i, i + 4)}"; write a raw byte as \\xNN (two hex digits), a backslash as \\x5C`);
        }
        chunks.push(Uint8Array.of((hi << 4) | lo));
        i += 4;
        continue;
      }
      PLAIN_RUN.lastIndex = i;
      PLAIN_RUN.test(template);
      chunks.push(encoder.encode(template.slice(i, PLAIN_RUN.lastIndex)));
      i = PLAIN_RUN.lastIndex;
    }
    nodes.push({ type: 'literal', bytes: chunks.length === 1 ? (chunks[0] as Uint8Array) : joinBytes(chunks), position: start, source: template.slice(start, i) });
  }
  return nodes;
}

/**
 * Index of the `}` closing the `{` at `open`, skipping string literals.
 * @throws HotspotError `TEMPLATE_SYNTAX` at a `{` met before that `}` (naming the part it is inside), or at `open` when
 *   the template ends first.
 */
function findClose(template: string, open: number): number {
  let inString = false;
  for (let j = open + 1; j < template.length; j++) {
    const c = template[j];
    if (inString) {
      if (c === '\\') j++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') throw syntax(template, j, `"{" inside the part opened at position ${open}: close that part with "}" first`);
    else if (c === '}') return j;
  }
  throw syntax(template, open, 'unterminated "{": every "{" needs a matching "}"');
}

class ExprParser {
  private at: number;
  /** Arithmetic operators read so far in this expression. */
  private operators = 0;

  constructor(
    private readonly template: string,
    start: number,
    private readonly end: number,
  ) {
    this.at = start;
  }

  parseWhole(): Expr {
    this.space();
    if (this.at >= this.end) throw syntax(this.template, this.at, 'empty "{}"; put a field name or a function call inside');
    const expr = this.expr(1);
    this.space();
    if (this.at < this.end) throw syntax(this.template, this.at, `unexpected "${this.template[this.at]}" after ${expr.source}`);
    return expr;
  }

  private space(): void {
    while (this.at < this.end && /\s/.test(this.template[this.at] as string)) this.at++;
  }

  private expr(depth: number): Expr {
    return this.binary(['+', '-'], () => this.binary(['*', '/', '%'], () => this.atom(depth)));
  }

  /** Left-associative operators of one precedence level over `operand`; at most {@link TEMPLATE_MAX_OPERATORS}. */
  private binary(ops: readonly string[], operand: () => Expr): Expr {
    this.space();
    const start = this.at;
    let left = operand();
    for (;;) {
      this.space();
      const op = this.template[this.at] as string;
      if (this.at >= this.end || !ops.includes(op)) return left;
      if (++this.operators > TEMPLATE_MAX_OPERATORS) {
        throw new HotspotError('TEMPLATE_TOO_DEEP', `template at position ${this.at}: more than ${TEMPLATE_MAX_OPERATORS} operators in one expression; a rowkey never needs that`);
      }
      this.at++;
      const right = operand();
      left = { type: 'arith', op: op as '+', left, right, position: start, source: this.template.slice(start, this.at).trim() };
    }
  }

  /** Refuses nesting (calls, parentheses, unary minus) past {@link TEMPLATE_MAX_DEPTH}. */
  private checkDepth(depth: number, start: number): void {
    if (depth >= TEMPLATE_MAX_DEPTH) {
      throw new HotspotError('TEMPLATE_TOO_DEEP', `template at position ${start}: calls, parentheses or minus signs are nested more than ${TEMPLATE_MAX_DEPTH} deep; a rowkey never needs that, write the parts side by side`);
    }
  }

  private atom(depth: number): Expr {
    this.space();
    const start = this.at;
    const c = this.template[this.at] ?? '';
    if (c === '(' && this.at < this.end) {
      this.checkDepth(depth, start);
      this.at++;
      const inner = this.expr(depth + 1);
      this.space();
      if (this.template[this.at] !== ')' || this.at >= this.end) throw syntax(this.template, this.at, `expected ")" to close the "(" at position ${start}`);
      this.at++;
      return { ...inner, position: start, source: this.template.slice(start, this.at) };
    }
    if (c === '-' && this.at < this.end) {
      this.checkDepth(depth, start);
      this.at++;
      const operand = this.atom(depth + 1);
      const zero: Expr = { type: 'int', value: 0, position: start, source: '0' };
      return { type: 'arith', op: '-', left: zero, right: operand, position: start, source: this.template.slice(start, this.at) };
    }
    if (c === '"') return this.string();
    if (/[0-9]/.test(c)) {
      while (this.at < this.end && /[0-9]/.test(this.template[this.at] as string)) this.at++;
      const source = this.template.slice(start, this.at);
      const value = Number(source);
      if (!Number.isSafeInteger(value)) throw syntax(this.template, start, `the number ${source} is too large`);
      return { type: 'int', value, position: start, source };
    }
    if (!/[A-Za-z_$]/.test(c)) {
      throw syntax(this.template, start, c === '' || this.at >= this.end ? 'expected a field name, a call, a string or a number' : `unexpected "${c}"; expected a field name, a call, a string or a number`);
    }
    while (this.at < this.end && /[A-Za-z0-9_$.]/.test(this.template[this.at] as string)) this.at++;
    const name = this.template.slice(start, this.at);
    this.space();
    if (this.template[this.at] !== '(' || this.at >= this.end) return { type: 'name', name, position: start, source: name };
    this.checkDepth(depth, start);
    this.at++;
    const args: Expr[] = [];
    this.space();
    if (this.template[this.at] === ')') this.at++;
    else {
      for (;;) {
        args.push(this.expr(depth + 1));
        this.space();
        const sep = this.at < this.end ? this.template[this.at] : undefined;
        this.at++;
        if (sep === ')') break;
        if (sep !== ',') throw syntax(this.template, this.at - 1, `expected "," or ")" in the arguments of ${name}(`);
      }
    }
    return { type: 'call', name, args, position: start, source: this.template.slice(start, this.at) };
  }

  private string(): Expr {
    const start = this.at++;
    let value = '';
    for (;;) {
      if (this.at >= this.end) throw syntax(this.template, start, 'unterminated string; close it with "');
      const c = this.template[this.at] as string;
      if (c === '"') break;
      if (c === '\\') {
        const next = this.template[this.at + 1];
        if (next !== '"' && next !== '\\') throw syntax(this.template, this.at, 'in a string, only \\" and \\\\ are escapes');
        value += next;
        this.at += 2;
      } else {
        value += c;
        this.at++;
      }
    }
    this.at++;
    return { type: 'string', value, position: start, source: this.template.slice(start, this.at) };
  }
}
