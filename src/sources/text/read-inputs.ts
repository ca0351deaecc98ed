/**
 * Per-file loading of pasted shell text (kept out of `text-source.ts` so the parser has no file-system dependency).
 *
 * @module
 */
import { readFile, stat } from 'node:fs/promises';
import { HotspotError } from '../../util/errors.js';
import type { TextInput } from './text-source.js';

/**
 * Reads pasted captures: each path's text and modification time; `-` reads `stdin` (its time is now).
 * @throws {@link HotspotError} `FILE_READ` naming a file that cannot be read.
 */
export async function readTextInputs(paths: readonly string[], readStdin: () => Promise<string>, now: () => number = Date.now): Promise<TextInput[]> {
  const out: TextInput[] = [];
  for (const file of paths) {
    if (file === '-') {
      out.push({ file: '<stdin>', text: await readStdin(), mtimeMs: now() });
      continue;
    }
    try {
      const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      out.push({ file, text, mtimeMs: info.mtimeMs });
    } catch (err) {
      throw new HotspotError('FILE_READ', `cannot read: ${(err as Error).message}`, { file, cause: err });
    }
  }
  return out;
}
