/**
 * Key samples given as plain text: one rowkey per line in toStringBinary form, oldest first (a request log's keys),
 * no time or operation. The NDJSON sample format (docs/load-series.md) carries both and is preferred.
 *
 * @module
 */
import { toBytesBinary } from '../../bytes/index.js';
import type { KeySample } from '../../model/index.js';
import { type TextIssue, TextFormatError } from './text-error.js';

/** What a line's key is called in the escape error `toBytesBinary` throws, before it is dropped from the issue. */
const KEY = 'key';

/** True when `text` looks like NDJSON samples (its first non-blank line starts with `{`). */
export function isNdjsonSamples(text: string): boolean {
  const first = text.split('\n').find((l) => l.trim() !== '');
  return first?.trimStart().startsWith('{') ?? false;
}

/**
 * Parses a plain key list. Having no times, the keys are spread evenly over `[fromMs, toMs]` in file order, and
 * having no operation they count as writes (where new keys land decides a monotonic tail); say so to the user.
 * A line's surrounding spaces are kept only inside the key: a line is taken as typed, minus a trailing `\r`.
 * @throws {@link TextFormatError} `KEY_LIST_MALFORMED` listing every line with a bad `\xNN` escape.
 */
export function parseKeyList(text: string, file: string, fromMs: number, toMs: number): KeySample[] {
  const keys: Uint8Array[] = [];
  const issues: TextIssue[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    try {
      keys.push(toBytesBinary(line, KEY));
    } catch (err) {
      // the issue is listed under its line number already: the message says what is wrong, not where again
      const message = (err as Error).message;
      issues.push({ line: i + 1, message: message.startsWith(`${KEY}: `) ? message.slice(KEY.length + 2) : message });
    }
  });
  if (issues.length > 0) throw new TextFormatError('KEY_LIST_MALFORMED', file, 'key list', issues);
  const step = keys.length > 1 ? (toMs - fromMs) / (keys.length - 1) : 0;
  return keys.map((key, i) => ({ timeMs: Math.round(fromMs + i * step), key, op: 'write' }));
}
