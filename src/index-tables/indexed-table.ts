/**
 * A main table and its secondary indexes kept in step over the REST gateway, in Apache Phoenix's write order for
 * global indexes (see `docs/indexes.md`):
 *
 * - put: read the main row's current values; put each new index entry; put the main row; then remove each old entry
 *   whose value changed, by a check-and-delete conditioned on the entry still naming this main row, deleting only
 *   versions at or before the old value's timestamp. A crash at any point leaves orphans (entries whose main row does
 *   not hold their value), never a main row without its entry.
 * - delete: read the row, delete the main row, then its entries the same conditioned way.
 * - every cell of a write (main and index) carries one timestamp, the main row's, so replaying a write puts the same
 *   cells again.
 * - lookups read the index, then the main rows in one multi-get, and keep only hits the main row still backs.
 *
 * @module
 */
import { equalBytes, toHex } from '../bytes/index.js';
import type { HBaseRestClient, Row } from '../hbase/rest/index.js';
import type { KeyRecord } from '../keys/types.js';
import { HotspotError } from '../util/errors.js';
import { type CompiledIndex, MAIN_ROW_QUALIFIER, compileIndex, type IndexDefinition } from './definition.js';
import { type ExpectedEntry, expectedEntry, type MainRecord, mainCells, mainRecordOf, mainRowCell, typedRecord } from './entry.js';
import { indexLookup, indexRowkey } from './rowkey.js';

/** A step of a write, reported to {@link IndexedTableOptions.onStep}; a hook that throws stops the write there (crash tests). */
export type IndexWriteStep = 'index-written' | 'main-written';

/** Options of {@link IndexedTable}. */
export interface IndexedTableOptions {
  /** The main table's family holding the fields; `d` when absent. */
  readonly family?: string;
  /** Clock for write timestamps, epoch ms; `Date.now` when absent. */
  readonly now?: () => number;
  /** Called after each step of a put; throwing stops the write at that point, as a crash would. */
  readonly onStep?: (step: IndexWriteStep, mainKey: Uint8Array) => void | Promise<void>;
}

/** One verified lookup hit: the main row's key, its fields as text and their newest timestamp. */
export interface IndexHit {
  readonly key: Uint8Array;
  readonly fields: Readonly<Record<string, string>>;
  readonly timestamp: number;
}

/** One covered lookup hit, read from the index only: the main rowkey the entry names and the covered fields' text. */
export interface CoveredHit {
  readonly key: Uint8Array;
  readonly fields: Readonly<Record<string, string>>;
}

/** A main table with indexes, written and read through a {@link HBaseRestClient}. */
export class IndexedTable {
  private readonly indexes: ReadonlyMap<string, CompiledIndex>;
  private readonly family: string;
  private readonly now: () => number;
  /** The last timestamp this instance wrote or deleted at: each new one is later, so a put right after a delete stays visible. */
  private last = 0;

  /**
   * @param table - the main table (every definition must name it).
   * @throws HotspotError `INDEX_TABLE_MISMATCH` for a definition of another table, and the codes of `compileIndex`.
   */
  constructor(
    private readonly client: HBaseRestClient,
    readonly table: string,
    definitions: readonly IndexDefinition[],
    private readonly options: IndexedTableOptions = {},
  ) {
    const other = definitions.find((d) => d.table !== table);
    if (other) throw new HotspotError('INDEX_TABLE_MISMATCH', `index ${other.name} belongs to table ${other.table}, not ${table}`, { field: 'definitions' });
    this.indexes = new Map(definitions.map((d) => [d.name, compileIndex(d)]));
    this.family = options.family ?? 'd';
    this.now = options.now ?? Date.now;
  }

  /** The compiled index `name`. @throws HotspotError `INDEX_UNKNOWN` naming the known indexes. */
  index(name: string): CompiledIndex {
    const index = this.indexes.get(name);
    if (!index) throw new HotspotError('INDEX_UNKNOWN', `table ${this.table} has no index ${JSON.stringify(name)}; it has ${[...this.indexes.keys()].join(', ') || 'none'}`, { field: 'index' });
    return index;
  }

  /** The next write timestamp: the clock, or 1 ms after this instance's last one when the clock has not moved on. */
  private nextTimestamp(atLeast = 0): number {
    this.last = Math.max(this.now(), this.last + 1, atLeast);
    return this.last;
  }

  private async readMain(key: Uint8Array): Promise<MainRecord | undefined> {
    const row = await this.client.getRow(this.table, key, { columns: [this.family] });
    return row ? mainRecordOf(row, this.family) : undefined;
  }

  private entries(key: Uint8Array, record: MainRecord): Map<CompiledIndex, ExpectedEntry> {
    const out = new Map<CompiledIndex, ExpectedEntry>();
    for (const index of this.indexes.values()) {
      const entry = expectedEntry(index, key, record);
      if (entry) out.set(index, entry);
    }
    return out;
  }

  /** Removes `entry` only while it still names `key`, and only its versions at or before the entry's timestamp. */
  private removeEntry(index: CompiledIndex, key: Uint8Array, entry: ExpectedEntry): Promise<boolean> {
    const family = index.definition.family;
    return this.client.checkAndDelete(index.definition.indexTable, entry.row, { family, qualifier: MAIN_ROW_QUALIFIER, value: key }, [{ family, timestamp: entry.timestamp }]);
  }

  /**
   * Writes main row `key` with `record` (every field as `<family>:<field>` UTF-8 text) and its index entries, all at
   * `timestamp` (default: the clock). The record replaces the fields it names; fields it leaves out keep their cells.
   * @returns the timestamp written.
   * @throws HotspotError `INDEX_TIMESTAMP` for a bad timestamp, the template's codes for a value the index key refuses
   *   (nothing is written then), and the client's `RestError`s.
   */
  async put(key: Uint8Array, record: KeyRecord, options: { readonly timestamp?: number } = {}): Promise<number> {
    const old = await this.readMain(key);
    const timestamp = options.timestamp ?? this.nextTimestamp();
    const text: Record<string, string> = { ...old?.fields };
    const stamps: Record<string, number> = { ...old?.timestamps };
    for (const [name, v] of Object.entries(record)) {
      text[name] = String(v);
      stamps[name] = timestamp;
    }
    const next = this.entries(key, { fields: text, timestamps: stamps });
    // Refuse a value the index key cannot encode before writing anything.
    for (const index of this.indexes.values()) {
      if (index.definition.fields.every((f) => text[f.name] !== undefined) && !next.has(index)) indexRowkey(index, typedRecord(index, text), key);
    }
    for (const [index, entry] of next) {
      await this.client.putRows(index.definition.indexTable, [{ key: entry.row, cells: entry.cells }]);
    }
    await this.options.onStep?.('index-written', key);
    await this.client.putRows(this.table, [{ key, cells: mainCells(this.family, record, timestamp) }]);
    await this.options.onStep?.('main-written', key);
    if (old) {
      for (const [index, entry] of this.entries(key, old)) {
        const now = next.get(index);
        if (now === undefined || !equalBytes(now.row, entry.row)) await this.removeEntry(index, key, entry);
      }
    }
    return timestamp;
  }

  /**
   * Deletes main row `key` (a family delete marker at the next write timestamp, at least the newest cell read, so a
   * later write stays visible), then each index entry its values had.
   * @returns the delete's timestamp (ms), or `undefined` when the row did not exist (nothing was written).
   */
  async delete(key: Uint8Array): Promise<number | undefined> {
    const old = await this.readMain(key);
    if (!old) return undefined;
    const timestamp = this.nextTimestamp(Math.max(...Object.values(old.timestamps)));
    await this.client.deleteRow(this.table, key, { columns: [this.family], timestamp });
    for (const [index, entry] of this.entries(key, old)) await this.removeEntry(index, key, entry);
    return timestamp;
  }

  /**
   * The main rows whose indexed fields hold `values` through index `name`: one get (unique) or one prefix scan
   * (non-unique) of the index, then the main rows in one multi-get; a hit whose main row is gone or no longer
   * holds the value (an orphan, or a write in flight) is left out.
   * @throws HotspotError `INDEX_UNKNOWN`, the template's codes for values it cannot encode; `RestError`s.
   */
  async lookup(name: string, values: KeyRecord): Promise<IndexHit[]> {
    const index = this.index(name);
    const candidates = await this.readEntries(index, values);
    if (candidates.length === 0) return [];
    const rows = await this.client.multiGet(this.table, candidates.map((c) => c.key), { columns: [this.family] });
    const byKey = new Map(rows.map((r) => [toHex(r.key), r] as const));
    const hits: IndexHit[] = [];
    for (const c of candidates) {
      const row = byKey.get(toHex(c.key));
      if (!row) continue;
      const record = mainRecordOf(row, this.family);
      const expected = expectedEntry(index, c.key, record);
      if (!expected || !equalBytes(expected.row, c.indexRow)) continue;
      hits.push({ key: c.key, fields: record.fields, timestamp: Math.max(...Object.values(record.timestamps)) });
    }
    return hits;
  }

  /**
   * Like {@link lookup} but reads only the index: the covered fields as the entries hold them. Entries are not
   * checked against the main rows, so an orphan (left by a crash or a write in flight) is returned until
   * `index check --repair` removes it.
   */
  async lookupCovered(name: string, values: KeyRecord): Promise<CoveredHit[]> {
    const index = this.index(name);
    return (await this.readEntries(index, values)).map((c) => ({ key: c.key, fields: c.covered }));
  }

  private async readEntries(index: CompiledIndex, values: KeyRecord): Promise<{ indexRow: Uint8Array; key: Uint8Array; covered: Record<string, string> }[]> {
    const lookup = indexLookup(index, values);
    const table = index.definition.indexTable;
    const rows: Row[] = [];
    if (lookup.kind === 'get') {
      const row = await this.client.getRow(table, lookup.row);
      if (row) rows.push(row);
    } else {
      for await (const row of this.client.scan(table, { startRow: lookup.startRow, endRow: lookup.stopRow, maxVersions: 1 })) rows.push(row);
    }
    const out = [];
    for (const row of rows) {
      const cell = mainRowCell(index, row.cells);
      if (!cell) continue;
      const covered = mainRecordOf(row, index.definition.family).fields;
      const fields = Object.fromEntries(index.definition.covered.filter((f) => covered[f] !== undefined).map((f) => [f, covered[f] as string]));
      out.push({ indexRow: row.key, key: cell.value, covered: fields });
    }
    return out;
  }
}
