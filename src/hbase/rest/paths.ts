/**
 * URL paths of the HBase REST gateway. Row keys and columns in paths and query values are sent as URL-safe base64
 * together with `e=b64` (HBASE-28174), so binary keys survive: without it the gateway decodes them as UTF-8 text.
 *
 * @module
 */
import { type BytesLike, encodeBase64Url, toBytes } from './codec.js';
import { type ColumnSpec, columnBytes } from './encode.js';

/** Query parameter that switches row and column specs to URL-safe base64. */
export const KEY_ENCODING: readonly [string, string] = ['e', 'b64'];

/** `/<table>` with the table name percent-encoded (`ns:t` allowed). */
export function tablePath(table: string): string {
  if (table === '') throw new TypeError('table name must not be empty');
  return `/${encodeURIComponent(table)}`;
}

/** A RowSpec `row[/col,col]` with every part URL-safe base64 (to be sent with {@link KEY_ENCODING}). */
export function rowSpec(row: BytesLike, columns?: readonly ColumnSpec[]): string {
  const key = toBytes(row);
  if (key.length === 0) throw new TypeError('row key must not be empty');
  const cols = columns?.length ? `/${columns.map((c) => encodeBase64Url(columnBytes(c))).join(',')}` : '';
  return `${encodeBase64Url(key)}${cols}`;
}

/** Extracts the scanner id from a scanner `Location` header (its last path segment). */
export function scannerIdFromLocation(location: string): string {
  const path = location.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const id = path.slice(path.lastIndexOf('/') + 1);
  if (id === '' || id.includes(':')) throw new TypeError(`no scanner id in Location ${JSON.stringify(location)}`);
  return id;
}
