// `lifecycle partitions|ttl` through the CLI: the exact shell commands of a dry run, the JSON plan, and errors that
// name the option. Month arithmetic and TTL rounding are checked in test/migrate/lifecycle.test.ts.
import { describe, expect, it } from 'vitest';
import { runCapture } from './run-cli.js';

const NOW = ['--now', '2026-11-30T12:00:00Z'];

describe('lifecycle partitions', () => {
  it('prints the creates ahead and the drops past retention, and runs nothing without --yes', async () => {
    const r = await runCapture(['lifecycle', 'partitions', '--base', 'events', '--family', 'd:VERSIONS=1,COMPRESSION=SNAPPY', '--ahead', '2', '--retention', '3',
      '--existing', 'events_202611,events_202608,events_202607', '--existing', 'events_202512,other_202001', ...NOW]);
    expect(r.code).toBe(0);
    // November exists; December and January are created; August to November kept (3 months before November); older dropped.
    expect(r.out).toBe([
      `create "events_202612", {NAME => "d", VERSIONS => 1, COMPRESSION => 'SNAPPY'}`,
      `create "events_202701", {NAME => "d", VERSIONS => 1, COMPRESSION => 'SNAPPY'}`,
      'disable "events_202512"', 'drop "events_202512"', 'disable "events_202607"', 'drop "events_202607"', '',
    ].join('\n'));
    expect(r.err).toBe('dry run: pass --yes to run these commands\n');
  });

  it('without a table list creates every month of the window and says so; --json prints the plan', async () => {
    const r = await runCapture(['lifecycle', 'partitions', '--base', 'm', '--family', 'd', '--ahead', '1', ...NOW, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ create: ['m_202611', 'm_202612'], purge: [], commands: ['create "m_202611", {NAME => "d"}', 'create "m_202612", {NAME => "d"}'] });
    expect(r.err).toContain('no --rest, --zk or --existing: no table is known to exist');
  });

  it('pre-splits new monthly tables on the salt buckets of --template', async () => {
    const r = await runCapture(['lifecycle', 'partitions', '--base', 'ev', '--family', 'd', '--ahead', '0', '--template', '{salt(id,4)}_{id}_{ts}', '--existing', 'ev_202610', ...NOW]);
    expect(r.out).toBe('create "ev_202611", {NAME => "d"}, {SPLITS => ["01_", "02_", "03_"]}\n');
    const bad = await runCapture(['lifecycle', 'partitions', '--base', 'ev', '--family', 'd', '--template', '{id}', ...NOW]);
    expect(bad.err).toBe('hbase-hotspot: --template: "{id}" does not start with a salt or bucket prefix to pre-split on; put e.g. {salt(id,16)} first, or leave out --template\n');
    expect((await runCapture(['lifecycle', 'partitions', '--base', 'ev', '--family', 'd', '--regions-per-bucket', '2', ...NOW])).err).toContain('--regions-per-bucket needs --template');
  });

  it('--regions-per-bucket: a number or time after the salt is refused, a text part cut with its caveat, never pointing to a --samples it lacks', async () => {
    const base = ['lifecycle', 'partitions', '--base', 'ev', '--family', 'd', '--ahead', '0', '--regions-per-bucket', '2', '--existing', 'ev_202610', ...NOW];
    const remedy = 'use more salt buckets with 1 region each (--regions-per-bucket 1): this command cuts buckets evenly, with no sampled keys to cut at';
    const number = await runCapture([...base, '--template', '{salt(id,4)}_{long(n)}']);
    expect([number.code, number.out]).toEqual([2, '']);
    expect(number.err).toContain('"{long(n)}" at template position 13, is a number');
    expect(number.err.trimEnd().endsWith(remedy)).toBe(true);
    const time = await runCapture([...base, '--template', '{salt(id,2)}_{reverseTs(ts)}']);
    expect([time.code, time.err.includes('is a time'), time.err.trimEnd().endsWith(remedy)]).toEqual([2, true, true]);
    // text: each bucket cut at the middle of printable ASCII, (0x20 + 0x7E) / 2 = 0x4F "O"
    const text = await runCapture([...base, '--template', '{salt(id,2)}_{id}']);
    expect([text.code, text.out]).toEqual([0, 'create "ev_202611", {NAME => "d"}, {SPLITS => ["00_O", "01_", "01_O"]}\n']);
    expect(text.err).toContain(`warning: each salt bucket is cut evenly into 2 regions over "{id}" at template position 13`);
    expect(text.err).toContain(remedy);
    for (const r of [number, time, text]) expect(r.err).not.toContain('--samples');
  });

  it('--existing takes a comma-separated list, options after it stay options, and names are checked', async () => {
    // the issue's own command: --now after --existing plans for November 2026, not for the clock's June
    const r = await runCapture(['lifecycle', 'partitions', '--base', 'events', '--family', 'd', '--ahead', '0', '--retention', '1', '--existing', 'events_202609,events_202611', '--now', '2026-11-30T12:00:00Z', '--json']);
    expect([r.code, JSON.parse(r.out).create, JSON.parse(r.out).purge]).toEqual([0, [], ['events_202609']]);
    // default:events_202609 is events_202609 (HBase's TableName.valueOf): the same plan, named without the namespace
    const plain = await runCapture(['lifecycle', 'partitions', '--base', 'events', '--family', 'd', '--ahead', '0', '--retention', '1', '--existing', 'default:events_202609,default:events_202611', '--now', '2026-11-30T12:00:00Z', '--json']);
    expect([plain.code, JSON.parse(plain.out).create, JSON.parse(plain.out).purge]).toEqual([0, [], ['events_202609']]);
    const bad = await runCapture(['lifecycle', 'partitions', '--base', 'events', '--family', 'd', '--existing', 'events_202610,--now', ...NOW]);
    expect([bad.code, bad.err]).toEqual([2, 'hbase-hotspot: --existing: "--now" is not a table name (letters, digits, _ - . after an optional namespace:); give the existing tables comma-separated, e.g. --existing events_202610,events_202611\n']);
    expect((await runCapture(['lifecycle', 'partitions', '--base', 'events', '--family', 'd', '--existing', 'events 202610', ...NOW])).code).toBe(2);
  });

  it('plans for the month of the clock when --now is left out, across a year end', async () => {
    const plan = async (iso: string) => JSON.parse((await runCapture(['lifecycle', 'partitions', '--base', 'm', '--family', 'd', '--ahead', '1', '--retention', '1', '--existing', 'm_202611', '--json'], '', Date.parse(iso))).out);
    // The last second of December and the first of January plan for different months and years.
    expect(await plan('2026-12-31T23:59:59Z')).toEqual({ create: ['m_202612', 'm_202701'], purge: [], commands: ['create "m_202612", {NAME => "d"}', 'create "m_202701", {NAME => "d"}'] });
    expect(await plan('2027-01-01T00:00:00Z')).toEqual({ create: ['m_202701', 'm_202702'], purge: ['m_202611'], commands: ['create "m_202701", {NAME => "d"}', 'create "m_202702", {NAME => "d"}', 'disable "m_202611"', 'drop "m_202611"'] });
  });

  it('names the option of a bad month count, a bad date or missing families', async () => {
    const bad = async (...args: string[]) => (await runCapture(['lifecycle', 'partitions', '--base', 'm', ...args])).err;
    expect(await bad('--family', 'd', '--ahead', '-1')).toBe('hbase-hotspot: --ahead: "-1" is not a whole number of months, 0 or more\n');
    expect(await bad('--family', 'd', '--now', 'soon')).toBe('hbase-hotspot: --now: "soon" is not a date, or names a day or time that does not exist; write e.g. 2026-11-30T12:00:00Z\n');
    expect(await bad()).toContain('--family: give the new tables\' column families');
    expect(await bad('--family', 'd', '--rest', 'http://127.0.0.1:9', '--existing', 'a')).toContain('either --rest or --existing');
  });
});

describe('lifecycle ttl', () => {
  it('prints one alter per family with a retention, TTL rounded up to whole seconds', async () => {
    const r = await runCapture(['lifecycle', 'ttl', '--table', 'events', '--retention', 'd=90d', '--retention', 'raw=1h30m', '--retention', 'meta=forever']);
    expect(r.code).toBe(0);
    // 90 d = 7,776,000 s; 1 h 30 m = 5,400 s.
    // forever is HBase's FOREVER, Integer.MAX_VALUE seconds, which also clears an earlier TTL.
    expect(r.out).toBe('alter "events", {NAME => "d", TTL => 7776000}\nalter "events", {NAME => "raw", TTL => 5400}\nalter "events", {NAME => "meta", TTL => 2147483647}\n');
    expect(r.err).toBe('dry run: pass --yes to run these commands\n');
  });

  it('names the bad item', async () => {
    const err = async (...args: string[]) => (await runCapture(['lifecycle', 'ttl', '--table', 'events', ...args])).err;
    expect(await err('--retention', 'd')).toBe('hbase-hotspot: --retention: "d" is not FAMILY=DURATION; write e.g. d=90d or meta=forever\n');
    expect(await err('--retention', 'd=1d', '--retention', 'd=2d')).toBe('hbase-hotspot: --retention: column family "d" is given twice\n');
    expect(await err('--retention', 'd=soon')).toContain('"soon" is not a duration');
    expect(await err('--retention', 'b@d=1d')).toBe('hbase-hotspot: --retention: "b@d" is not a column family name (letters, digits, \'_\', \'-\' and \'.\')\n');
    expect(await err('--retention', 'd=90')).toBe('hbase-hotspot: --retention: "d=90": give the retention with its unit, e.g. d=90d or d=90h (a bare number would be seconds)\n');
    expect(await err('--retention', 'd=0s')).toContain('a retention must be above 0');
    // 25000 days = 2,160,000,000 s, past the Java int TTL; 2147483646 s = 24855 whole days is the longest
    expect(await err('--retention', 'd=25000d')).toBe('hbase-hotspot: --retention: "d=25000d": a TTL is at most 2147483646 seconds (24855 days; 2147483647 is FOREVER); write d=forever to keep cells forever\n');
    expect(await err('--retention', 'd=1d', '--yes')).toContain('--yes needs --rest URL');
    expect(await err('--retention', 'd=1d', '--yes', '--json', '--rest', 'http://127.0.0.1:9')).toContain('--json prints the plan and runs nothing');
    expect(await err()).toContain('give at least one FAMILY=DURATION');
  });
});
