import { describe, expect, it } from 'vitest';
import { checkpointFromJson, checkpointToJson } from '../../src/migrate/checkpoint.js';
import { templateKeyMap } from '../../src/migrate/key-map.js';
import { familiesFromSchema, planMigration } from '../../src/migrate/plan.js';
import { checkRetirement } from '../../src/migrate/retire.js';
import { namesFromClone, snapshotNames, snapshotSourceCommands } from '../../src/migrate/snapshot-source.js';
import type { HotspotError } from '../../src/util/errors.js';

const enc = new TextEncoder();
const dec = new TextDecoder();

describe('templateKeyMap', () => {
  it('decodes the old key and encodes the new one', () => {
    const { map } = templateKeyMap('{pad(ts,13)}_{deviceId}', '{salt(deviceId,8)}_{deviceId}_{pad(ts,13)}');
    // "d1".hashCode() = 3149, 3149 % 8 = 5.
    expect(dec.decode(map(enc.encode('1709856000000_d1')))).toBe('05_d1_1709856000000');
    expect(() => map(enc.encode('17_d1'))).toThrow(expect.objectContaining({ code: 'KEY_DECODE' }));
  });
  it('refuses an old key that does not decode and a new key needing other fields', () => {
    expect(() => templateKeyMap('{md5(id,8)}', '{id}')).toThrow(expect.objectContaining({ code: 'MIGRATE_OLD_NOT_DECODABLE' }));
    expect(() => templateKeyMap('{id}', '{salt(host,4)}_{id}')).toThrow(expect.objectContaining({ code: 'MIGRATE_FIELD_NOT_IN_OLD_KEY' }));
  });
  it('names the options the templates came from by default, and the places a caller gives', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (err) {
        return [(err as HotspotError).code, (err as HotspotError).where.field, (err as Error).message];
      }
      throw new Error('not refused');
    };
    const [code, field, message] = refusal(() => templateKeyMap('{md5(id,8)}', '{id}'));
    expect([code, field]).toEqual(['MIGRATE_OLD_NOT_DECODABLE', '--old-template']);
    // the option opens the message once, not again as a prefix
    expect(message).toMatch(/^--old-template "\{md5\(id,8\)\}" cannot be decoded back into fields \(/);
    expect(refusal(() => templateKeyMap('{id}', '{salt(host,4)}_{id}'))).toEqual([
      'MIGRATE_FIELD_NOT_IN_OLD_KEY',
      '--new-template',
      '--new-template "{salt(host,4)}_{id}" reads "host", which the old key "{id}" does not hold; the new key may use only fields of the old key (id)',
    ]);
    const named = { oldTemplate: 'plan.json (oldTemplate)', newTemplate: 'plan.json (newTemplate)' };
    const [, planField, planMessage] = refusal(() => templateKeyMap('{md5(id,8)}', '{id}', named));
    expect(planField).toBe('plan.json (oldTemplate)');
    expect(planMessage).toMatch(/^plan\.json \(oldTemplate\) "\{md5\(id,8\)\}" cannot be decoded/);
    expect(refusal(() => templateKeyMap('{id}', '{host}', named)).slice(0, 2)).toEqual(['MIGRATE_FIELD_NOT_IN_OLD_KEY', 'plan.json (newTemplate)']);
  });
});

describe('checkpoint file', () => {
  it('round-trips ranges with binary keys', () => {
    const cp = { source: 'a', target: 'b', rejects: 2, rejectsBytes: 240, ranges: [{ startKey: new Uint8Array(), endKey: Uint8Array.of(0xff, 0), done: false, lastRow: Uint8Array.of(0, 1), rows: 3, cells: 7 }] };
    const text = checkpointToJson(cp);
    expect(JSON.parse(text).ranges[0]).toEqual({ startKey: '', endKey: 'ff00', done: false, lastRow: '0001', rows: 3, cells: 7 });
    expect(checkpointFromJson(text, 'cp.json')).toEqual(cp);
  });
  it('names the file and field of a bad checkpoint', () => {
    const ok = JSON.parse(checkpointToJson({ source: 'a', target: 'b', rejects: 0, rejectsBytes: 0, ranges: [] })) as Record<string, unknown>;
    expect(() => checkpointFromJson('{', 'cp.json')).toThrow(expect.objectContaining({ code: 'MIGRATE_CHECKPOINT_INVALID', where: { file: 'cp.json' } }));
    expect(() => checkpointFromJson(JSON.stringify({ ...ok, format: 'x' }), 'cp.json')).toThrow(/"format"/);
    expect(() => checkpointFromJson(JSON.stringify({ ...ok, ranges: [{ startKey: 'zz', endKey: '', done: true, rows: 0, cells: 0 }] }), 'cp.json')).toThrow(/ranges\[0\]\.startKey/);
    expect(() => checkpointFromJson(JSON.stringify({ ...ok, ranges: [{ startKey: '', endKey: '', done: true, rows: -1, cells: 0 }] }), 'cp.json')).toThrow(/ranges\[0\]\.rows/);
    expect(() => checkpointFromJson(JSON.stringify({ ...ok, rejects: 'no' }), 'cp.json')).toThrow(/"rejects"/);
    expect(() => checkpointFromJson(JSON.stringify({ ...ok, rejectsBytes: -1 }), 'cp.json')).toThrow(/"rejectsBytes" must be a whole number >= 0/);
  });
  it('refuses null, a list, "ranges": [null] and counts past 2^53 - 1, naming the file once', () => {
    const ok = JSON.parse(checkpointToJson({ source: 'a', target: 'b', rejects: 0, rejectsBytes: 0, ranges: [] })) as Record<string, unknown>;
    const range = { startKey: '', endKey: '', done: false, rows: 0, cells: 0 };
    for (const [text, why] of [
      ['null', /holds null/],
      ['[]', /holds a list/],
      [JSON.stringify({ ...ok, ranges: [null] }), /ranges\[0\] must be an object/],
      [JSON.stringify({ ...ok, ranges: [{ ...range, rows: 1e300 }] }), /ranges\[0\]\.rows must be a whole number/],
      [JSON.stringify({ ...ok, rejects: 2 ** 53 }), /"rejects" must be a whole number/],
      [JSON.stringify({ ...ok, ranges: [{ ...range, startKey: '02', endKey: '01' }] }), /ranges\[0\] ends before it starts/],
      [JSON.stringify({ ...ok, ranges: [{ ...range, startKey: '02', lastRow: '01' }] }), /ranges\[0\]\.lastRow is before its startKey/],
    ] as const) {
      let err: unknown;
      try {
        checkpointFromJson(text, 'cp.json');
      } catch (e) {
        err = e;
      }
      expect(err).toMatchObject({ code: 'MIGRATE_CHECKPOINT_INVALID', where: { file: 'cp.json' } });
      const message = (err as Error).message;
      expect(message).toMatch(why);
      expect(message).toMatch(/fix or delete the file/);
      expect(message.split('cp.json')).toHaveLength(2);
    }
  });
});

const schema = {
  name: 'metrics',
  attributes: {},
  columns: [
    { name: 'd', attributes: { VERSIONS: '3', TTL: '86400', COMPRESSION: 'SNAPPY', BLOOMFILTER: 'ROW', BLOCKSIZE: '65536', BLOCKCACHE: 'true', IN_MEMORY: 'false' } },
    { name: 'm', attributes: { VERSIONS: '1', TTL: '2147483647' } },
  ],
};

describe('planMigration', () => {
  it('creates the new table with the old families, pre-split on the salt buckets', () => {
    expect(familiesFromSchema(schema)).toEqual([
      { name: 'd', versions: 3, ttlSeconds: 86400, compression: 'SNAPPY', bloomFilter: 'ROW', blockSizeBytes: 65536, blockCache: true, inMemory: false },
      { name: 'm', versions: 1 },
    ]);
    const plan = planMigration({ restUrl: 'http://rest:8080', from: 'metrics', to: 'metrics_v2', schema, keys: templateKeyMap('{pad(ts,13)}_{id}', '{salt(id,4)}_{id}_{pad(ts,13)}') });
    expect(plan.splitPoints).toEqual(['01_', '02_', '03_']);
    expect(plan.steps).toHaveLength(5);
    expect(plan.steps[0]?.shell[0]).toBe(
      `create "metrics_v2", {NAME => "d", VERSIONS => 3, TTL => 86400, COMPRESSION => 'SNAPPY', BLOOMFILTER => 'ROW', BLOCKSIZE => 65536, BLOCKCACHE => true, IN_MEMORY => false}, {NAME => "m", VERSIONS => 1}, {SPLITS => ["01_", "02_", "03_"]}`,
    );
    expect(plan.steps[4]?.shell).toEqual(['snapshot "metrics", "metrics_retired"', 'disable "metrics"', 'drop "metrics"']);
    expect(plan.steps[4]?.cli.join('\n')).toMatch(/verify .* --record metrics-verify\.json\n.*retire .* --verified metrics-verify\.json/);
  });
  it('the backfill step says dual writes start before the snapshot, compactions stay off, and when to use the MapReduce engine', () => {
    const plan = planMigration({ restUrl: 'http://rest:8080', from: 'metrics', to: 'metrics_v2', schema, keys: templateKeyMap('{pad(ts,13)}_{id}', '{salt(id,4)}_{id}_{pad(ts,13)}') });
    const notes = plan.steps[2]?.notes.join('\n') ?? '';
    expect(notes).toContain("Dual writes must be on before the backfill's snapshot is taken: a cell written to metrics after the snapshot and before dual writes started reaches neither copy and is lost.");
    expect(notes).toContain('alter "metrics_v2", COMPACTION_ENABLED => false');
    expect(notes).toContain('--engine mapreduce --hbase-conf DIR');
  });
  it('carries over the settings a real 2.6.4 gateway reported, and names the ones it does not', () => {
    // GET /schema_probe/schema of a table created with KEEP_DELETED_CELLS, MIN_VERSIONS, REPLICATION_SCOPE, MOB,
    // MAX_FILESIZE and DURABILITY set (family e left at the defaults); the plan's create, run in the shell, gave
    // the same schema back.
    const probe = {
      name: 'schema_probe',
      attributes: { IS_META: 'false', MAX_FILESIZE: '21474836480', 'hbase.store.file-tracker.impl': 'DEFAULT', DURABILITY: 'ASYNC_WAL', OWNER: 'ops' },
      columns: [
        { name: 'd', attributes: { INDEX_BLOCK_ENCODING: 'NONE', MOB_THRESHOLD: '102400', VERSIONS: '1', KEEP_DELETED_CELLS: 'TRUE', DATA_BLOCK_ENCODING: 'NONE', TTL: '2147483647', MIN_VERSIONS: '1', REPLICATION_SCOPE: '1', BLOOMFILTER: 'ROW', IN_MEMORY: 'false', IS_MOB: 'true', COMPRESSION: 'NONE', BLOCKCACHE: 'true', BLOCKSIZE: '65536' } },
        { name: 'e', attributes: { INDEX_BLOCK_ENCODING: 'NONE', VERSIONS: '1', KEEP_DELETED_CELLS: 'FALSE', DATA_BLOCK_ENCODING: 'NONE', TTL: '2147483647', MIN_VERSIONS: '0', REPLICATION_SCOPE: '0', BLOOMFILTER: 'ROW', IN_MEMORY: 'false', COMPRESSION: 'NONE', BLOCKCACHE: 'true', BLOCKSIZE: '65536', METADATA_X: 'y' } },
      ],
    };
    const plan = planMigration({ restUrl: 'u', from: 'schema_probe', to: 'schema_probe_v2', schema: probe, keys: templateKeyMap('{pad(ts,13)}_{id}', '{salt(id,4)}_{id}_{pad(ts,13)}') });
    expect(plan.steps[0]?.shell[0]).toBe(
      'create "schema_probe_v2", {NAME => "d", VERSIONS => 1, COMPRESSION => \'NONE\', BLOOMFILTER => \'ROW\', DATA_BLOCK_ENCODING => \'NONE\', BLOCKSIZE => 65536, BLOCKCACHE => true, IN_MEMORY => false, '
      + 'KEEP_DELETED_CELLS => "TRUE", MIN_VERSIONS => "1", REPLICATION_SCOPE => "1", IS_MOB => "true", MOB_THRESHOLD => "102400"}, '
      + '{NAME => "e", VERSIONS => 1, COMPRESSION => \'NONE\', BLOOMFILTER => \'ROW\', DATA_BLOCK_ENCODING => \'NONE\', BLOCKSIZE => 65536, BLOCKCACHE => true, IN_MEMORY => false}, '
      + '{SPLITS => ["01_", "02_", "03_"], MAX_FILESIZE => "21474836480", DURABILITY => "ASYNC_WAL"}',
    );
    expect(plan.steps[0]?.notes[1]).toBe('Not carried over (set them by hand if they matter): e.METADATA_X=y, OWNER=ops.');
  });
  it('pre-splits a hash-prefixed key over its digits, and leaves an entity-first key unsplit with advice', () => {
    const md5 = planMigration({ restUrl: 'u', from: 'a', to: 'b', schema, keys: templateKeyMap('{pad(ts,13)}_{id}', '{md5(id,4)}_{id}_{pad(ts,13)}') });
    // Four hex digits, 16 regions: HexStringSplit's 0x10000 / 16 = 0x1000 steps.
    expect(md5.splitPoints).toEqual(['1000', '2000', '3000', '4000', '5000', '6000', '7000', '8000', '9000', 'a000', 'b000', 'c000', 'd000', 'e000', 'f000']);
    expect(md5.steps[0]?.title).toBe('Create b, pre-split into 16 even ranges of its leading {md5(id,4)} digits');
    const entity = planMigration({ restUrl: 'u', from: 'a', to: 'b', schema, keys: templateKeyMap('{pad(ts,13)}_{id}', '{id}_{pad(ts,13)}') });
    expect(entity.splitPoints).toEqual([]);
    expect(entity.steps[0]?.notes[0]).toContain('pre-split it at sampled keys of the new form (hbase-hotspot splits --samples keys.txt --regions N)');
  });
  it('refuses an unreadable attribute', () => {
    expect(() => familiesFromSchema({ name: 't', attributes: {}, columns: [{ name: 'd', attributes: { VERSIONS: 'many' } }] })).toThrow(expect.objectContaining({ code: 'MIGRATE_SCHEMA_UNREADABLE' }));
  });
});

describe('checkRetirement', () => {
  const switched = Date.parse('2026-11-01T00:00:00Z');
  it('is due keepDays after the switch', () => {
    expect(checkRetirement('t', switched, 14, Date.parse('2026-11-14T23:59:59Z')).due).toBe(false);
    const due = checkRetirement('t', switched, 14, Date.parse('2026-11-15T00:00:00Z'));
    const now = Date.parse('2026-11-15T00:00:00Z');
    expect(due).toEqual({ dropAfterMs: now, due: true, commands: [`snapshot "t", "t_retired_${now}"`, 'disable "t"', 'drop "t"'] });
    // a namespaced table's snapshot name has no colon (HBase snapshot names are table qualifiers)
    expect(checkRetirement('ns:t', switched, 0, now).commands[0]).toBe(`snapshot "ns:t", "ns_t_retired_${now}"`);
  });
  it('refuses a bad keep period or switch time', () => {
    expect(() => checkRetirement('t', switched, -1, 0)).toThrow(expect.objectContaining({ code: 'MIGRATE_OPTION_INVALID' }));
    expect(() => checkRetirement('t', Number.NaN, 1, 0)).toThrow(expect.objectContaining({ code: 'MIGRATE_OPTION_INVALID' }));
  });
});

describe('snapshot source names', () => {
  it('names the snapshot and clone after the table and time, and recovers them from the clone', () => {
    const names = snapshotNames('ns:metrics', 1_700_000_000_000);
    expect(names).toEqual({ snapshot: 'ns_metrics_backfill_1700000000000', clone: 'ns_metrics_backfill_src_1700000000000' });
    expect(namesFromClone(names.clone)).toEqual(names);
    expect(namesFromClone('metrics')).toBeUndefined();
    expect(snapshotSourceCommands('ns:metrics', names)).toEqual([
      'snapshot "ns:metrics", "ns_metrics_backfill_1700000000000"',
      'clone_snapshot "ns_metrics_backfill_1700000000000", "ns_metrics_backfill_src_1700000000000"',
    ]);
  });
});
