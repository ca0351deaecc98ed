/**
 * The dual-write wrapper of a key migration: writers put through it, and while dual writes are on every put goes to
 * the old table first, then to the new table under the mapped rowkey, with the SAME cell timestamps on both sides
 * (cells without one are stamped once, here, with the wrapper's clock). Reads go to the table the read switch names;
 * on the new side, a row the new table lacks is read from the old one (the fallback, on by default).
 *
 * Deletes go through it too ({@link DualWriter.delete}): old table first, then the new one under the mapped key. A
 * row deleted in the old table after the backfill read it (or after the snapshot it reads was taken) is copied to the
 * new table with its original timestamps, which the new table's delete marker, written later, still hides.
 *
 * @module
 */
import { toStringBinary } from '../bytes/index.js';
import type { BytesLike, ColumnSpec, GetOptions, HBaseRestClient, Row, RowInput } from '../hbase/rest/index.js';
import { HotspotError } from '../util/errors.js';
import type { KeyMapper } from './key-map.js';

/** Where reads are served from. */
export type ReadSide = 'old' | 'new';

/** Options of {@link DualWriter}. */
export interface DualWriterOptions {
  readonly client: HBaseRestClient;
  readonly oldTable: string;
  readonly newTable: string;
  /** Old rowkey to new rowkey (see `templateKeyMap`, or any function). */
  readonly mapKey: KeyMapper;
  /** Whether puts also go to the new table (default true). Switch with {@link DualWriter.setDualWrites}. */
  readonly dualWrites?: boolean;
  /** Table reads are served from (default `old`). Switch with {@link DualWriter.setReadSide}. */
  readonly readFrom?: ReadSide;
  /**
   * With reads on the `new` side, whether a row the new table lacks (one the backfill has not reached) is read from the
   * old table instead (default true). Switch with {@link DualWriter.setFallback}.
   */
  readonly fallback?: boolean;
  /** Clock for cells given without a timestamp, epoch ms (default `Date.now`). */
  readonly now?: () => number;
}

const toBytes = (k: BytesLike): Uint8Array => (typeof k === 'string' ? new TextEncoder().encode(k) : k);

/** Writes rows keyed by the OLD rowkey to both tables, and reads through the read switch. */
export class DualWriter {
  private dual: boolean;
  private side: ReadSide;
  private fallbackOn: boolean;
  private readonly now: () => number;

  constructor(private readonly o: DualWriterOptions) {
    this.dual = o.dualWrites ?? true;
    this.side = o.readFrom ?? 'old';
    this.fallbackOn = o.fallback ?? true;
    this.now = o.now ?? Date.now;
  }

  /** Turns the write to the new table on or off (old-table writes always happen). */
  setDualWrites(on: boolean): void {
    this.dual = on;
  }

  /** The read switch: serve {@link get} from the old or the new table. */
  setReadSide(side: ReadSide): void {
    this.side = side;
  }

  /** Whether a get on the `new` side that finds no row reads the old table instead. */
  setFallback(on: boolean): void {
    this.fallbackOn = on;
  }

  get fallback(): boolean {
    return this.fallbackOn;
  }

  get dualWrites(): boolean {
    return this.dual;
  }

  get readSide(): ReadSide {
    return this.side;
  }

  /**
   * Puts rows (keys in the OLD key's form): old table first, then, with dual writes on, the new table. A failure of
   * the old put rejects before the new one is tried; a failure of the new put rejects after the old one landed (the
   * backfill or a retry repairs it, since the cells carry the same timestamps).
   * @throws HotspotError `MIGRATE_DUAL_WRITE_KEY` naming the row when its key cannot be mapped (nothing written);
   *   REST errors as the client throws them.
   */
  async put(rows: readonly RowInput[], options: { signal?: AbortSignal } = {}): Promise<void> {
    const ts = this.now();
    const stamped = rows.map((r) => ({ key: r.key, cells: r.cells.map((c) => ({ ...c, timestamp: c.timestamp ?? ts })) }));
    const mapped = this.dual ? stamped.map((r) => ({ key: this.mapped(r.key), cells: r.cells })) : [];
    await this.o.client.putRows(this.o.oldTable, stamped, options);
    if (this.dual) await this.o.client.putRows(this.o.newTable, mapped, options);
  }

  /**
   * Deletes a row (or some of its families / columns), keyed by the OLD rowkey: old table first, then, with dual
   * writes on, the new table under the mapped key.
   * @throws HotspotError `MIGRATE_DUAL_WRITE_KEY` when the key cannot be mapped (nothing deleted); REST errors as the
   *   client throws them.
   */
  async delete(key: BytesLike, options: { signal?: AbortSignal; columns?: readonly ColumnSpec[] } = {}): Promise<void> {
    const mapped = this.dual ? this.mapped(key) : undefined;
    await this.o.client.deleteRow(this.o.oldTable, key, options);
    if (mapped) await this.o.client.deleteRow(this.o.newTable, mapped, options);
  }

  /** The new rowkey of an old one. @throws HotspotError `MIGRATE_DUAL_WRITE_KEY` naming the row. */
  private mapped(key: BytesLike): Uint8Array {
    try {
      return this.o.mapKey(toBytes(key));
    } catch (e) {
      throw new HotspotError('MIGRATE_DUAL_WRITE_KEY', `row ${toStringBinary(toBytes(key))} cannot be mapped to the new key: ${(e as Error).message}`, { field: 'key', cause: e });
    }
  }

  /**
   * Reads a row by its OLD key from the side the read switch names (mapping the key for the new table); on the `new`
   * side, a row the new table lacks is read from the old table while the fallback is on. The row comes back as the
   * table that answered holds it: from the new table, its `key` is the NEW key.
   * @throws HotspotError `MIGRATE_DUAL_WRITE_KEY` when reading the new side and the key cannot be mapped.
   */
  async get(key: BytesLike, options: GetOptions = {}): Promise<Row | undefined> {
    if (this.side === 'old') return this.o.client.getRow(this.o.oldTable, key, options);
    const row = await this.o.client.getRow(this.o.newTable, this.mapped(key), options);
    return row === undefined && this.fallbackOn ? this.o.client.getRow(this.o.oldTable, key, options) : row;
  }
}
