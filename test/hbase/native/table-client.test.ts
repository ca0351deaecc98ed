import { describe, expect, it } from 'vitest';
import type { RegionLoadReaderProcess } from '../../../src/hbase/native/reader-process.js';
import { nativeTableClient } from '../../../src/hbase/native/table-client.js';
import { ScannerLostError } from '../../../src/hbase/scanner-lost.js';
import { EXIT_CLUSTER, exitStatusOf } from '../../../src/cli/exit.js';
import { HotspotError } from '../../../src/util/errors.js';

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

describe('nativeTableClient: a scanner lost mid-scan', () => {
  // The JVM reader answers a failed data request with NATIVE_READ `"<op> <table>" failed: <exception chain>`
  // (RegionLoadReader.oneLine: each cause's simple class name and message).
  const failing = (message: string) => {
    const pages: (() => Record<string, unknown>)[] = [
      () => ({ rows: [wireRow('a'), wireRow('b')], more: true }),
      () => { throw new HotspotError('NATIVE_READ', message); },
    ];
    return reader(() => (pages.shift() ?? (() => ({ rows: [], more: false })))());
  };
  const scanAll = async (r: RegionLoadReaderProcess, seen: string[]) => {
    for await (const row of nativeTableClient(r).scan('users', { maxVersions: 1 })) seen.push(dec.decode(row.key));
  };

  it('is SCANNER_LOST, exit 3, with the rows read, when the page failed on a lost scanner', async () => {
    const { reader: r } = failing('"scan users" failed: ScannerTimeoutException 61000ms passed since the last invocation, timeout is currently set to 60000: UnknownScannerException Unknown scanner \'7\'');
    const seen: string[] = [];
    const e = await scanAll(r, seen).catch((x: unknown) => x);
    expect(seen).toEqual(['a', 'b']);
    expect(e).toBeInstanceOf(ScannerLostError);
    expect([(e as ScannerLostError).code, (e as ScannerLostError).table, (e as ScannerLostError).rowsRead]).toEqual(['SCANNER_LOST', 'users', 2]);
    expect((e as Error).message).toContain('the scanner of table "users" was lost after 2 row(s) were read');
    expect((e as Error).message).toContain('ScannerTimeoutException');
    expect((e as Error).message).toContain('hbase.client.scanner.timeout.period');
    expect(exitStatusOf(e as ScannerLostError)).toBe(EXIT_CLUSTER);
  });

  it('leaves another NATIVE_READ as it is (exit 3 all the same)', async () => {
    const { reader: r } = failing('"scan users" failed: RetriesExhaustedException Failed after attempts=16');
    const e = await scanAll(r, []).catch((x: unknown) => x);
    expect([(e as HotspotError).code, e instanceof ScannerLostError]).toEqual(['NATIVE_READ', false]);
    expect(exitStatusOf(e as HotspotError)).toBe(EXIT_CLUSTER);
  });
});
