/**
 * A load-series file being recorded: the header at once, then one snapshot line per write, each with its own
 * write(2), so a run cut off at any point (Ctrl-C, an outage that ends it, a crash) leaves a valid file. Used by
 * `collect -o` and `detect --record`.
 *
 * @module
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { type LoadSeriesHeader, LoadSeriesWriter, type LoadSnapshot } from '../model/index.js';
import { HotspotError } from '../util/errors.js';

/** An open recording. */
export interface SeriesFile {
  /** Appends one snapshot line. */
  write(snapshot: LoadSnapshot): void;
  /** Snapshots written so far. */
  readonly written: number;
  /** Closes the file. */
  close(): void;
}

/** A recording whose lines go to `out` as they are written, counting snapshots; `close` ends it. */
function recording(header: LoadSeriesHeader, out: (text: string) => void, close: () => void): SeriesFile {
  const writer = new LoadSeriesWriter(header, out);
  let written = 0;
  return {
    write(snapshot) {
      writer.write(snapshot);
      written++;
    },
    get written() {
      return written;
    },
    close,
  };
}

/** A recording written to standard output through `write` (`collect -o -`): each line as soon as it is read. */
export function seriesToStdout(header: LoadSeriesHeader, write: (text: string) => void): SeriesFile {
  return recording(header, write, () => undefined);
}

/**
 * Creates `path` and writes the series header.
 * @param field - the flag that named the file (`--output`, `--record`), for messages.
 * @throws {@link HotspotError} `SERIES_FILE_EXISTS` when the file exists and `force` is false (a recording is never
 *   overwritten by accident); `FILE_WRITE` when it cannot be created.
 */
export function createSeriesFile(path: string, header: LoadSeriesHeader, options: { force?: boolean; field: string }): SeriesFile {
  let fd: number;
  try {
    fd = openSync(path, options.force ? 'w' : 'wx');
  } catch (err) {
    if ((err as { code?: unknown }).code === 'EEXIST') {
      throw new HotspotError('SERIES_FILE_EXISTS', 'already exists; a recording is never overwritten: give another file, or --force to replace it', { file: path, field: options.field });
    }
    throw new HotspotError('FILE_WRITE', `cannot write: ${(err as Error).message}`, { file: path, field: options.field, cause: err });
  }
  return recording(header, (chunk) => void writeSync(fd, chunk), () => closeSync(fd));
}
