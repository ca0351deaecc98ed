/**
 * A line longer than the longest string the engine can make (0x1fffffe8 characters, about 512 MiB) cannot be decoded:
 * the readers must say so as a `FILE_READ` naming the file and the line, not let the engine's own error through (which
 * the command line reports as a bug). The engine's limit is simulated here at a few kilobytes, with the error Node
 * throws at its real limit, so that the test does not need a file of half a gigabyte.
 */
import { constants } from 'node:buffer';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readKeySamplesFile, readLoadSeriesFile } from '../../src/model/index.js';
import { HotspotError } from '../../src/util/errors.js';

/** The longest line, in bytes, the mocked decoder turns into a string (hoisted: the mock below is). */
const { LIMIT } = vi.hoisted(() => ({ LIMIT: 4096 }));

vi.mock('../../src/util/input-text.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/util/input-text.js')>();
  return {
    ...original,
    decodeLine: (bytes: Buffer): string => {
      // what Node throws past its string length limit (buffer.constants.MAX_STRING_LENGTH)
      if (bytes.length > LIMIT) throw Object.assign(new Error('Cannot create a string longer than 0x1fffffe8 characters'), { code: 'ERR_STRING_TOO_LONG' });
      return original.decodeLine(bytes);
    },
  };
});

const dir = mkdtempSync(join(tmpdir(), 'long-line-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = '{"format":"hbase-hotspot/load-series","version":1,"table":"t","source":{"kind":"recorded"}}';
const region = (enc: string, name: string) =>
  `{"name":"${name}","encodedName":"${enc}","startKey":"","endKey":"","server":"rs1","readRequests":1,"writeRequests":2,"storeSizeBytes":3}`;

/** What reading the file gives: the error's class, code, message and line, or the value read. */
async function failure(read: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await read() };
  } catch (err) {
    return { error: (err as Error).constructor.name, code: (err as HotspotError).code, message: (err as Error).message, line: (err as HotspotError).where?.line };
  }
}

/** The error expected for line `line` (`length` bytes) of `file`, the `what` it is. */
function tooLong(file: string, what: string, line: number, length: number): unknown {
  const limit = constants.MAX_STRING_LENGTH;
  return { error: 'HotspotError', code: 'FILE_READ', message: `${file}:${line}: cannot read the ${what}: the line is ${length} bytes, longer than the longest text this reader can hold (${limit} characters)`, line };
}

describe('a line too long to decode', () => {
  it('is a FILE_READ naming the key-sample file and the line', async () => {
    const file = join(dir, 'samples.ndjson');
    const long = `{"key":"${'k'.repeat(LIMIT)}"}`;
    writeFileSync(file, `{"key":"a"}\n${long}\n`);
    expect(await failure(() => readKeySamplesFile(file))).toEqual(tooLong(file, 'key samples', 2, long.length));
  });

  it('is a FILE_READ naming the load series and the line when the line is not of the writer\'s form', async () => {
    const file = join(dir, 'series.ndjson');
    // whitespace after the colon: not the writer's form, so the line is decoded and parsed as JSON
    const long = `{"timeMs": 2,"table":"t","regions":[${region('a', 'n'.repeat(LIMIT))}]}`;
    writeFileSync(file, `${HEADER}\n{"timeMs":1,"table":"t","regions":[${region('a', 'n')}]}\n\n${long}\n`);
    expect(await failure(() => readLoadSeriesFile(file))).toEqual(tooLong(file, 'load series', 4, long.length));
  });

  it('is read from its bytes when it is a snapshot line of the writer\'s form (never decoded whole)', async () => {
    const file = join(dir, 'series-fast.ndjson');
    const regions = Array.from({ length: 60 }, (_, i) => region(`e${i}`, `n${i}`));
    const line = `{"timeMs":1,"table":"t","regions":[${regions.join(',')}]}`;
    expect(line.length).toBeGreaterThan(LIMIT);
    writeFileSync(file, `${HEADER}\n${line}\n`);
    const read = await readLoadSeriesFile(file);
    expect(read.snapshots.map((s) => s.regions.length)).toEqual([60]);
    expect(read.snapshots[0]?.regions.map((r) => r.encodedName).slice(0, 3)).toEqual(['e0', 'e1', 'e2']);
  });
});
