/**
 * A load-series file's snapshot lines (version 1) and open lines (version 2) are read from their bytes, never decoded
 * as a whole. For the same file, `readLoadSeriesFile` must give what it gives with both fast paths switched off (every
 * line decoded and parsed by the validating readers): the same series or the same error with the same issues, for
 * names and keys in any script and for bytes that are not UTF-8 at all.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type LoadSeries, formatLoadSeries, readLoadSeriesFile } from '../../src/model/index.js';
import { FastSnapshotReader } from '../../src/model/series-fast.js';
import { SeriesV2Parser } from '../../src/model/series-v2-read.js';
import { formatLoadSeriesV2 } from '../../src/model/series-v2-write.js';
import { HotspotError } from '../../src/util/errors.js';
import { mutated } from '../fuzz/fuzz.js';
import { region, series, snap } from './builders.js';

const dir = mkdtempSync(join(tmpdir(), 'series-bytes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 's.ndjson');

/** What reading `bytes` from a file gives: the series, or the error's code, message and issues. */
async function outcome(bytes: Uint8Array): Promise<unknown> {
  writeFileSync(file, bytes);
  try {
    return await readLoadSeriesFile(file);
  } catch (err) {
    if (!(err instanceof HotspotError)) throw err;
    return { code: err.code, message: err.message, issues: (err as { issues?: unknown }).issues };
  }
}

/** {@link outcome} with both fast paths off: every line decoded and read by the validating readers. */
async function validatedOutcome(bytes: Uint8Array): Promise<unknown> {
  const v1 = vi.spyOn(FastSnapshotReader.prototype, 'read').mockReturnValue(undefined);
  const v2 = vi.spyOn(SeriesV2Parser.prototype as unknown as { fastLine(input: Buffer | string): boolean }, 'fastLine').mockReturnValue(false);
  try {
    return await outcome(bytes);
  } finally {
    v1.mockRestore();
    v2.mockRestore();
  }
}

/** Names and keys in several scripts (two-, three- and four-byte UTF-8), a backslash in a key, a region known by its sum. */
const SERIES: LoadSeries = series([
  snap(60_000, [
    region('a', '', '\\x00\\x5C', 'rs1,16020,1', 3, 4, 10),
    { ...region('\u6771\u{1f600}', '\\x00\\x5C', 'caf\u00e9', 'rs\u00e9,16020,1', 0, 0), readRequests: null, writeRequests: null, requests: 12 },
    region('\u00e9t\u00e9', 'caf\u00e9', '', 'rs2,16020,1', 0, 9, 0),
  ]),
  snap(120_000, [
    region('a', '', '\\x00\\x5C', 'rs1,16020,1', 5, 4, 11),
    { ...region('\u6771\u{1f600}', '\\x00\\x5C', 'caf\u00e9', 'rs\u00e9,16020,1', 0, 0), readRequests: null, writeRequests: null, requests: 20 },
    region('\u00e9t\u00e9', 'caf\u00e9', '', 'rs1,16020,1', 2, 19, 0),
  ]),
]);
const TEXTS = [formatLoadSeries(SERIES), formatLoadSeriesV2(SERIES)];
const utf8 = new TextEncoder();

/** Bytes that are not UTF-8 or are easy to get wrong: a cut sequence, a stray continuation, an overlong form, 0xFF. */
const ODD_BYTES = [[0xe2, 0x82], [0x80], [0xc0, 0xaf], [0xff], [0xc3, 0xa9], [0xf0, 0x9f, 0x98, 0x80], [0x5c, 0x5c], [0x22]];

describe('series lines read from their bytes', () => {
  it('reads names and keys in any script as the validating readers do, in both formats', async () => {
    const taken: unknown[] = [];
    for (const text of TEXTS) {
      const bytes = utf8.encode(text);
      const snapshotLines = vi.spyOn(FastSnapshotReader.prototype, 'read');
      const openLines = vi.spyOn(SeriesV2Parser.prototype as unknown as { fastLine(input: Buffer | string): boolean }, 'fastLine');
      const read = await outcome(bytes);
      taken.push({
        snapshotLines: snapshotLines.mock.calls.map(([line], i) => Buffer.isBuffer(line) && snapshotLines.mock.results[i]?.value !== undefined),
        openLines: openLines.mock.calls.filter(([line], i) => Buffer.isBuffer(line) && openLines.mock.results[i]?.value === true).length,
      });
      snapshotLines.mockRestore();
      openLines.mockRestore();
      expect(read).toEqual(SERIES);
      expect(await validatedOutcome(bytes)).toEqual(read);
    }
    // the fast paths read them from their bytes: both version 1 snapshot lines, the three version 2 open lines
    expect(taken).toEqual([{ snapshotLines: [true, true], openLines: 0 }, { snapshotLines: [], openLines: 3 }]);
  });

  it('compares a snapshot line\'s table with a header table written with escapes or as bytes that are not UTF-8', async () => {
    const header = (table: number[]) => [...utf8.encode('{"format":"hbase-hotspot/load-series","version":1,"table":"'), ...table, ...utf8.encode('","source":{"kind":"recorded"}}\n')];
    const line = (timeMs: number, table: number[]) => [
      ...utf8.encode(`{"timeMs":${timeMs},"table":"`), ...table,
      ...utf8.encode('","regions":[{"name":"n","encodedName":"e","startKey":"","endKey":"","server":"s","readRequests":1,"writeRequests":2,"storeSizeBytes":3}]}\n'),
    ];
    const escaped = (text: string) => [...utf8.encode(text)];
    /** What reading the file gives, and how many snapshot lines the fast path read. */
    const read = async (bytes: number[]) => {
      const snapshotLines = vi.spyOn(FastSnapshotReader.prototype, 'read');
      const result = await outcome(Uint8Array.from(bytes));
      const fast = snapshotLines.mock.results.filter((r) => r.value !== undefined).length;
      snapshotLines.mockRestore();
      expect(await validatedOutcome(Uint8Array.from(bytes))).toEqual(result);
      return { result, fast };
    };
    const snapshot = (timeMs: number, table: string) => ({ timeMs, table, regions: [{ ...region('e', '', '', 's', 1, 2, 3), name: 'n' }] });
    // café escaped in the header: the line with it raw is read from its bytes, the one with the escape is parsed
    const cafe = await read([...header(escaped('caf\\u00e9')), ...line(1, escaped('caf\u00e9')), ...line(2, escaped('caf\\u00e9'))]);
    expect(cafe).toEqual({ result: { table: 'caf\u00e9', source: { kind: 'recorded' }, snapshots: [snapshot(1, 'caf\u00e9'), snapshot(2, 'caf\u00e9')] }, fast: 1 });
    // 0xFF in the header reads as U+FFFD: a line with 0xFF (parsed) and one with U+FFFD's bytes (fast) are its lines
    const odd = await read([...header([0xff]), ...line(1, [0xff]), ...line(2, escaped('\ufffd'))]);
    expect(odd).toEqual({ result: { table: '\ufffd', source: { kind: 'recorded' }, snapshots: [snapshot(1, '\ufffd'), snapshot(2, '\ufffd')] }, fast: 1 });
    // a lone surrogate, which only an escape writes: the escaped line is its table; neither the bytes ED A0 80 nor
    // those of U+FFFD (what encoding the surrogate as UTF-8 gives) are
    const lone = await read([
      ...header(escaped('\\ud800')), ...line(1, escaped('\\ud800')), ...line(2, [0xed, 0xa0, 0x80]), ...line(3, escaped('\ufffd')),
    ]);
    expect(lone.fast).toBe(0);
    expect(lone.result).toMatchObject({ code: 'SERIES_MALFORMED', issues: [{ line: 3, field: 'table' }, { line: 4, field: 'table' }] });
  });

  it('gives every mutated series the validating readers\' result or error', async () => {
    await fc.assert(
      fc.asyncProperty(mutated(TEXTS), async (text) => {
        const bytes = utf8.encode(text);
        expect(await outcome(bytes)).toEqual(await validatedOutcome(bytes));
      }),
      { numRuns: 150, seed: 20 },
    );
  });

  it('gives bytes that are not UTF-8, put anywhere in a line, the validating readers\' result or error', async () => {
    const place = fc.record({ text: fc.constantFrom(...TEXTS), at: fc.nat(), odd: fc.constantFrom(...ODD_BYTES) });
    await fc.assert(
      fc.asyncProperty(fc.array(place, { minLength: 1, maxLength: 3 }), async (places) => {
        let bytes = utf8.encode(places[0]?.text as string);
        for (const { at, odd } of places) {
          // after the header line, so the file is not refused as binary before any snapshot is read
          const from = bytes.indexOf(0x0a) + 1;
          const cut = from + (at % (bytes.length - from));
          bytes = Uint8Array.from([...bytes.subarray(0, cut), ...odd, ...bytes.subarray(cut)]);
        }
        expect(await outcome(bytes)).toEqual(await validatedOutcome(bytes));
      }),
      { numRuns: 150, seed: 20 },
    );
  });

  it('refuses a region whose end key sorts at or before its start key, on both paths, in both versions', async () => {
    const v1Region = (n: number, start: string, end: string): string =>
      `{"name":"n${n}","encodedName":"e${n}","startKey":"${start}","endKey":"${end}","server":"s","readRequests":0,"writeRequests":0,"storeSizeBytes":0}`;
    const v1 = (...regions: string[]): string =>
      `{"format":"hbase-hotspot/load-series","version":1,"table":"t","source":{"kind":"recorded"}}\n{"timeMs":1,"table":"t","regions":[${regions.join(',')}]}\n`;
    const v2 = (...keys: [string, string][]): string =>
      '{"format":"hbase-hotspot/load-series","version":2,"tables":["t"],"source":{"kind":"recorded"}}\n'
      + keys.map(([start, end], i) => `{"open":${i},"table":"t","name":"n${i}","encodedName":"e${i}","startKey":"${start}","endKey":"${end}","server":"s"}\n`).join('')
      + `{"timeMs":1,"counters":[${keys.map(() => '0,0,0').join(',')}]}\n`;
    // (start, end) in toStringBinary as the file holds them (JSON doubles the backslash), and the message's quotes:
    // 0xFF is after 0x7F unsigned (before it as a signed byte); "ab" is after its prefix "a"; "b" equals "b"
    const bad: [string, string, string, string][] = [
      ['\\\\xFF', '\\\\x7F', '\\xFF', '\\x7F'],
      ['ab', 'a', 'ab', 'a'],
      ['b', 'b', 'b', 'b'],
    ];
    for (const [start, end, startShown, endShown] of bad) {
      const message = `"${endShown}" does not sort after the start key "${startShown}"; an HBase region's end key is "" (the table's end) or after its start key`;
      const one = utf8.encode(v1(v1Region(0, '', start), v1Region(1, start, end)));
      const result = await outcome(one);
      expect(result).toMatchObject({ code: 'SERIES_MALFORMED', issues: [{ line: 2, field: 'regions[1].endKey', message }] });
      expect(await validatedOutcome(one)).toEqual(result);
      const two = utf8.encode(v2(['', start], [start, end]));
      const result2 = await outcome(two);
      expect(result2).toMatchObject({ code: 'SERIES_MALFORMED', issues: [{ line: 3, field: 'endKey', message }] });
      expect(await validatedOutcome(two)).toEqual(result2);
    }
    // an empty end key (the table's end), a parent listed beside its daughters, a gap: all read
    const fine1 = utf8.encode(v1(v1Region(0, '', 'b'), v1Region(1, 'b', ''), v1Region(2, 'b', 'c'), v1Region(3, 'd', '')));
    const read1 = (await outcome(fine1)) as LoadSeries;
    expect(read1.snapshots[0]?.regions.map((r) => r.encodedName)).toEqual(['e0', 'e1', 'e2', 'e3']);
    expect(await validatedOutcome(fine1)).toEqual(read1);
    const fine2 = utf8.encode(v2(['', 'b'], ['b', ''], ['b', 'c'], ['d', '']));
    const read2 = (await outcome(fine2)) as LoadSeries;
    expect(read2.snapshots[0]?.regions).toHaveLength(4);
    expect(await validatedOutcome(fine2)).toEqual(read2);
  });
});
