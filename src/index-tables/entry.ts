/**
 * What index entry a main row should have: the main row read back as a record, and the index row (key and cells)
 * that record gives. Shared by the writer (`indexed-table.ts`), its lookups' verification and `index check`, so all
 * three judge an entry the same way.
 *
 * Main rows hold one cell per field: qualifier = the field's name, value = its UTF-8 text (the form covered cells
 * take in the index). Fields typed as numbers in the definition (`int`, `long`, `epochMs`, `epochSeconds`,
 * `sequence`) are read back as numbers when their text is an integer.
 *
 * @module
 */
import { equalBytes, toStringBinary, utf8Bytes, utf8Text, utf8TextStrict } from '../bytes/index.js';
import type { Cell, Row } from '../hbase/rest/index.js';
import type { FieldValue, KeyRecord } from '../keys/types.js';
import { isHotspotError } from '../util/errors.js';
import { type CompiledIndex, MAIN_ROW_QUALIFIER } from './definition.js';
import { type IndexCell, indexCells, indexRowkey } from './rowkey.js';

const NUMBER_TYPES: ReadonlySet<string> = new Set(['int', 'long', 'epochMs', 'epochSeconds', 'sequence']);

/** A main row read back: its fields as text, and each field's cell timestamp (epoch ms). */
export interface MainRecord {
  readonly fields: Readonly<Record<string, string>>;
  readonly timestamps: Readonly<Record<string, number>>;
}

/**
 * The newest cell of each qualifier of `row` (in `family` when given, else every family, the first family in HBase
 * order winning a qualifier two families share), as field text and timestamp.
 */
export function mainRecordOf(row: Pick<Row, 'cells'>, family?: string): MainRecord {
  const fields: Record<string, string> = {};
  const timestamps: Record<string, number> = {};
  for (const cell of row.cells) {
    if (family !== undefined && utf8Text(cell.family) !== family) continue;
    const name = utf8Text(cell.qualifier);
    // Cells come newest first within a column: the first one seen is the current value.
    if (Object.hasOwn(fields, name)) continue;
    fields[name] = utf8Text(cell.value);
    timestamps[name] = cell.timestamp;
  }
  return { fields, timestamps };
}

/** The record the index key template reads: the text of each field, numbers for number-typed fields holding an integer. */
export function typedRecord(index: CompiledIndex, fields: Readonly<Record<string, string>>): KeyRecord {
  const out: Record<string, FieldValue> = { ...fields };
  for (const f of index.definition.fields) {
    const text = fields[f.name];
    if (text === undefined || f.type === undefined || !NUMBER_TYPES.has(f.type) || !/^-?\d+$/.test(text)) continue;
    const n = Number(text);
    out[f.name] = Number.isSafeInteger(n) ? n : BigInt(text);
  }
  return out;
}

/** The index row a main row should have. */
export interface ExpectedEntry {
  /** Index rowkey. */
  readonly row: Uint8Array;
  /** Its cells, at the entry's timestamp. */
  readonly cells: readonly IndexCell[];
  /** The main row's timestamp the entry carries: the newest timestamp of the indexed and covered fields, ms. */
  readonly timestamp: number;
}

/**
 * The index entry of main row `mainKey` holding `record`, or `undefined` when the record lacks an indexed field (such
 * a row has no entry) or its value cannot be encoded (a value the key template refuses cannot have been indexed).
 */
export function expectedEntry(index: CompiledIndex, mainKey: Uint8Array, record: MainRecord): ExpectedEntry | undefined {
  const def = index.definition;
  if (def.fields.some((f) => record.fields[f.name] === undefined)) return undefined;
  const typed = typedRecord(index, record.fields);
  let row: Uint8Array;
  try {
    row = indexRowkey(index, typed, mainKey);
  } catch (err) {
    if (isHotspotError(err)) return undefined;
    throw err;
  }
  const names = [...def.fields.map((f) => f.name), ...def.covered];
  const timestamp = Math.max(...names.map((n) => record.timestamps[n] ?? 0));
  return { row, cells: indexCells(index, record.fields, mainKey, timestamp), timestamp };
}

/** Why a main row's entry cannot be judged: a value that is not UTF-8, a record the key template refuses, a field in two families. */
export type UnindexableReason = 'not-utf8' | 'unbuildable' | 'ambiguous-family';

/** A main row whose index entry cannot be built from exactly what it holds. */
export interface Unindexable {
  readonly unindexable: UnindexableReason;
  /** What was wrong: the field and bytes, the key template's error message, or the families. */
  readonly message: string;
  /** The newest timestamp of the row's indexed and covered cells, epoch ms (0 when it has none). */
  readonly timestamp: number;
}

/**
 * The entry main row `row` should have, judged strictly for `index check`: `undefined` when it lacks an indexed field,
 * {@link Unindexable} when an indexed or covered value is not valid UTF-8 (decoding it would put U+FFFD in its
 * place), the key template refuses the record (its `HotspotError`'s message, e.g. `INDEX_VALUE_ZERO_BYTE`), or, with
 * no `family`, an indexed or covered field is in more than one family of the row.
 * @throws the key template's errors other than a `HotspotError`.
 */
export function strictExpectedEntry(index: CompiledIndex, mainKey: Uint8Array, row: Pick<Row, 'cells'>, family?: string): ExpectedEntry | Unindexable | undefined {
  const def = index.definition;
  const names = [...def.fields.map((f) => f.name), ...def.covered];
  const families = new Map<string, Set<string>>();
  const fields: Record<string, string> = {};
  const timestamps: Record<string, number> = {};
  const problems: string[] = [];
  for (const cell of row.cells) {
    const fam = utf8Text(cell.family);
    if (family !== undefined && fam !== family) continue;
    const name = utf8Text(cell.qualifier);
    if (!names.includes(name)) continue;
    families.set(name, (families.get(name) ?? new Set()).add(fam));
    if (Object.hasOwn(timestamps, name)) continue;
    timestamps[name] = cell.timestamp;
    const text = utf8TextStrict(cell.value);
    if (text === undefined) problems.push(`field ${name} holds ${toStringBinary(cell.value)}, not UTF-8 text`);
    else fields[name] = text;
  }
  const timestamp = Math.max(0, ...Object.values(timestamps));
  // A row without an indexed field has no entry, whatever its covered cells hold.
  if (def.fields.some((f) => !Object.hasOwn(timestamps, f.name))) return undefined;
  const ambiguous = [...families].filter(([, fams]) => fams.size > 1);
  if (ambiguous.length > 0) {
    const message = ambiguous.map(([name, fams]) => `field ${name} is in families ${[...fams].join(', ')}`).join('; ');
    return { unindexable: 'ambiguous-family', message: `${message}; give --family`, timestamp };
  }
  if (problems.length > 0) return { unindexable: 'not-utf8', message: problems.join('; '), timestamp };
  try {
    indexRowkey(index, typedRecord(index, fields), mainKey);
  } catch (err) {
    if (isHotspotError(err)) return { unindexable: 'unbuildable', message: err.message, timestamp };
    throw err;
  }
  return expectedEntry(index, mainKey, { fields, timestamps });
}

/** The newest `<family>:_row` cell of an index row, or `undefined` when it has none. */
export function mainRowCell(index: CompiledIndex, cells: readonly Cell[]): Cell | undefined {
  const family = index.definition.family;
  return cells.find((c) => utf8Text(c.family) === family && utf8Text(c.qualifier) === MAIN_ROW_QUALIFIER);
}

/**
 * Whether index row `indexRow` (with its cells) is the entry `expected` describes: same rowkey, `_row` naming the
 * main row, and every covered field's current value (a covered field missing on both sides agrees).
 */
export function entryMatches(index: CompiledIndex, expected: ExpectedEntry, indexRow: Uint8Array, cells: readonly Cell[]): boolean {
  if (!equalBytes(expected.row, indexRow)) return false;
  const family = index.definition.family;
  const actual = new Map<string, Uint8Array>();
  for (const c of cells) {
    if (utf8Text(c.family) !== family) continue;
    const q = utf8Text(c.qualifier);
    if (!actual.has(q)) actual.set(q, c.value);
  }
  const wanted = new Map(expected.cells.map((c) => [c.qualifier, c.value] as const));
  for (const q of [MAIN_ROW_QUALIFIER, ...index.definition.covered]) {
    const a = actual.get(q);
    const w = wanted.get(q);
    if (a === undefined || w === undefined ? a !== w : !equalBytes(a, w)) return false;
  }
  return true;
}

/** The cells of a main row to put for `record`: one per field, `<family>:<field>` = the value's UTF-8 text, at `timestamp`. */
export function mainCells(family: string, record: KeyRecord, timestamp: number): { family: string; qualifier: string; value: Uint8Array; timestamp: number }[] {
  return Object.entries(record).map(([name, v]) => ({ family, qualifier: name, value: utf8Bytes(String(v)), timestamp }));
}
