import { readFile } from 'node:fs/promises';
import { HotspotError } from '../util/errors.js';

/**
 * Reads a whole UTF-8 input file named on the command line.
 * @param what - what the file is, for the message (e.g. `samples file`).
 * @throws HotspotError `FILE_READ` naming the file and the system's reason.
 */
export async function readTextFile(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (cause) {
    throw new HotspotError('FILE_READ', `cannot read the ${what} (${(cause as Error).message})`, { file: path, cause });
  }
}
