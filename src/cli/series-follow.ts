/**
 * Following a load-series file as it grows (`collect -o f & serve f`), or a key-sample file, the way `tail -f`
 * follows a log: each {@link NdjsonFollower.poll} reads the bytes appended since the last one, parses the complete
 * lines (cut and checked as the file readers cut them: a line ends at `\n`, `\r\n` or a lone `\r`; snapshot lines
 * are read from their bytes) and keeps a partly written last line until its line end arrives. A file that shrinks
 * (rewritten, `--force`d, truncated) is read again from its start. Plain text only: a gzip recording cannot be
 * followed (see {@link NdjsonFollower.poll}).
 *
 * @module
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { FileLines, LineSplitter } from '../model/files.js';
import { type KeySample, KeySamplesParser, type LoadSeries, LoadSeriesParser, type LoadSeriesReadOptions, isGzip } from '../model/index.js';
import { HotspotError } from '../util/errors.js';
import { checkInputFile, systemReason } from '../util/input-text.js';

/** What one {@link NdjsonFollower.poll} found. */
export interface FollowUpdate<T = LoadSeries> {
  /** The whole content read so far (a series: its header and every complete snapshot line). */
  readonly series: T;
  /** Items (snapshots, samples) read by this poll (after a reset: all of them). */
  readonly added: number;
  /** True when the file had shrunk and was read again from its start. */
  readonly reset: boolean;
}

/** Bytes read per `read(2)` call. */
const CHUNK = 1 << 20;

/** The incremental NDJSON reader a follower feeds: numbered lines in, the content so far out. */
interface LineParser<T> {
  push(line: number, text: string): void;
  /** Takes a line starting with `{` as its bytes (valid only during the call), when the reader can. */
  pushBytes?(line: number, bytes: Buffer): void;
  /** The content so far; throws the reader's `*_MALFORMED` error once a line was bad. */
  finish(): T;
}

/** What a followed file holds and how to read it. */
interface FollowedKind<T> {
  /** The file's kind, for messages ("load series"). */
  readonly what: string;
  /** How to record one that can be followed, for the gzip refusal. */
  readonly plain: string;
  readonly parser: (file: string) => LineParser<T>;
  /** Items in the content (snapshots, samples). */
  readonly count: (content: T) => number;
  /** A copy of the content the parser will not change afterwards. */
  readonly copy: (content: T) => T;
}

/** Follows one NDJSON file (plain text) as lines are appended to it. */
export class NdjsonFollower<T> {
  private parser: LineParser<T>;
  /** Bytes of the file consumed so far. */
  private offset = 0;
  /** Cuts what is read into lines; a line still being written waits in it until its line end arrives. */
  private splitter = new LineSplitter();
  /** The lines' rules (numbering, BOM, blank lines, binary data), handing them to the parser. */
  private lines: FileLines;
  /** Items (snapshots, samples) read so far. */
  private snapshots = 0;

  /** @param path - the file to follow; it may not exist yet (polls wait for it). */
  constructor(readonly path: string, private readonly kind: FollowedKind<T>) {
    this.parser = kind.parser(path);
    this.lines = this.linesOf(this.parser);
  }

  /** Bytes consumed so far (the partly written last line included). */
  get position(): number {
    return this.offset;
  }

  /**
   * Reads what was appended since the last call.
   * @returns the content when this poll added items or found the file rewritten, else `undefined` (nothing new, a
   *   line still partly written, only a header so far, or the file not there yet).
   * @throws {@link HotspotError} `SERIES_FOLLOW_GZIP` for a gzip file (a gzip stream appended to in sync-flushed
   *   blocks has no line boundaries on disk to resume from; record plain text to follow it); `FILE_BINARY` for binary
   *   data; `FILE_READ` when the file cannot be read, `FILE_NOT_REGULAR` for a FIFO or a device (opening it would block); `SERIES_MALFORMED` / `SAMPLES_MALFORMED` naming every bad
   *   complete line (a bad line stays bad: the caller stops following).
   */
  poll(): FollowUpdate<T> | undefined {
    checkInputFile(this.path, this.kind.what);
    let fd: number;
    try {
      fd = openSync(this.path, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new HotspotError('FILE_READ', `cannot read the ${this.kind.what} (${systemReason(err)})`, { file: this.path, cause: err });
    }
    try {
      const size = fstatSync(fd).size;
      const reset = size < this.offset;
      if (reset) this.restart();
      const before = this.snapshots;
      const buf = Buffer.alloc(Math.min(CHUNK, Math.max(0, size - this.offset)));
      while (this.offset < size) {
        const n = readSync(fd, buf, 0, Math.min(buf.length, size - this.offset), this.offset);
        if (n === 0) break;
        if (this.offset === 0 && n >= 2 && isGzip(buf)) {
          throw new HotspotError('SERIES_FOLLOW_GZIP', `is gzip; serve follows a plain ${this.kind.what} as it grows (a gzip stream has no line ends to resume from): record it as plain text (${this.kind.plain}), or give a finished gzip recording to report`, { file: this.path });
        }
        this.offset += n;
        this.splitter.push(buf.subarray(0, n), this.lines.take);
      }
      const added = this.snapshots - before;
      if (added <= 0 && !reset) return undefined;
      const series = this.series();
      return series ? { series, added: reset ? this.snapshots : added, reset } : undefined;
    } finally {
      closeSync(fd);
    }
  }

  private restart(): void {
    this.parser = this.kind.parser(this.path);
    this.lines = this.linesOf(this.parser);
    this.splitter = new LineSplitter();
    this.offset = 0;
    this.snapshots = 0;
  }

  /** The line rules feeding `parser`, its items counted after each line. */
  private linesOf(parser: LineParser<T>): FileLines {
    const counted = () => {
      this.snapshots = this.kind.count(parser.finish());
    };
    const pushBytes = parser.pushBytes?.bind(parser);
    return new FileLines(
      this.path,
      this.kind.what,
      (line, text) => {
        parser.push(line, text);
        counted();
      },
      pushBytes === undefined
        ? undefined
        : (line, bytes) => {
            pushBytes(line, bytes);
            counted();
          },
    );
  }

  /**
   * The content parsed so far, `undefined` before its first line is complete.
   * @throws {@link HotspotError} `SERIES_MALFORMED` / `SAMPLES_MALFORMED` as {@link poll}.
   */
  current(): T | undefined {
    return this.series();
  }

  private series(): T | undefined {
    return this.lines.seen ? this.kind.copy(this.parser.finish()) : undefined;
  }
}

const SERIES: FollowedKind<LoadSeries> = {
  what: 'series', plain: 'collect -o series.ndjson',
  parser: (file) => new LoadSeriesParser(file),
  count: (series) => series.snapshots.length,
  copy: (series) => ({ ...series, snapshots: [...series.snapshots] }),
};

const SAMPLES: FollowedKind<KeySample[]> = {
  what: 'key-sample file', plain: 'a key-sample file name without .gz',
  parser: (file) => new KeySamplesParser(file),
  count: (samples) => samples.length,
  copy: (samples) => [...samples],
};

/** Follows a load-series file (format version 1 or 2, plain text): `collect -o f & serve f`. */
export class SeriesFollower extends NdjsonFollower<LoadSeries> {
  /** @param options - how the series is read: `allowClockSteps` drops a backward snapshot with a warning. */
  constructor(path: string, options: LoadSeriesReadOptions = {}) {
    super(path, { ...SERIES, parser: (file) => new LoadSeriesParser(file, options) });
  }
}

/** Follows a key-sample NDJSON file (plain text) as the sampler appends to it. */
export class KeySamplesFollower extends NdjsonFollower<KeySample[]> {
  constructor(path: string) {
    super(path, SAMPLES);
  }
}
