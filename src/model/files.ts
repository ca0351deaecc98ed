/**
 * Reading the NDJSON files from disk, streaming line by line so a long recording is never held as one string.
 *
 * @module
 */
import { constants as bufferConstants } from 'node:buffer';
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { constants, createGunzip } from 'node:zlib';
import { HotspotError } from '../util/errors.js';
import { checkInputFile, decodeLine, looksBinary, printable, stripBom, systemReason } from '../util/input-text.js';
import { KeySamplesParser } from './samples-format.js';
import { type LoadSeriesReadOptions, LoadSeriesParser } from './series-format.js';
import type { KeySample, LoadSeries } from './types.js';

/** The two bytes every gzip member starts with (RFC 1952 ID1 ID2). */
export const GZIP_MAGIC = [0x1f, 0x8b] as const;

/** True when `bytes` start with the gzip magic. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

/** `FILE_READ` naming the file, what it is and the system's reason, as the other readers say it ({@link systemReason}). */
function readError(path: string, what: string, err: unknown): HotspotError {
  return new HotspotError('FILE_READ', `cannot read the ${what} (${systemReason(err)})`, { file: path, cause: err });
}

/** True when the file at `path` starts with the gzip magic. @throws {@link HotspotError} `FILE_READ`. */
function fileIsGzip(path: string, what: string): boolean {
  try {
    const fd = openSync(path, 'r');
    try {
      const head = new Uint8Array(2);
      return readSync(fd, head, 0, 2, 0) === 2 && isGzip(head);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    throw readError(path, what, err);
  }
}

/** Most bytes read at a time from a plain file, and copied at a time from a chunk ({@link LineSplitter.room}). */
const READ_BYTES = 1 << 20;
/** The least room {@link LineSplitter.room} offers: with less after the line under way, the buffer grows. */
const MIN_ROOM = 1 << 16;

/**
 * The file's bytes as chunks when it starts with the gzip magic (gunzipped), else `undefined`: a plain file is read
 * straight into the {@link LineSplitter}'s buffer. A gzip file cut off mid-way (a recording stopped by a crash) yields
 * every byte that decompresses, like a cut-off plain file: a partial last line is then handed over as a line, and the
 * parsers refuse it.
 */
function gzipInput(path: string, what: string): AsyncIterable<Buffer> | undefined {
  if (!fileIsGzip(path, what)) return undefined;
  const raw = createReadStream(path);
  const gz = createGunzip({ finishFlush: constants.Z_SYNC_FLUSH });
  raw.on('error', (err) => gz.destroy(err));
  return raw.pipe(gz) as Readable & AsyncIterable<Buffer>;
}

/** The most characters a string can hold (V8's limit). */
const MAX_STRING_LENGTH = bufferConstants.MAX_STRING_LENGTH;

const LF = 0x0a;
const CR = 0x0d;

/**
 * Cuts a byte stream into lines, as `readline` does with `crlfDelay: Infinity` (each line decoded by {@link decodeLine},
 * they are `readline`'s lines of the stream decoded as UTF-8): a line ends at `\n`, `\r\n` (also split between two
 * reads) or a lone `\r`; the bytes after the last break are a line when there are any.
 *
 * The bytes go into one buffer of the splitter's own: a file is read straight into it ({@link room}, then
 * {@link filled}), or chunks are copied into it ({@link push}). Each line is handed over as a view of that buffer,
 * valid only during the call, so a line is never copied to be whole: only the start of the next line, at most one
 * read's bytes, moves to the front of the buffer once the line before it is handed over. The buffer grows to hold the
 * longest line and one read, and is used again for the next.
 */
export class LineSplitter {
  /** The line under way is `buffer[0, carried)`; the bytes after it are free for the next read. */
  private buffer = Buffer.allocUnsafe(0);
  private carried = 0;
  /** The last line handed over ended with `\r` at the end of what was read: a `\n` opening the next read ends no line. */
  private afterReturn = false;

  /**
   * Where the next bytes are to be written: the free space after the line under way, at most {@link READ_BYTES} and at
   * least {@link MIN_ROOM} (the buffer grows eightfold, at most 256 MiB at a time, when less is free). Write into it,
   * then call {@link filled} with how many bytes were written, before asking again.
   */
  room(): Buffer {
    if (this.buffer.length - this.carried < MIN_ROOM) {
      const length = this.buffer.length;
      // pages not yet written cost nothing
      const grown = Buffer.allocUnsafe(Math.max(this.carried + MIN_ROOM, READ_BYTES, Math.min(length * 8, length + (1 << 28))));
      this.buffer.copy(grown, 0, 0, this.carried);
      this.buffer = grown;
    }
    return this.buffer.subarray(this.carried, Math.min(this.buffer.length, this.carried + READ_BYTES));
  }

  /**
   * Hands each line that the `count` bytes just written into {@link room} complete to `onLine`, keeping the bytes after
   * the last break as the start of the line under way.
   */
  filled(count: number, onLine: (bytes: Buffer) => void): void {
    if (count <= 0) return;
    const from = this.carried;
    const view = this.buffer.subarray(0, from + count);
    let start = 0;
    let scan = from;
    if (this.afterReturn) {
      this.afterReturn = false;
      // a line just ended at `\r`: nothing is under way, and a `\n` next is the rest of that break
      if (view[0] === LF) start = scan = 1;
    }
    let lf = view.indexOf(LF, scan);
    let cr = view.indexOf(CR, scan);
    for (;;) {
      if (lf < 0) lf = view.length;
      if (cr < 0) cr = view.length;
      const end = lf < cr ? lf : cr;
      if (end === view.length) break;
      onLine(view.subarray(start, end));
      start = end + 1;
      if (end === cr) {
        if (start === view.length) this.afterReturn = true;
        else if (view[start] === LF) start++;
        cr = view.indexOf(CR, start);
      }
      if (lf < start) lf = view.indexOf(LF, start);
    }
    if (start > 0 && start < view.length) this.buffer.copy(this.buffer, 0, start, view.length);
    this.carried = view.length - start;
  }

  /** Hands each line that `chunk` completes to `onLine` (the chunk copied in, {@link room} by room). */
  push(chunk: Buffer, onLine: (bytes: Buffer) => void): void {
    for (let at = 0; at < chunk.length; ) {
      const written = chunk.copy(this.room(), 0, at);
      at += written;
      this.filled(written, onLine);
    }
  }

  /** Hands the bytes after the last break, if any, to `onLine`: the stream's last line. */
  end(onLine: (bytes: Buffer) => void): void {
    if (this.carried === 0) return;
    const line = this.buffer.subarray(0, this.carried);
    this.carried = 0;
    onLine(line);
  }
}

/**
 * `FILE_READ` for line `line` of `length` bytes, which cannot be decoded: past the longest string the engine makes
 * ({@link MAX_STRING_LENGTH} characters, about 512 MiB on 64-bit systems).
 */
function lineTooLong(path: string, what: string, line: number, length: number, cause: unknown): HotspotError {
  return new HotspotError('FILE_READ', `cannot read the ${what}: the line is ${length} bytes, longer than the longest text this reader can hold (${MAX_STRING_LENGTH} characters)`, { file: path, line, cause });
}

/**
 * What every NDJSON file reader does with a file's lines, in the order {@link LineSplitter} hands them over: numbers
 * them from 1, skips the first line's BOM and blank lines, refuses binary data (told by the first non-blank line, as
 * `checkInputText` does for whole texts), and hands each line to `onLine` as text, or, with `onObjectBytes`, a line
 * after the first non-blank one that starts with `{` (so not blank) as its bytes, undecoded and valid only during the
 * call, for a reader that reads such lines from their bytes and decodes only those it cannot.
 */
export class FileLines {
  /** Lines taken so far, blank ones included. */
  private n = 0;
  /** A non-blank line was taken. */
  seen = false;

  /**
   * @param path - the file, named in errors.
   * @param what - what the file is, for messages ("load series").
   */
  constructor(
    private readonly path: string,
    private readonly what: string,
    private readonly onLine: (line: number, text: string) => void,
    private readonly onObjectBytes?: (line: number, bytes: Buffer) => void,
  ) {}

  /**
   * Takes the next line's bytes (a {@link LineSplitter} callback).
   * @throws {@link HotspotError} `FILE_BINARY` when the first non-blank line is binary data; `FILE_READ` naming the line
   *   for a line too long to decode ({@link lineTooLong}); what `onLine` or `onObjectBytes` throws.
   */
  readonly take = (bytes: Buffer): void => {
    const n = ++this.n;
    try {
      this.read(n, bytes);
    } catch (err) {
      // a line past the longest string the engine makes cannot be decoded (here or by the reader it goes to): the
      // file's fault, told as such
      if ((err as { code?: unknown } | null)?.code === 'ERR_STRING_TOO_LONG') throw lineTooLong(this.path, this.what, n, bytes.length, err);
      throw err;
    }
  };

  private read(n: number, bytes: Buffer): void {
    if (this.seen && this.onObjectBytes !== undefined && bytes[0] === 0x7b) {
      this.onObjectBytes(n, bytes);
      return;
    }
    const raw = decodeLine(bytes);
    const text = n === 1 ? stripBom(raw) : raw;
    if (text.trim() === '') return;
    if (!this.seen && looksBinary(text)) {
      throw new HotspotError('FILE_BINARY', `the ${this.what} is binary data, not text (it starts "${printable(text, 40)}")`, { file: this.path });
    }
    this.seen = true;
    this.onLine(n, text);
  }
}

/** Reads the plain file at `path` into `splitter`'s buffer, a read at a time, handing each whole line to `onLine`. */
async function readPlain(path: string, splitter: LineSplitter, onLine: (bytes: Buffer) => void): Promise<void> {
  const file = await open(path, 'r');
  try {
    for (;;) {
      const room = splitter.room();
      const { bytesRead } = await file.read(room, 0, room.length, null);
      if (bytesRead === 0) return;
      splitter.filled(bytesRead, onLine);
    }
  } finally {
    await file.close();
  }
}

/**
 * Calls `onLine` with each non-blank line of the file at `path` (plain or gzip) and its 1-based number, as
 * {@link FileLines} hands them over (with `onObjectBytes`, lines starting with `{` as their bytes).
 * @throws {@link HotspotError} `FILE_NOT_REGULAR` for a directory, pipe or device (`checkInputFile`), `FILE_BINARY`
 *   when the first non-blank line is binary data, `FILE_EMPTY` when no line is, `FILE_READ` when the file cannot be
 *   read, or for a line too long to decode ({@link lineTooLong}); what `onLine` or `onObjectBytes` throws.
 */
async function eachFileLine(
  path: string,
  what: string,
  onLine: (line: number, text: string) => void,
  onObjectBytes?: (line: number, bytes: Buffer) => void,
): Promise<void> {
  checkInputFile(path, what);
  const gzip = gzipInput(path, what);
  const lines = new FileLines(path, what, onLine, onObjectBytes);
  /** What taking a line threw: passed on as it is (only the stream's own errors are the file's read errors). */
  let fromLine: unknown;
  const take = (bytes: Buffer): void => {
    try {
      lines.take(bytes);
    } catch (err) {
      fromLine = err;
      throw err;
    }
  };
  const splitter = new LineSplitter();
  try {
    if (gzip !== undefined) for await (const chunk of gzip) splitter.push(chunk, take);
    else await readPlain(path, splitter, take);
    splitter.end(take);
  } catch (err) {
    if (err instanceof HotspotError || (err === fromLine && fromLine !== undefined)) throw err;
    throw readError(path, what, err);
  }
  if (!lines.seen) throw new HotspotError('FILE_EMPTY', `the ${what} is empty`, { file: path });
}

/**
 * Reads a load-series NDJSON file, version 1 or 2, plain or gzip (detected by its first bytes).
 * @throws {@link HotspotError} `FILE_READ` when the file cannot be read, `FILE_NOT_REGULAR` for a FIFO or a device; `SERIES_MALFORMED` / `SERIES_EMPTY` as {@link LoadSeriesParser.finish}.
 */
export async function readLoadSeriesFile(path: string, options: LoadSeriesReadOptions = {}): Promise<LoadSeries> {
  const parser = new LoadSeriesParser(path, options);
  await eachFileLine(
    path,
    'load series',
    (line, text) => parser.push(line, text),
    (line, bytes) => parser.pushBytes(line, bytes),
  );
  return parser.finish();
}

/**
 * Reads a key-sample NDJSON file, plain or gzip.
 * @throws {@link HotspotError} `FILE_READ`, `FILE_NOT_REGULAR`, `SAMPLES_MALFORMED` (every bad line).
 */
export async function readKeySamplesFile(path: string): Promise<KeySample[]> {
  const parser = new KeySamplesParser(path);
  await eachFileLine(path, 'key samples', (line, text) => parser.push(line, text));
  return parser.finish();
}
