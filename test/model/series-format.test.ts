import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  LoadSeriesWriter, NdjsonFormatError, formatLoadSeries, parseKeySamples, parseLoadSeries, readKeySamplesFile,
  readLoadSeriesFile, type LoadSeries,
} from '../../src/model/index.js';
import { HotspotError } from '../../src/util/errors.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/series/${name}`, import.meta.url));

const HEADER = '{"format":"hbase-hotspot/load-series","version":1,"table":"t","source":{"kind":"recorded"}}';

/** The first line problem of the NDJSON format error `parse` throws (undefined when it throws none). */
function firstIssue(parse: () => unknown): NdjsonFormatError['issues'][number] | undefined {
  try {
    parse();
  } catch (err) {
    return (err as NdjsonFormatError).issues[0];
  }
  return undefined;
}

describe('load-series NDJSON', () => {
  it('reads keys in toStringBinary form and sorts regions by start key', () => {
    const text = [
      HEADER,
      '{"timeMs":60000,"table":"t","regions":[' +
        '{"name":"t,\\\\xFF,1.b.","encodedName":"b","startKey":"\\\\xFF","endKey":"","server":"rs2,16020,1","requests":7,"storeSizeBytes":10},' +
        '{"name":"t,,1.a.","encodedName":"a","startKey":"","endKey":"\\\\xFF","server":"rs1,16020,1","readRequests":3,"writeRequests":4,"storeSizeBytes":0}]}',
    ].join('\n');
    const series = parseLoadSeries(text, 's.ndjson');
    expect(series.table).toBe('t');
    expect(series.source).toEqual({ kind: 'recorded' });
    const [a, b] = series.snapshots[0]!.regions;
    expect(a!.encodedName).toBe('a');
    expect([...a!.endKey]).toEqual([0xff]);
    expect(a!.requests).toBe(7);
    expect(b!.readRequests).toBeNull();
    expect(b!.writeRequests).toBeNull();
    expect(b!.requests).toBe(7);
  });

  it('round-trips through the streaming writer', () => {
    const series: LoadSeries = {
      table: 'ns:t',
      source: { kind: 'simulate', description: 'design 1', intervalMs: 60000 },
      snapshots: [1000, 61000].map((timeMs, i) => ({
        timeMs,
        table: 'ns:t',
        regions: [
          { name: 'ns:t,,1.x.', encodedName: 'x', startKey: new Uint8Array(), endKey: Uint8Array.of(0x5c, 0x00), server: 'rs1,16020,5', readRequests: i, writeRequests: 10 * i, requests: 11 * i, storeSizeBytes: 2 ** 40 },
          { name: 'ns:t,\\x5C\\x00,1.y.', encodedName: 'y', startKey: Uint8Array.of(0x5c, 0x00), endKey: new Uint8Array(), server: 'rs2:16020', readRequests: null, writeRequests: null, requests: 5, storeSizeBytes: 0 },
        ],
      })),
    };
    let out = '';
    const writer = new LoadSeriesWriter(series, (chunk) => (out += chunk));
    for (const s of series.snapshots) writer.write(s);
    expect(out).toBe(formatLoadSeries(series));
    expect(out.split('\n')[1]).toContain('"endKey":"\\\\x5C\\\\x00"');
    expect(parseLoadSeries(out, 'x')).toEqual(series);
  });

  it('refuses to write snapshots out of time order', () => {
    const writer = new LoadSeriesWriter({ table: 't', source: { kind: 'recorded' } }, () => {});
    writer.write({ timeMs: 5, table: 't', regions: [] });
    expect(() => writer.write({ timeMs: 5, table: 't', regions: [] })).toThrow(/SERIES_TIME_ORDER|not after/);
  });

  it('reports every malformed line with its number and field', async () => {
    const err = await readLoadSeriesFile(fixture('malformed.ndjson')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NdjsonFormatError);
    const e = err as NdjsonFormatError;
    expect(e.code).toBe('SERIES_MALFORMED');
    expect(e.issues.map((i) => [i.line, i.field])).toEqual([
      [4, 'regions[0].startKey'],
      [5, undefined],
      [6, 'regions[0].writeRequests'],
      [7, 'regions[0].writeRequest'],
      [8, 'timeMs'],
      [9, 'table'],
    ]);
    expect(e.where.line).toBe(4);
    expect(e.message).toContain('malformed.ndjson:4 (regions[0].startKey)');
  });

  it('rejects a missing or wrong header', () => {
    expect(() => parseLoadSeries('\n\n', 'e.ndjson')).toThrow(expect.objectContaining({ code: 'SERIES_EMPTY' }) as HotspotError);
    const e = firstIssue(() => parseLoadSeries('{"timeMs":1,"table":"t","regions":[]}', 'h.ndjson'));
    expect(e).toMatchObject({ line: 1, field: 'format' });
    expect(e?.message).toContain('this line is a snapshot: add the header line above it');
    // a key-samples file (docs/load-series.md: {"timeMs", "key", "op"} per line) given where a series is read
    const samples = firstIssue(() => parseLoadSeries('{"timeMs":1717243200000,"key":"a","op":"write"}\n{"timeMs":1717243203000,"key":"b","op":"write"}\n', 'k.ndjson'));
    expect(samples).toMatchObject({ line: 1, field: 'format' });
    expect(samples?.message).toContain('this line is a key sample: give a key-samples file with --samples');
    expect(() => parseLoadSeries(HEADER.replace('"version":1', '"version":3'), 'v')).toThrow(/unsupported version 3; this release reads versions 1 and 2/);
  });

  it('rejects read and write counters that disagree with requests, or only one of them', () => {
    const region = (counters: string) =>
      `${HEADER}\n{"timeMs":1,"table":"t","regions":[{"name":"n","encodedName":"a","startKey":"","endKey":"","server":"s",${counters},"storeSizeBytes":0}]}`;
    expect(() => parseLoadSeries(region('"readRequests":1,"writeRequests":2,"requests":4'), 'f')).toThrow(/regions\[0\]\.requests/);
    expect(() => parseLoadSeries(region('"readRequests":1'), 'f')).toThrow(/regions\[0\]\.writeRequests/);
    expect(() => parseLoadSeries(region('"storeSizeBytes":0'), 'f')).toThrow(/unknown field|regions\[0\]/);
  });

  it('refuses a field given twice in one object, naming it, where JSON.parse would keep the last value', () => {
    const region = (counters: string) =>
      `${HEADER}\n{"timeMs":1,"table":"t","regions":[{"name":"n","encodedName":"a","startKey":"","endKey":"","server":"s",${counters},"storeSizeBytes":0}]}`;
    const issues = (text: string) => {
      try {
        parseLoadSeries(text, 'f');
      } catch (err) {
        return (err as NdjsonFormatError).issues;
      }
      return [];
    };
    expect(issues(region('"readRequests":1,"writeRequests":2,"writeRequests":9'))).toEqual([
      { line: 2, field: 'regions[0].writeRequests', message: 'given twice in one object (JSON would keep only the last value); state each field once' },
    ]);
    expect(issues(`${HEADER}\n{"timeMs":1,"timeMs":2,"table":"t","regions":[]}`).map((i) => [i.line, i.field])).toEqual([[2, 'timeMs']]);
    // version 2: an open line and a snapshot line
    const v2 = '{"format":"hbase-hotspot/load-series","version":2,"tables":["t"],"source":{"kind":"recorded","intervalMs":60000}}';
    const open = '{"open":0,"table":"t","name":"n","encodedName":"a","startKey":"","endKey":"","server":"s","server":"s2"}';
    expect(issues(`${v2}\n${open}\n{"timeMs":1,"counters":[0,0,0],"counters":[1,1,1]}`).map((i) => [i.line, i.field])).toEqual([[2, 'server'], [3, 'counters']]);
  });
});

describe('key-sample NDJSON', () => {
  it('reads samples with optional weights', () => {
    const samples = parseKeySamples('{"timeMs":5,"key":"a\\\\x00","op":"increment","weight":2.5}\n{"timeMs":4,"key":"","op":"read"}\n', 'k');
    expect(samples).toEqual([
      { timeMs: 5, key: Uint8Array.of(0x61, 0), op: 'increment', weight: 2.5 },
      { timeMs: 4, key: new Uint8Array(), op: 'read' },
    ]);
  });

  it('says a load-series header is not a sample: the series goes first, the samples with --samples', () => {
    const issue = firstIssue(() => parseKeySamples('{"format":"hbase-hotspot/load-series","version":1,"table":"t","source":{"kind":"simulated"}}\n', 's.ndjson'));
    expect(issue).toEqual({ line: 1, field: 'format', message: 'this line is a load-series header, not a key sample: give the load series as the series argument and key samples with --samples' });
  });

  it('reports every malformed sample line', async () => {
    const e = (await readKeySamplesFile(fixture('samples-malformed.ndjson')).catch((x: unknown) => x)) as NdjsonFormatError;
    expect(e.code).toBe('SAMPLES_MALFORMED');
    expect(e.issues.map((i) => [i.line, i.field])).toEqual([
      [2, 'op'],
      [3, 'key'],
      [4, 'weight'],
    ]);
  });

  it('names an unreadable file', async () => {
    await expect(readKeySamplesFile(fixture('no-such-file.ndjson'))).rejects.toMatchObject({ code: 'FILE_READ' });
  });
});
