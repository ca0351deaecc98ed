// The dual-write wrapper on the in-memory stand-in: puts and deletes reach the old table under the old key and the
// new table under the mapped one, with the same timestamps; reads follow the switch; unmappable keys write nothing.
import { describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { DualWriter } from '../../src/migrate/dual-write.js';
import { templateKeyMap } from '../../src/migrate/key-map.js';
import { FakeHBase } from './fake-hbase.js';

const keys = templateKeyMap('{pad(ts,13)}_{deviceId}', '{salt(deviceId,8)}_{deviceId}_{pad(ts,13)}');
const T0 = 1_700_000_000_000;
const hex = (s: string) => Buffer.from(s).toString('hex');

describe('DualWriter', () => {
  it('puts to both tables with one timestamp, deletes from both, and reads through the switch', async () => {
    const hb = new FakeHBase();
    const writer = new DualWriter({ client: hb.client(), oldTable: 'old', newTable: 'new', mapKey: keys.map, now: () => T0 + 5 });
    await writer.put([{ key: `${T0}_d1`, cells: [{ family: 'd', qualifier: 'v', value: 'x' }] }]);
    // "d1".hashCode() = 100 × 31 + 49 = 3149; 3149 % 8 = 5.
    const newKey = `05_d1_${T0}`;
    expect(hb.table('old').get(hex(`${T0}_d1`))?.cells[0]?.timestamp).toBe(T0 + 5);
    expect(hb.table('new').get(hex(newKey))?.cells[0]?.timestamp).toBe(T0 + 5);
    writer.setReadSide('new');
    expect(toStringBinary((await writer.get(`${T0}_d1`))?.key ?? new Uint8Array())).toBe(newKey);
    await writer.delete(`${T0}_d1`);
    expect([hb.table('old').size, hb.table('new').size]).toEqual([0, 0]);
  });

  it('on the new side, reads a row the new table lacks from the old one, unless the fallback is off', async () => {
    const hb = new FakeHBase();
    const writer = new DualWriter({ client: hb.client(), oldTable: 'old', newTable: 'new', mapKey: keys.map, readFrom: 'new', dualWrites: false });
    // Written with dual writes off: in the old table only, under the old key.
    await writer.put([{ key: `${T0}_d1`, cells: [{ family: 'd', qualifier: 'v', value: 'x', timestamp: T0 }] }]);
    expect(writer.fallback).toBe(true);
    const row = await writer.get(`${T0}_d1`);
    expect([toStringBinary(row?.key ?? new Uint8Array()), new TextDecoder().decode(row?.cells[0]?.value)]).toEqual([`${T0}_d1`, 'x']);
    writer.setFallback(false);
    expect(await writer.get(`${T0}_d1`)).toBeUndefined();
    // A row missing on both sides is missing.
    writer.setFallback(true);
    expect(await writer.get(`${T0}_d2`)).toBeUndefined();
  });

  it('refuses an unmappable key before writing or deleting anything', async () => {
    const hb = new FakeHBase();
    const writer = new DualWriter({ client: hb.client(), oldTable: 'old', newTable: 'new', mapKey: keys.map });
    await expect(writer.put([{ key: 'junk', cells: [{ family: 'd', qualifier: 'v', value: 'x', timestamp: 1 }] }])).rejects.toMatchObject({ code: 'MIGRATE_DUAL_WRITE_KEY', message: expect.stringContaining('row junk cannot be mapped') });
    await expect(writer.delete('junk')).rejects.toMatchObject({ code: 'MIGRATE_DUAL_WRITE_KEY' });
    expect(hb.table('old').size).toBe(0);
    // With dual writes off, only the old table is touched and no mapping is needed.
    writer.setDualWrites(false);
    await writer.put([{ key: 'junk', cells: [{ family: 'd', qualifier: 'v', value: 'x', timestamp: 1 }] }]);
    expect([hb.table('old').size, hb.table('new').size]).toEqual([1, 0]);
  });
});
