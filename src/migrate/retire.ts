/**
 * Retirement of the old table after the read switch: stop dual writes, keep the old table for an agreed period, then
 * `snapshot` it (the way back, until the snapshot is deleted), `disable` and `drop` it. Dry run by default: the
 * commands are printed, and run only when asked.
 *
 * @module
 */
import { checkTableName, disableTableCommand, dropTableCommand, rubyName } from '../hbase/shell/index.js';
import { HotspotError } from '../util/errors.js';

const DAY_MS = 86_400_000;

/**
 * The name of the snapshot taken before `table` is dropped at `nowMs` (`ns:t` becomes `ns_t`); without a time (a
 * plan written ahead), `<table>_retired`.
 */
export function retirementSnapshotName(table: string, nowMs?: number): string {
  return `${checkTableName(table).replace(':', '_')}_retired${nowMs === undefined ? '' : `_${nowMs}`}`;
}

/**
 * `snapshot 'T', 'T_retired_<nowMs>'` (HBase SnapshotManager, flush type; `clone_snapshot` brings the table back), then
 * `disable 'T'` and `drop 'T'`.
 * @throws HBaseShellError `SHELL_ARGUMENT_INVALID` for a bad table name.
 */
export function retirementCommands(table: string, nowMs?: number): string[] {
  return [`snapshot ${rubyName(checkTableName(table))}, ${rubyName(retirementSnapshotName(table, nowMs))}`, disableTableCommand(table), dropTableCommand(table)];
}

/** Whether the old table may be dropped now, and from when. */
export interface RetirementCheck {
  /** Earliest drop time, epoch ms. */
  readonly dropAfterMs: number;
  readonly due: boolean;
  /** {@link retirementCommands}: snapshot, disable, drop. */
  readonly commands: readonly string[];
}

/**
 * Checks the keep period: the old table may be dropped `keepDays` after the read switch.
 * @param switchedAtMs - when reads moved to the new table, epoch ms.
 * @throws HotspotError `MIGRATE_OPTION_INVALID` for a negative or fractional keep period, or a switch time that is not
 *   a time or lies after `nowMs`.
 */
export function checkRetirement(table: string, switchedAtMs: number, keepDays: number, nowMs: number): RetirementCheck {
  if (!Number.isInteger(keepDays) || keepDays < 0) {
    throw new HotspotError('MIGRATE_OPTION_INVALID', `--keep-days ${keepDays}: give a whole number of days, 0 or more`, { field: 'keepDays' });
  }
  if (!Number.isFinite(switchedAtMs)) throw new HotspotError('MIGRATE_OPTION_INVALID', 'give the read switch time as an ISO date, e.g. 2026-11-01T12:00:00Z', { field: '--switched-at' });
  if (switchedAtMs > nowMs) {
    throw new HotspotError('MIGRATE_OPTION_INVALID', `the read switch at ${new Date(switchedAtMs).toISOString()} is in the future; give when reads moved to the new table`, { field: '--switched-at' });
  }
  const dropAfterMs = switchedAtMs + keepDays * DAY_MS;
  return { dropAfterMs, due: nowMs >= dropAfterMs, commands: retirementCommands(table, nowMs) };
}
