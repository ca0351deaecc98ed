/**
 * Tokenizer for the subset of Ruby that `hbase shell` scripts use in `create`/`alter` statements: quoted strings,
 * numbers, bare words (`NAME`, `true`, `Bytes.toBytes`), `=>`, brackets, commas, `#` comments and `\` line
 * continuations. A newline ends a statement except inside brackets or after `,` / `=>` (as in Ruby).
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';

/** Token kinds. `end` closes a statement (newline or `;`); `eof` closes the input. */
export type TokenKind = 'str' | 'num' | 'word' | 'arrow' | '{' | '}' | '[' | ']' | '(' | ')' | ',' | 'end' | 'eof';

/** One token with its 1-based line and column. */
export interface Token {
  readonly kind: TokenKind;
  /** String contents (escapes resolved), number text, word text, or the punctuation itself. */
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

/**
 * A number or a bare word (`NAME`, `Bytes.toBytes`, `true`), read in place. A number is a Ruby numeric literal,
 * optionally signed: decimal (`16`, `1_000`, `0.8`), or an integer in hex (`0x1F`), binary (`0b101`), octal (`0o17`,
 * or a leading zero: `017`) or explicit decimal (`0d17`).
 */
const WORD = /([+-]?(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|0[dD][\d_]+|\d[\d_]*(?:\.\d+)?))|[A-Za-z_][A-Za-z0-9_]*(?:(?:\.|::)[A-Za-z_][A-Za-z0-9_]*)*[?!]?/y;

/** Radix of a Ruby integer literal's prefix (after the sign): `0x` 16, `0b` 2, `0o` or a bare leading `0` 8, `0d` 10. */
const RADIX: Record<string, number> = { x: 16, b: 2, o: 8, d: 10 };

/**
 * The value of a Ruby numeric literal as the shell hands it on (`Integer#to_s`): an integer in decimal digits, without
 * `_` or a `+` sign (`0x10` is `16`, `017` is `15`, `+5` is `5`); a float as written, without `_` or `+`.
 * @returns `undefined` for an octal literal with a digit 8 or 9 (`08`), which Ruby refuses.
 */
function rubyNumberText(literal: string): string | undefined {
  const sign = literal.startsWith('-') ? '-' : '';
  const body = literal.replace(/^[+-]/, '').replace(/_/g, '');
  if (body.includes('.')) return sign + body;
  const prefixed = /^0([xXbBoOdD])(.+)$/.exec(body);
  const radix = prefixed ? (RADIX[(prefixed[1] as string).toLowerCase()] as number) : body.length > 1 && body.startsWith('0') ? 8 : 10;
  const digits = prefixed ? (prefixed[2] as string) : radix === 8 ? body.slice(1) : body;
  if (radix === 8 && /[89]/.test(digits)) return undefined;
  let value = 0n;
  for (const d of digits.toLowerCase()) value = value * BigInt(radix) + BigInt(parseInt(d, 16));
  return value === 0n ? '0' : sign + value.toString();
}

const CLOSERS: Record<string, string> = { '{': '}', '[': ']', '(': ')' };
const NAMES: Record<string, string> = { '{': 'hash', '[': 'array', '(': 'argument list' };

/**
 * Splits a shell script into tokens.
 * @param text - the script.
 * @param file - its name, for errors.
 * @throws HotspotError `LINT_SHELL_SYNTAX` at the exact line and column for an unterminated string, hash, array or
 *   argument list, a stray `\`, a closing bracket that does not match, or a character Ruby would not accept here.
 */
export function tokenize(text: string, file: string): Token[] {
  const tokens: Token[] = [];
  const open: Token[] = [];
  let i = 0;
  let line = 1;
  let col = 1;
  const fail = (message: string, l = line, c = col): never => {
    throw new HotspotError('LINT_SHELL_SYNTAX', message, { file, line: l, column: c });
  };
  const push = (kind: TokenKind, value: string, l: number, c: number): void => {
    tokens.push({ kind, text: value, line: l, column: c });
  };
  const continues = (): boolean => {
    const last = tokens[tokens.length - 1];
    return open.length > 0 || last === undefined || last.kind === ',' || last.kind === 'arrow' || last.kind === 'end';
  };
  while (i < text.length) {
    const ch = text[i] as string;
    const l = line;
    const c = col;
    if (ch === '\n') {
      if (!continues()) push('end', '\n', l, c);
      i++;
      line++;
      col = 1;
    } else if (ch === ' ' || ch === '\t' || ch === '\r') {
      i++;
      col++;
    } else if (ch === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (ch === '\\') {
      const next = text[i + 1];
      if (next === '\n' || (next === '\r' && text[i + 2] === '\n')) {
        i += next === '\n' ? 2 : 3;
        line++;
        col = 1;
      } else {
        fail("a line continuation '\\' must be the last character of its line (move the comment to its own line)");
      }
    } else if (ch === ';') {
      if (!continues()) push('end', ';', l, c);
      i++;
      col++;
    } else if (ch === "'" || ch === '"') {
      const [value, consumed, lines, endCol] = readString(text, i, ch, () =>
        fail(`unterminated string: add the closing ${ch}`, l, c),
      );
      push('str', value, l, c);
      i += consumed;
      line += lines;
      col = lines > 0 ? endCol : col + consumed;
    } else if (ch === '=' && text[i + 1] === '>') {
      push('arrow', '=>', l, c);
      i += 2;
      col += 2;
    } else if (ch in CLOSERS) {
      push(ch as TokenKind, ch, l, c);
      open.push(tokens[tokens.length - 1] as Token);
      i++;
      col++;
    } else if (ch === '}' || ch === ']' || ch === ')') {
      const opener = open.pop();
      if (opener === undefined) fail(`'${ch}' closes nothing: remove it`);
      else if (CLOSERS[opener.text] !== ch) {
        fail(
          `'${ch}' does not close the ${NAMES[opener.text]} opened with '${opener.text}' at ` +
            `line ${opener.line} column ${opener.column}: use '${CLOSERS[opener.text]}'`,
        );
      }
      push(ch as TokenKind, ch, l, c);
      i++;
      col++;
    } else if (ch === ',') {
      push(',', ',', l, c);
      i++;
      col++;
    } else {
      WORD.lastIndex = i;
      const m = WORD.exec(text);
      if (m === null) fail(`unexpected character '${ch}' in an hbase shell statement`);
      else {
        if (m[1] === undefined) push('word', m[0], l, c);
        else push('num', rubyNumberText(m[0]) ?? fail(`invalid octal number ${m[0]}: a number with a leading 0 is octal in Ruby (digits 0 to 7); drop the leading 0`), l, c);
        i += m[0].length;
        col += m[0].length;
      }
    }
  }
  const unclosed = open.pop();
  if (unclosed !== undefined) {
    const closer = CLOSERS[unclosed.text] as string;
    fail(`unterminated ${NAMES[unclosed.text]}: '${unclosed.text}' is never closed; add '${closer}'`, unclosed.line, unclosed.column);
  }
  push('end', '', line, col);
  push('eof', '', line, col);
  return tokens;
}

/**
 * Reads a Ruby string literal starting at `start`; returns [value, characters consumed, newlines, column after]. The
 * value is the string the shell hands to Java: a double-quoted string's bytes (its text as UTF-8, each `\xNN` the byte
 * NN) decoded as UTF-8, bytes that are not UTF-8 as U+FFFD, as JRuby converts a Ruby string to a Java one.
 */
function readString(text: string, start: number, quote: string, onUnterminated: () => never): [string, number, number, number] {
  let out = '';
  // a double-quoted string's `\xNN` escapes of 0x80 and above are bytes, not characters: its bytes are kept to decode
  let bytes: number[] | undefined;
  const addText = (t: string): void => {
    out += t;
    if (bytes) for (const b of Buffer.from(t, 'utf8')) bytes.push(b);
  };
  let i = start + 1;
  let lines = 0;
  let col = 0;
  while (i < text.length && text[i] !== quote) {
    const ch = text[i] as string;
    if (ch !== '\\' && ch !== '\n') {
      let end = i + 1;
      while (end < text.length && text[end] !== quote && text[end] !== '\\' && text[end] !== '\n') end++;
      addText(text.slice(i, end));
      col += end - i;
      i = end;
      continue;
    }
    if (ch === '\n') {
      lines++;
      col = 0;
    }
    if (ch === '\\' && i + 1 < text.length) {
      const next = text[i + 1] as string;
      if (quote === "'") out += next === "'" || next === '\\' ? next : `\\${next}`;
      else if (next === 'x' && /^[0-9A-Fa-f]{1,2}/.test(text.slice(i + 2, i + 4))) {
        const hex = /^[0-9A-Fa-f]{1,2}/.exec(text.slice(i + 2, i + 4))?.[0] ?? '';
        const byte = parseInt(hex, 16);
        if (byte >= 0x80 && !bytes) bytes = [...Buffer.from(out, 'utf8')];
        out += String.fromCharCode(byte);
        bytes?.push(byte);
        i += hex.length;
        col += hex.length;
      } else addText(({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[next] ?? next);
      i += 2;
      col += 2;
      continue;
    }
    addText(ch);
    i++;
    col++;
  }
  if (i >= text.length) onUnterminated();
  return [bytes ? new TextDecoder().decode(Uint8Array.from(bytes)) : out, i + 1 - start, lines, col + 2];
}
