// The REST client against the real local HBase: schema, binary keys with explicit timestamps, scanner ranges,
// regions and encoded names, and /status/cluster write counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HBaseRestClient, type Row, RestError, createRestClient } from '../../src/hbase/rest/index.js';
import { regionName } from '../../src/regions/region-name.js';
import { restUnavailable, restUrl, uniqueTable } from './rest-env.js';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const u = (...b: number[]): Uint8Array => Uint8Array.from(b);
const TS = 1_700_000_000_000;
// Keys sorted in HBase (unsigned byte) order; 0x00, 0xFF and invalid UTF-8 (0xC3 0x28) included.
const KEYS = [u(0x00), u(0x00, 0x00), u(0x00, 0xff), u(0x2c), u(0x61), u(0x61, 0x00), u(0x62), u(0xc3, 0x28), u(0xfe, 0xff), u(0xff), u(0xff, 0xff)];

let skip: string | undefined;
let hbase: HBaseRestClient;
const table = uniqueTable('rest_it');

beforeAll(async () => {
  skip = await restUnavailable();
  if (skip) return;
  hbase = createRestClient({ baseUrl: restUrl(), timeoutMs: 60_000 });
  await hbase.createTable(table, { columns: [{ name: 'cf', attributes: { VERSIONS: 3 } }, { name: 'g' }] });
});

afterAll(async () => {
  if (!skip) await hbase.deleteTable(table).catch(() => undefined);
});

async function collect(rows: AsyncIterable<Row>): Promise<Row[]> {
  const out: Row[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

describe('REST client against a real HBase', () => {
  it('created the table through the schema resource', async (ctx) => {
    if (skip) return ctx.skip(skip);
    expect(await hbase.tableExists(table)).toBe(true);
    expect(await hbase.listTables()).toContain(table);
    const schema = await hbase.getSchema(table);
    expect(schema.columns.map((c) => c.name).sort()).toEqual(['cf', 'g']);
    expect(schema.columns.find((c) => c.name === 'cf')?.attributes['VERSIONS']).toBe('3');
    expect(await hbase.clusterVersion()).toMatch(/^2\.\d+\.\d+/);
  });

  it('puts and gets back cells with explicit timestamps and binary keys', async (ctx) => {
    if (skip) return ctx.skip(skip);
    await hbase.putRows(
      table,
      KEYS.map((key, i) => ({
        key,
        cells: [
          { family: 'cf', qualifier: u(0x71, 0xff, 0x00), value: u(i, 0x00, 0xff), timestamp: TS + i },
          { family: 'cf', qualifier: 'v', value: `old${i}`, timestamp: TS },
          { family: 'cf', qualifier: 'v', value: `new${i}`, timestamp: TS + 1000 },
        ],
      })),
    );
    for (const [i, key] of KEYS.entries()) {
      const row = await hbase.getRow(table, key, { maxVersions: 3 });
      expect(row && hex(row.key)).toBe(hex(key));
      const bin = row?.cells.find((c) => hex(c.qualifier) === '71ff00');
      expect(bin && { ts: bin.timestamp, v: hex(bin.value) }).toEqual({ ts: TS + i, v: hex(u(i, 0x00, 0xff)) });
      const versions = row?.cells.filter((c) => hex(c.qualifier) === hex(new TextEncoder().encode('v')));
      expect(versions?.map((c) => [c.timestamp, Buffer.from(c.value).toString()])).toEqual([
        [TS + 1000, `new${i}`],
        [TS, `old${i}`],
      ]);
    }
    const only = await hbase.getRow(table, u(0xc3, 0x28), { columns: [{ family: 'cf', qualifier: u(0x71, 0xff, 0x00) }] });
    expect(only?.cells).toHaveLength(1);
    expect(await hbase.getRow(table, u(0x01, 0x02))).toBeUndefined();
    const multi = await hbase.multiGet(table, [u(0xff, 0xff), u(0x01), u(0x00)]);
    expect(multi.map((r) => hex(r.key))).toEqual(['ffff', '00']);
    expect(multi[0]?.cells.filter((c) => c.timestamp === TS + 1000)).toHaveLength(1);
    const narrowed = await hbase.multiGet(table, [u(0x00, 0xff), u(0xc3, 0x28)], { columns: ['cf:v'], maxVersions: 1 });
    expect(narrowed.map((r) => r.cells.map((c) => Buffer.from(c.value).toString()))).toEqual([['new2'], ['new7']]);
  });

  it('a scanner over a key range returns exactly the rows in range, across small batches', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const all = await collect(hbase.scan(table, { batch: 2 }));
    expect(all.map((r) => hex(r.key))).toEqual(KEYS.map(hex));
    expect(all.every((r) => r.cells.length === 3)).toBe(true);
    const start = u(0x00, 0xff);
    const end = u(0xfe, 0xff);
    const inRange = await collect(hbase.scan(table, { startRow: start, endRow: end, batch: 1, caching: 2 }));
    expect(inRange.map((r) => hex(r.key))).toEqual(['00ff', '2c', '61', '6100', '62', 'c328']);
    const tail = await collect(hbase.scan(table, { startRow: u(0xff) }));
    expect(tail.map((r) => hex(r.key))).toEqual(['ff', 'ffff']);
  });

  it('a scanner honours columns, time range and filter, and early break deletes it', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const newest = await collect(hbase.scan(table, { columns: ['cf:v'], startTime: TS + 1000, endTime: TS + 1001 }));
    expect(newest).toHaveLength(KEYS.length);
    expect(newest.every((r) => r.cells.length === 1 && Buffer.from(r.cells[0]?.value ?? []).toString().startsWith('new'))).toBe(true);
    const prefixed = await collect(hbase.scan(table, { filter: { type: 'PrefixFilter', value: Buffer.from([0x61]).toString('base64') } }));
    expect(prefixed.map((r) => hex(r.key))).toEqual(['61', '6100']);
    let seen = 0;
    for await (const _ of hbase.scan(table, { batch: 1 })) if (++seen === 2) break;
    expect(seen).toBe(2);
  });

  it('the protobuf form puts and scans the same cells as JSON, and encoded rows copy them byte for byte', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const pb = createRestClient({ baseUrl: restUrl(), timeoutMs: 60_000, dataFormat: 'protobuf' });
    const flat = (rows: Row[]) => rows.map((r) => [hex(r.key), r.cells.map((c) => [hex(c.family), hex(c.qualifier), c.timestamp, hex(c.value)])]);
    // Scanned in protobuf (batches of 2 cells, rows merged back) = scanned in JSON.
    const viaJson = await collect(hbase.scan(table, { maxVersions: 3 }));
    expect(flat(await collect(pb.scan(table, { maxVersions: 3, batch: 2 })))).toEqual(flat(viaJson));
    // Put in protobuf (binary key, empty qualifier, two versions), read back through JSON.
    const key = u(0x70, 0x00, 0xff);
    await pb.putRows(table, [{ key, cells: [
      { family: 'g', qualifier: '', value: u(0x00, 0x01), timestamp: TS + 7 },
      { family: 'cf', qualifier: 'v', value: 'pb-new', timestamp: TS + 2000 },
      { family: 'cf', qualifier: 'v', value: 'pb-old', timestamp: TS + 1 },
    ] }]);
    const back = await hbase.getRow(table, key, { maxVersions: 3 });
    expect(back && flat([back])).toEqual([[hex(key), [
      ['6366', '76', TS + 2000, hex(new TextEncoder().encode('pb-new'))],
      ['6366', '76', TS + 1, hex(new TextEncoder().encode('pb-old'))],
      ['67', '', TS + 7, '0001'],
    ]]]);
    // Encoded rows copied to another table under new keys keep every cell, timestamp and value.
    const copy = uniqueTable('rest_it_copy');
    await hbase.createTable(copy, { columns: [{ name: 'cf', attributes: { VERSIONS: 3 } }, { name: 'g' }] });
    try {
      const encoded = [];
      for await (const r of hbase.scanEncoded(table, { maxVersions: 3, batch: 2 })) encoded.push({ ...r, key: Uint8Array.from([0x01, ...r.key]) });
      expect(encoded.reduce((n, r) => n + r.cellCount, 0)).toBe(viaJson.reduce((n, r) => n + r.cells.length, 0) + 3);
      await hbase.putEncodedRows(copy, encoded);
      const copied = flat(await collect(hbase.scan(copy, { maxVersions: 3 })));
      const source = flat(await collect(hbase.scan(table, { maxVersions: 3 })));
      expect(copied).toEqual(source.map(([k, cells]) => [`01${k as string}`, cells]));
    } finally {
      await hbase.deleteTable(copy);
    }
  });

  it('deletes one column of a binary-keyed row, then the whole row', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const key = u(0x64, 0x00, 0xff);
    await hbase.putRows(table, [{ key, cells: [
      { family: 'cf', qualifier: 'v', value: 'a', timestamp: TS }, { family: 'cf', qualifier: u(0x71, 0xff), value: 'b', timestamp: TS }, { family: 'g', qualifier: '', value: 'c', timestamp: TS },
    ] }]);
    await hbase.deleteRow(table, key, { columns: [{ family: 'cf', qualifier: 'v' }] });
    expect((await hbase.getRow(table, key))?.cells.map((c) => [hex(c.family), hex(c.qualifier)])).toEqual([['6366', '71ff'], ['67', '']]);
    await hbase.deleteRow(table, key);
    expect(await hbase.getRow(table, key)).toBeUndefined();
    // A repeat deletes nothing more and does not fail.
    await hbase.deleteRow(table, key);
  });

  it('reads the table region with its encoded name, which matches the computed one', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const { regions } = await hbase.tableRegions(table);
    expect(regions).toHaveLength(1);
    const r = regions[0];
    expect(r?.startKey).toEqual(new Uint8Array(0));
    expect(r?.endKey).toEqual(new Uint8Array(0));
    expect(r?.location).toMatch(/:\d+$/);
    expect(r && regionName(table, r.startKey, r.regionId).encodedName).toBe(r?.encodedName);
  });

  it('/status/cluster shows the write counter of the region that took the writes going up', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const encoded = (await hbase.tableRegions(table)).regions[0]?.encodedName;
    const writes = async (): Promise<number | undefined> =>
      (await hbase.clusterStatus()).liveServers.flatMap((s) => s.regions).find((x) => x.encodedName === encoded)?.writeRequestsCount;
    // Counters arrive with RegionServer heartbeats (~3 s): poll with a bounded wait.
    const before = await pollUntil(writes, (v) => v !== undefined && v >= KEYS.length, 30_000);
    const N = 25;
    await hbase.putRows(table, Array.from({ length: N }, (_, i) => ({ key: `w${i}`, cells: [{ family: 'g', qualifier: 'c', value: 'x', timestamp: TS }] })));
    const after = await pollUntil(writes, (v) => v !== undefined && v >= (before ?? 0) + N, 30_000);
    expect(after).toBeGreaterThanOrEqual((before ?? 0) + N);
  });

  it('names the method, URL, status and HBase message for a missing table', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const e = (await hbase.getSchema(`${table}_missing`).catch((x: unknown) => x)) as RestError;
    expect(e).toBeInstanceOf(RestError);
    expect(e.status).toBe(404);
    expect(e.message).toContain(`GET ${restUrl().replace(/\/+$/, '')}/${table}_missing/schema failed with HTTP 404`);
    expect(e.message).toContain('TableNotFoundException');
  });

  it('deletes the table', async (ctx) => {
    if (skip) return ctx.skip(skip);
    expect(await hbase.deleteTable(table)).toBe(true);
    expect(await hbase.tableExists(table)).toBe(false);
    expect(await hbase.deleteTable(table)).toBe(false);
  });
});

async function pollUntil<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 500));
  }
}
