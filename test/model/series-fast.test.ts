/**
 * The version 1 reader's fast path against its validating reader: for the same text, `parseLoadSeries` (fast path
 * first) must give what a parser with the fast path switched off gives, the same series or the same error with the
 * same issues.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBytesBinary } from '../../src/bytes/index.js';
import { type LoadSeries, formatLoadSeries, parseLoadSeries } from '../../src/model/index.js';
import { FastSnapshotReader } from '../../src/model/series-fast.js';
import { HotspotError } from '../../src/util/errors.js';
import { mutated } from '../fuzz/fuzz.js';
import { region, series, snap, validated } from './builders.js';

const HEADER = '{"format":"hbase-hotspot/load-series","version":1,"table":"t","source":{"kind":"recorded"}}';

/** What `read` gives for `text`: the series, or the error's code, message and issues. */
function outcome(read: (text: string) => LoadSeries, text: string): unknown {
  try {
    return read(text);
  } catch (err) {
    if (!(err instanceof HotspotError)) throw err;
    return { code: err.code, message: err.message, issues: (err as { issues?: unknown }).issues };
  }
}

const parsed = (text: string) => parseLoadSeries(text, 's.ndjson');

/** Two snapshots: binary keys (`\x00`, `\xFF` and a backslash, `\x5C`), a region known only by its sum, a move. */
const SERIES: LoadSeries = series([
  snap(60_000, [
    region('a', '', '\\x00\\x5C', 'rs1,16020,1', 3, 4, 10),
    region('b', '\\x00\\x5C', 'm', 'rs2,16020,1', 0, 9_007_199_254, 0),
    { ...region('c', 'm', '', 'rs1,16020,1', 0, 0), readRequests: null, writeRequests: null, requests: 12 },
  ]),
  snap(120_000, [
    region('a', '', '\\x00\\x5C', 'rs1,16020,1', 5, 4, 11),
    region('b', '\\x00\\x5C', 'm', 'rs1,16020,1', 2, 9_007_199_260, 0),
    { ...region('c', 'm', '', 'rs1,16020,1', 0, 0), readRequests: null, writeRequests: null, requests: 20 },
  ]),
]);
const TEXT = formatLoadSeries(SERIES);

describe('version 1 fast path', () => {
  it('reads a line whose table name is 20 million characters without overflowing the stack', () => {
    // The line's start was matched by one regular expression whose repeated group recursed once per character of the
    // table: past about 10^7 characters, RangeError "Maximum call stack size exceeded" escaped the reader.
    const long = 'x'.repeat(20_000_000);
    const line = (table: string) => `{"timeMs":1,"table":"${table}","regions":[]}`;
    expect(new FastSnapshotReader().read(line(long), 't')).toBeUndefined();
    expect(new FastSnapshotReader().read(line(long), long)).toEqual({ timeMs: 1, table: long, regions: [] });
    // A backslash is written doubled: the table a\b is the raw text a\\b.
    expect(new FastSnapshotReader().read(line('a\\\\b'), 'a\\b')).toEqual({ timeMs: 1, table: 'a\\b', regions: [] });
    expect(new FastSnapshotReader().read(line('a\\\\b'), 'a\\\\b')).toBeUndefined();
    let err: unknown;
    try {
      parseLoadSeries(`{"format":"hbase-hotspot/load-series","version":1,"table":"t","source":{"kind":"recorded"}}\n${line(long)}\n`, 's.ndjson');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(HotspotError);
    expect(err).toMatchObject({ code: 'SERIES_MALFORMED', where: { file: 's.ndjson', line: 2, field: 'table' } });
    // The table is quoted cut short: the message was 20 MB.
    expect((err as Error).message).toContain(`line 2 (table): "${'x'.repeat(39)}… differs from the header's table "t"`);
  });

  it('reads the writer\'s lines itself, to the values written, sharing keys between neighbours and snapshots', () => {
    const lines = TEXT.trim().split('\n');
    const reader = new FastSnapshotReader();
    const first = reader.read(lines[1] as string, 't');
    const second = reader.read(lines[2] as string, 't');
    expect(first).toEqual(SERIES.snapshots[0]);
    expect(second).toEqual(SERIES.snapshots[1]);
    const [a, b] = first?.regions ?? [];
    // a's end key `\x00\x5C` is b's start key: one array, bytes 0x00 0x5C
    expect([...(a?.startKey ?? [])]).toEqual([]);
    expect([...(a?.endKey ?? [])]).toEqual([0x00, 0x5c]);
    expect(b?.startKey).toBe(a?.endKey);
    // the second snapshot's keys are the first one's arrays
    expect(second?.regions[1]?.startKey).toBe(b?.startKey);
    expect(second?.regions[2]?.endKey).toBe(first?.regions[2]?.endKey);
    expect(parsed(TEXT)).toEqual(SERIES);
  });

  it('cuts the keys it reads from shared slabs, each its own bytes, none overlapping another', () => {
    // 12,000 regions of 8-byte keys fill more than one 64 KiB slab; one key of 2,000 bytes is too long for a slab
    const hex = (i: number) => i.toString(16).padStart(8, '0');
    const long = `${hex(6_000)}${'k'.repeat(1992)}`;
    const keyOf = (i: number) => (i === 0 || i === 12_000 ? '' : i === 6_000 ? long : hex(i));
    const regions = Array.from({ length: 12_000 }, (_, i) => region(`r${i}`, keyOf(i), keyOf(i + 1), `rs${i % 7},16020,1`, 1, 2));
    const read = new FastSnapshotReader().read(formatLoadSeries(series([snap(60_000, regions)])).trim().split('\n')[1] as string, 't');
    const keys = (read?.regions ?? []).flatMap((r) => [r.startKey, r.endKey]);
    expect(keys.map((k) => Buffer.from(k).toString('latin1'))).toEqual(regions.flatMap((r) => [Buffer.from(r.startKey).toString('latin1'), Buffer.from(r.endKey).toString('latin1')]));
    // the distinct arrays, by buffer: their byte ranges never overlap
    const distinct = [...new Set(keys)].filter((k) => k.length > 0);
    expect(new Set(distinct.map((k) => k.buffer)).size).toBeLessThan(distinct.length / 1000);
    const byBuffer = new Map<ArrayBufferLike, Uint8Array[]>();
    for (const k of distinct) byBuffer.set(k.buffer, [...(byBuffer.get(k.buffer) ?? []), k]);
    for (const views of byBuffer.values()) {
      views.sort((a, b) => a.byteOffset - b.byteOffset);
      for (let i = 1; i < views.length; i++) expect((views[i] as Uint8Array).byteOffset).toBeGreaterThanOrEqual((views[i - 1] as Uint8Array).byteOffset + (views[i - 1] as Uint8Array).length);
    }
  });

  it('leaves other lines to the validating reader', () => {
    const line = TEXT.trim().split('\n')[1] as string;
    const reader = new FastSnapshotReader();
    for (const other of [
      ` ${line}`, // whitespace
      line.replace('"readRequests":3', '"readRequests":3.0'), // a fraction
      line.replace('"readRequests":3', '"readRequests":1000000000000000'), // 16 digits
      line.replace('"name":"t,,1.a."', '"name":"t,\\u0041,1.a."'), // another escape
      line.replace('"encodedName":"b"', '"encodedName":"a"'), // a duplicate
      line.replace('"table":"t"', '"table":"u"'), // another table
      line.replace('"storeSizeBytes":10', '"storeSizeBytes":10,"x":1'), // an unknown field
      line.replace('"startKey":"\\\\x00', '"startKey":"\\\\xZZ'), // a malformed key escape
    ]) {
      expect(reader.read(other, 't')).toBeUndefined();
    }
  });

  it('gives every mutated series the validating reader\'s result or error, issues and line numbers included', () => {
    fc.assert(
      fc.property(mutated([TEXT]), (text) => {
        expect(outcome(parsed, text)).toEqual(outcome(validated, text));
      }),
      { numRuns: 400, seed: 20 },
    );
  });

  it('reads generated series of any keys, names and counts as the validating reader does', () => {
    const count = fc.oneof(fc.nat({ max: 20 }), fc.nat({ max: 1e14 }));
    const regionArb = fc.record({
      name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
      start: fc.uint8Array({ maxLength: 6 }),
      end: fc.uint8Array({ maxLength: 6 }),
      server: fc.oneof({ arbitrary: fc.constantFrom('rs1,16020,1', 'rs2,16020,1'), weight: 30 }, { arbitrary: fc.constant('rs"3\\,16020,1'), weight: 1 }),
      reads: count,
      writes: count,
      split: fc.boolean(),
      size: fc.oneof({ arbitrary: count, weight: 10 }, { arbitrary: fc.double({ min: 0, max: 1e6, noNaN: true }), weight: 1 }),
    });
    let fast = 0;
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(regionArb, { selector: (r) => r.name, maxLength: 6 }), { minLength: 1, maxLength: 3 }), (snapshots) => {
        const generated = series(snapshots.map((regions, s) => snap(60_000 * (s + 1), regions.map((r) => ({
          // an end key that is empty or sorts after the start key (the start key and more bytes), as every HBase region's
          name: r.name, encodedName: r.name, startKey: r.start, endKey: r.end.length === 0 ? r.end : Uint8Array.from([...r.start, ...r.end]), server: r.server,
          readRequests: r.split ? r.reads : null, writeRequests: r.split ? r.writes : null, requests: r.reads + r.writes, storeSizeBytes: r.size,
        })))));
        const text = formatLoadSeries(generated);
        const reader = new FastSnapshotReader();
        if (text.trim().split('\n').slice(1).every((line) => reader.read(line, 't') !== undefined)) fast++;
        expect(outcome(parsed, text)).toEqual(outcome(validated, text));
      }),
      { numRuns: 300, seed: 20 },
    );
    // most of them take the fast path (fractions and escaped names do not)
    expect(fast).toBeGreaterThan(100);
  });

  it('keeps toBytesBinary\'s reading of a key (upper- and lower-case hex)', () => {
    const text = TEXT.replaceAll('\\\\x5C', '\\\\x5c');
    const read = parseLoadSeries(text, 's.ndjson');
    expect(read.snapshots[0]?.regions[1]?.startKey).toEqual(toBytesBinary('\\x00\\x5C'));
    expect(read).toEqual(validated(text));
  });
});
