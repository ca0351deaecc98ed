/**
 * How HBase reads the numeric settings of a column family, and the ranges it accepts for them. The rules mirror
 * HBase 2.6: `ColumnFamilyDescriptorBuilder` (`setMaxVersions` refuses fewer than 1 version; every number is stored
 * as a Java int), `PrettyPrinter.valueOf(..., TIME_INTERVAL)` (how the shell reads a TTL string) and the master's
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

/** A setting's value as HBase reads it: a number, or why HBase cannot read it. */
export type ReadValue = { readonly value: number } | { readonly unreadable: string };

/**
 * Reads a whole-number family setting (`VERSIONS`, `MIN_VERSIONS`, `BLOCKSIZE`, `DFS_REPLICATION`) as HBase does:
 * the shell passes it through `Integer.valueOf`, the descriptor through `Integer.parseInt`, so it must be an
 * optionally signed run of digits within a Java int.
 */
export function readJavaInt(text: string): ReadValue {
  if (!/^[+-]?\d+$/.test(text)) return { unreadable: 'is not a whole number' };
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
  let seconds: bigint | undefined;
  if (/^[+-]?\d+$/.test(text)) {
    const n = BigInt(text);
    if (n <= LONG_MAX && n >= LONG_MIN) seconds = n;
  }
  if (seconds === undefined) {
    const m = INTERVAL.exec(text);
    const part = (i: number, unit: bigint): bigint => (m?.[i] === undefined ? 0n : BigInt(m[i]) * unit);
    seconds = part(4, 86_400n) + part(6, 3_600n) + part(8, 60n) + part(10, 1n);
    const stated = m?.[2];
    if (stated !== undefined && BigInt(stated) !== seconds) {
      return { unreadable: `is a malformed interval: ${stated} seconds stated, ${seconds} in the units that follow` };
    }
  }
  if (seconds > BigInt(JAVA_INT_MAX) || seconds < BigInt(JAVA_INT_MIN)) {
    return { unreadable: `is beyond a Java int (at most ${JAVA_INT_MAX} seconds, FOREVER)` };
  }
  return { value: Number(seconds) };
}
