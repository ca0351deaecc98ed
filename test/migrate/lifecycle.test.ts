import { describe, expect, it } from 'vitest';
import { monthlyTableName, planPartitions, planTtl } from '../../src/migrate/lifecycle.js';

const NOW = Date.parse('2026-11-30T23:59:59Z');

describe('monthly partitions', () => {
  it('names tables by UTC month', () => {
    expect(monthlyTableName('events', Date.parse('2026-12-31T23:59:59Z'))).toBe('events_202612');
    expect(monthlyTableName('events', Date.parse('2027-01-01T00:00:00Z'))).toBe('events_202701');
  });
  it('creates the current and next months ahead and purges months past retention', () => {
    const plan = planPartitions({
      base: 'events', families: ['d'], nowMs: NOW, aheadMonths: 2, retentionMonths: 3,
      existing: ['events_202611', 'events_202608', 'events_202607', 'events_202512', 'other_202001', 'events_2026'],
    });
    // Nov 2026 exists; Dec 2026 and Jan 2027 are created. Kept: Aug..Nov 2026 (3 months before Nov); purged: older.
    expect(plan.create).toEqual(['events_202612', 'events_202701']);
    expect(plan.purge).toEqual(['events_202512', 'events_202607']);
    expect(plan.commands).toEqual([
      'create "events_202612", {NAME => "d"}',
      'create "events_202701", {NAME => "d"}',
      'disable "events_202512"', 'drop "events_202512"', 'disable "events_202607"', 'drop "events_202607"',
    ]);
  });
  it('refuses negative month counts', () => {
    expect(() => planPartitions({ base: 'e', families: ['d'], nowMs: NOW, aheadMonths: -1, retentionMonths: 1, existing: [] })).toThrow(expect.objectContaining({ code: 'LIFECYCLE_OPTION_INVALID' }));
  });
});

describe('planTtl', () => {
  it('rounds retention up to whole seconds per family, forever left out', () => {
    expect(planTtl('events', { d: 30 * 86_400_000, raw: 1500, meta: undefined })).toEqual([
      { family: 'd', ttlSeconds: 2_592_000, command: 'alter "events", {NAME => "d", TTL => 2592000}' },
      { family: 'raw', ttlSeconds: 2, command: 'alter "events", {NAME => "raw", TTL => 2}' },
      { family: 'meta', ttlSeconds: undefined, command: 'alter "events", {NAME => "meta", TTL => 2147483647}' },
    ]);
  });
  it('refuses a retention of zero or beyond the TTL range, naming the family', () => {
    expect(() => planTtl('events', { d: 0 })).toThrow(expect.objectContaining({ code: 'LIFECYCLE_OPTION_INVALID', message: expect.stringContaining('"d"') }));
    expect(() => planTtl('events', { d: 2147483647 * 1000 })).toThrow(expect.objectContaining({ code: 'LIFECYCLE_OPTION_INVALID' }));
  });
});
