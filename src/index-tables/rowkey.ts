/**
 * Index rowkeys, lookup ranges and cell layout for secondary index tables (playbook section 6.2).
 *
 * Layout (documented byte by byte in `docs/indexes.md`):
 * - unique index: index rowkey = V, where V is the index key template's bytes for the indexed values; the main rowkey
 *   is the value of cell `<family>:_row`. A lookup is one get of V.
 * - non-unique index: index rowkey = V ‖ 0x00 ‖ M (M the main rowkey), and `<family>:_row` holds M again. A lookup
 *   scans [V ‖ 0x00, V ‖ 0x01): every row of that range starts with V then the separator, and no other value's row
 *   does, because V never holds a 0x00 byte when it varies in width (refused when it would) and all V have the same
 *   width when every template part is fixed width. Without the separator, the value `ab` would find the rows of `abc`.
 * - covered fields: one cell `<family>:<field>` per covered field present in the record, its value's UTF-8 text.
 * - every index cell carries the main row's timestamp, so replaying a write puts the same cells again (idempotent).
 *
 * @module
 */
import { concatBytes, utf8Bytes } from '../bytes/index.js';
import type { KeyRecord } from '../keys/types.js';
import { HotspotError } from '../util/errors.js';
import { type CompiledIndex, MAIN_ROW_QUALIFIER } from './definition.js';

/** The byte between the value and the main rowkey in a non-unique index rowkey. */
export const INDEX_SEPARATOR = 0x00;

/** One index cell to put (REST `CellSet` cell, Java `Put.addColumn(family, qualifier, ts, value)`). */
export interface IndexCell {
  /** The index table's family. */
  readonly family: string;
  /** Qualifier: `_row` or a covered field's name. */
  readonly qualifier: string;
  /** Cell value bytes. */
  readonly value: Uint8Array;
  /** The main row's timestamp, epoch ms. */
  readonly timestamp: number;
}

/** How to find the index rows of one value: a get (unique) or a scan with exclusive stop row (non-unique). */
export type IndexLookup = { readonly kind: 'get'; readonly row: Uint8Array } | { readonly kind: 'scan'; readonly startRow: Uint8Array; readonly stopRow: Uint8Array };

/**
 * The index key template's bytes V for the indexed values of `record`.
 * @throws HotspotError from the template for a missing or ill-fitting field; `INDEX_VALUE_ZERO_BYTE` when a
 *   non-unique index of varying width would write a 0x00 byte into V (the separator would no longer be exact).
 */
export function indexValueBytes(index: CompiledIndex, record: KeyRecord): Uint8Array {
  const value = index.template.encode(record);
  if (!index.definition.unique && index.valueWidth === undefined) {
    const at = value.indexOf(INDEX_SEPARATOR);
    if (at >= 0) {
      throw new HotspotError('INDEX_VALUE_ZERO_BYTE', `index ${index.definition.name}: the key "${index.definition.key}" writes a 0x00 byte at offset ${at}, the separator before the main rowkey; write the value with a fixed width or as text`, {
        field: `index ${index.definition.name}`,
      });
    }
  }
  return value;
}

/**
 * The index rowkey of a main row: V for a unique index, V ‖ 0x00 ‖ main rowkey for a non-unique one.
 * @throws HotspotError as {@link indexValueBytes}; `INDEX_MAIN_ROW` for an empty main rowkey.
 */
export function indexRowkey(index: CompiledIndex, record: KeyRecord, mainRowkey: Uint8Array): Uint8Array {
  if (mainRowkey.length === 0) throw new HotspotError('INDEX_MAIN_ROW', `index ${index.definition.name}: the main rowkey is empty`, { field: 'mainRowkey' });
  const value = indexValueBytes(index, record);
  return index.definition.unique ? value : concatBytes(value, Uint8Array.of(INDEX_SEPARATOR), mainRowkey);
}

/**
 * Where the index rows of the indexed values in `record` are: a get of V (unique) or the scan
 * [V ‖ 0x00, V ‖ 0x01) (non-unique, stop row exclusive as in HBase `Scan.withStopRow`).
 * @throws HotspotError as {@link indexValueBytes}.
 */
export function indexLookup(index: CompiledIndex, record: KeyRecord): IndexLookup {
  const value = indexValueBytes(index, record);
  if (index.definition.unique) return { kind: 'get', row: value };
  return { kind: 'scan', startRow: concatBytes(value, Uint8Array.of(INDEX_SEPARATOR)), stopRow: concatBytes(value, Uint8Array.of(INDEX_SEPARATOR + 1)) };
}

/**
 * The main rowkey a non-unique index rowkey ends with: the bytes after V's fixed width and the separator, or after
 * the first 0x00 byte when V varies in width.
 * @throws HotspotError `INDEX_ROW_LAYOUT` for a unique index (its rowkey holds no main rowkey: read `_row`) or a row
 *   with no separator where one belongs.
 */
export function mainRowkeyOf(index: CompiledIndex, indexRow: Uint8Array): Uint8Array {
  const fail = (why: string) => new HotspotError('INDEX_ROW_LAYOUT', `index ${index.definition.name}: ${why}`, { field: `index ${index.definition.name}` });
  if (index.definition.unique) throw fail(`a unique index rowkey is the value alone; the main rowkey is in ${index.definition.family}:${MAIN_ROW_QUALIFIER}`);
  const at = index.valueWidth ?? indexRow.indexOf(INDEX_SEPARATOR);
  if (at < 0 || at + 1 >= indexRow.length || indexRow[at] !== INDEX_SEPARATOR) throw fail(`row of ${indexRow.length} bytes has no 0x00 separator followed by a main rowkey`);
  return indexRow.slice(at + 1);
}

/**
 * The cells of one index row: `_row` with the main rowkey, then each covered field present in `record` as UTF-8 text,
 * all at `timestampMs` (the main row's cell timestamp).
 * @throws HotspotError `INDEX_TIMESTAMP` for a timestamp that is not a whole number of ms from 0 to 2^53 - 1.
 */
export function indexCells(index: CompiledIndex, record: KeyRecord, mainRowkey: Uint8Array, timestampMs: number): IndexCell[] {
  if (!Number.isSafeInteger(timestampMs) || timestampMs < 0) {
    throw new HotspotError('INDEX_TIMESTAMP', `index ${index.definition.name}: timestamp ${timestampMs} must be whole epoch ms, 0 or more (the main row's)`, { field: 'timestamp' });
  }
  const family = index.definition.family;
  const cells: IndexCell[] = [{ family, qualifier: MAIN_ROW_QUALIFIER, value: mainRowkey, timestamp: timestampMs }];
  for (const field of index.definition.covered) {
    const v = record[field];
    if (v !== undefined) cells.push({ family, qualifier: field, value: utf8Bytes(String(v)), timestamp: timestampMs });
  }
  return cells;
}
