import { readFile } from 'node:fs/promises';
import { constants, gunzipSync } from 'node:zlib';
import { isGzip } from '../model/index.js';
import { HotspotError } from '../util/errors.js';

/**
 * Reads a whole UTF-8 input file named on the command line, gunzipped when it starts with the gzip magic (a
 * `.ndjson.gz` recording, whatever its name; one cut off before its end keeps what was complete).
 * @param what - what the file is, for the message (e.g. `samples file`).
 * @throws HotspotError `FILE_READ` naming the file and the system's (or gzip's) reason.
 */
export async function readTextFile(path: string, what: string): Promise<string> {
  try {
    const bytes = await readFile(path);
    return (isGzip(bytes) ? gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }) : bytes).toString('utf8');
  } catch (cause) {
    throw new HotspotError('FILE_READ', `cannot read the ${what} (${(cause as Error).message})`, { file: path, cause });
  }
}
