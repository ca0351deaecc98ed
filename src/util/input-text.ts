/**
 * One treatment of input text for every reader: a UTF-8 byte order mark is skipped, an empty file is an error naming
 * it, binary data is refused with a printable excerpt, and messages quoting input (JSON's own syntax errors among
 * them) show it on one printable line.
 *
 * @module
 */
import { HotspotError } from './errors.js';

/** `text` without a leading byte order mark (U+FEFF), which editors on some systems write first. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * `text` on one printable line, cut to `max` characters (then ending with `…`): control characters, line breaks,
 * U+FFFD (bytes that were not UTF-8) and other invisible characters become `\xNN` / `\uNNNN`.
 */
export function printable(text: string, max = 60): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  const shown = cut.replace(/[\u0000-\u001f\u007f-\u009f\u00ad\u2028\u2029\ufeff\ufffd]/g, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0').toUpperCase()}` : `\\u${code.toString(16).padStart(4, '0').toUpperCase()}`;
  });
  return text.length > max ? `${shown}…` : shown;
}

/** The message of a `JSON.parse` error, on one printable line (Node quotes the raw input it stopped at). */
export function jsonErrorText(err: unknown): string {
  return printable(err instanceof Error ? err.message : String(err), 160);
}

/** Why a file could not be read, without its path (the error's place names it): `no such file`, `EACCES`, ... */
export function systemReason(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return typeof code === 'string' ? code : printable(err instanceof Error ? err.message : String(err), 160);
}

/** True when `text` looks like binary data: a NUL, or mostly control characters and undecodable bytes. */
export function looksBinary(text: string): boolean {
  const head = text.slice(0, 4096);
  if (head.includes('\u0000')) return true;
  let odd = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0xfffd || c === 0x7f) odd++;
  }
  return odd > 0 && odd * 10 > head.length;
}

/**
 * Checks the text of an input file before a reader parses it.
 * @param what - what the file is, for messages (`samples file`, `hbase-env.sh`).
 * @returns the text without a byte order mark.
 * @throws HotspotError `FILE_EMPTY` when it holds nothing but blanks, `FILE_BINARY` when it is binary data, each
 *   naming the file.
 */
export function checkInputText(text: string, file: string, what: string): string {
  const body = stripBom(text);
  if (body.trim() === '') throw new HotspotError('FILE_EMPTY', `the ${what} is empty`, { file });
  if (looksBinary(body)) {
    throw new HotspotError('FILE_BINARY', `the ${what} is binary data, not text (it starts "${printable(body, 40)}")`, { file });
  }
  return body;
}
