import { describe, expect, it } from 'vitest';
import { checkIndex, renderIndexCheck } from '../../src/index-tables/check.js';
import { compileIndex, parseIndexDefinitions } from '../../src/index-tables/index.js';
import { RestError } from '../../src/hbase/rest/index.js';
import { HotspotError } from '../../src/util/errors.js';
import { FakeHBase } from './fake-hbase.js';

const enc = new TextEncoder();
const dec = new TextDecoder();
const [CITY] = parseIndexDefinitions(`indexes:
  - {name: by_city, table: users, indexTable: ix_city, fields: [city], unique: false, covered: [name]}
`, 'ix.yaml').map((d) => compileIndex(d));
const index = CITY!;
const [EMAIL] = parseIndexDefinitions(`indexes:
  - {name: by_email, table: users, indexTable: ix_email, fields: [email], unique: true}
`, 'ix.yaml').map((d) => compileIndex(d));

const main = (hb: FakeHBase, key: string, fields: Record<string, string>, ts: number): void => {
  const t = hb.client();
  void t.putRows('users', [{ key, cells: Object.entries(fields).map(([q, v]) => ({ family: 'd', qualifier: q, value: v, timestamp: ts })) }]);
};
const entry = (hb: FakeHBase, row: string, mainKey: string, ts: number, name?: string): void => {
  void hb.client().putRows('ix_city', [{ key: row, cells: [{ family: 'i', qualifier: '_row', value: mainKey, timestamp: ts }, ...(name ? [{ family: 'i', qualifier: 'name', value: name, timestamp: ts }] : [])] }]);
};

/** u1 valid; u2 missing; u3's entry covers an old name; entries for gone u9 and for u1's old city are orphans. */
function world(): FakeHBase {
  const hb = new FakeHBase();
  hb.clock = 1_000_000;
  hb.families.set('ix_city', { i: '' });
  main(hb, 'u1', { city: 'ab', name: 'Ann' }, 500);
  main(hb, 'u2', { city: 'ab', name: 'Bob' }, 500);
  main(hb, 'u3', { city: 'cd', name: 'Cy' }, 600);
  entry(hb, 'ab\0u1', 'u1', 500, 'Ann');
  entry(hb, 'cd\0u3', 'u3', 500, 'Old');
  entry(hb, 'zz\0u9', 'u9', 400);
  entry(hb, 'xy\0u1', 'u1', 300, 'Ann');
  hb.calls.length = 0;
  return hb;
}

describe('index check', () => {
  it('counts valid, orphan (with reason) and missing entries', async () => {
    const hb = world();
    const r = await checkIndex(hb.client(), index, { now: () => hb.clock });
    expect([r.mainRows, r.indexRows, r.valid, r.orphan, r.missing, r.expired]).toEqual([3, 4, 1, 3, 1, 0]);
    expect(r.samples.orphan.map((s) => [s.indexRow, s.mainRow, s.reason])).toEqual([
      ['cd\\x00u3', 'u3', 'covered-changed'], ['xy\\x00u1', 'u1', 'value-changed'], ['zz\\x00u9', 'u9', 'main-row-gone'],
    ]);
    expect(r.samples.missing).toEqual([{ indexRow: 'ab\\x00u2', mainRow: 'u2', timestamp: 500, reason: 'not-in-index' }]);
    expect(hb.calls.every((c) => c.op === 'scan')).toBe(true);
    expect(renderIndexCheck(r)).toContain('  orphan   3\n  missing  1\n');
  });

  it('calls an entry past a TTL expired, not orphan or missing', async () => {
    const hb = world();
    hb.families.set('users', { d: '100' }); // 100 s: u9's entry at 400 ms is long past it at 1,000,000 ms... and so is every main cell
    hb.families.set('ix_city', { i: '1000' }); // 1000 s = 1,000,000 ms: u2's missing entry at 500 ms is past it too
    const r = await checkIndex(hb.client(), index, { now: () => 2_000_000 });
    expect([r.orphan, r.missing, r.expired]).toEqual([2, 0, 2]);
    // by index row: ab\x00u2 (u2's missing entry) before zz\x00u9 (u9's orphan)
    expect(r.samples.expired.map((s) => [s.mainRow, s.reason])).toEqual([['u2', 'index-ttl'], ['u9', 'main-ttl']]);
  });

  it('plans repairs on a dry run and writes nothing', async () => {
    const hb = world();
    const r = await checkIndex(hb.client(), index, { now: () => hb.clock, repair: { apply: false, minAgeMs: 0 } });
    expect(r.repair).toMatchObject({ applied: false, planned: 4, deleted: 0, put: 0, skipped: 0 });
    expect(hb.calls.filter((c) => c.op !== 'scan')).toEqual([]);
  });

  it('repairs with conditioned mutations and removes no valid entry', async () => {
    const hb = world();
    const r = await checkIndex(hb.client(), index, { now: () => hb.clock, repair: { apply: true, minAgeMs: 0 } });
    expect(r.repair).toMatchObject({ applied: true, deleted: 2, put: 2, skipped: 0 });
    expect(hb.rows('ix_city').map((x) => [dec.decode(x.key), x.cells.map((c) => dec.decode(c.value)).join(',')])).toEqual([
      ['ab\0u1', 'u1,Ann'], ['ab\0u2', 'u2,Bob'], ['cd\0u3', 'u3,Cy'],
    ]);
    const again = await checkIndex(hb.client(), index, { now: () => hb.clock });
    expect([again.valid, again.orphan, again.missing]).toEqual([3, 0, 0]);
  });

  it('skips a young orphan and one whose main row took the value since the scan', async () => {
    const hb = world();
    const client = hb.client();
    let scans = 0;
    const racing = { ...client, scan: (t: string, o?: object) => {
      // the writer moves u1 back to city xy (newer timestamp) right after the index scan starts
      if (++scans === 2) main(hb, 'u1', { city: 'xy' }, 700);
      return client.scan(t, o);
    } };
    // ages at 1,000,000: xy (300) 999,700 ms, zz (400) 999,600 ms; minimum age 999,650 ms
    const r = await checkIndex(racing, index, { now: () => 1_000_000, repair: { apply: true, minAgeMs: 999_650 } });
    const byRow = Object.fromEntries((r.repair?.actions ?? []).map((a) => [a.indexRow, `${a.outcome}: ${a.why ?? ''}`]));
    expect(byRow['zz\\x00u9']).toBe('skipped: younger than the minimum age: possibly a write in flight');
    expect(byRow['xy\\x00u1']).toBe('skipped: the main row now holds this value');
    expect(hb.visible('ix_city', enc.encode('xy\0u1'))).toBeDefined();
  });

  it('refuses a --family the main table lacks, and an index family the index table lacks, before scanning', async () => {
    const hb = world();
    // users has only family d: a scan of zz would read no cells and make all 4 entries main-row-gone orphans.
    const err = await checkIndex(hb.client(), index, { now: () => hb.clock, family: 'zz', repair: { apply: true, minAgeMs: 0 } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'INDEX_FAMILY_NOT_FOUND', message: '--family: table users has no family "zz"; its families are d' });
    hb.families.set('ix_city', { x: '' });
    const ix = await checkIndex(hb.client(), index, { now: () => hb.clock, source: 'ix.yaml' }).catch((e: unknown) => e);
    expect(ix).toMatchObject({ code: 'INDEX_FAMILY_NOT_FOUND', message: 'ix.yaml: family: index table ix_city of index by_city has no family "i"; its families are x' });
    expect(hb.calls).toEqual([]);
    expect(hb.rows('ix_city')).toHaveLength(4);
  });

  it('deletes no entry when the main scan read no rows', async () => {
    const hb = world();
    const client = hb.client();
    // the main side reads as empty (as a scan of an unreadable family or table would); the index has 4 rows
    const blind = { ...client, scan: (t: string, o?: object) => (t === 'users' ? (async function* () {})() : client.scan(t, o)) };
    const r = await checkIndex(blind, index, { now: () => hb.clock, repair: { apply: true, minAgeMs: 0 } });
    expect([r.mainRows, r.indexRows, r.orphan]).toEqual([0, 4, 4]);
    expect(r.repair).toMatchObject({ deleted: 0, put: 0, skipped: 4 });
    expect(r.repair?.actions[0]?.why).toContain('the main scan read no rows');
    expect(hb.calls.filter((c) => c.op !== 'scan')).toEqual([]);
    expect(hb.rows('ix_city')).toHaveLength(4);
  });

  it('says which table does not exist, over REST (HTTP 404) and natively (SOURCE_TABLE_NOT_FOUND) alike', async () => {
    const hb = world();
    const client = hb.client();
    const without = (missing: string, native: boolean): typeof client => ({ ...client, getSchema: async (t: string) => {
      if (t !== missing) return client.getSchema(t);
      throw native
        ? new HotspotError('SOURCE_TABLE_NOT_FOUND', `table "${t}" does not exist on the cluster`, { field: '--table' })
        : new RestError('REST_HTTP', `GET http://gw/${t}/schema failed with HTTP 404`, { method: 'GET', url: `http://gw/${t}/schema`, status: 404 });
    } });
    for (const native of [false, true]) {
      const main = await checkIndex(without('users', native), index, { now: () => hb.clock, source: 'ix.yaml' }).catch((e: unknown) => e);
      expect(main).toMatchObject({ code: 'SOURCE_TABLE_NOT_FOUND', message: '--table: table "users" does not exist on the cluster; check the name (ns:name outside the default namespace)' });
      const ix = await checkIndex(without('ix_city', native), index, { now: () => hb.clock, source: 'ix.yaml' }).catch((e: unknown) => e);
      expect(ix).toMatchObject({ code: 'SOURCE_TABLE_NOT_FOUND', message: 'ix.yaml: index by_city names index table "ix_city", which does not exist on the cluster; create it, or correct indexTable' });
    }
    expect(hb.calls).toEqual([]);
  });

  it('samples each state in index row byte order, in the text and the JSON alike', async () => {
    const hb = new FakeHBase();
    hb.families.set('ix_city', { i: '' });
    // main scan order: \x00\xFF\x01, u01, u02, u03; their entries (none in the index) in index key order are
    // ams\x00\x00\xFF\x01 (0x00 < 'u'), ams\x00u01, ams\x00u03, ber\x00u02
    for (const [key, city] of [[new Uint8Array([0, 0xff, 1]), 'ams'], [enc.encode('u01'), 'ams'], [enc.encode('u02'), 'ber'], [enc.encode('u03'), 'ams']] as const) {
      await hb.client().putRows('users', [{ key, cells: [{ family: 'd', qualifier: 'city', value: city, timestamp: 500 }] }]);
    }
    const r = await checkIndex(hb.client(), index, { now: () => hb.clock });
    expect(r.samples.missing.map((s) => s.indexRow)).toEqual(['ams\\x00\\x00\\xFF\\x01', 'ams\\x00u01', 'ams\\x00u03', 'ber\\x00u02']);
    const text = renderIndexCheck(r);
    expect(text.indexOf('ams\\x00u03')).toBeLessThan(text.indexOf('ber\\x00u02'));
    // with 3 samples: the first three by index key (u03 before u02), not the first three scanned
    const three = await checkIndex(hb.client(), index, { now: () => hb.clock, samples: 3 });
    expect([three.missing, three.samples.missing.map((s) => s.mainRow)]).toEqual([4, ['\\x00\\xFF\\x01', 'u01', 'u03']]);
  });

  it('reports main rows sharing a unique value as conflicts and plans no repair for them', async () => {
    const hb = new FakeHBase();
    hb.families.set('ix_email', { i: '' });
    // u1, u2, u3 hold a@x, whose index row names u1; u5, u6 hold c@x, which has no index row; u4's b@x is valid.
    for (const [key, email] of [['u1', 'a@x'], ['u2', 'a@x'], ['u3', 'a@x'], ['u4', 'b@x'], ['u5', 'c@x'], ['u6', 'c@x']]) main(hb, key!, { email: email! }, 500);
    for (const [row, key] of [['a@x', 'u1'], ['b@x', 'u4']]) void hb.client().putRows('ix_email', [{ key: row!, cells: [{ family: 'i', qualifier: '_row', value: key!, timestamp: 500 }] }]);
    hb.calls.length = 0;
    const dry = await checkIndex(hb.client(), EMAIL!, { now: () => hb.clock, repair: { apply: false, minAgeMs: 0 } });
    // without conflicts: valid 2 (u1, u4), missing 4 (u2, u3, u5, u6) and 4 puts planned, of which 2 could apply
    expect([dry.valid, dry.orphan, dry.missing, dry.conflict]).toEqual([1, 0, 0, 5]);
    expect(dry.samples.conflict.map((x) => `${x.indexRow} ${x.mainRow} ${x.reason}`)).toEqual([
      'a@x u1 duplicate-value', 'a@x u2 duplicate-value', 'a@x u3 duplicate-value', 'c@x u5 duplicate-value', 'c@x u6 duplicate-value',
    ]);
    expect(dry.repair).toMatchObject({ planned: 0, skipped: 0, actions: [] });
    expect(renderIndexCheck(dry)).toContain('  expired  0\n  conflict 5\n  unindexable 0\nconflict samples:\n  a@x -> u1 at 500 (duplicate-value)\n');
    const yes = await checkIndex(hb.client(), EMAIL!, { now: () => hb.clock, repair: { apply: true, minAgeMs: 0 } });
    expect(yes.repair).toMatchObject({ put: 0, deleted: 0, skipped: 0 });
    expect(hb.calls.filter((c) => c.op !== 'scan')).toEqual([]);
  });
});

describe('index check: main rows whose entry cannot be built', () => {
  const bytes = (...xs: (string | number[])[]): Uint8Array => Buffer.concat(xs.map((x) => (typeof x === 'string' ? Buffer.from(x) : Buffer.from(x))));
  const put = (hb: FakeHBase, table: string, key: Uint8Array | string, cells: [string, string, Uint8Array | string][], ts: number): void => {
    void hb.client().putRows(table, [{ key, cells: cells.map(([family, qualifier, value]) => ({ family, qualifier, value, timestamp: ts })) }]);
  };
  const ixRows = (hb: FakeHBase, table = 'ix_city'): string[] => hb.rows(table).map((x) => Buffer.from(x.key).toString('hex'));

  it('reports a value that is not UTF-8 as unindexable and keeps its correct entry through a repair', async () => {
    const hb = world();
    // u4's city is the bytes ff fe; its entry ff fe 00 'u4' is correct. Decoded leniently both bytes become U+FFFD
    // (ef bf bd), which made this entry a value-changed orphan and ef bf bd ef bf bd 00 'u4' a missing one.
    put(hb, 'users', 'u4', [['d', 'city', bytes([0xff, 0xfe])], ['d', 'name', 'Di']], 700);
    put(hb, 'ix_city', bytes([0xff, 0xfe, 0], 'u4'), [['i', '_row', 'u4'], ['i', 'name', 'Di']], 700);
    const before = ixRows(hb);
    const r = await checkIndex(hb.client(), index, { now: () => hb.clock, repair: { apply: false, minAgeMs: 0 } });
    // the world's rows as in the first test: valid u1, orphans cd/xy/zz, missing ab\x00u2
    expect([r.mainRows, r.indexRows, r.valid, r.orphan, r.missing, r.expired, r.conflict, r.unindexable]).toEqual([4, 5, 1, 3, 1, 0, 0, 1]);
    expect(r.samples.unindexable).toEqual([{ indexRow: '', mainRow: 'u4', timestamp: 700, reason: 'not-utf8', message: 'field city holds \\xFF\\xFE, not UTF-8 text' }]);
    expect(r.repair?.actions.map((a) => a.mainRow)).toEqual(['u3', 'u1', 'u9', 'u2']);
    expect(renderIndexCheck(r)).toContain('  unindexable 1\n');
    expect(renderIndexCheck(r)).toContain('unindexable samples:\n  u4 at 700 (not-utf8: field city holds \\xFF\\xFE, not UTF-8 text)\n');
    const yes = await checkIndex(hb.client(), index, { now: () => hb.clock, repair: { apply: true, minAgeMs: 0 } });
    expect(yes.repair).toMatchObject({ deleted: 2, put: 2, skipped: 0 });
    // the ff fe entry is kept and no ef bf bd entry is written: 5 rows - xy, zz + ab\x00u2 and cd\x00u3 rewritten
    expect(ixRows(hb)).toEqual(before.filter((h) => !['7879007531', '7a7a007539'].includes(h)).concat('6162007532').sort());
    expect(ixRows(hb)).toContain('fffe007534');
    expect(ixRows(hb).some((h) => h.startsWith('efbfbd'))).toBe(false);
  });

  it('does not call two different binary values of a unique index a conflict', async () => {
    const hb = new FakeHBase();
    hb.families.set('ix_email', { i: '' });
    // u1 holds ff, u2 holds fe: both decode leniently to one U+FFFD, which made them a duplicate-value conflict
    put(hb, 'users', 'u1', [['d', 'email', bytes([0xff])]], 500);
    put(hb, 'users', 'u2', [['d', 'email', bytes([0xfe])]], 500);
    put(hb, 'users', 'u3', [['d', 'email', 'c@x']], 500);
    put(hb, 'ix_email', bytes([0xff]), [['i', '_row', 'u1']], 500);
    put(hb, 'ix_email', 'c@x', [['i', '_row', 'u3']], 500);
    const r = await checkIndex(hb.client(), EMAIL!, { now: () => hb.clock, repair: { apply: true, minAgeMs: 0 } });
    expect([r.valid, r.orphan, r.missing, r.conflict, r.unindexable]).toEqual([1, 0, 0, 0, 2]);
    expect(r.samples.unindexable.map((s) => [s.mainRow, s.reason])).toEqual([['u1', 'not-utf8'], ['u2', 'not-utf8']]);
    expect(r.repair).toMatchObject({ deleted: 0, put: 0, planned: 0, skipped: 0 });
    expect(ixRows(hb, 'ix_email')).toEqual(['c@x', '\xff'].map((s) => Buffer.from(s, 'latin1').toString('hex')).sort());
  });

  it('reports a value the key template refuses (a 0x00 byte, "+5" in a long field) and deletes no entry naming it', async () => {
    const hb = world();
    // u5's city a\x00b would put a 0x00 byte before the separator; its old entry ab\x00u5 was called value-changed
    put(hb, 'users', 'u5', [['d', 'city', 'a\0b']], 800);
    put(hb, 'ix_city', 'ab\0u5', [['i', '_row', 'u5']], 800);
    const r = await checkIndex(hb.client(), index, { now: () => hb.clock, repair: { apply: true, minAgeMs: 0 } });
    expect([r.valid, r.orphan, r.missing, r.unindexable]).toEqual([1, 3, 1, 1]);
    expect(r.samples.unindexable[0]).toMatchObject({ mainRow: 'u5', timestamp: 800, reason: 'unbuildable' });
    expect(r.samples.unindexable[0]?.message).toContain('writes a 0x00 byte at offset 1');
    expect(r.repair).toMatchObject({ deleted: 2, put: 2 });
    expect(hb.visible('ix_city', enc.encode('ab\0u5'))).toBeDefined();

    const [TS] = parseIndexDefinitions(`indexes:
  - {name: by_ts, table: users, indexTable: ix_ts, fields: {ts: long}, key: '{long(ts)}', unique: false}
`, 'ix.yaml').map((d) => compileIndex(d));
    const h2 = new FakeHBase();
    h2.families.set('ix_ts', { i: '' });
    put(h2, 'users', 'k1', [['d', 'ts', '+5']], 500);
    put(h2, 'users', 'k2', [['d', 'ts', '258']], 500);
    // k1's entry as a writer that read +5 as 5 would have put it: long 5, 0x00, k1; k2's: long 258 = 00..01 02
    put(h2, 'ix_ts', bytes([0, 0, 0, 0, 0, 0, 0, 5, 0], 'k1'), [['i', '_row', 'k1']], 500);
    put(h2, 'ix_ts', bytes([0, 0, 0, 0, 0, 0, 1, 2, 0], 'k2'), [['i', '_row', 'k2']], 500);
    const t = await checkIndex(h2.client(), TS!, { now: () => h2.clock, repair: { apply: true, minAgeMs: 0 } });
    expect([t.mainRows, t.valid, t.orphan, t.missing, t.unindexable]).toEqual([2, 1, 0, 0, 1]);
    expect(t.samples.unindexable[0]).toMatchObject({ mainRow: 'k1', reason: 'unbuildable' });
    expect(t.repair).toMatchObject({ deleted: 0, put: 0, planned: 0 });
    expect(h2.rows('ix_ts')).toHaveLength(2);
  });

  it('reports an indexed field in two families (no --family) as ambiguous and keeps the entry', async () => {
    const hb = world();
    // u6 holds city zz in family d and ab in family e; its entry ab\x00u6 follows e. Family d sorting first made it a
    // value-changed orphan and zz\x00u6 missing.
    put(hb, 'users', 'u6', [['d', 'city', 'zz'], ['e', 'city', 'ab']], 900);
    put(hb, 'ix_city', 'ab\0u6', [['i', '_row', 'u6']], 900);
    const r = await checkIndex(hb.client(), index, { now: () => hb.clock, repair: { apply: true, minAgeMs: 0 } });
    expect([r.valid, r.orphan, r.missing, r.unindexable]).toEqual([1, 3, 1, 1]);
    expect(r.samples.unindexable).toEqual([{ indexRow: '', mainRow: 'u6', timestamp: 900, reason: 'ambiguous-family', message: 'field city is in families d, e; give --family' }]);
    expect(hb.visible('ix_city', enc.encode('ab\0u6'))).toBeDefined();
    expect(hb.visible('ix_city', enc.encode('zz\0u6'))).toBeUndefined();
  });

  it('judges covered values alike, and a row without the indexed field not at all', async () => {
    const hb = world();
    // u7: city ef (valid text), covered name the byte ff; its entry ef\x00u7 covering ff is left alone.
    // u8: name in families d and e; its entry gh\x00u8 covers the e value. u0: no city, name the byte fe: no entry.
    put(hb, 'users', 'u7', [['d', 'city', 'ef'], ['d', 'name', bytes([0xff])]], 700);
    put(hb, 'ix_city', 'ef\0u7', [['i', '_row', 'u7'], ['i', 'name', bytes([0xff])]], 700);
    put(hb, 'users', 'u8', [['d', 'city', 'gh'], ['d', 'name', 'Old'], ['e', 'name', 'New']], 710);
    put(hb, 'ix_city', 'gh\0u8', [['i', '_row', 'u8'], ['i', 'name', 'New']], 710);
    put(hb, 'users', 'u0', [['d', 'name', bytes([0xfe])]], 720);
    const r = await checkIndex(hb.client(), index, { now: () => hb.clock, repair: { apply: true, minAgeMs: 0 } });
    expect([r.mainRows, r.valid, r.orphan, r.missing, r.unindexable]).toEqual([6, 1, 3, 1, 2]);
    expect(r.samples.unindexable.map((s) => `${s.mainRow} ${s.reason}: ${s.message ?? ''}`)).toEqual([
      'u7 not-utf8: field name holds \\xFF, not UTF-8 text', 'u8 ambiguous-family: field name is in families d, e; give --family',
    ]);
    expect(r.repair).toMatchObject({ deleted: 2, put: 2, skipped: 0 });
    expect(hb.rows('ix_city').filter((x) => ['ef\0u7', 'gh\0u8'].includes(dec.decode(x.key))).map((x) => x.cells.map((c) => Buffer.from(c.value).toString('hex')).join(','))).toEqual([
      `${Buffer.from('u7').toString('hex')},ff`, `${Buffer.from('u8').toString('hex')},${Buffer.from('New').toString('hex')}`,
    ]);
  });
});
