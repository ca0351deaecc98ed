/**
 * Lifecycle helpers for time-series tables: monthly time-partitioned table names (`base_YYYYMM`, UTC), the tables to
 * create ahead and to purge past retention (as shell commands, dry run by default in the CLI), and TTL planning per
 * column family (HBase's `TTL` is seconds, per family; cells older than it are dropped at compaction and hidden from
 * reads before that).
 *
 * @module
 */
import { checkTableName, createTableCommand, disableTableCommand, dropTableCommand, rubyName, type ShellFamilySpec } from '../hbase/shell/index.js';
import { HotspotError } from '../util/errors.js';

/** Name of the monthly table holding `timeMs` (UTC): `base_YYYYMM`. */
export function monthlyTableName(base: string, timeMs: number): string {
  const d = new Date(timeMs);
  return `${checkTableName(base)}_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** What to do with the monthly tables of `base` now. */
export interface PartitionPlan {
  /** Tables of this month and the next `aheadMonths`, not yet present: create them. */
  readonly create: readonly string[];
  /** Present tables whose whole month ended more than `retentionMonths` months ago: drop them. */
  readonly purge: readonly string[];
  /** Shell commands: `create` for each table to create, `disable` + `drop` for each to purge. */
  readonly commands: readonly string[];
}

/** Inputs of {@link planPartitions}. */
export interface PartitionInput {
  readonly base: string;
  /** Column families of new monthly tables. */
  readonly families: readonly (string | ShellFamilySpec)[];
  /** Existing table names (all tables; those not `base_YYYYMM` are ignored). */
  readonly existing: readonly string[];
  readonly nowMs: number;
  /** Months created ahead of the current one (≥ 0). */
  readonly aheadMonths: number;
  /** Months kept before the current one (≥ 0): with 12, the table of 13 months ago is purged. */
  readonly retentionMonths: number;
  /** Split points of each new monthly table (e.g. `saltSplitPoints` of its key), so none starts as one region. */
  readonly splits?: readonly Uint8Array[];
}

const monthIndex = (year: number, month: number) => year * 12 + month;

/**
 * Plans monthly partitions: what to create ahead and what to purge.
 * @throws HotspotError `LIFECYCLE_OPTION_INVALID` for negative or fractional month counts; `SHELL_ARGUMENT_INVALID`
 *   for a bad base name.
 */
export function planPartitions(p: PartitionInput): PartitionPlan {
  for (const [field, v] of [['aheadMonths', p.aheadMonths], ['retentionMonths', p.retentionMonths]] as const) {
    if (!Number.isInteger(v) || v < 0) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `${field} ${v}: give a whole number of months, 0 or more`, { field });
  }
  checkTableName(p.base);
  const now = new Date(p.nowMs);
  const current = monthIndex(now.getUTCFullYear(), now.getUTCMonth());
  const present = new Set(p.existing);
  const create: string[] = [];
  for (let m = current; m <= current + p.aheadMonths; m++) {
    const name = monthlyTableName(p.base, Date.UTC(Math.floor(m / 12), m % 12, 1));
    if (!present.has(name)) create.push(name);
  }
  const re = new RegExp(`^${p.base.replace(/[.]/g, '\\.')}_(\\d{4})(\\d{2})$`);
  const purge = p.existing
    .filter((t) => {
      const m = re.exec(t);
      return m !== null && monthIndex(Number(m[1]), Number(m[2]) - 1) < current - p.retentionMonths;
    })
    .sort();
  const commands = [...create.map((t) => createTableCommand({ table: t, families: p.families, ...(p.splits?.length ? { splits: p.splits } : {}) })), ...purge.flatMap((t) => [disableTableCommand(t), dropTableCommand(t)])];
  return { create, purge, commands };
}

/** HBase's TTL meaning "keep forever" (`HConstants.FOREVER`, Integer.MAX_VALUE seconds). */
export const TTL_FOREVER = 2147483647;

/** A family's TTL plan. */
export interface TtlPlan {
  readonly family: string;
  /** `TTL` in seconds, or `undefined` for forever. */
  readonly ttlSeconds: number | undefined;
  /** `alter "T", {NAME => "f", TTL => n}`; forever is {@link TTL_FOREVER}, which also clears an earlier TTL. */
  readonly command: string;
}

/**
 * TTL per column family from retention in ms (`undefined` = keep forever). HBase's TTL is whole seconds up to
 * 2^31 - 1 (Integer.MAX_VALUE means forever), so retention is rounded UP to the next second.
 * @throws HotspotError `LIFECYCLE_OPTION_INVALID` naming the family for a retention ≤ 0 or beyond 2^31 - 2 seconds.
 */
export function planTtl(table: string, retentionMs: Readonly<Record<string, number | undefined>>): TtlPlan[] {
  checkTableName(table);
  return Object.entries(retentionMs).map(([family, ms]) => {
    if (ms === undefined) return { family, ttlSeconds: undefined, command: `alter ${rubyName(table)}, {NAME => ${rubyName(family)}, TTL => ${TTL_FOREVER}}` };
    const seconds = Math.ceil(ms / 1000);
    if (!(ms > 0) || seconds >= 2147483647) {
      throw new HotspotError('LIFECYCLE_OPTION_INVALID', `column family "${family}": retention ${ms} ms must be above 0 and under 2^31 - 1 seconds (about 68 years); leave it out to keep cells forever`, { field: family });
    }
    return { family, ttlSeconds: seconds, command: `alter ${rubyName(table)}, {NAME => ${rubyName(family)}, TTL => ${seconds}}` };
  });
}
