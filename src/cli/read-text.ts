import { readFile } from 'node:fs/promises';
import { constants, gunzipSync } from 'node:zlib';
import { isGzip } from '../model/index.js';
import { HotspotError } from '../util/errors.js';
import { checkInputFile, checkInputText, systemReason } from '../util/input-text.js';

/**
 * Reads a whole UTF-8 input file named on the command line, gunzipped when it starts with the gzip magic (a
 * `.ndjson.gz` recording, whatever its name; one cut off before its end keeps what was complete), checked as
 * {@link checkInputText} checks it (a byte order mark skipped); a FIFO or a device is refused ({@link checkInputFile}).
 * @param what - what the file is, for the message (e.g. `samples file`).
 * @throws HotspotError `FILE_READ` naming the file and the system's (or gzip's) reason; `FILE_EMPTY`, `FILE_BINARY`, `FILE_NOT_REGULAR`.
 */
export async function readTextFile(path: string, what: string): Promise<string> {
  checkInputFile(path, what);
  let text: string;
  try {
    const bytes = await readFile(path);
    text = (isGzip(bytes) ? gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }) : bytes).toString('utf8');
  } catch (cause) {
    throw new HotspotError('FILE_READ', `cannot read the ${what} (${systemReason(cause)})`, { file: path, cause });
  }
  return checkInputText(text, path, what);
}
