import { describe, expect, it } from 'vitest';
import type { RegionLoadReaderProcess } from '../../../src/hbase/native/reader-process.js';
import { nativeTableClient } from '../../../src/hbase/native/table-client.js';

const enc = new TextEncoder();
const dec = new TextDecoder();
const b64 = (s: string) => Buffer.from(s, 'latin1').toString('base64');

/** A reader whose data requests are answered by `answer`, recording each request. */
function reader(answer: (request: Record<string, unknown>) => Record<string, unknown>): { reader: RegionLoadReaderProcess; asked: Record<string, unknown>[] } {
  const asked: Record<string, unknown>[] = [];
  const data = async (request: Record<string, unknown>) => {
    asked.push(request);
    return answer(request);
  };
  return { asked, reader: { data } as unknown as RegionLoadReaderProcess };
}

const wireRow = (key: string) => ({ key: b64(key), cells: [{ family: b64('d'), qualifier: b64('city'), timestamp: 5, value: b64(`v-${key}`) }] });

describe('nativeTableClient', () => {
  it('pages a scan from just after the last row while the JVM says there is more', async () => {
    const pages = [{ rows: [wireRow('a'), wireRow('b')], more: true }, { rows: [wireRow('c')], more: false }];
    const { reader: r, asked } = reader(() => pages.shift() ?? { rows: [], more: false });
    const keys: string[] = [];
    for await (const row of nativeTableClient(r).scan('t', { startRow: 'a', endRow: 'z', columns: ['d'], maxVersions: 1 })) keys.push(dec.decode(row.key));
    expect(keys).toEqual(['a', 'b', 'c']);
    // Page 2 starts at "b" followed by 0x00 (base64 of 62 00 = "YgA="), the stop row and columns as given.
    expect(asked.map((q) => q['startRow'])).toEqual(['YQ==', 'YgA=']);
    expect(asked[1]).toMatchObject({ op: 'scan', table: 't', stopRow: 'eg==', columns: ['ZA=='], maxVersions: 1, limit: 500 });
  });

  it('decodes cells and reads a row without cells (null or left out) as no row', async () => {
    const answers = [{ row: wireRow('k') }, { row: null }, {}];
    const { reader: r } = reader(() => answers.shift() ?? {});
    const client = nativeTableClient(r);
    const row = await client.getRow('t', 'k');
    expect(row?.cells.map((c) => [dec.decode(c.family), dec.decode(c.qualifier), c.timestamp, dec.decode(c.value)])).toEqual([['d', 'city', 5, 'v-k']]);
    expect(await client.getRow('t', 'k')).toBeUndefined();
    expect(await client.getRow('t', 'k')).toBeUndefined();
  });

  it('sends check-and-mutates with the REST condition: a value, or none for "absent"', async () => {
    const { reader: r, asked } = reader((q) => ({ checked: q['op'] === 'checkAndPut' }));
    const client = nativeTableClient(r);
    expect(await client.checkAndPut('ix', { key: 'r', cells: [{ family: 'i', qualifier: '_row', value: enc.encode('m'), timestamp: 7 }] }, { family: 'i', qualifier: '_row' })).toBe(true);
    expect(await client.checkAndDelete('ix', 'r', { family: 'i', qualifier: '_row', value: 'm' }, [{ family: 'i', timestamp: 7 }])).toBe(false);
    expect(asked).toEqual([
      { op: 'checkAndPut', table: 'ix', row: 'cg==', condition: { family: 'aQ==', qualifier: 'X3Jvdw==' }, cells: [{ family: 'aQ==', qualifier: 'X3Jvdw==', value: 'bQ==', timestamp: 7 }] },
      { op: 'checkAndDelete', table: 'ix', row: 'cg==', condition: { family: 'aQ==', qualifier: 'X3Jvdw==', value: 'bQ==' }, families: [{ family: 'aQ==', timestamp: 7 }] },
    ]);
  });

  it('refuses scan options the native requests do not carry', () => {
    const { reader: r } = reader(() => ({}));
    expect(() => nativeTableClient(r).scan('t', { filter: '{}' })).toThrow(expect.objectContaining({ code: 'NATIVE_UNSUPPORTED' }));
  });
});
