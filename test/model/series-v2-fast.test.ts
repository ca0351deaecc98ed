/**
 * The version 2 reader's fast `open` lines against its validating path: for the same text, the reader (fast path
 * first) must give what a reader with the fast path switched off gives, the same series or the same error with the
 * same issues.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBytesBinary } from '../../src/bytes/index.js';
import { type LoadSeries, SeriesV2Parser, formatLoadSeriesV2 } from '../../src/model/index.js';
import { numberedLines } from '../../src/model/ndjson.js';
import { readOpenLine } from '../../src/model/series-v2-fast.js';
import { HotspotError } from '../../src/util/errors.js';
import { mutated } from '../fuzz/fuzz.js';
import { region, snap } from './builders.js';

/** `text` (a version 2 series) read with the fast open lines on, or off (`validating`). */
function read(text: string, validating: boolean): LoadSeries {
  const parser = new SeriesV2Parser('s.ndjson');
  if (validating) (parser as unknown as { fastOpen: typeof readOpenLine }).fastOpen = () => undefined;
  for (const [line, content] of numberedLines(text)) parser.push(line, content);
  return parser.finish();
}

/** What reading `text` gives: the series, or the error's code, message and issues. */
function outcome(text: string, validating: boolean): unknown {
  try {
    return read(text, validating);
  } catch (err) {
    if (!(err instanceof HotspotError)) throw err;
    return { code: err.code, message: err.message, issues: (err as { issues?: unknown }).issues };
  }
}

/** Two tables; keys with bytes 0x00, 0x5C (a backslash) and 0xFF; a move and a split between the snapshots. */
const SERIES: LoadSeries = {
  table: 't',
  tables: ['t', 'u'],
  source: { kind: 'recorded', intervalMs: 60_000 },
  snapshots: [
    snap(60_000, [
      { ...region('a', '', '\\x00\\x5C', 'rs1,16020,1', 3, 4, 10), table: 't' },
      { ...region('b', '\\x00\\x5C', '\\xFF', 'rs2,16020,1', 0, 9, 0), table: 't' },
      { ...region('c', '\\xFF', '', 'rs1,16020,1', 1, 1, 1), table: 't' },
      { ...region('d', '', '', 'rs2,16020,1', 5, 5, 5), table: 'u' },
    ]),
    snap(120_000, [
      { ...region('a', '', '\\x00\\x5C', 'rs2,16020,1', 5, 4, 11), table: 't' },
      { ...region('b1', '\\x00\\x5C', '\\x80', 'rs2,16020,1', 2, 12, 0), table: 't' },
      { ...region('b2', '\\x80', '\\xFF', 'rs1,16020,1', 1, 3, 0), table: 't' },
      { ...region('c', '\\xFF', '', 'rs1,16020,1', 2, 2, 2), table: 't' },
      { ...region('d', '', '', 'rs2,16020,1', 9, 9, 9), table: 'u' },
    ]),
  ],
};
const TEXT = formatLoadSeriesV2(SERIES);
const OPEN_LINES = TEXT.split('\n').filter((l) => l.startsWith('{"open":'));

describe('version 2 fast open lines', () => {
  it('reads the writer\'s open lines itself, to the fields written, sharing a start key with the end key before it', () => {
    expect(OPEN_LINES).toHaveLength(6);
    const a = readOpenLine(OPEN_LINES[0] as string, ['t', 'u'], undefined);
    const b = readOpenLine(OPEN_LINES[1] as string, ['t', 'u'], a?.endKey);
    expect(a).toEqual({ id: 0, tableIndex: 0, name: 't,,1.a.', encodedName: 'a', startKey: new Uint8Array(), endKey: new Uint8Array([0x00, 0x5c]), server: 'rs1,16020,1' });
    // b's start key `\x00\x5C` is a's end key: one array
    expect(b?.startKey).toBe(a?.endKey);
    expect([...(b?.endKey ?? [])]).toEqual([0xff]);
    const d = readOpenLine(OPEN_LINES[3] as string, ['t', 'u'], undefined);
    expect(d?.tableIndex).toBe(1);
    expect(read(TEXT, false)).toEqual(SERIES);
    expect(read(TEXT, false)).toEqual(read(TEXT, true));
  });

  it('leaves other lines to the validating path', () => {
    const line = OPEN_LINES[1] as string;
    for (const other of [
      ` ${line}`, // whitespace
      line.replace('"open":1', '"open":01'), // a leading zero
      line.replace('"name":"t,', '"name":"\\u0074,'), // another escape
      line.replace('"table":"t"', '"table":"v"'), // a table the header does not list
      line.replace('"table":"t"', '"table":""'), // an empty string
      line.replace('}', ',"x":1}'), // an unknown field
      line.replace('"startKey":"\\\\x00', '"startKey":"\\\\xZZ'), // a malformed key escape
      line.replace('"server"', '"Server"'), // a misspelt field
      line.slice(0, -1), // cut off
    ]) {
      expect(readOpenLine(other, ['t', 'u'], undefined)).toBeUndefined();
    }
  });

  it('gives every mutated series the validating path\'s result or error, issues and line numbers included', () => {
    fc.assert(
      fc.property(mutated([TEXT]), (text) => {
        expect(outcome(text, false)).toEqual(outcome(text, true));
      }),
      { numRuns: 400, seed: 24 },
    );
  });

  it('reads generated series of any names, keys and servers as the validating path does', () => {
    const regionArb = fc.record({
      name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
      start: fc.uint8Array({ maxLength: 4 }),
      end: fc.uint8Array({ maxLength: 4 }),
      server: fc.oneof({ arbitrary: fc.constantFrom('rs1,16020,1', 'rs2,16020,1'), weight: 30 }, { arbitrary: fc.constant('rs"3\\,16020,1'), weight: 1 }),
      table: fc.constantFrom('t', 'u'),
      writes: fc.nat({ max: 1e9 }),
    });
    let fast = 0;
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(regionArb, { selector: (r) => r.name, maxLength: 6 }), { minLength: 1, maxLength: 3 }), (snapshots) => {
        const generated: LoadSeries = {
          table: 't',
          tables: ['t', 'u'],
          source: { kind: 'recorded' },
          snapshots: snapshots.map((regions, s) => snap(60_000 * (s + 1), regions.map((r) => ({
            // an end key that is empty or sorts after the start key (the start key and more bytes), as every HBase region's
            name: r.name, encodedName: r.name, startKey: r.start, endKey: r.end.length === 0 ? r.end : Uint8Array.from([...r.start, ...r.end]), server: r.server, table: r.table,
            readRequests: 1, writeRequests: r.writes, requests: 1 + r.writes, storeSizeBytes: 0,
          })))),
        };
        const text = formatLoadSeriesV2(generated);
        let previous: Uint8Array | undefined;
        const opens = text.split('\n').filter((l) => l.startsWith('{"open":'));
        if (opens.every((l) => (previous = readOpenLine(l, ['t', 'u'], previous)?.endKey) !== undefined)) fast++;
        expect(outcome(text, false)).toEqual(outcome(text, true));
      }),
      { numRuns: 300, seed: 24 },
    );
    // most of them take the fast path (names with a quote or a control character do not)
    expect(fast).toBeGreaterThan(100);
  });

  it('keeps toBytesBinary\'s reading of a key (upper- and lower-case hex)', () => {
    const text = TEXT.replaceAll('\\\\x5C', '\\\\x5c');
    expect(read(text, false).snapshots[0]?.regions[1]?.startKey).toEqual(toBytesBinary('\\x00\\x5C'));
    expect(read(text, false)).toEqual(read(text, true));
  });

  it('reads an open line\'s table as JSON does, for header tables and raw table texts of every kind', () => {
    // tables JSON writes as they read, with escapes (a quote, a backslash, a control character), and non-ASCII ones
    const TABLES = ['t', 'ns:t', 'ab', 'a"b', 'a\\u0062', 'a\\', 'x\u0001', 'é', 't2'];
    // a table as an open line may hold it: as JSON writes it, its characters raw, or each character \u-escaped
    const rawOf = (table: string, how: number): string =>
      how === 0 ? JSON.stringify(table).slice(1, -1)
      : how === 1 ? table
      : [...table].map((c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`).join('');
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...TABLES), { minLength: 1, maxLength: 3 }), fc.constantFrom(...TABLES), fc.nat({ max: 2 }), (tables, table, how) => {
        const header = JSON.stringify({ format: 'hbase-hotspot/load-series', version: 2, tables, source: { kind: 'recorded' } });
        const open = `{"open":0,"table":"${rawOf(table, how)}","name":"t,,1.aa.","encodedName":"aa","startKey":"","endKey":"","server":"rs1:16020"}`;
        const text = `${header}\n${open}\n{"timeMs":60000,"counters":[1,2,3]}\n`;
        expect(outcome(text, false)).toEqual(outcome(text, true));
      }),
      { numRuns: 400, seed: 25 },
    );
  });

  it('takes a table that JSON writes escaped (a quote, a backslash, a control character) only as JSON reads it', () => {
    // the header's table is written escaped, so the same characters raw in an open line are another table or no JSON
    const header = (table: string) => JSON.stringify({ format: 'hbase-hotspot/load-series', version: 2, tables: [table], source: { kind: 'recorded' } });
    const open = (rawTable: string) => `{"open":0,"table":"${rawTable}","name":"t,,1.aa.","encodedName":"aa","startKey":"","endKey":"","server":"rs1:16020"}`;
    const snapshot = '{"timeMs":60000,"counters":[1,2,3]}';
    const cases = [
      // table a"b, its quote raw: the string ends after "a" and the line is not JSON
      { table: 'a"b', raw: 'a"b', issue: { line: 2, message: expect.stringMatching(/^not valid JSON/) } },
      // table a\u0062 (seven characters), the line's \u0062 unescaped: table "ab", not the header's
      { table: 'a\\u0062', raw: 'a\\u0062', issue: { line: 2, field: 'table', message: '"ab" is not among the header\'s tables (a\\u0062)' } },
      // table a + U+0001, written raw: JSON refuses a control character in a string
      { table: 'a\u0001', raw: 'a\u0001', issue: { line: 2, message: expect.stringMatching(/^not valid JSON/) } },
    ];
    for (const c of cases) {
      const text = `${header(c.table)}\n${open(c.raw)}\n${snapshot}\n`;
      const fast = outcome(text, false) as { code?: string; issues?: unknown[] };
      expect(fast.code).toBe('SERIES_MALFORMED');
      expect(fast.issues?.[0]).toEqual(c.issue);
      expect(fast).toEqual(outcome(text, true));
    }
  });
});
