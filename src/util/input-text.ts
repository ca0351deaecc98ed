/**
 * One treatment of input text for every reader: a UTF-8 byte order mark is skipped, an empty file is an error naming
 * it, binary data is refused with a printable excerpt, and messages quoting input (JSON's own syntax errors among
 * them) show it on one printable line.
 *
 * @module
 */
import { isAscii } from 'node:buffer';
import { statSync } from 'node:fs';
import { HotspotError } from './errors.js';

/**
 * The text of a line's bytes decoded as UTF-8 (invalid sequences as U+FFFD, as `TextDecoder` does). A break byte is
 * never part of a UTF-8 sequence, so a line decodes alone as it does within the whole stream. ASCII bytes, the usual
 * case, are copied as they are.
 */
export function decodeLine(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** `text` without a leading byte order mark (U+FEFF), which editors on some systems write first. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Characters that show nothing yet change what a terminal shows: the soft hyphen, the zero-width ones (U+200B to
 * U+200D, U+2060 to U+2064, U+FEFF), the direction marks and overrides (U+061C, U+200E, U+200F, U+202A to U+202E,
 * U+2066 to U+2069, which can make text read in another order than it is), the other format characters of
 * U+206A to U+206F, and the line and paragraph separators.
 */
const INVISIBLE = '\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff';
const NOT_PRINTABLE = new RegExp(`[\u0000-\u001f\u007f-\u009f${INVISIBLE}\ufffd]`, 'g');
const NOT_FOR_TERMINAL = new RegExp(`[\u0000-\u0008\u000b-\u001f\u007f-\u009f${INVISIBLE}]`, 'g');

/**
 * `text` on one printable line, cut to `max` characters (then ending with `…`): control characters, line breaks,
 * U+FFFD (bytes that were not UTF-8) and other invisible characters ({@link INVISIBLE}) become `\xNN` / `\uNNNN`.
 */
export function printable(text: string, max = 60): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  const shown = cut.replace(NOT_PRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0').toUpperCase()}` : `\\u${code.toString(16).padStart(4, '0').toUpperCase()}`;
  });
  return text.length > max ? `${shown}…` : shown;
}

/**
 * `text` safe to write to a terminal: its lines kept (and TABs), every other control character (an escape sequence's
 * ESC, a carriage return, a bell) and the invisible ones ({@link INVISIBLE}, a direction override among them) written
 * `\xNN` / `\uNNNN` as {@link printable} writes them, so that a name or value quoted from an input cannot move the
 * cursor, clear the screen, hide text or show it in another order.
 */
export function terminalText(text: string): string {
  return text.replace(NOT_FOR_TERMINAL, (c) => printable(c));
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
  // A reader that looks at a file's first bytes before reading it through cannot take a pipe (<(command)).
  if (code === 'ESPIPE') return 'it is a pipe, which this reader cannot take: save it to a file, or give - for standard input';
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
 * @throws HotspotError `FILE_EMPTY` when it holds nothing but blanks, `FILE_BINARY` when it is binary data (gzip data,
 *   as standard input can be, is named so with `gunzip -c` as the way to read it), each naming the file.
 */
export function checkInputText(text: string, file: string, what: string): string {
  const body = stripBom(text);
  if (body.trim() === '') throw new HotspotError('FILE_EMPTY', `the ${what} is empty`, { file });
  if (looksBinary(body)) {
    // gzip's magic bytes 1f 8b (0x8b read as UTF-8 is U+FFFD): files are gunzipped on read, text given otherwise
    // (standard input) is not, so say what it is and how to read it.
    const gzip = body.charCodeAt(0) === 0x1f && (body.charCodeAt(1) === 0x8b || body.charCodeAt(1) === 0xfffd);
    const kind = gzip ? 'gzip data, not text: pipe it through gunzip -c' : 'binary data, not text';
    throw new HotspotError('FILE_BINARY', `the ${what} is ${kind} (it starts "${printable(body, 40)}")`, { file });
  }
  return body;
}

/** A path naming an already open file descriptor: `/dev/stdin`, or `/dev/fd/N` as the shell's process substitution `<(command)` gives. */
const OPEN_DESCRIPTOR_PATH = /^\/(?:dev\/stdin|(?:dev|proc\/self)\/fd\/\d+)$/;

/**
 * Checks what an input path names before a reader opens it: a regular file passes; a named pipe (FIFO), a device or a
 * socket is refused, since opening a FIFO waits for a writer for ever and reading `/dev/zero` or `/dev/urandom` never
 * ends. The pipe of the shell's process substitution (`/dev/fd/N`, `/proc/self/fd/N`) or `/dev/stdin` passes: its writer is the
 * command the user started. A path that cannot be examined (missing, no permission) or a directory passes too: the
 * reader's own error names the reason.
 * @param what - what the file is, for the message (`scenario`, `load series`).
 * @throws HotspotError `FILE_NOT_REGULAR` naming the file and what it is.
 */
export function checkInputFile(path: string, what: string): void {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return;
  }
  if (stats.isFile() || stats.isDirectory()) return;
  if (stats.isFIFO() && OPEN_DESCRIPTOR_PATH.test(path)) return;
  const kind = stats.isFIFO() ? 'a named pipe (FIFO)' : stats.isCharacterDevice() ? 'a character device' : stats.isBlockDevice() ? 'a block device' : stats.isSocket() ? 'a socket' : 'not a file';
  throw new HotspotError('FILE_NOT_REGULAR', `the ${what} is ${kind}, not a regular file: reading it could wait or run for ever; save the input to a file and name that`, { file: path });
}

/**
 * A JSON value from input, written as JSON for a message and cut to `max` characters (then ending with `…`), on one
 * printable line. Unlike `JSON.stringify`, it stops writing once past `max`, so a value nested 100,000 deep (which
 * `JSON.parse` reads) or one of many megabytes costs no more than its first characters, and never overflows the
 * stack. A number past the range of a double (JSON reads `1e400` as Infinity; YAML also writes `.inf`) is named so,
 * not written `null`, as is YAML's `.nan`; a whole number past 2^53 - 1 says so and shows the double it was read as.
 */
export function jsonPreview(value: unknown, max = 40): string {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN (not a number)';
    if (!Number.isFinite(value)) return 'a number past the range of a double (±1.8e308)';
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) return `a number past 2^53 - 1 (read as ${value})`;
  }
  let out = '';
  // Each call writes at least one character before going deeper, so the depth never passes max + 1.
  const put = (text: string): boolean => {
    out += text.length > max ? text.slice(0, max + 1) : text;
    return out.length <= max;
  };
  const walk = (v: unknown): boolean => {
    if (Array.isArray(v)) {
      if (!put('[')) return false;
      for (let i = 0; i < v.length; i++) if ((i > 0 && !put(',')) || !walk(v[i])) return false;
      return put(']');
    }
    if (v !== null && typeof v === 'object') {
      if (!put('{')) return false;
      let first = true;
      for (const key of Object.keys(v)) {
        if ((!first && !put(',')) || !put(`${JSON.stringify(key)}:`) || !walk((v as Record<string, unknown>)[key])) return false;
        first = false;
      }
      return put('}');
    }
    return put(JSON.stringify(v) ?? 'null');
  };
  walk(value);
  return printable(out, max);
}
