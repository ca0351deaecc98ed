/**
 * Stateful scanner as an async iterator of rows (ScannerResource / ScannerInstanceResource).
 *
 * Retry choices: creating a scanner (`POST`) and fetching the next batch (`GET`, which advances the scanner) are not
 * idempotent, so they are retried only when the connection was refused; deleting (`DELETE`) is retried normally.
 * The scanner URL is rebuilt from the id in the `Location` header against the client's base URL, because the
 * gateway writes its own host name there, which may not be reachable through a proxy.
 *
 * @module
 */
import { equalBytes } from '../../bytes/index.js';
import type { CallOptions } from './client.js';
import { decodeCellSet } from './decode.js';
import { type ScanOptions, encodeScanner } from './encode.js';
import { RestError } from './errors.js';
import type { Row } from './models.js';
import { scannerIdFromLocation, tablePath } from './paths.js';
import type { RestTransport } from './transport.js';
import { parseJson } from './json.js';

/** Runs a scan; see {@link HBaseRestClient.scan}. */
export async function* scanRows(transport: RestTransport, table: string, options: ScanOptions & CallOptions = {}): AsyncGenerator<Row> {
  const call = { ...(options.signal ? { signal: options.signal } : {}), ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) };
  const created = await transport.request({
    method: 'POST',
    path: `${tablePath(table)}/scanner`,
    body: encodeScanner(options),
    idempotent: false,
    ...call,
  });
  const location = created.headers.get('location');
  if (!location) {
    throw new RestError('REST_DECODE', `answered ${created.status} without a Location header`, { method: 'POST', url: created.url });
  }
  const scannerPath = `${tablePath(table)}/scanner/${encodeURIComponent(scannerIdFromLocation(location))}`;
  let pending: { key: Uint8Array; cells: Row['cells'][number][] } | undefined;
  try {
    for (;;) {
      const res = await transport.request({ method: 'GET', path: scannerPath, idempotent: false, ...call });
      if (res.status === 204 || res.text.trim() === '') break;
      for (const row of parseJson(res, 'GET', decodeCellSet)) {
        if (pending && equalBytes(pending.key, row.key)) {
          pending.cells.push(...row.cells);
          continue;
        }
        if (pending) yield pending;
        pending = { key: row.key, cells: [...row.cells] };
      }
    }
    if (pending) yield pending;
  } finally {
    // Best effort: an error here must not hide the scan's own outcome. Never aborted by the caller's signal.
    await transport
      .request({ method: 'DELETE', path: scannerPath, idempotent: true, allowStatus: [404, 410], ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) })
      .catch(() => undefined);
  }
}
