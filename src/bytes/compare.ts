/**
 * Unsigned lexicographic byte order: the order HBase sorts rowkeys in (`Bytes.compareTo`, `Bytes.BYTES_COMPARATOR`).
 * A shorter key that is a prefix of a longer one sorts first; the empty key sorts before every other key.
 */

/**
 * Compares two rowkeys as unsigned bytes, like HBase's `Bytes.compareTo(byte[], byte[])`.
 * @returns a negative number, zero or a positive number as `a` sorts before, equal to or after `b`.
 */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * True when `startKey`..`endKey` can be an HBase region's key range: the end key is empty (the table's end) or sorts
 * after the start key, bytes compared unsigned. One comparison, none for an empty end key.
 */
export function isRegionRange(startKey: Uint8Array, endKey: Uint8Array): boolean {
  return endKey.length === 0 || compareBytes(endKey, startKey) > 0;
}

/** True when both keys hold the same bytes. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** True when `key` begins with `prefix` (every key begins with the empty prefix). */
export function startsWithBytes(key: Uint8Array, prefix: Uint8Array): boolean {
  if (prefix.length > key.length) return false;
  for (let i = 0; i < prefix.length; i++) if (key[i] !== prefix[i]) return false;
  return true;
}

/** Concatenates byte arrays into a fresh one. */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  return joinBytes(parts);
}

/** Concatenates a list of byte arrays (any number of them) into a fresh one. */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/**
 * The smallest key greater than every key that starts with `prefix`: the stop row of a prefix scan.
 * Trailing 0xFF bytes are dropped and the last remaining byte is incremented. A prefix made only of 0xFF bytes (or
 * the empty prefix) has no such key: the result is the empty array, which HBase reads as "to the end of the table".
 * Mirrors HBase's `ClientUtil.calculateTheClosestNextRowKeyForPrefix` used by `Scan.setStartStopRowForPrefixScan`.
 */
export function prefixStopRow(prefix: Uint8Array): Uint8Array {
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === 0xff) end--;
  if (end === 0) return new Uint8Array(0);
  const out = prefix.slice(0, end);
  out[end - 1] = (out[end - 1] as number) + 1;
  return out;
}
