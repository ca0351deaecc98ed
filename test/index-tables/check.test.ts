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
    expect(renderIndexCheck(dry)).toContain('  expired  0\n  conflict 5\nconflict samples:\n  a@x -> u1 at 500 (duplicate-value)\n');
    const yes = await checkIndex(hb.client(), EMAIL!, { now: () => hb.clock, repair: { apply: true, minAgeMs: 0 } });
    expect(yes.repair).toMatchObject({ put: 0, deleted: 0, skipped: 0 });
    expect(hb.calls.filter((c) => c.op !== 'scan')).toEqual([]);
  });
});
