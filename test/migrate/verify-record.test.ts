import { describe, expect, it } from 'vitest';
import { parseVerifyRecord, VERIFY_RECORD_FORMAT, verificationRefusal, verifyRecord } from '../../src/migrate/verify-record.js';
import type { VerifyReport } from '../../src/migrate/verify.js';
import { HotspotError } from '../../src/util/errors.js';

const side = { rows: 3, cells: 6, rowsPerTimeRange: [3], rowsPerBucket: [1, 2] };
const report: VerifyReport = {
  ok: true, old: side, new: side, countMismatches: [], sampledRows: 3, comparedCells: 6,
  differenceCounts: { 'row-missing': 0, 'cell-missing': 0, 'cell-value': 0, 'cell-extra': 0, 'newest-differs': 0 }, differences: [], unmappable: 0, unmappableCells: 0,
};
// 2024-03-08T00:00:00Z
const record = verifyRecord('events', 'events_v2', report, 1_709_856_000_000);
const text = (patch: Record<string, unknown>) => JSON.stringify({ ...record, ...patch });
const failure = (t: string) => {
  try {
    parseVerifyRecord(t, 'verified.json');
  } catch (err) {
    if (err instanceof HotspotError) return { code: err.code, field: err.where.field, message: err.message };
    throw err;
  }
  throw new Error('accepted');
};

describe('verification record', () => {
  it('reads back what verifyRecord wrote, and refuses a retirement before the read switch', () => {
    const back = parseVerifyRecord(JSON.stringify(record), 'verified.json');
    expect(back).toEqual(record);
    expect(back.format).toBe(VERIFY_RECORD_FORMAT);
    expect(back.verifiedAt).toBe('2024-03-08T00:00:00.000Z');
    expect(verificationRefusal(back, 'events', 1_709_856_000_000)).toBeUndefined();
    expect(verificationRefusal(back, 'events', 1_709_856_000_001)).toMatch(/before the read switch at 2024-03-08T00:00:00\.001Z/);
  });

  it('refuses a time JSON reads as Infinity or past 2^53, which would pass any switch time', () => {
    // 1e400 is Infinity in JSON.parse; before, such a record was accepted and allowed retiring the old table.
    expect(failure(text({}).replace('1709856000000', '1' + '0'.repeat(400)))).toMatchObject({ code: 'MIGRATE_VERIFY_RECORD_INVALID', field: 'verifiedAtMs' });
    expect(failure(text({ verifiedAtMs: 2 ** 53 }))).toMatchObject({ field: 'verifiedAtMs' });
    expect(failure(text({ verifiedAtMs: -1 }))).toMatchObject({ field: 'verifiedAtMs' });
    expect(failure(text({ verifiedAtMs: 1.5 }))).toMatchObject({ field: 'verifiedAtMs' });
  });

  it('names the field of the wrong kind', () => {
    expect(failure(text({ to: 7 }))).toMatchObject({ field: 'to' });
    expect(failure(text({ verifiedAt: null }))).toMatchObject({ field: 'verifiedAt' });
    expect(failure(text({ ok: 'yes' }))).toMatchObject({ field: 'ok' });
    expect(failure(text({ report: null }))).toMatchObject({ field: 'report' });
    // A record saying ok over a report that found differences is not one migrate verify wrote.
    expect(failure(text({ report: { ...report, ok: false } }))).toMatchObject({ field: 'report', message: expect.stringMatching(/verified\.json.*"report" must be the verification report/) });
    expect(failure('[]')).toMatchObject({ code: 'MIGRATE_VERIFY_RECORD_INVALID' });
    expect(failure('{"format": "other"}').message).toMatch(/not a verification record/);
  });
});
