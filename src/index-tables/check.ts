/**
 * `index check`: compares a main table with one of its index tables, as Apache Phoenix's `IndexTool -v ONLY` does,
 * and optionally repairs the differences with check-and-mutate calls conditioned on what was read, so it is safe
 * while writers run.
 *
 * Both sides are scanned, the main table first: a writer puts an entry before its main row, so an entry whose main
 * value the main scan saw was already in the index when the index scan passed it (no false "missing"); an entry
 * written after the main scan passed its row shows as an orphan, which repair re-reads before touching.
 *
 * Entry states (each entry once):
 * - valid: the index row a main row's current values give, naming that main row, with the covered values it holds;
 * - orphan: an index row no main row backs: its main row is gone (`main-row-gone`), holds another value
 *   (`value-changed`), or holds other covered values (`covered-changed`); or the row has no `_row` cell;
 * - missing: a main row whose entry is not in the index;
 * - expired: an orphan whose main row's cells are past the main table's TTL, or a missing entry past the index
 *   table's TTL: the two tables' TTLs differ, not a write gone wrong;
 * - conflict (unique indexes): main rows holding one value, which a unique index maps to one index row: each of them
 *   once (`duplicate-value`), the index row naming one of them included; no repair can settle it;
 * - unindexable: a main row whose entry cannot be built from exactly what it holds (`not-utf8`, `unbuildable`,
 *   `ambiguous-family`, see `strictExpectedEntry`): no repair, and every index row naming it is left alone.
 *
 * @module
 */
import { compareBytes, equalBytes, toHex, toStringBinary } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import type { Cell, HBaseRestClient, TableSchema } from '../hbase/rest/index.js';
import { type CompiledIndex, MAIN_ROW_QUALIFIER } from './definition.js';
import { type ExpectedEntry, entryMatches, mainRowCell, strictExpectedEntry, type Unindexable, type UnindexableReason } from './entry.js';

/** Why an entry is an orphan or missing or expired. */
export type EntryReason = 'main-row-gone' | 'value-changed' | 'covered-changed' | 'no-main-row-cell' | 'not-in-index' | 'main-ttl' | 'index-ttl' | 'duplicate-value' | UnindexableReason;

/** One sampled entry: keys as HBase's `Bytes.toStringBinary` prints them, the entry's timestamp (epoch ms), why. */
export interface EntrySample {
  readonly indexRow: string;
  readonly mainRow: string;
  readonly timestamp: number;
  readonly reason: EntryReason;
  /** For an unindexable main row (`indexRow` empty): what could not be read or built. */
  readonly message?: string;
}

/** One repair: a conditioned delete of an orphan, or a conditioned put of a missing (or stale covered) entry. */
export interface RepairAction {
  readonly action: 'delete' | 'put';
  readonly indexRow: string;
  readonly mainRow: string;
  readonly reason: EntryReason;
  /** `planned` (dry run), `done`, or `skipped` with `why`. */
  readonly outcome: 'planned' | 'done' | 'skipped';
  readonly why?: string;
}

/** The repair part of a report. */
export interface RepairReport {
  /** False for a dry run: nothing was written. */
  readonly applied: boolean;
  /** Orphans deleted and entries put (0 on a dry run). */
  readonly deleted: number;
  readonly put: number;
  /** Repairs planned (dry run) or skipped (the row changed since it was read, or the orphan is younger than the minimum age). */
  readonly planned: number;
  readonly skipped: number;
  /** The first repairs, up to the sample count. */
  readonly actions: readonly RepairAction[];
}

/** The result of {@link checkIndex}; `--json` prints it as is. */
export interface IndexCheckReport {
  readonly table: string;
  readonly index: string;
  readonly indexTable: string;
  readonly unique: boolean;
  /** Rows scanned on each side. */
  readonly mainRows: number;
  readonly indexRows: number;
  /** Entry counts by state. */
  readonly valid: number;
  readonly orphan: number;
  readonly missing: number;
  readonly expired: number;
  /** Main rows sharing a value of a unique index with another main row (0 for a non-unique index). */
  readonly conflict: number;
  /** Main rows whose entry cannot be built from exactly what they hold (see {@link strictExpectedEntry}); their entries are left alone. */
  readonly unindexable: number;
  /** Up to the sample count of each non-valid state: the first by index row bytes, then main row bytes. */
  readonly samples: {
    readonly orphan: readonly EntrySample[]; readonly missing: readonly EntrySample[]; readonly expired: readonly EntrySample[];
    readonly conflict: readonly EntrySample[]; readonly unindexable: readonly EntrySample[];
  };
  /** Present when a repair was asked for. */
  readonly repair?: RepairReport;
}

/**
 * What {@link checkIndex} reads and writes through: the REST client ({@link HBaseRestClient}) or the native client's
 * process (`nativeTableClient` in `src/hbase/native/table-client.ts`, for `--zk`), which answer these calls alike.
 */
export type IndexCheckClient = Pick<HBaseRestClient, 'getSchema' | 'scan' | 'getRow' | 'checkAndPut' | 'checkAndDelete'>;

/** Options of {@link checkIndex}. */
export interface CheckIndexOptions {
  /** The main table's family holding the fields; every family when absent. */
  readonly family?: string;
  /** Where the definition came from (an index file, or `METADATA ... of T`), named in errors about it. */
  readonly source?: string;
  /** Samples kept per state; default 10. */
  readonly samples?: number;
  /** Clock, epoch ms (TTL and minimum-age decisions). */
  readonly now: () => number;
  /** Repair the orphans and missing entries found: `apply` false = plan only (dry run). */
  readonly repair?: { readonly apply: boolean; readonly minAgeMs: number };
}

/** A family's TTL in ms from its schema, `undefined` when it keeps cells forever. */
function ttlMs(schema: TableSchema, family: string | undefined): number | undefined {
  const ttls = schema.columns
    .filter((c) => family === undefined || c.name === family)
    .map((c) => Number(c.attributes['TTL'] ?? NaN))
    .filter((s) => Number.isFinite(s) && s > 0 && s < 2147483647);
  return ttls.length === 0 ? undefined : Math.min(...ttls) * 1000;
}

/**
 * Refuses a family the table's schema does not have: a scan restricted to it reads no cells, which would make every
 * index entry look like an orphan.
 * @throws HotspotError `INDEX_FAMILY_NOT_FOUND` naming `field`, the table and the families it has.
 */
function checkFamily(schema: TableSchema, family: string | undefined, what: string, field: string): void {
  if (family === undefined || schema.columns.some((c) => c.name === family)) return;
  const has = schema.columns.map((c) => c.name).join(', ') || 'none';
  throw new HotspotError('INDEX_FAMILY_NOT_FOUND', `${what} has no family ${JSON.stringify(family)}; its families are ${has}`, { field });
}

/**
 * A table's schema (`GET /<table>/schema` over REST, `Admin.getDescriptor` natively), a missing table reported alike
 * over both: the REST gateway's 404 and the native `SOURCE_TABLE_NOT_FOUND` become one {@link HotspotError}.
 * @param missing - the message and field of the error for a missing table.
 * @throws HotspotError `SOURCE_TABLE_NOT_FOUND` with `missing`; other errors of the client as they are.
 */
export async function readTableSchema(client: Pick<IndexCheckClient, 'getSchema'>, table: string, missing: { message: string; field: string }): Promise<TableSchema> {
  try {
    return await client.getSchema(table);
  } catch (err) {
    const { code, status } = err as { code?: unknown; status?: unknown };
    if (code === 'SOURCE_TABLE_NOT_FOUND' || (code === 'REST_HTTP' && status === 404)) {
      throw new HotspotError('SOURCE_TABLE_NOT_FOUND', missing.message, { field: missing.field, cause: err });
    }
    throw err;
  }
}

/** The error {@link readTableSchema} gives for a missing main table. */
export const missingMainTable = (table: string): { message: string; field: string } =>
  ({ message: `table ${JSON.stringify(table)} does not exist on the cluster; check the name (ns:name outside the default namespace)`, field: '--table' });

interface Pending { readonly expected: ExpectedEntry; readonly mainKey: Uint8Array }
interface Orphan { readonly indexRow: Uint8Array; readonly mainKey: Uint8Array | undefined; readonly timestamp: number; readonly reason: EntryReason }

/**
 * Scans main table and index table and classifies every entry; with `repair`, fixes orphans and missing entries
 * (never an expired one: align the TTLs instead; never a conflict: which main row keeps the value is the
 * application's choice).
 * @throws HotspotError `INDEX_FAMILY_NOT_FOUND` when `options.family` is not a family of the main table or the
 *   index's family not one of the index table (checked before any scan); `SOURCE_TABLE_NOT_FOUND` for a missing main
 *   table (naming `--table`) or index table (naming the definition's source), over REST and natively alike. The
 *   client's other errors: over REST its `RestError`s, natively its `HotspotError`s (`NATIVE_READ`, `NATIVE_TIMEOUT`,
 *   `NATIVE_EXITED`).
 */
export async function checkIndex(client: IndexCheckClient, index: CompiledIndex, options: CheckIndexOptions): Promise<IndexCheckReport> {
  const def = index.definition;
  const sampleCount = options.samples ?? 10;
  const now = options.now();
  const source = options.source ?? 'the index definition';
  const [mainSchema, indexSchema] = await Promise.all([
    readTableSchema(client, def.table, missingMainTable(def.table)),
    readTableSchema(client, def.indexTable, {
      message: `index ${def.name} names index table ${JSON.stringify(def.indexTable)}, which does not exist on the cluster; create it, or correct indexTable`,
      field: source,
    }),
  ]);
  checkFamily(mainSchema, options.family, `table ${def.table}`, '--family');
  checkFamily(indexSchema, def.family, `index table ${def.indexTable} of index ${def.name}`, `${source}: family`);
  const mainTtl = ttlMs(mainSchema, options.family);
  const indexTtl = ttlMs(indexSchema, def.family);

  const expected = new Map<string, Pending>();
  const mainKeys = new Set<string>();
  const unindexable: { mainKey: Uint8Array; timestamp: number; reason: UnindexableReason; message: string }[] = [];
  const unindexableKeys = new Set<string>();
  let mainRows = 0;
  const scanMain = { maxVersions: 1, ...(options.family !== undefined ? { columns: [options.family] } : {}) };
  for await (const row of client.scan(def.table, scanMain)) {
    mainRows++;
    mainKeys.add(toHex(row.key));
    const entry = strictExpectedEntry(index, row.key, row, options.family);
    if (entry && 'unindexable' in entry) {
      unindexable.push({ mainKey: row.key, timestamp: entry.timestamp, reason: entry.unindexable, message: entry.message });
      unindexableKeys.add(toHex(row.key));
    } else if (entry) expected.set(`${toHex(entry.row)}|${toHex(row.key)}`, { expected: entry, mainKey: row.key });
  }

  // A unique index maps a value to one index row: main rows sharing a value are a conflict, neither valid nor missing.
  const claims = new Map<string, Pending[]>();
  if (def.unique) for (const p of expected.values()) claims.set(toHex(p.expected.row), [...(claims.get(toHex(p.expected.row)) ?? []), p]);
  const conflicts = [...claims.values()].filter((list) => list.length > 1).flat();
  const claimed = new Set(conflicts.map((p) => `${toHex(p.expected.row)}|${toHex(p.mainKey)}`));
  for (const id of claimed) expected.delete(id);

  let indexRows = 0;
  let valid = 0;
  const orphans: Orphan[] = [];
  const stale = new Map<string, Pending>();
  for await (const row of client.scan(def.indexTable, { maxVersions: 1, columns: [def.family] })) {
    indexRows++;
    const cell: Cell | undefined = mainRowCell(index, row.cells);
    const timestamp = Math.max(...row.cells.map((c) => c.timestamp));
    if (!cell) {
      orphans.push({ indexRow: row.key, mainKey: undefined, timestamp, reason: 'no-main-row-cell' });
      continue;
    }
    const id = `${toHex(row.key)}|${toHex(cell.value)}`;
    if (claimed.has(id)) continue; // the entry of one of the main rows sharing its value: counted with the conflict
    const pending = expected.get(id);
    if (pending) {
      expected.delete(id);
      if (entryMatches(index, pending.expected, row.key, row.cells)) valid++;
      else {
        orphans.push({ indexRow: row.key, mainKey: cell.value, timestamp, reason: 'covered-changed' });
        stale.set(id, pending);
      }
      continue;
    }
    if (unindexableKeys.has(toHex(cell.value))) continue; // its main row cannot be judged: left alone, counted with it
    const gone = !mainKeys.has(toHex(cell.value));
    orphans.push({ indexRow: row.key, mainKey: cell.value, timestamp, reason: gone ? 'main-row-gone' : 'value-changed' });
  }

  const sample = (o: { indexRow: Uint8Array; mainKey: Uint8Array | undefined; timestamp: number }, reason: EntryReason): EntrySample => ({
    indexRow: toStringBinary(o.indexRow), mainRow: o.mainKey === undefined ? '' : toStringBinary(o.mainKey), timestamp: o.timestamp, reason,
  });
  type Noted = { readonly indexRow: Uint8Array; readonly mainKey: Uint8Array; readonly sample: EntrySample };
  const all = { orphan: [] as Noted[], missing: [] as Noted[], expired: [] as Noted[], conflict: [] as Noted[], unindexable: [] as Noted[] };
  const note = (state: 'orphan' | 'missing' | 'expired' | 'conflict', o: { indexRow: Uint8Array; mainKey: Uint8Array | undefined; timestamp: number }, reason: EntryReason): void => {
    all[state].push({ indexRow: o.indexRow, mainKey: o.mainKey ?? new Uint8Array(), sample: sample(o, reason) });
  };
  const toRepair: { kind: 'orphan' | 'missing'; indexRow: Uint8Array; mainKey: Uint8Array | undefined; timestamp: number; reason: EntryReason; pending?: Pending }[] = [];
  for (const o of orphans) {
    if (o.reason === 'main-row-gone' && mainTtl !== undefined && o.timestamp + mainTtl <= now) note('expired', o, 'main-ttl');
    else {
      note('orphan', o, o.reason);
      const pending = o.reason === 'covered-changed' && o.mainKey ? stale.get(`${toHex(o.indexRow)}|${toHex(o.mainKey)}`) : undefined;
      toRepair.push({ kind: 'orphan', ...o, ...(pending ? { pending } : {}) });
    }
  }
  for (const p of expected.values()) {
    const m = { indexRow: p.expected.row, mainKey: p.mainKey, timestamp: p.expected.timestamp };
    if (indexTtl !== undefined && p.expected.timestamp + indexTtl <= now) note('expired', m, 'index-ttl');
    else {
      note('missing', m, 'not-in-index');
      toRepair.push({ kind: 'missing', ...m, reason: 'not-in-index', pending: p });
    }
  }

  for (const u of unindexable) {
    all.unindexable.push({ indexRow: new Uint8Array(), mainKey: u.mainKey, sample: { indexRow: '', mainRow: toStringBinary(u.mainKey), timestamp: u.timestamp, reason: u.reason, message: u.message } });
  }
  for (const p of conflicts) note('conflict', { indexRow: p.expected.row, mainKey: p.mainKey, timestamp: p.expected.timestamp }, 'duplicate-value');
  // Samples are the first entries of each state by index row bytes, then main row bytes (HBase's key order).
  const first = (list: Noted[]): EntrySample[] =>
    list.sort((a, z) => compareBytes(a.indexRow, z.indexRow) || compareBytes(a.mainKey, z.mainKey)).slice(0, sampleCount).map((n) => n.sample);
  const report: IndexCheckReport = {
    table: def.table, index: def.name, indexTable: def.indexTable, unique: def.unique, mainRows, indexRows,
    valid, orphan: all.orphan.length, missing: all.missing.length, expired: all.expired.length, conflict: all.conflict.length,
    unindexable: all.unindexable.length,
    samples: {
      orphan: first(all.orphan), missing: first(all.missing), expired: first(all.expired), conflict: first(all.conflict), unindexable: first(all.unindexable),
    },
  };
  if (!options.repair) return report;
  // A main scan that read nothing while the index holds rows cannot tell a dropped main side from an unreadable one
  // (a wrong table or family, rows hidden from this reader): no entry is deleted on its word.
  const mainUnread = mainRows === 0 && indexRows > 0;
  return { ...report, repair: await repair(client, index, toRepair, { ...options.repair, now, family: options.family, sampleCount, mainUnread }) };
}

async function repair(
  client: IndexCheckClient,
  index: CompiledIndex,
  items: readonly { kind: 'orphan' | 'missing'; indexRow: Uint8Array; mainKey: Uint8Array | undefined; timestamp: number; reason: EntryReason; pending?: Pending }[],
  options: { apply: boolean; minAgeMs: number; now: number; family: string | undefined; sampleCount: number; mainUnread: boolean },
): Promise<RepairReport> {
  const def = index.definition;
  const family = def.family;
  const actions: RepairAction[] = [];
  const tally = { deleted: 0, put: 0, planned: 0, skipped: 0 };
  const record = (a: RepairAction): void => {
    if (a.outcome === 'done') tally[a.action === 'delete' ? 'deleted' : 'put']++;
    else tally[a.outcome]++;
    if (actions.length < options.sampleCount) actions.push(a);
  };
  /** What the main row holds now: the entry it should have, re-read so a writer's change since the scan counts. */
  const currentEntry = async (mainKey: Uint8Array): Promise<ExpectedEntry | Unindexable | undefined> => {
    const row = await client.getRow(def.table, mainKey, options.family !== undefined ? { columns: [options.family] } : {});
    return row ? strictExpectedEntry(index, mainKey, row, options.family) : undefined;
  };
  for (const item of items) {
    const put = item.kind === 'missing' || item.reason === 'covered-changed';
    const base = { action: put ? 'put' as const : 'delete' as const, indexRow: toStringBinary(item.indexRow), mainRow: item.mainKey ? toStringBinary(item.mainKey) : '', reason: item.reason };
    if (!put && options.mainUnread) {
      record({ ...base, outcome: 'skipped', why: 'the main scan read no rows: no entry is deleted on that alone (check --table and --family; truncate the index table to empty it)' });
      continue;
    }
    if (item.kind === 'orphan' && options.now - item.timestamp < options.minAgeMs) {
      record({ ...base, outcome: 'skipped', why: 'younger than the minimum age: possibly a write in flight' });
      continue;
    }
    if (!options.apply) {
      record({ ...base, outcome: 'planned' });
      continue;
    }
    const mainRowCondition = { family, qualifier: MAIN_ROW_QUALIFIER };
    if (item.mainKey === undefined) {
      // No _row cell to condition on: the row can only be removed when it still has none.
      const ok = await client.checkAndDelete(def.indexTable, item.indexRow, mainRowCondition, [{ family, timestamp: item.timestamp }]);
      record({ ...base, outcome: ok ? 'done' : 'skipped', ...(ok ? {} : { why: 'the row gained a _row cell since it was read' }) });
      continue;
    }
    const now = await currentEntry(item.mainKey);
    if (now && 'unindexable' in now) {
      record({ ...base, outcome: 'skipped', why: `the main row's entry cannot be built now (${now.unindexable}): its entries are left alone` });
      continue;
    }
    const backs = now !== undefined && equalBytes(now.row, item.indexRow);
    if (!put) {
      if (backs) {
        record({ ...base, outcome: 'skipped', why: 'the main row now holds this value' });
        continue;
      }
      const ok = await client.checkAndDelete(def.indexTable, item.indexRow, { ...mainRowCondition, value: item.mainKey }, [{ family, timestamp: item.timestamp }]);
      record({ ...base, outcome: ok ? 'done' : 'skipped', ...(ok ? {} : { why: 'the entry changed since it was read' }) });
      continue;
    }
    if (!now || !backs) {
      record({ ...base, outcome: 'skipped', why: 'the main row no longer holds this value' });
      continue;
    }
    // A missing entry is put only while the index row is still empty; a stale covered one only while it names this row.
    const condition = item.kind === 'missing' ? mainRowCondition : { ...mainRowCondition, value: item.mainKey };
    const ok = await client.checkAndPut(def.indexTable, { key: now.row, cells: now.cells }, condition);
    record({ ...base, outcome: ok ? 'done' : 'skipped', ...(ok ? {} : { why: 'the index row changed since it was read' }) });
  }
  return { applied: options.apply, ...tally, actions };
}

/** The text report of {@link checkIndex}: counts, samples, and the repair's account. */
export function renderIndexCheck(report: IndexCheckReport): string {
  const lines = [
    `index ${report.index} of ${report.table} (${report.indexTable}, ${report.unique ? 'unique' : 'non-unique'}): ${report.mainRows} main rows, ${report.indexRows} index rows`,
    `  valid    ${report.valid}`,
    `  orphan   ${report.orphan}`,
    `  missing  ${report.missing}`,
    `  expired  ${report.expired}`,
    `  conflict ${report.conflict}`,
    `  unindexable ${report.unindexable}`,
  ];
  for (const state of ['orphan', 'missing', 'expired', 'conflict'] as const) {
    const samples = report.samples[state];
    if (samples.length === 0) continue;
    lines.push(`${state} samples:`);
    for (const s of samples) lines.push(`  ${s.indexRow} -> ${s.mainRow || '(no _row)'} at ${s.timestamp} (${s.reason})`);
  }
  if (report.samples.unindexable.length > 0) lines.push('unindexable samples:');
  for (const s of report.samples.unindexable) lines.push(`  ${s.mainRow} at ${s.timestamp} (${s.reason}: ${s.message ?? ''})`);
  const r = report.repair;
  if (r) {
    lines.push(r.applied
      ? `repair: ${r.deleted} orphans deleted, ${r.put} entries put, ${r.skipped} skipped`
      : `repair (dry run, --yes applies it): ${r.planned} planned, ${r.skipped} skipped`);
    for (const a of r.actions) lines.push(`  ${a.action} ${a.indexRow} -> ${a.mainRow || '(no _row)'} (${a.reason}): ${a.outcome}${a.why ? `, ${a.why}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}
