/**
 * Per-file loading of pasted shell text (kept out of `text-source.ts` so the parser has no file-system dependency).
 *
 * @module
 */
import { readFile, stat } from 'node:fs/promises';
import { HotspotError } from '../../util/errors.js';
import type { TextInput } from './text-source.js';
import { checkInputFile, checkInputText, systemReason } from '../../util/input-text.js';

/**
 * Reads pasted captures: each path's text and modification time; `-` reads `stdin` (its time is now).
 * @throws {@link HotspotError} `FILE_READ` naming a file that cannot be read.
 */
export async function readTextInputs(paths: readonly string[], readStdin: () => Promise<string>, now: () => number = Date.now): Promise<TextInput[]> {
  const out: TextInput[] = [];
  for (const file of paths) {
    if (file === '-') {
      out.push({ file: '<stdin>', text: checkInputText(await readStdin(), '<stdin>', 'pasted shell output'), mtimeMs: now() });
      continue;
    }
    checkInputFile(file, 'pasted shell output');
    let read: [string, { mtimeMs: number }];
    try {
      read = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    } catch (err) {
      throw new HotspotError('FILE_READ', `cannot read the pasted shell output (${systemReason(err)})`, { file, cause: err });
    }
    out.push({ file, text: checkInputText(read[0], file, 'pasted shell output'), mtimeMs: read[1].mtimeMs });
  }
  return out;
}
