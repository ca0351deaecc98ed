/**
 * Files a command writes: an existing file is never replaced unless `--force` (as `collect -o` and `detect --record`
 * have always done), so a report, a recording or a change record cannot be lost to a repeated command.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { HotspotError } from '../util/errors.js';

/** Where a file goes and whether it may replace one. */
export interface OutputTarget {
  /** The option that named it (`--output`, `--record`), for messages. */
  readonly field: string;
  /** `--force`: replace an existing file. */
  readonly force?: boolean;
}

/**
 * Refuses early, before any work, when `path` exists and `--force` was not given.
 * @throws HotspotError `FILE_EXISTS` naming the file and the option.
 */
export function refuseExisting(path: string, target: OutputTarget): void {
  if (!target.force && existsSync(path)) {
    throw new HotspotError('FILE_EXISTS', 'already exists; give another file, or --force to replace it', { file: path, field: target.field });
  }
}

/**
 * Writes `text` to `path`, creating it (or replacing it with `--force`).
 * @throws HotspotError `FILE_EXISTS` when it appeared meanwhile without `--force`; `FILE_WRITE` when it cannot be written.
 */
export async function writeOutputFile(path: string, text: string, target: OutputTarget): Promise<void> {
  try {
    await writeFile(path, text, { flag: target.force ? 'w' : 'wx' });
  } catch (err) {
    if ((err as { code?: unknown }).code === 'EEXIST') refuseExisting(path, target);
    throw new HotspotError('FILE_WRITE', `cannot write: ${(err as Error).message}; check the directory exists and is writable`, { file: path, field: target.field, cause: err });
  }
}
