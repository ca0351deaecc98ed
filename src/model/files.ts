/**
 * Reading the NDJSON files from disk, streaming line by line so a long recording is never held as one string.
 *
 * @module
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { HotspotError } from '../util/errors.js';
import { stripBom } from '../util/input-text.js';
import { KeySamplesParser } from './samples-format.js';
import { type LoadSeriesReadOptions, LoadSeriesParser } from './series-format.js';
import type { KeySample, LoadSeries } from './types.js';

async function* fileLines(path: string): AsyncGenerator<[line: number, text: string]> {
  const input = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  try {
    for await (const raw of lines) {
      n++;
      const text = n === 1 ? stripBom(raw) : raw;
      if (text.trim() !== '') yield [n, text];
    }
  } catch (err) {
    throw new HotspotError('FILE_READ', `cannot read: ${(err as Error).message}`, { file: path, cause: err });
  }
}

/**
 * Reads a load-series NDJSON file (header line, then one snapshot per line).
 * @throws {@link HotspotError} `FILE_READ` when the file cannot be read; `SERIES_MALFORMED` / `SERIES_EMPTY` as {@link LoadSeriesParser.finish}.
 */
export async function readLoadSeriesFile(path: string, options: LoadSeriesReadOptions = {}): Promise<LoadSeries> {
  const parser = new LoadSeriesParser(path, options);
  for await (const [line, text] of fileLines(path)) parser.push(line, text);
  return parser.finish();
}

/**
 * Reads a key-sample NDJSON file.
 * @throws {@link HotspotError} `FILE_READ`, `SAMPLES_MALFORMED` (every bad line).
 */
export async function readKeySamplesFile(path: string): Promise<KeySample[]> {
  const parser = new KeySamplesParser(path);
  for await (const [line, text] of fileLines(path)) parser.push(line, text);
  return parser.finish();
}
