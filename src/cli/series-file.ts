/**
 * A load-series file being recorded, in format version 2 (docs/load-series.md): the header at once, then each
 * snapshot's lines in one write(2) (gzip: one sync-flushed deflate block), so a run cut off at any point (Ctrl-C, an
 * outage that ends it, a crash) leaves a file valid up to its last complete snapshot. A name ending in `.gz` is
 * written gzip. Used by `collect -o` and `detect --record`.
 *
 * @module
 */
import { type SeriesV2Header, SeriesWriter, type LoadSnapshot } from '../model/index.js';
import { createOutputFile } from './output-file.js';

/** An open recording. */
export interface SeriesFile {
  /** Appends one snapshot. */
  write(snapshot: LoadSnapshot): void;
  /** Snapshots written so far. */
  readonly written: number;
  /** Finishes and closes the file. */
  close(): Promise<void>;
}

/**
 * A recording whose lines go to `out` as they are written, counting snapshots; `flush` after each snapshot (gzip's
 * sync flush), `close` ends it.
 */
function recording(header: SeriesV2Header, out: (text: string) => void, close: () => Promise<void>, flush: () => void = () => undefined): SeriesFile {
  const writer = new SeriesWriter(header, out);
  let written = 0;
  return {
    write(snapshot) {
      writer.write(snapshot);
      flush();
      written++;
    },
    get written() {
      return written;
    },
    close,
  };
}

/** A recording written to standard output through `write` (`collect -o -`): each line as soon as it is read. */
export function seriesToStdout(header: SeriesV2Header, write: (text: string) => void): SeriesFile {
  return recording(header, write, async () => undefined);
}

/**
 * Creates `path` and writes the series header.
 * @param field - the flag that named the file (`--output`, `--record`), for messages.
 * @throws {@link HotspotError} `SERIES_FILE_EXISTS` when the file exists and `force` is false (a recording is never
 *   overwritten by accident); `FILE_WRITE` when it cannot be created.
 */
export function createSeriesFile(path: string, header: SeriesV2Header, options: { force?: boolean; field: string }): SeriesFile {
  const file = createOutputFile(path, { ...options, exists: 'SERIES_FILE_EXISTS' });
  const recorded = recording(header, (chunk) => file.write(chunk), () => file.close(), () => file.flush());
  file.flush();
  return recorded;
}
