/**
 * Files the CLI writes. An existing file is never replaced unless `--force` (as `collect -o` and `detect --record` have
 * always done), so a report, a recording or a change record cannot be lost to a repeated command; a name ending in
 * `.gz` (or `gzip: true`) compresses what is written (`collect -o`, `detect --record`, `simulate --record`, `series
 * convert -o`).
 *
 * @module
 */
import { closeSync, createWriteStream, existsSync, openSync, statSync, writeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { constants, createGzip } from 'node:zlib';
import { HotspotError } from '../util/errors.js';

/**
 * Refuses `-` as the name of a file to write: the options that reach these functions write files only (those that
 * write standard output, `report -o -`, `collect -o -`, `series convert -o -`, handle `-` before), and a file called
 * `-` in the working directory is never what was meant. Commands call it themselves, before any cluster access, for
 * an option whose file is written late or by other code (`load --samples-out`, `migrate backfill --checkpoint`), and
 * with `kind: 'folder'` for an option naming a folder the command writes into (`migrate backfill --work-dir`).
 * @param field - the flag that named the file (`--record`, `--output`) or folder (`--work-dir`).
 * @param kind - what the option names: a file (default) or a folder.
 * @throws {@link HotspotError} `OUTPUT_NOT_STDOUT` naming the option.
 */
export function refuseDash(path: string, field: string, kind: 'file' | 'folder' = 'file'): void {
  if (path !== '-') return;
  const what = kind === 'file' ? 'writes a file' : 'writes into a folder';
  throw new HotspotError('OUTPUT_NOT_STDOUT', `${what}, not standard output: name a ${kind} instead of -`, { file: path, field });
}

/**
 * Refuses to write over one of the command's own input files (the same file however the path is spelt, a hard link
 * included), `--force` or not: `--force` replaces an earlier output, and an input replaced by what was made from it
 * (a series by its HTML page, a capture by its series) is lost. Inputs that are `-` or not given are skipped; an
 * output that does not exist yet cannot be one of them.
 * @param inputs - the files the command reads (series, samples, captures, scenario, JMX readings, ...).
 * @param field - the flag that named the output (`--output`, `--record`, `--series`).
 * @throws {@link HotspotError} `OUTPUT_IS_INPUT` naming the file and the option.
 */
export function refuseInputAsOutput(path: string, inputs: readonly (string | undefined)[], field: string): void {
  if (path === '-') return;
  const out = statOf(path);
  if (out === undefined) return;
  for (const input of inputs) {
    if (input === undefined || input === '-') continue;
    const file = statOf(input);
    if (file !== undefined && file.dev === out.dev && file.ino === out.ino) {
      const same = input === path ? 'is also an input of this command' : `is the input file ${input}`;
      throw new HotspotError('OUTPUT_IS_INPUT', `${same}; writing it would replace what is being read (--force or not): give another file`, { file: path, field });
    }
  }
}

/** `stat` of a path, undefined when it cannot be read (absent, no access). */
function statOf(path: string): { dev: number; ino: number } | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** True when `path` names a gzip file (`.gz`). */
export function isGzipName(path: string): boolean {
  return /\.gz$/i.test(path);
}

/** An open output file. */
export interface OutputFile {
  /** Appends text. With gzip, `flush` pushes it to the file as a complete deflate block. */
  write(chunk: string): void;
  /** Makes everything written so far readable from the file (gzip: a sync flush; plain: nothing, each write is one write(2)). */
  flush(): void;
  /** Finishes the file (gzip: its trailer) and closes it. */
  close(): Promise<void>;
}

/**
 * Creates `path` (never replacing an existing file unless `force`).
 * @param field - the flag that named the file (`--output`, `--record`), for messages.
 * @throws {@link HotspotError} `OUTPUT_FILE_EXISTS` when it exists and `force` is not set (a recording is never
 *   overwritten by accident), `FILE_WRITE` when it cannot be created, `OUTPUT_NOT_STDOUT` for `-`.
 */
export function createOutputFile(path: string, options: { force?: boolean; gzip?: boolean; field: string; exists?: string }): OutputFile {
  refuseDash(path, options.field);
  let fd: number;
  try {
    fd = openSync(path, options.force ? 'w' : 'wx');
  } catch (err) {
    if ((err as { code?: unknown }).code === 'EEXIST') {
      throw new HotspotError(options.exists ?? 'OUTPUT_FILE_EXISTS', 'already exists; a recording is never overwritten: give another file, or --force to replace it', { file: path, field: options.field });
    }
    throw new HotspotError('FILE_WRITE', `cannot write: ${(err as Error).message}`, { file: path, field: options.field, cause: err });
  }
  if (!(options.gzip ?? isGzipName(path))) {
    return {
      write: (chunk) => void writeSync(fd, chunk),
      flush: () => undefined,
      close: async () => closeSync(fd),
    };
  }
  const gzip = createGzip();
  const out = createWriteStream('', { fd });
  gzip.pipe(out);
  let failure: unknown;
  out.on('error', (err) => (failure ??= err));
  const fail = (): HotspotError => new HotspotError('FILE_WRITE', `cannot write: ${(failure as Error).message}`, { file: path, field: options.field, cause: failure });
  return {
    write(chunk) {
      if (failure) throw fail();
      gzip.write(chunk);
    },
    flush: () => gzip.flush(constants.Z_SYNC_FLUSH),
    async close() {
      gzip.end();
      if (!out.closed) await once(out, 'close');
      if (failure) throw fail();
    },
  };
}

/** Where a file goes and whether it may replace one. */
export interface OutputTarget {
  /** The option that named it (`--output`, `--record`), for messages. */
  readonly field: string;
  /** `--force`: replace an existing file. */
  readonly force?: boolean;
}

/**
 * Refuses early, before any work, when `path` exists and `--force` was not given.
 * @throws HotspotError `FILE_EXISTS` naming the file and the option; `OUTPUT_NOT_STDOUT` for `-`.
 */
export function refuseExisting(path: string, target: OutputTarget): void {
  refuseDash(path, target.field);
  if (!target.force && existsSync(path)) {
    throw new HotspotError('FILE_EXISTS', 'already exists; give another file, or --force to replace it', { file: path, field: target.field });
  }
}

/**
 * Writes `text` to `path`, creating it (or replacing it with `--force`).
 * @throws HotspotError `FILE_EXISTS` when it appeared meanwhile without `--force`; `FILE_WRITE` when it cannot be written;
 *   `OUTPUT_NOT_STDOUT` for `-`.
 */
export async function writeOutputFile(path: string, text: string | Uint8Array, target: OutputTarget): Promise<void> {
  refuseDash(path, target.field);
  try {
    await writeFile(path, text, { flag: target.force ? 'w' : 'wx' });
  } catch (err) {
    if ((err as { code?: unknown }).code === 'EEXIST') refuseExisting(path, target);
    throw new HotspotError('FILE_WRITE', `cannot write: ${(err as Error).message}; check the directory exists and is writable`, { file: path, field: target.field, cause: err });
  }
}
