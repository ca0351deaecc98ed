import { describe, expect, it } from 'vitest';
import { IndexedTable } from '../../src/index-tables/indexed-table.js';
import { parseIndexDefinitions } from '../../src/index-tables/index.js';
import { FakeHBase } from './fake-hbase.js';

const enc = new TextEncoder();
const dec = new TextDecoder();
const k = (s: string): Uint8Array => enc.encode(s);
const DEFS = parseIndexDefinitions(`indexes:
  - {name: by_city, table: users, fields: [city], unique: false, covered: [name]}
  - {name: by_email, table: users, fields: [email], unique: true}
`, 'ix.yaml');

function setup() {
  const hb = new FakeHBase();
  return { hb, table: new IndexedTable(hb.client(), 'users', DEFS, { now: () => hb.clock }) };
}
const keys = (hits: { key: Uint8Array }[]): string[] => hits.map((h) => dec.decode(h.key)).sort();
const indexRows = (hb: FakeHBase, t: string): string[] => hb.rows(t).map((r) => dec.decode(r.key));

describe('IndexedTable writes in Phoenix order', () => {
  it('puts the index entries, then the main row, all cells at the main row timestamp', async () => {
    const { hb, table } = setup();
    await table.put(k('u1'), { city: 'ab', name: 'Ann', email: 'a@x' }, { timestamp: 500 });
    expect(hb.calls.filter((c) => c.op === 'put').map((c) => c.table)).toEqual(['users_by_city', 'users_by_email', 'users']);
    // non-unique: V 0x00 M = "ab" 00 "u1"; unique: V = "a@x"
    expect(indexRows(hb, 'users_by_city')).toEqual(['ab\0u1']);
    const entry = hb.visible('users_by_city', k('ab\0u1'));
    expect(entry?.cells.map((c) => [dec.decode(c.qualifier), dec.decode(c.value), c.timestamp])).toEqual([['_row', 'u1', 500], ['name', 'Ann', 500]]);
    expect(hb.visible('users_by_email', k('a@x'))?.cells.map((c) => [dec.decode(c.qualifier), dec.decode(c.value), c.timestamp])).toEqual([['_row', 'u1', 500]]);
  });

  it('removes the old entry after the main write when the value changes, and a replay changes nothing', async () => {
    const { hb, table } = setup();
    await table.put(k('u1'), { city: 'ab', name: 'Ann', email: 'a@x' }, { timestamp: 500 });
    hb.calls.length = 0;
    await table.put(k('u1'), { city: 'cd' }, { timestamp: 600 });
    expect(hb.calls.map((c) => `${c.op} ${c.table}`)).toEqual(['get users', 'put users_by_city', 'put users_by_email', 'put users', 'checkAndDelete users_by_city']);
    expect(indexRows(hb, 'users_by_city')).toEqual(['cd\0u1']);
    // the email did not change: its entry is put again at the email cell's timestamp, 500, not the write's 600
    expect(hb.visible('users_by_email', k('a@x'))?.cells[0]?.timestamp).toBe(500);
    const before = JSON.stringify(hb.rows('users_by_city'));
    await table.put(k('u1'), { city: 'cd' }, { timestamp: 600 });
    expect(JSON.stringify(hb.rows('users_by_city'))).toBe(before);
    expect(keys(await table.lookup('by_city', { city: 'cd' }))).toEqual(['u1']);
    expect(await table.lookup('by_city', { city: 'ab' })).toEqual([]);
  });

  it('a value that comes back at a newer timestamp survives the removal of its older entry', async () => {
    const { hb, table } = setup();
    await table.put(k('u1'), { city: 'ab', email: 'a@x' }, { timestamp: 500 });
    await table.put(k('u1'), { city: 'cd' }, { timestamp: 600 });
    await table.put(k('u1'), { city: 'ab' }, { timestamp: 700 });
    expect(indexRows(hb, 'users_by_city')).toEqual(['ab\0u1']);
    expect(keys(await table.lookup('by_city', { city: 'ab' }))).toEqual(['u1']);
  });

  it('a crash between the index write and the main write leaves an orphan that lookups skip', async () => {
    const { hb, table } = setup();
    await table.put(k('u1'), { city: 'ab', name: 'Ann', email: 'a@x' }, { timestamp: 500 });
    const writer = new IndexedTable(hb.client(), 'users', DEFS, { onStep: (s) => { if (s === 'index-written') throw new Error('crash'); } });
    await expect(writer.put(k('u1'), { city: 'zz', name: 'Ann' }, { timestamp: 600 })).rejects.toThrow('crash');
    expect(hb.rows('users').map((r) => r.cells.map((c) => dec.decode(c.value)))).toEqual([['ab', 'a@x', 'Ann']]);
    expect(indexRows(hb, 'users_by_city')).toEqual(['ab\0u1', 'zz\0u1']);
    expect(await table.lookup('by_city', { city: 'zz' })).toEqual([]);
    expect(keys(await table.lookup('by_city', { city: 'ab' }))).toEqual(['u1']);
    // a covered lookup reads the index alone and sees the orphan
    expect((await table.lookupCovered('by_city', { city: 'zz' })).map((h) => [dec.decode(h.key), h.fields])).toEqual([['u1', { name: 'Ann' }]]);
  });

  it('delete removes the main row then its entries; unique lookups are one get then one multi-get', async () => {
    const { hb, table } = setup();
    await table.put(k('u1'), { city: 'ab', email: 'a@x' }, { timestamp: 500 });
    await table.put(k('u2'), { city: 'ab', email: 'b@x' }, { timestamp: 500 });
    hb.calls.length = 0;
    expect(keys(await table.lookup('by_email', { email: 'b@x' }))).toEqual(['u2']);
    expect(hb.calls.map((c) => `${c.op} ${c.table} ${c.row}`)).toEqual(['get users_by_email b@x', 'multiGet users u2']);
    hb.clock = 800;
    hb.calls.length = 0;
    expect(await table.delete(k('u1'))).toBe(800);
    expect(hb.calls.map((c) => `${c.op} ${c.table}`)).toEqual(['get users', 'delete users', 'checkAndDelete users_by_city', 'checkAndDelete users_by_email']);
    expect(indexRows(hb, 'users_by_city')).toEqual(['ab\0u2']);
    expect(indexRows(hb, 'users_by_email')).toEqual(['b@x']);
    expect(keys(await table.lookup('by_city', { city: 'ab' }))).toEqual(['u2']);
    expect(await table.delete(k('u1'))).toBeUndefined();
  });

  it('a put in the same clock millisecond as a delete stays visible (timestamps only move forward)', async () => {
    const { hb, table } = setup(); // the fake clock never moves: every write reads 1,000,000
    expect(await table.put(k('u1'), { city: 'ab' })).toBe(1_000_000);
    await table.delete(k('u1'));
    expect(await table.put(k('u1'), { city: 'ab' })).toBe(1_000_002);
    expect(keys(await table.lookup('by_city', { city: 'ab' }))).toEqual(['u1']);
  });

  it('leaves a unique entry another main row has taken', async () => {
    const { hb, table } = setup();
    await table.put(k('u1'), { email: 'a@x' }, { timestamp: 500 });
    await table.put(k('u2'), { email: 'a@x' }, { timestamp: 600 });
    await table.delete(k('u1'));
    expect(dec.decode(hb.visible('users_by_email', k('a@x'))?.cells[0]?.value)).toBe('u2');
    expect(keys(await table.lookup('by_email', { email: 'a@x' }))).toEqual(['u2']);
  });

  it('refuses a definition of another table and an unknown index', () => {
    const hb = new FakeHBase();
    expect(() => new IndexedTable(hb.client(), 'orders', DEFS)).toThrow(/by_city belongs to table users, not orders/);
    const t = new IndexedTable(hb.client(), 'users', DEFS);
    expect(() => t.index('by_zip')).toThrow(/no index "by_zip"; it has by_city, by_email/);
  });
});
