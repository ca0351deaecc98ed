/**
 * The verification record `migrate verify --record verify.json` writes and `migrate retire --verified verify.json`
 * requires: which tables were compared, when, and whether every count and sampled cell agreed. Retiring the old
 * table is only allowed on a passing verification taken after the read switch, so nothing written to the old table
 * between the check and the switch is lost with it.
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';
import { jsonErrorText } from '../util/input-text.js';
import type { VerifyReport } from './verify.js';

/** The record's format tag. */
export const VERIFY_RECORD_FORMAT = 'hbase-hotspot-verify/1';

/** A saved verification. */
export interface VerifyRecord {
  readonly format: typeof VERIFY_RECORD_FORMAT;
  /** The old table (`--from`) and the new one (`--to`). */
  readonly from: string;
  readonly to: string;
  /** When the verification finished, epoch ms, and the same as an ISO time. */
  readonly verifiedAtMs: number;
  readonly verifiedAt: string;
  /** True when every count and every sampled cell agreed. */
  readonly ok: boolean;
  /** The whole report, as `migrate verify --json` prints it. */
  readonly report: VerifyReport;
}

/** The record of a verification of `from` → `to` that finished at `nowMs`. */
export function verifyRecord(from: string, to: string, report: VerifyReport, nowMs: number): VerifyRecord {
  return { format: VERIFY_RECORD_FORMAT, from, to, verifiedAtMs: nowMs, verifiedAt: new Date(nowMs).toISOString(), ok: report.ok, report };
}

/**
 * Parses a record's JSON text.
 * @param file - its name, for messages.
 * @throws HotspotError `MIGRATE_VERIFY_RECORD_INVALID` for text that is not a verification record: not JSON, another
 *   format, or a field of the wrong kind (named: `from`, `to`, `verifiedAt` not text; `verifiedAtMs` not a whole number
 *   from 0 to 2^53 - 1; `ok` not a boolean; `report` not an object whose `ok` equals the record's).
 */
export function parseVerifyRecord(text: string, file: string): VerifyRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new HotspotError('MIGRATE_VERIFY_RECORD_INVALID', `not valid JSON (${jsonErrorText(cause)}); give the file migrate verify --record wrote`, { file, cause });
  }
  const r = value as Partial<VerifyRecord> | null;
  if (r === null || typeof r !== 'object' || Array.isArray(r) || r.format !== VERIFY_RECORD_FORMAT) {
    throw new HotspotError('MIGRATE_VERIFY_RECORD_INVALID', `not a verification record (format "${VERIFY_RECORD_FORMAT}" with from, verifiedAtMs and ok); give the file migrate verify --record wrote`, { file });
  }
  const wrong = (field: string, want: string) =>
    new HotspotError('MIGRATE_VERIFY_RECORD_INVALID', `"${field}" must be ${want}; give the file migrate verify --record wrote, unchanged`, { file, field });
  if (typeof r.from !== 'string') throw wrong('from', 'the verified table\'s name');
  if (typeof r.to !== 'string') throw wrong('to', 'the new table\'s name');
  // A time past 2^53 (or a 400-digit one, which JSON reads as Infinity) would pass any read switch's check.
  if (typeof r.verifiedAtMs !== 'number' || !Number.isSafeInteger(r.verifiedAtMs) || r.verifiedAtMs < 0) throw wrong('verifiedAtMs', 'a time in ms since 1970 (a whole number from 0 to 2^53 - 1)');
  if (typeof r.verifiedAt !== 'string') throw wrong('verifiedAt', 'the time as ISO-8601 text');
  if (typeof r.ok !== 'boolean') throw wrong('ok', 'true or false');
  if (r.report === null || typeof r.report !== 'object' || typeof r.report.ok !== 'boolean' || r.report.ok !== r.ok) throw wrong('report', 'the verification report, its "ok" equal to the record\'s');
  return r as VerifyRecord;
}

/**
 * Why `record` does not allow retiring `table` switched at `switchedAtMs`, or undefined when it does: it must be of
 * that table, passing (no count or sampled cell differed), and taken at or after the read switch.
 */
export function verificationRefusal(record: VerifyRecord, table: string, switchedAtMs: number): string | undefined {
  if (record.from !== table) return `it verified "${record.from}", not "${table}"`;
  if (!record.ok) return `it found differences (migrate verify exited 1); fix them and verify again`;
  if (record.verifiedAtMs < switchedAtMs) {
    return `it was taken at ${record.verifiedAt}, before the read switch at ${new Date(switchedAtMs).toISOString()}; writes after it are unchecked: verify again`;
  }
  return undefined;
}
