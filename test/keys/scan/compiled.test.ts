// Scan planning over templates built by the real template compiler.
import { describe, expect, it } from 'vitest';
import { compareBytes, toHex, toStringBinary } from '../../../src/bytes/index.js';
import { planScans, type ScanPlan } from '../../../src/keys/scan/index.js';
import { compileTemplate } from '../../../src/keys/template/index.js';

const show = (plan: ScanPlan) => plan.scans.map((s) => [toStringBinary(s.startRow), toStringBinary(s.stopRow)]);
const reads = (plan: ScanPlan, key: Uint8Array) =>
  plan.scans.some((s) => compareBytes(key, s.startRow) >= 0 && (s.stopRow.length === 0 || compareBytes(key, s.stopRow) < 0));

describe('planScans over compiled templates', () => {
  it('millisecond date: [from, to) in UTC digits', () => {
    const t = compileTemplate('{host}/{date(ts, "yyyyMMddHHmmssSSS")}');
    // 1000 ms = 1970-01-01 00:00:01.000; to - 1 = 1999 ms = ...00:00:01.999, prefix stop bumps the last 9 to ':'.
    const plan = planScans(t, { host: 'h1' }, { timeRange: { fromMs: 1000, toMs: 2000 } });
    expect(show(plan)).toEqual([['h1/19700101000001000', 'h1/1970010100000199:']]);
    expect(plan.exact).toBe(true);
    for (const ts of [999, 1000, 1999, 2000]) expect(reads(plan, t.encode({ host: 'h1', ts }))).toBe(ts >= 1000 && ts < 2000);
  });

  it('a day-granular date is not exact and says so', () => {
    const plan = planScans(compileTemplate('{date(ts, "yyyyMMdd")}_{id}'), {}, { timeRange: { fromMs: 1000, toMs: 2000 } });
    expect(show(plan)).toEqual([['19700101', '19700102']]);
    expect(plan.exact).toBe(false);
    expect(plan.notes[0]).toMatch(/coarser than a millisecond/);
  });

  it('reverseLong: start at MAX-(to-1), stop after MAX-from', () => {
    // MAX - 1999 = 0x7FFFFFFFFFFFF830, MAX - 1000 = 0x7FFFFFFFFFFFFC17 (+1 -> ...FC18).
    const plan = planScans(compileTemplate('{id}\\x00{reverseLong(ts)}'), { id: 'a' }, { timeRange: { fromMs: 1000, toMs: 2000 } });
    expect(plan.scans.map((s) => [toHex(s.startRow), toHex(s.stopRow)])).toEqual([['61007ffffffffffff830', '61007ffffffffffffc18']]);
  });

  it('a pad part before the time is not taken for the time field', () => {
    const plan = planScans(compileTemplate('{pad(shard, 3)}_{reverseTs(ts)}'), { shard: 7 }, { timeRange: { fromMs: 0, toMs: 1 } });
    expect(plan.timeField).toBe('ts');
    // to - 1 = 0 and from = 0 both give MAX itself.
    expect(show(plan)).toEqual([['007_9223372036854775807', '007_9223372036854775808']]);
  });

  it('an open number before the time is not taken for the time field: a row of shard 3 at ts 39 is read', () => {
    const t = compileTemplate('{id}_{pad(shard,2)}{long(ts)}');
    const plan = planScans(t, { id: 'a' }, { timeRange: { fromMs: 38, toMs: 44 } });
    expect(plan.timeField).toBe('ts');
    // The shard is unknown, so the range cannot bound: the whole prefix "a_", stopping at "a`" ("_" + 1).
    expect(show(plan)).toEqual([['a_', 'a`']]);
    expect(plan.exact).toBe(false);
    expect(plan.notes.join('\n')).toMatch(/the time range on ts could not bound the rows/);
    // "a_03" then 39 as 8 bytes.
    const row = t.encode({ id: 'a', shard: 3, ts: 39 });
    expect(toStringBinary(row)).toBe("a_03\\x00\\x00\\x00\\x00\\x00\\x00\\x00'");
    expect(reads(plan, row)).toBe(true);
  });

  it('OpenTSDB layouts: the range is on ts, written only through arithmetic, never on a tag UID', () => {
    const t = compileTemplate('{uint(metric,3)}{uint(tagk,3)}{uint(ts / 3600000 * 3600, 4)}');
    const plan = planScans(t, { metric: 1 }, { timeRange: { fromMs: 1_700_000_000_000, toMs: 1_700_003_600_000 } });
    expect(plan.timeField).toBe('ts');
    // Metric UID 1 as 3 bytes, up to the next UID.
    expect(show(plan)).toEqual([['\\x00\\x00\\x01', '\\x00\\x00\\x02']]);
    expect(plan.notes.join('\n')).toMatch(/the time range on ts could not bound the rows \(an unknown part comes first\)/);
    const hourFirst = compileTemplate('{uint(metric,3)}{uint(ts / 3600000 * 3600, 4)}{uint(tagk,3)}');
    const behind = planScans(hourFirst, { metric: 1 }, { timeRange: { fromMs: 0, toMs: 1 } });
    expect(behind.timeField).toBe('ts');
    expect(behind.notes.join('\n')).toMatch(/could not bound the rows \(\{uint\(ts \/ 3600000 \* 3600, 4\)\} is not a part a range is read from/);
  });

  it('a field written only through a salt, a hash prefix, arithmetic or a coarse date does not make the plan exact', () => {
    // "a".hashCode() = 97, 97 % 4 = 1; "e".hashCode() = 101, 101 % 4 = 1: both ids write bucket 01 and no other bytes.
    const salted = compileTemplate('{salt(id,4)}_{reverseTs(ts)}');
    const plan = planScans(salted, { id: 'a' }, { timeRange: { fromMs: 0, toMs: 10 } });
    expect(plan.exact).toBe(false);
    expect(plan.notes).toContain('id is written only through {salt(id,4)}, which other values of id share: rows with other values of id are also read; filter them');
    expect(reads(plan, salted.encode({ id: 'e', ts: 5 }))).toBe(true);
    // md5("a") = 0cc175b9...: only its first hex digit is in the key, which 1 in 16 ids share.
    expect(planScans(compileTemplate('{md5(id,1)}{long(ts)}'), { id: 'a' }).exact).toBe(false);
    // 1700000000000 ms and 1700000000999 ms share their second.
    const coarse = planScans(compileTemplate('{id}_{uint(ts / 1000, 8)}'), { id: 'a', ts: 1_700_000_000_000 });
    expect(coarse.notes.join('\n')).toMatch(/ts is written only through \{uint\(ts \/ 1000, 8\)\}/);
    expect(planScans(compileTemplate('{id}_{date(ts,"yyyyMMdd")}'), { id: 'a', ts: 1_700_000_000_000 }).exact).toBe(false);
    // The field's own bytes, or a whole hash, still pin it.
    expect(planScans(compileTemplate('{salt(id,4)}_{id}_{long(ts)}'), { id: 'a' }).exact).toBe(true);
    expect(planScans(compileTemplate('{sha256(id)}{long(ts)}'), { id: 'a' }).exact).toBe(true);
  });

  it('a time fixed in where and ranged too is refused, not ranged over an open number before it', () => {
    const t = compileTemplate('{pad(n,2)}{id}_{long(ts)}');
    expect(() => planScans(t, { id: 'a', ts: 6 }, { timeRange: { fromMs: 5, toMs: 8 } })).toThrow(
      expect.objectContaining({ code: 'SCAN_TIME_FIELD', message: 'ts is fixed in --where and ranged by --from/--to; give one or the other' }),
    );
    const tsdb = compileTemplate('{uint(metric,3)}{uint(tagk,3)}{uint(ts / 3600000 * 3600, 4)}');
    expect(() => planScans(tsdb, { metric: 1, ts: 0 }, { timeRange: { fromMs: 0, toMs: 1 } })).toThrow(expect.objectContaining({ code: 'SCAN_TIME_FIELD' }));
    // A template with no ordered part at all still says so.
    expect(() => planScans(compileTemplate('{id}_{ts}'), { id: 'a' }, { timeRange: { fromMs: 0, toMs: 1 } })).toThrow(/has no time-ordered part/);
  });

  it('a fixed number before the time bounds it; a pad part alone still takes the range', () => {
    // 38 = 0x26, to - 1 = 43 = 0x2B, whose prefix stop is 0x2C.
    const fixed = planScans(compileTemplate('{pad(shard,2)}_{long(ts)}'), { shard: 7 }, { timeRange: { fromMs: 38, toMs: 44 } });
    expect(fixed.scans.map((s) => [toHex(s.startRow), toHex(s.stopRow)])).toEqual([['30375f0000000000000026', '30375f000000000000002c']]);
    const padded = planScans(compileTemplate('{id}_{pad(at,13)}'), { id: 'a' }, { timeRange: { fromMs: 38, toMs: 44 } });
    expect([padded.timeField, show(padded)]).toEqual(['at', [['a_0000000000038', 'a_0000000000044']]]);
  });

  it('opentsdbSalt with the default 4-byte time over an 8-byte long(ts) cannot be trusted: fan out and say why', () => {
    const t = compileTemplate('{opentsdbSalt(20, 1)}\\x00\\x00\\x01{long(ts)}\\x00\\x00\\x01\\x00\\x00\\x01');
    const plan = planScans(t, {}, { timeRange: { fromMs: 0, toMs: 10 } });
    expect(plan.scans).toHaveLength(20);
    expect(plan.notes.join('\n')).toMatch(/changes with the time/);
    const right = planScans(compileTemplate('{opentsdbSalt(20, 1, 3, 8)}\\x00\\x00\\x01{long(ts)}\\x00\\x00\\x01\\x00\\x00\\x01'), {}, { timeRange: { fromMs: 0, toMs: 10 } });
    expect(right.scans).toHaveLength(1);
    expect(toHex(right.scans[0]?.startRow ?? new Uint8Array())).toBe('080000010000000000000000');
  });
});
