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

/** Bytes read at a time from a plain file. */
const PLAIN_CHUNK_BYTES = 1 << 20;

/**
 * A plain file's bytes, {@link PLAIN_CHUNK_BYTES} at a time into one buffer that is filled again for the next chunk
 * (each chunk is done with before the next is asked for: {@link LineSplitter} copies out what it keeps), so reading
 * a file of hundreds of megabytes allocates one buffer, not one per chunk as a read stream does.
 */
async function* plainChunks(path: string): AsyncGenerator<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(PLAIN_CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await file.close();
  }
}

/**
 * The file's bytes, gunzipped when it starts with the gzip magic. A gzip file cut off mid-way (a recording stopped by
 * a crash) yields every byte that decompresses, like a cut-off plain file: a partial last line is then handed over as
 * a line, and the parsers refuse it.
 */
function openInput(path: string, what: string): AsyncIterable<Buffer> {
  if (!fileIsGzip(path, what)) return plainChunks(path);
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
 * chunks) or a lone `\r`; the bytes after the last break are a line when there are any. Each line is handed over as
 * one span of bytes, valid only during the call: a line within one chunk is a view of the chunk, a line across chunks
 * is copied into one buffer that grows to the longest such line and is used again for the next. The chunks are not
 * kept.
 */
export class LineSplitter {
  /** The bytes of the line under way, from earlier chunks: `carry[0, carried)`. */
  private carry = Buffer.alloc(0);
  private carried = 0;
  /** The last chunk ended with `\r`: a `\n` opening the next one ends no line. */
  private afterReturn = false;

  /** Hands each line that `chunk` completes to `onLine`, keeping the bytes after its last break for the next chunk. */
  push(chunk: Buffer, onLine: (bytes: Buffer) => void): void {
    let start = 0;
    if (this.afterReturn && chunk.length > 0) {
      if (chunk[0] === LF) start = 1;
      this.afterReturn = false;
    }
    let lf = chunk.indexOf(LF, start);
    let cr = chunk.indexOf(CR, start);
    for (;;) {
      if (lf < 0) lf = chunk.length;
      if (cr < 0) cr = chunk.length;
      const end = lf < cr ? lf : cr;
      if (end === chunk.length) break;
      if (this.carried === 0) onLine(chunk.subarray(start, end));
      else {
        this.keep(chunk, start, end);
        onLine(this.takeCarried());
      }
      start = end + 1;
      if (end === cr) {
        if (start === chunk.length) this.afterReturn = true;
        else if (chunk[start] === LF) start++;
        cr = chunk.indexOf(CR, start);
      }
      if (lf < start) lf = chunk.indexOf(LF, start);
    }
    if (start < chunk.length) this.keep(chunk, start, chunk.length);
  }

  /** Hands the bytes after the last break, if any, to `onLine`: the stream's last line. */
  end(onLine: (bytes: Buffer) => void): void {
    if (this.carried > 0) onLine(this.takeCarried());
  }

  /** The line under way, handed over whole: its bytes, the buffer emptied for the next. */
  private takeCarried(): Buffer {
    const line = this.carry.subarray(0, this.carried);
    this.carried = 0;
    return line;
  }

  /** Appends `chunk[start, end)` to the line under way, growing the buffer when it is full. */
  private keep(chunk: Buffer, start: number, end: number): void {
    const need = this.carried + (end - start);
    if (need > this.carry.length) {
      // eightfold (pages not yet written cost nothing), at most 256 MiB more at a time
      const grown = Buffer.allocUnsafe(Math.max(need, 1 << 16, Math.min(this.carry.length * 8, this.carry.length + (1 << 28))));
      this.carry.copy(grown, 0, 0, this.carried);
      this.carry = grown;
    }
    chunk.copy(this.carry, this.carried, start, end);
    this.carried = need;
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
  const input = openInput(path, what);
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
    for await (const chunk of input) splitter.push(chunk, take);
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
