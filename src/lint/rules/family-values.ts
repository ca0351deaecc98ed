/**
 * How HBase reads the numeric settings of a column family, and the ranges it accepts for them. The rules mirror
 * HBase 2.6: `ColumnFamilyDescriptorBuilder` (`setMaxVersions` refuses fewer than 1 version; every number is stored
 * as a Java int), `PrettyPrinter.valueOf(..., TIME_INTERVAL)` and `PrettyPrinter.valueOf(..., BYTE)` (how the shell
 * reads a TTL string and, since HBASE-25519, a BLOCKSIZE string) and the master's
 * `TableDescriptorChecker.sanityCheck` (TTL, BLOCKSIZE, MIN_VERSIONS and DFS_REPLICATION ranges).
 *
 * @module
 */

/** `HConstants.FOREVER`: Integer.MAX_VALUE seconds, the TTL that keeps cells for ever (HBase's default TTL). */
export const TTL_FOREVER_SECONDS = 2_147_483_647;
/** Largest Java int: every numeric family setting is stored as one (`Integer.toString` / `Integer.parseInt`). */
export const JAVA_INT_MAX = 2_147_483_647;
/** Smallest Java int. */
export const JAVA_INT_MIN = -2_147_483_648;
/** `ColumnFamilyDescriptorBuilder.DEFAULT_MAX_VERSIONS`: the VERSIONS of a family that does not set it. */
export const DEFAULT_VERSIONS = 1;
/** Smallest BLOCKSIZE, bytes, `TableDescriptorChecker` accepts (1 KiB). */
export const MIN_BLOCKSIZE_BYTES = 1024;
/** Largest BLOCKSIZE, bytes, `TableDescriptorChecker` accepts (16 MiB). */
export const MAX_BLOCKSIZE_BYTES = 16 * 1024 * 1024;

/**
 * True when `text` is an optionally signed run of decimal digits: what Java's `Integer.parseInt` and `Long.parseLong`
 * read (before their range), and so how a family setting is written as a plain number.
 */
export function isWholeNumberText(text: string): boolean {
  return /^[+-]?\d+$/.test(text);
}

/** A setting's value as HBase reads it: a number, or why HBase cannot read it. */
export type ReadValue = { readonly value: number } | { readonly unreadable: string };

/**
 * Reads a whole-number family setting (`VERSIONS`, `MIN_VERSIONS`, `DFS_REPLICATION`) as HBase does:
 * the shell passes it through `Integer.valueOf`, the descriptor through `Integer.parseInt`, so it must be an
 * optionally signed run of digits within a Java int.
 */
export function readJavaInt(text: string): ReadValue {
  if (!isWholeNumberText(text)) return { unreadable: 'is not a whole number' };
  const n = Number(text);
  if (n > JAVA_INT_MAX || n < JAVA_INT_MIN) return { unreadable: `is beyond a Java int (${JAVA_INT_MIN} to ${JAVA_INT_MAX})` };
  return { value: n };
}

/** Java's `\s` (regular expressions without the UNICODE_CHARACTER_CLASS flag). */
const S = '[ \\t\\n\\x0B\\f\\r]*';
/** `PrettyPrinter.INTERVAL_REGEX`: `[N SECONDS (] [N DAYS] [N HOURS] [N MINUTES] [N SECONDS] [)]`, any case. */
const INTERVAL = new RegExp(
  `^((\\d+)${S}SECONDS?${S}\\()?${S}((\\d+)${S}DAYS?)?${S}((\\d+)${S}HOURS?)?${S}((\\d+)${S}MINUTES?)?${S}((\\d+)${S}SECONDS?)?${S}\\)?$`,
  'i',
);
const LONG_MAX = 9_223_372_036_854_775_807n;
const LONG_MIN = -9_223_372_036_854_775_808n;

/** How one of `PrettyPrinter`'s human-readable units reads: its pattern and what each matched group counts. */
interface PrettyUnit {
  /** The pattern; group 2 is the total stated first (`N SECONDS (` / `N B (`), when given. */
  readonly pattern: RegExp;
  /** Group number and what one of it is worth, in the unit's smallest part. */
  readonly parts: readonly (readonly [number, bigint])[];
  /** What the text is (`interval`) and its smallest part (`seconds`), for messages. */
  readonly what: string;
  readonly smallest: string;
}

/** `PrettyPrinter.INTERVAL_REGEX` with its parts: days, hours, minutes, seconds. */
const TIME_INTERVAL: PrettyUnit = { pattern: INTERVAL, parts: [[4, 86_400n], [6, 3_600n], [8, 60n], [10, 1n]], what: 'interval', smallest: 'seconds' };

/** `PrettyPrinter.SIZE_REGEX`: `[N B (] [N TB] [N GB] [N MB] [N KB] [N B] [)]`, any case, each unit's B optional. */
const SIZE = new RegExp(
  `^((\\d+)${S}B?${S}\\()?${S}((\\d+)${S}TB?)?${S}((\\d+)${S}GB?)?${S}((\\d+)${S}MB?)?${S}((\\d+)${S}KB?)?${S}((\\d+)${S}B?)?${S}\\)?$`,
  'i',
);
/** `PrettyPrinter.SIZE_REGEX` with its parts: TB, GB, MB, KB (powers of 1024) and bytes. */
const BYTE: PrettyUnit = { pattern: SIZE, parts: [[4, 1n << 40n], [6, 1n << 30n], [8, 1n << 20n], [10, 1n << 10n], [12, 1n]], what: 'size', smallest: 'bytes' };

/**
 * `PrettyPrinter.valueOf(text, unit)` (`humanReadableIntervalToSec`, `humanReadableSizeToBytes`): a number (as Java's
 * `Long.parseLong` takes it) is itself; other text is the sum of the parts `unit.pattern` matches, 0 when it matches
 * none; a total stated first must equal the parts that follow.
 * @returns the value, or why HBase refuses the text (the two spellings disagree: `HBaseException` "Malformed ...").
 */
function readPretty(text: string, unit: PrettyUnit): bigint | { unreadable: string } {
  if (isWholeNumberText(text)) {
    const n = BigInt(text);
    if (n <= LONG_MAX && n >= LONG_MIN) return n;
  }
  const m = unit.pattern.exec(text);
  let sum = 0n;
  for (const [group, worth] of unit.parts) if (m?.[group] !== undefined) sum += BigInt(m[group]) * worth;
  const stated = m?.[2];
  if (stated !== undefined && BigInt(stated) !== sum) {
    return { unreadable: `is a malformed ${unit.what}: ${stated} ${unit.smallest} stated, ${sum} in the units that follow` };
  }
  return sum;
}

/** `value` when it fits a Java int (what `Integer.parseInt` then takes), else `beyond`. */
function javaInt(value: bigint | { unreadable: string }, beyond: string): ReadValue {
  if (typeof value !== 'bigint') return value;
  if (value > BigInt(JAVA_INT_MAX) || value < BigInt(JAVA_INT_MIN)) return { unreadable: `is beyond a Java int (${beyond})` };
  return { value: Number(value) };
}

/**
 * Reads a TTL as HBase 2.6 does, in seconds: `FOREVER` (any case) is {@link TTL_FOREVER_SECONDS}; a number (as
 * Java's `Long.parseLong` takes it) is itself; anything else is read as an interval (`'1 DAY'`,
 * `'90 DAYS 12 HOURS'`, `'86400 SECONDS (1 DAY)'`), and text that is none of these reads as 0 seconds, as
 * `PrettyPrinter.valueOf(text, TIME_INTERVAL)` reads it. The result must then fit a Java int
 * (`ColumnFamilyDescriptorBuilder.setTimeToLive` parses it with `Integer.parseInt`).
 * @returns the seconds, or why HBase cannot read the text (an interval whose two spellings disagree, a value beyond
 *   a Java int).
 */
export function readTtlSeconds(text: string): ReadValue {
  if (text.toUpperCase() === 'FOREVER') return { value: TTL_FOREVER_SECONDS };
  return javaInt(readPretty(text, TIME_INTERVAL), `at most ${JAVA_INT_MAX} seconds, FOREVER`);
}

/**
 * Reads a BLOCKSIZE as HBase 2.6 does, in bytes: a number (as Java's `Long.parseLong` takes it) is itself; other text
 * is read as a size (`'64KB'`, `'1 MB'`, `'65536 B (64KB)'`), and text that is none of these reads as 0 bytes, as
 * `PrettyPrinter.valueOf(text, BYTE)` reads it: the shell hands a BLOCKSIZE string to
 * `ColumnFamilyDescriptorBuilder.setBlocksize(String)` (HBASE-25519), which then parses the bytes with
 * `Integer.parseInt`. A Ruby number goes to `setBlocksize(int)`, the same value.
 * @returns the bytes, or why HBase cannot read the text (a size whose two spellings disagree, a value beyond a Java
 *   int).
 */
export function readBlockSizeBytes(text: string): ReadValue {
  return javaInt(readPretty(text, BYTE), `${JAVA_INT_MIN} to ${JAVA_INT_MAX} bytes`);
}

/**
 * The names the shell accepts for a family's enumerated settings (HBase 2.6 `Compression.Algorithm`, `BloomType`,
 * `DataBlockEncoding`, `KeepDeletedCells`, `MemoryCompactionPolicy`), and whether admin.rb upper-cases the value
 * first (`COMPRESSION`, `COMPRESSION_COMPACT`, `BLOOMFILTER`, `KEEP_DELETED_CELLS`) or hands it to `valueOf` as
 * written (`DATA_BLOCK_ENCODING`, `IN_MEMORY_COMPACTION`, so `'fast_diff'` fails).
 */
export const FAMILY_ENUMS: Readonly<Record<string, { readonly names: readonly string[]; readonly upcased: boolean }>> = {
  COMPRESSION: { names: ['LZO', 'GZ', 'NONE', 'SNAPPY', 'LZ4', 'BZIP2', 'ZSTD', 'LZMA', 'BROTLI'], upcased: true },
  COMPRESSION_COMPACT: { names: ['LZO', 'GZ', 'NONE', 'SNAPPY', 'LZ4', 'BZIP2', 'ZSTD', 'LZMA', 'BROTLI'], upcased: true },
  BLOOMFILTER: { names: ['NONE', 'ROW', 'ROWCOL', 'ROWPREFIX_FIXED_LENGTH'], upcased: true },
  KEEP_DELETED_CELLS: { names: ['FALSE', 'TRUE', 'TTL'], upcased: true },
  DATA_BLOCK_ENCODING: { names: ['NONE', 'PREFIX', 'DIFF', 'FAST_DIFF', 'ROW_INDEX_V1'], upcased: false },
  IN_MEMORY_COMPACTION: { names: ['NONE', 'BASIC', 'EAGER', 'ADAPTIVE'], upcased: false },
};

/**
 * Why the shell refuses an enumerated family setting (`key` one of {@link FAMILY_ENUMS}), or `undefined` when it
 * takes `text`: admin.rb raises ArgumentError ("Compression SNAPPYY is not supported") or `valueOf` throws
 * IllegalArgumentException, so the create or alter fails before it reaches the master.
 */
export function refusedEnumValue(key: string, text: string): string | undefined {
  const e = Object.prototype.hasOwnProperty.call(FAMILY_ENUMS, key) ? FAMILY_ENUMS[key] : undefined;
  if (e === undefined) return undefined;
  const read = e.upcased ? text.toUpperCase() : text;
  if (e.names.includes(read)) return undefined;
  const near = !e.upcased && e.names.includes(text.toUpperCase()) ? ` (the shell takes it as written: use '${text.toUpperCase()}')` : '';
  return `is not one of ${e.names.join(', ')}${near}`;
}
