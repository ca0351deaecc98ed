/**
 * Secondary index tables beside a main table: definitions (YAML, or a table's `METADATA`), index rowkeys, lookup
 * ranges and cell layout. See `docs/indexes.md`.
 *
 * @module
 */
export { type CompiledIndex, compileIndex, type IndexContext, type IndexDefinition, MAIN_ROW_QUALIFIER, parseIndexDefinitions, readIndexList } from './definition.js';
export { encodeIndexMetadata, decodeIndexMetadata, INDEX_METADATA_KEY } from './metadata.js';
export { INDEX_SEPARATOR, type IndexCell, indexCells, type IndexLookup, indexLookup, indexRowkey, indexValueBytes, mainRowkeyOf } from './rowkey.js';
export { type ExpectedEntry, entryMatches, expectedEntry, type MainRecord, mainCells, mainRecordOf, mainRowCell, strictExpectedEntry, typedRecord, type Unindexable, type UnindexableReason } from './entry.js';
export { type CoveredHit, type IndexHit, IndexedTable, type IndexedTableOptions, type IndexWriteStep } from './indexed-table.js';
