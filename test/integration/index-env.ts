// Shared by the secondary-index integration tests (index-tables.test.ts, index-native.test.ts): a main table with one
// non-unique index `by_city` (covered field `name`) recorded in its descriptor METADATA, and the index entries as a
// plain REST scan shows them.
import type { HBaseRestClient } from '../../src/hbase/rest/index.js';
import { encodeIndexMetadata, INDEX_METADATA_KEY, type IndexDefinition, parseIndexDefinitions } from '../../src/index-tables/index.js';

const dec = new TextDecoder();

/** The `by_city` index of `main` kept in `indexTable` (family `i`); the main table's fields are in family `d`. */
export function byCityIndex(main: string, indexTable: string): IndexDefinition {
  const [def] = parseIndexDefinitions(`indexes:
  - {name: by_city, table: ${main}, indexTable: ${indexTable}, fields: [city], unique: false, covered: [name]}
`, 'ix.yaml');
  return def!;
}

/** Creates the main table of `defs` (the definitions in its METADATA, where `index check` finds them) and their index tables. */
export async function createIndexedTables(rest: HBaseRestClient, ...defs: [IndexDefinition, ...IndexDefinition[]]): Promise<void> {
  const table = defs[0].table;
  await rest.createTable(table, { attributes: { [INDEX_METADATA_KEY]: encodeIndexMetadata(table, defs) }, columns: [{ name: 'd' }] });
  for (const def of defs) await rest.createTable(def.indexTable, { columns: [{ name: 'i' }] });
}

/** Index entries as a plain REST scan of the index table shows them: `city|row -> _row`. */
export async function indexEntries(rest: HBaseRestClient, indexTable: string): Promise<Set<string>> {
  const out = new Set<string>();
  for await (const row of rest.scan(indexTable, { maxVersions: 1 })) {
    const target = row.cells.find((c) => dec.decode(c.qualifier) === '_row');
    out.add(`${dec.decode(row.key).replace('\0', '|')} -> ${target ? dec.decode(target.value) : '?'}`);
  }
  return out;
}
