/**
 * Files of sampled rowkeys for split-point work, in either of two forms, told apart per line:
 * - plain text: one key per line in `toStringBinary` form (`\xNN` for a byte), optionally a TAB and a weight
 *   (a literal TAB cannot be part of a key in that form, HBase writes it `\x09`);
 * - NDJSON: one object per line with `"key"` (toStringBinary) and optionally `"weight"`; other fields (such as the
 *   `timeMs` and `op` of a key-sample recording) are ignored, so recorded key samples can be used as they are.
 * Blank lines are skipped (HBase has no empty rowkey). A line ending in `\r` is read without it.
 */
import { toBytesBinary } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import type { WeightedKey } from './weighted-keys.js';
import { jsonErrorText, jsonPreview, printable } from '../util/input-text.js';

/**
 * A sample's weight: a number above 0 and at most 2^53 - 1 (past it a double no longer holds every whole number, and
 * sums of weights stop counting requests one by one).
 * @throws HotspotError `SAMPLE_WEIGHT_INVALID` quoting the weight's first characters on one printable line.
 */
function parseWeight(text: string, file: string, line: number): number {
  const weight = Number(text);
  const fail = (why: string): HotspotError =>
    new HotspotError('SAMPLE_WEIGHT_INVALID', `weight "${printable(text, 40)}" ${why}; write the number of requests the key stands for`, { file, line, field: 'weight' });
  if (text.trim() === '' || Number.isNaN(weight) || weight <= 0) throw fail('is not a positive number');
  if (weight > Number.MAX_SAFE_INTEGER) throw fail('is past 2^53 - 1');
  return weight;
}

function parseKey(text: string, file: string, line: number): Uint8Array {
  try {
    return toBytesBinary(text, 'key');
  } catch (err) {
    throw new HotspotError('KEY_ESCAPE_INVALID', (err as Error).message, { file, line, field: 'key', cause: err });
  }
}

function parseJsonLine(text: string, file: string, line: number): WeightedKey {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new HotspotError('SAMPLE_LINE_INVALID', `not valid JSON (${jsonErrorText(cause)}); write {"key": "..."} or a plain key`, { file, line, cause });
  }
  const obj = value as Record<string, unknown>;
  if (typeof obj.key !== 'string' || obj.key === '') {
    throw new HotspotError('SAMPLE_LINE_INVALID', 'needs a non-empty string "key" in toStringBinary form', { file, line, field: 'key' });
  }
  const key = parseKey(obj.key, file, line);
  if (obj.weight === undefined) return { key, weight: 1 };
  if (typeof obj.weight !== 'number') {
    throw new HotspotError('SAMPLE_WEIGHT_INVALID', `"weight" must be a positive number, got ${jsonPreview(obj.weight)}`, { file, line, field: 'weight' });
  }
  return { key, weight: parseWeight(String(obj.weight), file, line) };
}

/**
 * Parses a sample file's text.
 * @param file - the file name, used in error messages.
 * @throws HotspotError `SAMPLE_LINE_INVALID`, `SAMPLE_WEIGHT_INVALID`, `KEY_ESCAPE_INVALID`, each naming file and line.
 */
export function parseSampleKeys(text: string, file: string): WeightedKey[] {
  const out: WeightedKey[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = i + 1;
    const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (content.trim() === '') return;
    if (content.trimStart().startsWith('{')) {
      out.push(parseJsonLine(content, file, line));
      return;
    }
    const tab = content.indexOf('\t');
    const keyText = tab < 0 ? content : content.slice(0, tab);
    if (keyText === '') throw new HotspotError('SAMPLE_LINE_INVALID', 'empty key before the TAB; HBase has no empty rowkey', { file, line });
    out.push({ key: parseKey(keyText, file, line), weight: tab < 0 ? 1 : parseWeight(content.slice(tab + 1), file, line) });
  });
  return out;
}
