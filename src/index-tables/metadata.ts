/**
 * Index definitions stored in the main table's descriptor `METADATA` (HBase `TableDescriptorBuilder.setValue`, the
 * shell's `alter 'T', METADATA => {'hbase-hotspot.indexes' => '...'}`), so a tool finds a table's indexes without a
 * file. The value is the JSON form of an index file: `{"indexes":[{...}]}` with every field written out.
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';
import { type IndexDefinition, parseIndexDefinitions } from './definition.js';

/** The descriptor `METADATA` key that holds a table's index definitions. */
export const INDEX_METADATA_KEY = 'hbase-hotspot.indexes';

/**
 * The `METADATA` value for `table`'s indexes: compact JSON, fields in schema order.
 * @throws HotspotError `INDEX_METADATA` when a definition belongs to another table.
 */
export function encodeIndexMetadata(table: string, indexes: readonly IndexDefinition[]): string {
  const other = indexes.find((d) => d.table !== table);
  if (other !== undefined) throw new HotspotError('INDEX_METADATA', `index ${other.name} belongs to table ${other.table}, not ${table}`, { field: INDEX_METADATA_KEY });
  const items = indexes.map((d) => ({
    name: d.name,
    table: d.table,
    indexTable: d.indexTable,
    fields: d.fields.every((f) => f.type !== undefined) ? Object.fromEntries(d.fields.map((f) => [f.name, f.type])) : d.fields.map((f) => f.name),
    unique: d.unique,
    covered: d.covered,
    key: d.key,
    family: d.family,
  }));
  return JSON.stringify({ indexes: items });
}

/**
 * Reads the `METADATA` value of `table` back into definitions (validated like a file; errors name
 * `METADATA hbase-hotspot.indexes of <table>` and the field).
 * @throws HotspotError as `parseIndexDefinitions`, and `INDEX_METADATA` for an index naming another table.
 */
export function decodeIndexMetadata(table: string, value: string): IndexDefinition[] {
  const where = `METADATA ${INDEX_METADATA_KEY} of ${table}`;
  const out = parseIndexDefinitions(value, where).map(({ line: _line, ...d }) => d);
  const other = out.find((d) => d.table !== table);
  if (other !== undefined) throw new HotspotError('INDEX_METADATA', `index ${other.name} names table ${other.table}`, { file: where });
  return out;
}
