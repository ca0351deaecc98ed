import { HotspotError } from './errors.js';
import { printable } from './input-text.js';

const UNIT_BYTES: Record<string, number> = { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4, p: 1024 ** 5 };

/**
 * Parses a data size as HBase and Hadoop write them: `10GB`, `4TB`, `512MB`, `1.5T`, `200k`, with 1024-based units
 * whichever spelling is used (`GB` = `GiB` = `G` = 2^30 bytes; HBase's `hbase.hregion.max.filesize` default of
 * "10 GB" is 10737418240 bytes), case-insensitive, or a bare number of bytes.
 *
 * @param text - the size as typed.
 * @param name - the option or field it came from, named in the error (e.g. `--region-size`).
 * @returns the size in bytes (a whole number, rounded).
 * @throws {@link HotspotError} `SIZE_INVALID` for empty, negative or unknown-unit text.
 */
export function parseSizeBytes(text: string, name = 'size'): number {
  const m = /^(\d+(?:\.\d+)?)\s*(?:([bkmgtp])(?:i?b)?)?$/i.exec(text.trim());
  const unit = UNIT_BYTES[(m?.[2] ?? 'b').toLowerCase()];
  if (!m || unit === undefined) {
    throw new HotspotError('SIZE_INVALID', `${name}: "${printable(text)}" is not a data size; write a number of bytes or forms like 512MB, 10GB, 4TB`);
  }
  const bytes = Math.round(Number(m[1]) * unit);
  if (!(bytes <= Number.MAX_SAFE_INTEGER)) throw new HotspotError('SIZE_INVALID', `${name}: "${printable(text)}" is past 2^53 - 1 bytes`);
  return bytes;
}

/** Formats bytes for humans with 1024-based units: `512 B`, `1.5 KB`, `10 GB`, `4 TB`. */
export function formatSizeBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  const text = i === 0 || Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1).replace(/\.?0+$/, '');
  return `${text} ${units[i]}`;
}
