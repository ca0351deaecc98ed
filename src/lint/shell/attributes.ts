/**
 * Attribute names `hbase shell` accepts in `create`/`alter` hashes (HBase 2.x `admin.rb`, from the constants of
 * `ColumnFamilyDescriptorBuilder` and `TableDescriptorBuilder`). Anything else is rejected as unknown, since a typo
 * such as `TTl` would otherwise leave the family without the setting the author meant; the HBase 2.6 shell itself
 * stops there (`NameError: uninitialized constant HBaseReceiver::TTl`).
 *
 * @module
 */

/** Column family attributes (`ColumnFamilyDescriptorBuilder` constants). */
export const FAMILY_ATTRIBUTES: ReadonlySet<string> = new Set([
  'NAME', 'VERSIONS', 'MIN_VERSIONS', 'TTL', 'COMPRESSION', 'COMPRESSION_COMPACT', 'COMPRESSION_COMPACT_MAJOR',
  'COMPRESSION_COMPACT_MINOR', 'BLOOMFILTER', 'BLOCKSIZE', 'BLOCKCACHE', 'IN_MEMORY', 'IN_MEMORY_COMPACTION',
  'KEEP_DELETED_CELLS', 'DATA_BLOCK_ENCODING', 'REPLICATION_SCOPE', 'CACHE_DATA_ON_WRITE', 'CACHE_INDEX_ON_WRITE',
  'CACHE_BLOOMS_ON_WRITE', 'EVICT_BLOCKS_ON_CLOSE', 'PREFETCH_BLOCKS_ON_OPEN', 'IS_MOB', 'MOB_THRESHOLD',
  'MOB_COMPACT_PARTITION_POLICY', 'NEW_VERSION_BEHAVIOR', 'DFS_REPLICATION', 'STORAGE_POLICY', 'ENCRYPTION',
  'ENCRYPTION_KEY', 'INDEX_BLOCK_ENCODING', 'CONFIGURATION', 'METADATA', 'METHOD',
]);

/** Table attributes and `create` options (`TableDescriptorBuilder` constants plus the shell's split options). */
export const TABLE_ATTRIBUTES: ReadonlySet<string> = new Set([
  'SPLITS', 'SPLITS_FILE', 'NUMREGIONS', 'SPLITALGO', 'MAX_FILESIZE', 'MEMSTORE_FLUSHSIZE', 'READONLY',
  'DURABILITY', 'REGION_REPLICATION', 'REGION_MEMSTORE_REPLICATION', 'NORMALIZATION_ENABLED',
  'NORMALIZER_TARGET_REGION_COUNT', 'NORMALIZER_TARGET_REGION_SIZE_MB', 'COMPACTION_ENABLED', 'SPLIT_ENABLED',
  'MERGE_ENABLED', 'SPLIT_POLICY', 'FLUSH_POLICY', 'PRIORITY', 'OWNER', 'CONFIGURATION', 'METADATA', 'METHOD',
  'REGION_SPLIT_POLICY', 'IS_ROOT', 'IS_META', 'CLASS',
]);

/** Split algorithms `NUMREGIONS`/`SPLITALGO` accept (`RegionSplitter`), with the alphabet of the points they make. */
export const SPLIT_ALGORITHMS: Readonly<Record<string, 'hex' | 'decimal' | 'binary'>> = {
  HexStringSplit: 'hex',
  DecimalStringSplit: 'decimal',
  UniformSplit: 'binary',
};
