import { describe, expect, it } from 'vitest';
import { compareBytes, toHex, toStringBinary } from '../../../src/bytes/index.js';
import { planScans, type ScanPlan } from '../../../src/keys/scan/index.js';
import { field, following, lit, long, reverseTs, salt, template, text } from './hand-template.js';
import { compileTemplate } from '../../../src/keys/template/index.js';

const show = (plan: ScanPlan) => plan.scans.map((s) => [toStringBinary(s.startRow), toStringBinary(s.stopRow)]);
const reads = (plan: ScanPlan, key: Uint8Array) =>
  plan.scans.some((s) => compareBytes(key, s.startRow) >= 0 && (s.stopRow.length === 0 || compareBytes(key, s.stopRow) < 0));

// {salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}
const device = template(salt('deviceId', 16), text('_'), field('deviceId'), text('_'), reverseTs('ts'));

describe('planScans: reverse-timestamp ranges', () => {
  // Hand computation: "d1".hashCode() = 100*31 + 49 = 3149; 3149 % 16 = 13 -> salt "0d".
  // Long.MAX_VALUE = 9223372036854775807; MAX - 1999 = 9223372036854773808; MAX - 1000 = 9223372036854774807.
  const plan = planScans(device, { deviceId: 'd1' }, { timeRange: { fromMs: 1000, toMs: 2000 } });

  it('starts at the newest included row (to - 1) and stops after the oldest (from)', () => {
    expect(show(plan)).toEqual([['0d_d1_9223372036854773808', '0d_d1_9223372036854774808']]);
    expect(plan.exact).toBe(true);
    expect(plan.timeField).toBe('ts');
    expect(plan.timeRange).toBeUndefined();
  });

  it('reads the row at exactly from and not the row at to', () => {
    const key = (ts: number) => device.encode({ deviceId: 'd1', ts });
    expect(reads(plan, key(1000))).toBe(true);
    expect(reads(plan, key(1999))).toBe(true);
    expect(reads(plan, key(2000))).toBe(false);
    expect(reads(plan, key(999))).toBe(false);
    for (let ts = 900; ts < 2100; ts++) expect(reads(plan, key(ts))).toBe(ts >= 1000 && ts < 2000);
  });

  it('open ends read to the edge of the device prefix', () => {
    expect(show(planScans(device, { deviceId: 'd1' }, { timeRange: { fromMs: 1000 } }))).toEqual([
      ['0d_d1_', '0d_d1_9223372036854774808'],
    ]);
    expect(show(planScans(device, { deviceId: 'd1' }, { timeRange: { toMs: 2000 } }))).toEqual([
      ['0d_d1_9223372036854773808', '0d_d1`'],
    ]);
  });

  it('carries the cell time range only when cells hold the row time', () => {
    const p = planScans(device, { deviceId: 'd1' }, { timeRange: { fromMs: 1000, toMs: 2000 }, cellTimestamps: true });
    expect(p.timeRange).toEqual({ fromMs: 1000, toMs: 2000 });
  });
});

describe('planScans: ascending long times and 0xFF runs', () => {
  // {tenant}\x00{long(ts)}: long(511) = 00 00 00 00 00 00 01 FF; its prefix stop drops the FF and bumps 01 -> 02.
  const t = template(field('tenant'), lit('00'), long('ts'));

  it('stop row is the prefix stop of the last included time', () => {
    const plan = planScans(t, { tenant: 'a' }, { timeRange: { fromMs: 256, toMs: 512 } });
    expect(plan.scans.map((s) => [toHex(s.startRow), toHex(s.stopRow)])).toEqual([['61000000000000000100', '610000000000000002']]);
    const key = (ts: number) => t.encode({ tenant: 'a', ts });
    expect([255, 256, 511, 512].map((ts) => reads(plan, key(ts)))).toEqual([false, true, true, false]);
  });

  it('a prefix ending in 0xFF bytes stops at the next byte up; all 0xFF reads to the end of the table', () => {
    expect(show(planScans(template(lit('61ffff'), field('id')), {}))).toEqual([['a\\xFF\\xFF', 'b']]);
    expect(show(planScans(template(lit('ffff'), field('id')), {}))).toEqual([['\\xFF\\xFF', '']]);
  });
});

describe('planScans: salts', () => {
  it('unknown salt inputs give one scan per bucket, in bucket order', () => {
    const plan = planScans(template(salt('deviceId', 4), text('_'), field('deviceId')), {});
    expect(show(plan)).toEqual([
      ['00_', '00`'],
      ['01_', '01`'],
      ['02_', '02`'],
      ['03_', '03`'],
    ]);
    expect(plan.salt).toEqual({ part: 0, offsetBytes: 0, widthBytes: 2, buckets: 4 });
    expect(plan.scans.map((s) => s.bucket)).toEqual([0, 1, 2, 3]);
  });

  it('a time range behind an unknown part cannot bound rows and says so', () => {
    const plan = planScans(device, {}, { timeRange: { fromMs: 1000, toMs: 2000 } });
    expect(plan.scans).toHaveLength(16);
    expect(plan.exact).toBe(false);
    expect(plan.notes.join('\n')).toMatch(/time range on ts could not bound the rows/);
  });

  it('a full key is one point scan', () => {
    const plan = planScans(device, { deviceId: 'd1', ts: 1000 });
    expect(show(plan)).toEqual([['0d_d1_9223372036854774807', '0d_d1_9223372036854774807\\x00']]);
    expect(plan.exact).toBe(true);
  });

  it('Phoenix salt over the following bytes: known when they are, fanned out otherwise', () => {
    const t = template(following('phoenixSalt', 8), field('tenant'), lit('00'), field('id'));
    // Arrays.hashCode("t1\0i1") by hand: 1 -> 147 -> 4606 -> 142786 -> 4426471 -> 137220650; % 8 = 2.
    expect(show(planScans(t, { tenant: 't1', id: 'i1' }))).toEqual([['\\x02t1\\x00i1', '\\x02t1\\x00i1\\x00']]);
    const fan = planScans(t, { tenant: 't1' });
    expect(show(fan)[7]).toEqual(['\\x07t1\\x00', '\\x07t1\\x01']);
    expect(fan.scans).toHaveLength(8);
  });

  it('HBaseWD fan-out also reads the stray prefix of Integer.MIN_VALUE hashes', () => {
    const plan = planScans(template(following('hbasewdPrefix', 3), field('id')), {});
    expect(show(plan)).toEqual([
      ['\\x00', '\\x01'],
      ['\\x01', '\\x02'],
      ['\\x02', '\\x03'],
      ['\\xFE', '\\xFF'],
    ]);
    expect(plan.exact).toBe(true);
    expect(plan.notes[0]).toMatch(/prefix byte 254/);
  });

  it('a known Phoenix salt after an unknown salt is read at the right offset', () => {
    // {salt(a,2)}{phoenixSalt(8)}t1\x00i1 with a unknown: the Phoenix byte over "t1\0i1" is 0x02 (hand computed above).
    const t = template(salt('a', 2), following('phoenixSalt', 8), text('t1'), lit('00'), text('i1'));
    expect(show(planScans(t, {}))).toEqual([
      ['00\\x02t1\\x00i1', '00\\x02t1\\x00i1\\x00'],
      ['01\\x02t1\\x00i1', '01\\x02t1\\x00i1\\x00'],
    ]);
  });

  it('OpenTSDB salt leaves the time out, so a series is known without its time', () => {
    // Metric 000001, tags 000001=000001: salt 0x08 with 20 buckets (OpenTSDB TestRowKey).
    const t = template(following('opentsdbSalt', 20), lit('000001'), long('ts'), lit('000001000001'));
    const plan = planScans(t, {}, { timeRange: { fromMs: 0, toMs: 256 } });
    // Stop: long(255) = 00 00 00 00 00 00 00 FF; the prefix stop drops the FF and bumps the 00 before it to 01.
    expect(plan.scans.map((s) => [toHex(s.startRow), toHex(s.stopRow)])).toEqual([['080000010000000000000000', '0800000100000000000001']]);
  });
});

describe('planScans: inexact plans explain themselves', () => {
  it('a known field after the range part is noted', () => {
    const t = template(field('metric'), lit('00'), reverseTs('ts'), lit('00'), field('host'));
    const plan = planScans(t, { metric: 'cpu', host: 'h1' }, { timeRange: { fromMs: 1, toMs: 2 } });
    expect(plan.exact).toBe(false);
    expect(plan.notes).toEqual([
      expect.stringMatching(/rows with other values of host are also read/),
      // the plan is not exact anyway: the delimiter is a further caveat, not a condition of exactness
      'also, if a value of metric holds "\\x00", rows whose metric starts with the given value followed by "\\x00" share the prefix and are read too',
    ]);
  });

  it('a field of varying width before its delimiter in a plan that is not exact anyway: an added caveat, not a condition of exactness', () => {
    // the shard before the time is unknown, so the time range bounds nothing and the plan is not exact; before, the
    // delimiter note under "not exact" read "exact only while no id value holds ..."
    const plan = planScans(compileTemplate('{id}_{pad(shard,2)}{long(ts)}'), { id: 'a' }, { timeRange: { fromMs: 0, toMs: 1000 } });
    expect(plan.exact).toBe(false);
    expect(plan.notes).toEqual([
      'the time range on ts could not bound the rows (an unknown part comes first): filter on the key',
      'also, if a value of id holds "_", rows whose id starts with the given value followed by "_" share the prefix and are read too',
    ]);
  });

  it('a field of varying width before its delimiter: exact only while no value holds the delimiter', () => {
    // tenant "acme_eu" writes "acme_eu_..." under the prefix "acme_" of tenant "acme"
    const t = compileTemplate('{tenant}_{id}');
    const plan = planScans(t, { tenant: 'acme' });
    expect(plan.scans.map((s) => [toStringBinary(s.startRow), toStringBinary(s.stopRow)])).toEqual([['acme_', 'acme`']]);
    expect(plan.exact).toBe(true);
    expect(plan.notes).toEqual(['exact only while no tenant value holds "_": rows whose tenant starts with the given value followed by "_" share the prefix and are read too']);
    expect(compareBytes(t.encode({ tenant: 'acme_eu', id: '7' }), plan.scans[0]!.startRow)).toBeGreaterThan(0);
    expect(compareBytes(t.encode({ tenant: 'acme_eu', id: '7' }), plan.scans[0]!.stopRow)).toBeLessThan(0);
    // a fixed-width field has no such caveat, nor one whose values the caller knows never hold the delimiter
    expect(planScans(compileTemplate('{pad(n,4)}_{id}'), { n: 12 }).notes).toEqual([]);
    expect(planScans(t, { tenant: 'acme' }, { neverHolds: (f, d) => f === 'tenant' && d === '_' }).notes).toEqual([]);
  });

  it('a field read only by a salt before the stop still needs filtering', () => {
    const t = template(salt('deviceId', 16), text('_'), field('region'), text('_'), field('deviceId'));
    const plan = planScans(t, { deviceId: 'd1' });
    expect(show(plan)).toEqual([['0d_', '0d`']]);
    expect(plan.notes).toEqual([expect.stringMatching(/rows with other values of deviceId are also read/)]);
  });

  it('a variable-width field with no delimiter after it is noted', () => {
    const plan = planScans(template(field('tenant'), field('id')), { tenant: 't1' });
    expect(show(plan)).toEqual([['t1', 't2']]);
    expect(plan.notes[0]).toMatch(/merely starts with/);
  });
});

describe('planScans errors', () => {
  it('a --where field the template does not read', () => {
    expect(() => planScans(device, { device: 'd1' })).toThrow(expect.objectContaining({ code: 'SCAN_FIELD_UNKNOWN' }));
    expect(() => planScans(device, { device: 'd1' })).toThrow(/"device" is not read by template .* its fields are: deviceId, ts/);
  });

  it('a time range on a template without a time part', () => {
    expect(() => planScans(template(field('id')), {}, { timeRange: { fromMs: 1 } })).toThrow(
      expect.objectContaining({ code: 'SCAN_TIME_FIELD' }),
    );
  });

  it('the time field both fixed and ranged', () => {
    expect(() => planScans(device, { ts: 5 }, { timeRange: { fromMs: 1 } })).toThrow(/ts is fixed in --where and ranged/);
  });

  it.each([
    [{ fromMs: -1 }, /--from -1/],
    [{ toMs: 1.5 }, /--to 1.5/],
    [{ fromMs: 5, toMs: 5 }, /--from 5 \(1970-01-01T00:00:00.005Z\) is not below --to 5 \(1970-01-01T00:00:00.005Z\)/],
  ])('bad time range %o', (timeRange, message) => {
    expect(() => planScans(device, { deviceId: 'd1' }, { timeRange })).toThrow(message);
    expect(() => planScans(device, { deviceId: 'd1' }, { timeRange })).toThrow(expect.objectContaining({ code: 'TIME_RANGE_INVALID' }));
  });
});
