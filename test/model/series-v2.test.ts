import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import {
  type LoadSeries, NdjsonFormatError, SeriesWriter, computeRates, focusTable, formatSeries, parseLoadSeries,
  readLoadSeriesFile,
} from '../../src/model/index.js';
import { HotspotError } from '../../src/util/errors.js';
import { region, series, snap } from './builders.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/series/${name}`, import.meta.url));
const HEADER = '{"format":"hbase-hotspot/load-series","version":2,"tables":["t"],"source":{"kind":"recorded"}}';

function issuesOf(run: () => unknown): NdjsonFormatError {
  try {
    run();
  } catch (err) {
    if (err instanceof NdjsonFormatError) return err;
    throw err;
  }
  throw new Error('expected an NdjsonFormatError');
}

describe('load-series format version 2', () => {
  it('drops a snapshot whose clock stepped back with a warning under allowClockSteps, as version 1 does', () => {
    // Before, a version 2 file ignored allowClockSteps (--allow-clock-steps) and was always refused.
    // One region; counters are differences from the previous line: 10, +5 (15) at 12:02, +1 (16) at 12:01, +4 (20) at 12:03.
    const open = '{"open":0,"table":"t","name":"t,,1.a.","encodedName":"a","startKey":"","endKey":"","server":"rs1,16020,1"}';
    const text = [HEADER, open, '{"timeMs":60000,"counters":[0,10,0]}', '{"timeMs":120000,"counters":[0,5,0]}', '{"timeMs":60500,"counters":[0,1,0]}', '{"timeMs":180000,"counters":[0,4,0]}', ''].join('\n');
    const refused = issuesOf(() => parseLoadSeries(text, 's.ndjson'));
    expect(refused.issues).toEqual([{ line: 5, field: 'timeMs', message: "60500 is not after line 4's 120000; snapshots must be in increasing time order (allowClockSteps, --allow-clock-steps, drops such a snapshot with a warning)" }]);
    const warnings: unknown[] = [];
    const kept = parseLoadSeries(text, 's.ndjson', { allowClockSteps: true, onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([{ line: 5, field: 'timeMs', message: "60500 is not after line 4's 120000 (the clock stepped back): snapshot dropped" }]);
    // The dropped line's difference still counts toward the next value: 10, 15, then 20 (16 + 4).
    expect(kept.snapshots.map((s) => [s.timeMs, s.regions[0]?.writeRequests])).toEqual([[60000, 10], [120000, 15], [180000, 20]]);
  });

  it('says a snapshot at the same time as the one before is a repeated time, not a clock that stepped back', () => {
    const open = '{"open":0,"table":"t","name":"t,,1.a.","encodedName":"a","startKey":"","endKey":"","server":"rs1,16020,1"}';
    const text = [HEADER, open, '{"timeMs":60000,"counters":[0,10,0]}', '{"timeMs":60000,"counters":[0,5,0]}', '{"timeMs":120000,"counters":[0,5,0]}', ''].join('\n');
    const warnings: unknown[] = [];
    parseLoadSeries(text, 's.ndjson', { allowClockSteps: true, onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([{ line: 4, field: 'timeMs', message: "60000 is not after line 3's 60000 (the same time again): snapshot dropped" }]);
  });

  it('reads a series of two tables with optional metrics, each region with its table', async () => {
    const s = await readLoadSeriesFile(fixture('two-tables-v2.ndjson'));
    expect(s.table).toBe('events');
    expect(s.tables).toEqual(['events', 'lookup']);
    expect(s.metrics).toEqual(['memstoreSizeBytes', 'storeFileCount', 'locality']);
    expect(s.snapshots.map((x) => x.regions.map((r) => `${r.table}:${toStringBinary(r.startKey)}`))).toEqual(
      Array.from({ length: 3 }, () => ['events:', 'events:8', 'lookup:']),
    );
    const [t0, t1, t2] = s.snapshots;
    // values by hand from the fixture: differences add up, [v] is absolute, null is unknown
    expect(t0!.regions[0]).toMatchObject({ readRequests: 0, writeRequests: 0, storeSizeBytes: 0, metrics: { memstoreSizeBytes: 0, storeFileCount: 1, locality: 0.9 } });
    expect(t1!.regions[0]).toMatchObject({ writeRequests: 6000, requests: 6000, storeSizeBytes: 1_200_000, metrics: { memstoreSizeBytes: 65536, storeFileCount: 1 } });
    expect(t1!.regions[0]!.metrics).not.toHaveProperty('locality');
    expect(t2!.regions[0]).toMatchObject({ writeRequests: 12000, storeSizeBytes: 2_400_000, metrics: { memstoreSizeBytes: 131072, storeFileCount: 2 } });
    expect(t1!.regions[2]).toMatchObject({ server: 'rs1.example.com,16020,1717000000000', readRequests: 30000 });
    expect(t2!.regions[2]).toMatchObject({ server: 'rs2.example.com,16020,1717000000000', readRequests: 24000, metrics: { locality: 0.25 } });
  });

  it('keeps a region of one table from explaining a region of another in the rate step', async () => {
    const rates = computeRates(await readLoadSeriesFile(fixture('two-tables-v2.ndjson')));
    // the lookup region moved and restarted its counters; nothing split, merged, appeared or went
    expect(rates.events.map((e) => [e.kind, e.region])).toEqual([
      ['region-moved', '10101010101010101010101010101010'],
      ['counter-reset', '10101010101010101010101010101010'],
    ]);
    const last = rates.intervals[1]!.regions;
    expect(last.map((r) => [r.table, r.reads, r.writes])).toEqual([['events', 0, 6000], ['events', 0, 6000], ['lookup', 24000, 0]]);
  });

  it('does not read a region of one table that went and another table\'s regions that came as a split', () => {
    const of = (table: string, r: ReturnType<typeof region>) => ({ ...r, table });
    const two = (timeMs: number, regions: ReturnType<typeof region>[]) => ({ timeMs, table: 'a', regions });
    const s: LoadSeries = {
      table: 'a', tables: ['a', 'b'], source: { kind: 'recorded', intervalMs: 60_000 },
      snapshots: [
        two(0, [of('a', region('a1', '', '', 'rs1', 0, 0))]),
        two(60_000, [of('b', region('b1', '', 'm', 'rs1', 0, 5)), of('b', region('b2', 'm', '', 'rs1', 0, 5))]),
      ],
    };
    expect(computeRates(s).events.map((e) => [e.kind, e.region])).toEqual([['region-appeared', 'b1'], ['region-appeared', 'b2'], ['region-gone', 'a1']]);
  });

  it('focuses on one table: its regions only, shaped like a series of one table', async () => {
    const s = await readLoadSeriesFile(fixture('two-tables-v2.ndjson'));
    const lookup = focusTable(s, 'lookup');
    expect(lookup.table).toBe('lookup');
    expect(lookup).not.toHaveProperty('tables');
    expect(lookup.snapshots.map((x) => x.regions.map((r) => r.encodedName))).toEqual(Array.from({ length: 3 }, () => ['10101010101010101010101010101010']));
    expect(lookup.snapshots[0]!.regions[0]).not.toHaveProperty('table');
    expect(() => focusTable(s, 'nope')).toThrow(expect.objectContaining({ code: 'SERIES_TABLE_UNKNOWN', where: { field: '--table' } }) as HotspotError);
  });

  it('reports every malformed line with its line number, field path and code', () => {
    const e = issuesOf(() => parseLoadSeries(readFileSync(fixture('malformed-v2.ndjson'), 'utf8'), 'malformed-v2.ndjson'));
    expect(e.code).toBe('SERIES_MALFORMED');
    expect(e.issues.map((i) => [i.line, i.field])).toEqual([
      [3, 'table'],
      [5, 'counters[1]'],
      [6, 'move'],
      [7, 'counters[3]'],
      [8, 'counters'],
      [9, 'close[1]'],
      [10, undefined],
    ]);
    expect(e.where).toMatchObject({ file: 'malformed-v2.ndjson', line: 3, field: 'table' });
    expect(e.message).toContain('"v" is not among the header\'s tables (t, u)');
    expect(e.issues[1]!.message).toContain('the previous value 2 plus -5 gives -3');
    expect(e.issues[4]!.message).toContain('expected 4 for each of the 2 open region(s) = 8');
  });

  it('refuses a value past 2^53 - 1, whether a difference takes it there or it is given whole, naming region and column', () => {
    const h = '{"format":"hbase-hotspot/load-series","version":2,"tables":["t"],"source":{"kind":"recorded"}}';
    const o = '{"open":0,"table":"t","name":"t,,1.a.","encodedName":"a","startKey":"","endKey":"","server":"rs1,16020,1"}';
    const issues = (...snapshots: string[]) => issuesOf(() => parseLoadSeries([h, o, ...snapshots].join('\n'), 's.ndjson')).issues;
    // 2^53 - 1 writes, then 5 more: 9,007,199,254,740,996 is past what a double holds exactly (it read as that before)
    expect(issues('{"timeMs":1,"counters":[0,9007199254740991,0]}', '{"timeMs":2,"counters":[0,5,0]}')).toEqual([
      { line: 4, field: 'counters[1]', message: 'region 0 (a) writeRequests: the previous value 9007199254740991 plus 5 gives 9007199254740996; expected a whole number ≥ 0 and at most 2^53 - 1' },
    ]);
    // given whole: 1e300 read requests were taken as they stood in the last snapshot
    expect(issues('{"timeMs":1,"counters":[0,0,0]}', '{"timeMs":2,"counters":[[1e300],0,[9007199254740992]]}')).toEqual([
      { line: 4, field: 'counters[0]', message: 'region 0 (a) readRequests: [1e+300] is past 2^53 - 1; a value must be at most 9007199254740991' },
    ]);
  });

  it('rejects a bad header, unknown metrics and ids out of order', () => {
    const bad = (text: string) => issuesOf(() => parseLoadSeries(text, 'h')).issues[0];
    expect(bad(HEADER.replace('["t"]', '[]'))).toMatchObject({ line: 1, field: 'tables' });
    expect(bad(HEADER.replace('["t"]', '["t","t"]'))).toMatchObject({ field: 'tables[1]' });
    expect(bad(HEADER.replace('}}', '},"metrics":["memstoreSize"]}'))).toMatchObject({ field: 'metrics[0]' });
    expect(bad(HEADER.replace('}}', '},"extra":1}'))).toMatchObject({ field: 'extra' });
    expect(bad(`${HEADER}\n{"open":3,"table":"t","name":"n","encodedName":"a","startKey":"","endKey":"","server":"s"}`)).toMatchObject({ line: 2, field: 'open' });
    const twice = `${HEADER}\n{"open":0,"table":"t","name":"n","encodedName":"a","startKey":"","endKey":"","server":"s"}\n{"open":1,"table":"t","name":"n","encodedName":"a","startKey":"","endKey":"","server":"s"}`;
    expect(bad(twice)).toMatchObject({ line: 3, field: 'encodedName' });
    const late = `${HEADER}\n{"timeMs":5,"counters":[]}\n{"timeMs":5,"counters":[]}`;
    expect(bad(late)).toMatchObject({ line: 3, field: 'timeMs' });
    const locality = HEADER.replace('}}', '},"metrics":["locality"]}') + '\n{"open":0,"table":"t","name":"n","encodedName":"a","startKey":"","endKey":"","server":"s"}\n{"timeMs":5,"counters":[0,0,0,[1.5]]}';
    expect(bad(locality)).toMatchObject({ line: 3, field: 'counters[3]' });
    expect(() => parseLoadSeries(`\n${HEADER}`, 'x')).not.toThrow();
  });

  it('writes each region once and then only what changes; the requests-only form and fractions survive', () => {
    const a = (w: number, server = 'rs1,16020,1') => region('a', '', 'm', server, 1, w, 10);
    const b = { ...region('b', 'm', '', 'rs2,16020,1', 0, 0), readRequests: null, writeRequests: null, requests: 7.5 };
    const s = series([snap(0, [a(2), b]), snap(60_000, [a(5, 'rs3,16020,1'), b])], 60_000);
    const text = formatSeries(s, 2);
    const lines = text.trimEnd().split('\n');
    expect(lines.slice(3)).toEqual([
      '{"timeMs":0,"counters":[1,2,10,null,[7.5],0]}',
      '{"move":0,"server":"rs3,16020,1"}',
      '{"timeMs":60000,"counters":[0,3,0,null,[7.5],0]}',
    ]);
    expect(parseLoadSeries(text, 'x')).toEqual(s);
    expect(formatSeries(parseLoadSeries(text, 'x'), 1)).toBe(formatSeries(s, 1));
  });

  it('refuses a series of several tables in version 1, and snapshots out of order or of unlisted tables', () => {
    const two: LoadSeries = { table: 'a', tables: ['a', 'b'], source: { kind: 'recorded' }, snapshots: [] };
    expect(() => formatSeries(two, 1)).toThrow(expect.objectContaining({ code: 'SERIES_V1_MULTI_TABLE' }) as HotspotError);
    const v1 = new SeriesWriter({ table: 't', source: { kind: 'recorded' } }, () => {}, 1);
    expect(() => v1.write({ timeMs: 1, table: 't', regions: [{ ...region('a', '', '', 's', 0, 0), table: 'x' }] })).toThrow(expect.objectContaining({ code: 'SERIES_TABLE_MISMATCH' }) as HotspotError);
    const writer = new SeriesWriter({ table: 't', source: { kind: 'recorded' } }, () => {});
    writer.write(snap(5, []));
    expect(() => writer.write(snap(5, []))).toThrow(expect.objectContaining({ code: 'SERIES_TIME_ORDER' }) as HotspotError);
    expect(() => writer.write({ timeMs: 9, table: 't', regions: [{ ...region('a', '', '', 's', 0, 0), table: 'x' }] })).toThrow(expect.objectContaining({ code: 'SERIES_TABLE_MISMATCH' }) as HotspotError);
    expect(() => writer.write({ timeMs: 9, table: 't', regions: [{ ...region('a', '', '', 's', 0, 0), metrics: { locality: 1 } }] })).toThrow(expect.objectContaining({ code: 'SERIES_METRIC_UNDECLARED' }) as HotspotError);
  });

  it('refuses a snapshot listing a region twice in either version, writing none of it', () => {
    const twice = { timeMs: 9, table: 't', regions: [region('a', '', 'm', 's1', 0, 0), region('b', 'm', '', 's2', 0, 0), region('a', '', 'm', 's2', 0, 0)] };
    for (const version of [1, 2] as const) {
      let text = '';
      const writer = new SeriesWriter({ table: 't', source: { kind: 'recorded' } }, (chunk) => void (text += chunk), version);
      const header = text;
      expect(() => writer.write(twice)).toThrow(expect.objectContaining({ code: 'SERIES_REGION_REPEATED', message: expect.stringContaining('lists region a twice (regions 0 and 2') }) as HotspotError);
      expect(text).toBe(header);
      // the writer goes on: the next snapshot is written and reads back
      writer.write(snap(10, [region('a', '', '', 's1', 1, 2)]));
      expect(parseLoadSeries(text, 'x').snapshots.map((s) => s.timeMs)).toEqual([10]);
    }
  });

  it('reads gzip whatever the file name, and a gzip recording cut off mid-way up to what was complete', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'series-v2-'));
    const text = readFileSync(fixture('tail-hex-presplit.ndjson'), 'utf8');
    const v2 = formatSeries(parseLoadSeries(text, 'x'), 2);
    writeFileSync(join(dir, 'plain-name.ndjson'), gzipSync(v2));
    expect(await readLoadSeriesFile(join(dir, 'plain-name.ndjson'))).toEqual(parseLoadSeries(text, 'x'));
    // a writer stopped before it closed the gzip stream leaves no trailer (CRC and length, the last 8 bytes)
    const gz = gzipSync(v2);
    writeFileSync(join(dir, 'cut.ndjson.gz'), gz.subarray(0, gz.length - 8));
    expect(await readLoadSeriesFile(join(dir, 'cut.ndjson.gz'))).toEqual(parseLoadSeries(text, 'x'));
  });

  it('refuses a file cut mid-line the same way plain or gzip, naming the partial last line; a cut at a line break reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'series-v2-'));
    const open = '{"open":0,"table":"t","name":"t,,1.e.","encodedName":"e","startKey":"","endKey":"","server":"s"}';
    // four lines; the cut keeps the first 10 characters of line 4 ({"timeMs":), which is no JSON object
    const whole = `${HEADER}\n${open}\n{"timeMs":1,"counters":[0,1,0]}\n{"timeMs":2,"counters":[0,1,0]}\n`;
    const cut = whole.slice(0, whole.lastIndexOf('{"timeMs":2') + 10);
    const refused = { code: 'SERIES_MALFORMED', issues: [{ line: 4, message: expect.stringContaining('not valid JSON') }] };
    writeFileSync(join(dir, 'plain.ndjson'), cut);
    await expect(readLoadSeriesFile(join(dir, 'plain.ndjson'))).rejects.toMatchObject(refused);
    writeFileSync(join(dir, 'gzip.ndjson'), gzipSync(cut));
    await expect(readLoadSeriesFile(join(dir, 'gzip.ndjson'))).rejects.toMatchObject(refused);
    // cut at the break after line 3: the one snapshot before it, its write counter 0 + 1
    writeFileSync(join(dir, 'at-break.ndjson'), gzipSync(whole.slice(0, whole.lastIndexOf('{"timeMs":2'))));
    const read = await readLoadSeriesFile(join(dir, 'at-break.ndjson'));
    expect(read.snapshots.map((x) => [x.timeMs, x.regions[0]?.writeRequests])).toEqual([[1, 1]]);
  });
});
