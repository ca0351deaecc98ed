/**
 * A load-series file is read 1 MiB at a time, and a line across two reads is copied into one buffer that is used
 * again for the next such line. Whatever byte of a line the cut falls before (a byte of a name, key, server or table
 * in two-, three- or four-byte UTF-8, the `\\` of a key's `\xNN`, the `\r` or the `\n` of a CRLF break), the file must
 * read as the series it was written from, its snapshot and open lines still read from their bytes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type LoadSeries, formatLoadSeries, readLoadSeriesFile } from '../../src/model/index.js';
import { FastSnapshotReader } from '../../src/model/series-fast.js';
import { SeriesV2Parser } from '../../src/model/series-v2-read.js';
import { formatLoadSeriesV2 } from '../../src/model/series-v2-write.js';
import { region, snap } from './builders.js';

/** The bytes the file reader reads at a time (`PLAIN_CHUNK_BYTES` in `files.ts`). */
const CHUNK = 1 << 20;

const dir = mkdtempSync(join(tmpdir(), 'series-chunks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 's.ndjson');

/**
 * A series of table `tä` over three snapshots: regions with names, keys and servers in several scripts and binary
 * keys; in the first snapshot, the first region's name is `pad` characters long (to move the cut in the lines after).
 */
function paddedSeries(pad: number): LoadSeries {
  const regions = (t: number) => [
    { ...region('a', '', 'k\\x00', 'rs1,16020,1', t, 1), name: t === 1 ? 'x'.repeat(pad) : 'na' },
    { ...region('b\u6771', 'k\\x00', '\u00e9\\xFF', 'rs\u00e9,16020,1', 2 * t, 3), name: 'n\u00e4\u{1f600}' },
    { ...region('c\u{1f600}', '\u00e9\\xFF', '', 'r\\s', 3, t), name: 'n\\c' },
  ];
  const snaps = [1, 2, 3].map((t) => ({ ...snap(t * 60_000, regions(t)), table: 't\u00e4' }));
  return { table: 't\u00e4', source: { kind: 'recorded' }, snapshots: snaps };
}

/** Where in `bytes[from, to)` the bytes worth cutting before are. */
function cutsOf(bytes: Buffer, from: number, to: number): number[] {
  const cuts: number[] = [];
  for (let i = from; i < to; i++) {
    const b = bytes[i] as number;
    const before = bytes[i - 1] as number;
    // bytes of a UTF-8 sequence, a backslash, a break, and the bytes just after them
    if (b >= 0x80 || b === 0x5c || b === 0x0d || b === 0x0a || before >= 0x80 || before === 0x5c || before === 0x0d) cuts.push(i);
  }
  return cuts;
}

/**
 * The series read from the file of `format(paddedSeries(pad))` (CRLF breaks) with the pad grown so that the read ending
 * at byte `boundary` ends before what was byte `at` with the pad `base`; the series written; how many snapshot or open
 * lines were read from their bytes.
 */
async function readCut(format: (s: LoadSeries) => string, at: number, base: number, boundary: number): Promise<{ read: LoadSeries; expected: LoadSeries; fromBytes: number }> {
  // growing the pad by k characters moves every later byte k bytes on
  const pad = boundary - at + base;
  const expected = paddedSeries(pad);
  const bytes = Buffer.from(format(expected).replaceAll('\n', '\r\n'));
  // the cut falls before what was byte `at` of the text with the shortest pad
  expect(bytes.subarray(boundary).equals(Buffer.from(format(paddedSeries(base)).replaceAll('\n', '\r\n')).subarray(at))).toBe(true);
  // with a bad line after them, the lines are numbered as the file numbers them (a CRLF cut between its two bytes
  // breaks one line, not two)
  writeFileSync(file, Buffer.concat([bytes, Buffer.from('{"timeMs":"late"}\r\n')]));
  const lines = bytes.toString('latin1').split('\r\n').length;
  await expect(readLoadSeriesFile(file)).rejects.toMatchObject({ code: 'SERIES_MALFORMED', issues: [{ line: lines, field: 'timeMs' }] });
  writeFileSync(file, bytes);
  const snapshots = vi.spyOn(FastSnapshotReader.prototype, 'read');
  const opens = vi.spyOn(SeriesV2Parser.prototype as unknown as { fastLine(input: Buffer | string): boolean }, 'fastLine');
  try {
    const read = await readLoadSeriesFile(file);
    const fromBytes =
      snapshots.mock.calls.filter(([line], i) => Buffer.isBuffer(line) && snapshots.mock.results[i]?.value !== undefined).length +
      opens.mock.calls.filter(([line], i) => Buffer.isBuffer(line) && opens.mock.results[i]?.value === true).length;
    return { read, expected, fromBytes };
  } finally {
    snapshots.mockRestore();
    opens.mockRestore();
  }
}

describe('a load series cut into reads anywhere', () => {
  for (const [version, format, lines] of [
    [1, formatLoadSeries, 3],
    [2, formatLoadSeriesV2, 4],
  ] as const) {
    it(`reads version ${version} lines cut at any of their bytes, from their bytes`, async () => {
      const base = 10;
      const text = Buffer.from(format(paddedSeries(base)).replaceAll('\n', '\r\n'));
      // the second line holds the pad; the cuts fall in the line after it and its break
      const third = text.indexOf('\r\n', text.indexOf('\r\n') + 2) + 2;
      const cuts = cutsOf(text, third, text.indexOf('\r\n', third) + 3);
      expect(cuts.length).toBeGreaterThan(30);
      // the pad within the first read; or across the first two, so that the line cut at 3 MiB is copied into the
      // buffer that held the pad's end (grown for it, and longer than this line)
      const runs = [...cuts.map((at) => [at, CHUNK]), ...cuts.filter((_, i) => i % 3 === 0).map((at) => [at, 3 * CHUNK])];
      for (const [at, boundary] of runs as [number, number][]) {
        const { read, expected, fromBytes } = await readCut(format, at, base, boundary);
        expect(read, `cut before byte ${at}`).toEqual(expected);
        // every snapshot line (version 1: three) or open line (version 2: four, region a reopened under its new name)
        // read from its bytes
        expect(fromBytes, `cut before byte ${at}`).toBe(lines);
      }
      // the values themselves: a name in three scripts, a binary key after a two-byte character
      const last = (await readCut(format, cuts[0] as number, base, CHUNK)).read.snapshots[2]?.regions[1];
      expect(last?.name).toBe('n\u00e4\u{1f600}');
      expect([...(last?.endKey ?? [])]).toEqual([0xc3, 0xa9, 0xff]);
      expect(last?.server).toBe('rs\u00e9,16020,1');
    }, 60_000);
  }
});
