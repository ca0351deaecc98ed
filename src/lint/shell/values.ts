/**
 * Parses tokens into `hbase shell` statements: a command word and its arguments, each a Ruby value (string, number,
 * bare word, array, hash). Bare `KEY => value` pairs among the arguments form one implicit hash, as in Ruby.
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';
import type { SourcePlace } from '../model.js';
import type { Token } from './lexer.js';

/** A Ruby value with where it was written. */
export type ShellValue =
  | { readonly type: 'str' | 'num' | 'word'; readonly text: string; readonly place: SourcePlace }
  | { readonly type: 'array'; readonly items: readonly ShellValue[]; readonly place: SourcePlace }
  | { readonly type: 'hash'; readonly entries: readonly HashEntry[]; readonly place: SourcePlace };

/** One `key => value` of a hash; `key` is the bare word or string text. */
export interface HashEntry {
  readonly key: string;
  readonly keyPlace: SourcePlace;
  readonly value: ShellValue;
}

/** One statement: `create 't', 'cf'` gives command `create` and two arguments. */
export interface ShellStatement {
  readonly command: string;
  readonly args: readonly ShellValue[];
  readonly place: SourcePlace;
}

/** Deepest nesting of arrays and hashes in one argument; deeper is `LINT_SHELL_TOO_DEEP`. */
export const SHELL_MAX_DEPTH = 64;

/**
 * Parses every statement of a tokenized script.
 * @throws HotspotError `LINT_SHELL_SYNTAX` naming file, line and column of the first token that does not fit,
 *   `LINT_SHELL_TOO_DEEP` for arrays and hashes nested more than {@link SHELL_MAX_DEPTH} deep.
 */
export function parseStatements(tokens: readonly Token[], file: string): ShellStatement[] {
  let at = 0;
  const peek = (): Token => tokens[at] as Token;
  const place = (t: Token): SourcePlace => ({ file, line: t.line, column: t.column });
  const fail = (t: Token, message: string): never => {
    throw new HotspotError('LINT_SHELL_SYNTAX', message, { file, line: t.line, column: t.column });
  };
  const describe = (t: Token): string => (t.kind === 'end' || t.kind === 'eof' ? 'the end of the statement' : `'${t.text}'`);

  const value = (depth = 1): ShellValue => {
    const t = peek();
    if ((t.kind === '[' || t.kind === '{') && depth > SHELL_MAX_DEPTH) {
      throw new HotspotError('LINT_SHELL_TOO_DEEP', `arrays and hashes are nested more than ${SHELL_MAX_DEPTH} deep; no create or alter needs that`, place(t));
    }
    at++;
    if (t.kind === 'str' || t.kind === 'num' || t.kind === 'word') return { type: t.kind, text: t.text, place: place(t) };
    if (t.kind === '[') {
      const items: ShellValue[] = [];
      while (peek().kind !== ']') {
        items.push(value(depth + 1));
        if (peek().kind === ',') at++;
        else if (peek().kind !== ']') fail(peek(), `expected ',' or ']' in the array, found ${describe(peek())}`);
      }
      at++;
      return { type: 'array', items, place: place(t) };
    }
    if (t.kind === '{') {
      const entries: HashEntry[] = [];
      while (peek().kind !== '}') {
        entries.push(entry(depth + 1));
        if (peek().kind === ',') at++;
        else if (peek().kind !== '}') fail(peek(), `expected ',' or '}' in the hash, found ${describe(peek())}`);
      }
      at++;
      return { type: 'hash', entries, place: place(t) };
    }
    return fail(t, `expected a value (string, number, array or hash), found ${describe(t)}`);
  };

  const entry = (depth = 1): HashEntry => {
    const k = peek();
    if (k.kind !== 'str' && k.kind !== 'word') fail(k, `expected a hash key such as NAME, found ${describe(k)}`);
    at++;
    if (peek().kind !== 'arrow') fail(peek(), `expected '=>' after the hash key '${k.text}', found ${describe(peek())}`);
    at++;
    return { key: k.text, keyPlace: place(k), value: value(depth) };
  };

  const statements: ShellStatement[] = [];
  while (peek().kind !== 'eof') {
    if (peek().kind === 'end') {
      at++;
      continue;
    }
    const head = peek();
    if (head.kind !== 'word') fail(head, `expected an hbase shell command such as create or alter, found ${describe(head)}`);
    at++;
    const paren = peek().kind === '(';
    if (paren) at++;
    const args: ShellValue[] = [];
    let implicit: HashEntry[] | undefined;
    const stop = paren ? ')' : 'end';
    while (peek().kind !== stop && peek().kind !== 'eof') {
      const next = tokens[at + 1];
      if ((peek().kind === 'word' || peek().kind === 'str') && next?.kind === 'arrow') {
        if (implicit === undefined) {
          implicit = [];
          args.push({ type: 'hash', entries: implicit, place: place(peek()) });
        }
        implicit.push(entry());
      } else args.push(value());
      if (peek().kind === ',') at++;
      else if (peek().kind !== stop) fail(peek(), `expected ',' between arguments, found ${describe(peek())}`);
    }
    if (paren) at++;
    statements.push({ command: head.text, args, place: place(head) });
  }
  return statements;
}
