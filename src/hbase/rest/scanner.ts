/**
 * Stateful scanner as an async iterator of rows (ScannerResource / ScannerInstanceResource).
 *
 * Retry choices: creating a scanner (`POST`) and fetching the next batch (`GET`, which advances the scanner) are not
 * idempotent, so they are retried only when the connection was refused; deleting (`DELETE`) is retried normally.
 * The scanner URL is rebuilt from the id in the `Location` header against the client's base URL, because the
 * gateway writes its own host name there, which may not be reachable through a proxy.
 *
 * A scanner lost after the `POST` created it (a `GET` answered 404 or 410, or 5xx naming `UnknownScannerException`;
 * see `../scanner-lost.ts` for what hbase-rest's `ScannerResource` and `ScannerInstanceResource` answer) is a
 * {@link ScannerLostError}, the cluster side failing; a 404 on the `POST` itself (no such table) stays `REST_HTTP` 404.
 *
 * @module
 */
import { concatBytes, equalBytes } from '../../bytes/index.js';
import type { CallOptions } from './client.js';
import { decodeCellSet } from './decode.js';
import { type ScanOptions, encodeScanner } from './encode.js';
import { RestError } from './errors.js';
import { ScannerLostError, namesLostScanner } from '../scanner-lost.js';
import type { Row } from './models.js';
import { scannerIdFromLocation, tablePath } from './paths.js';
import type { RawResponse, RestTransport } from './transport.js';
import { parseJson } from './json.js';
import { type EncodedRow, PROTOBUF_MEDIA_TYPE, decodeCellSetProtobuf, decodeEncodedRows } from './protobuf.js';
import { pushAll } from '../../util/arrays.js';
import { printable } from '../../util/input-text.js';

/** A protobuf scanner batch decoded by `decode`; a malformed body is `REST_DECODE`. */
function parseProtobuf<T>(res: RawResponse, decode: (bytes: Uint8Array) => T[]): T[] {
  try {
    return decode(res.bytes);
  } catch (cause) {
    const what = cause instanceof Error ? cause.message : String(cause);
    throw new RestError('REST_DECODE', `answered ${res.status} with an unexpected protobuf body (${what})`, { method: 'GET', url: res.url, status: res.status, cause });
  }
}

/**
 * Why a `GET` of the next batch failing with `err` means the gateway lost the scanner, or `undefined` when it is
 * another failure: 404 (ScannerResource holds no scanner of that id, or the table was dropped during the scan), 410
 * (ScannerInstanceResource gave the scanner up: the table was disabled during the scan), 5xx whose body names
 * `UnknownScannerException` or another exception of a RegionServer dropping the scanner (its lease expired).
 */
function lostScannerReason(err: unknown): string | undefined {
  if (!(err instanceof RestError) || err.code !== 'REST_HTTP' || err.status === undefined) return undefined;
  if (err.status === 404) return 'the gateway no longer holds the scanner (the gateway restarted, another gateway behind a load balancer answered, or the table was dropped during the scan)';
  if (err.status === 410) return 'the gateway gave the scanner up (the table was disabled during the scan)';
  if (err.status >= 500 && namesLostScanner(err.body)) return 'the RegionServer no longer holds the scanner (its scanner lease expired between two batches, or the region moved)';
  return undefined;
}

/**
 * The scanner's batches, each as the rows `parse` reads from one answer: `POST` creates the scanner, `GET`s fetch
 * batches until 204 or an empty body, `DELETE` removes it however iteration ends.
 * @param rowsRead - whole rows the caller has handed on so far, named when the scanner is lost.
 * @throws {@link ScannerLostError} when a `GET` finds the scanner lost (see {@link lostScannerReason}); the
 *   transport's `RestError`s otherwise (a 404 on the `POST`, no such table, among them).
 */
async function* scanBatches<T>(
  transport: RestTransport,
  table: string,
  options: ScanOptions & CallOptions,
  protobuf: boolean,
  parse: (res: RawResponse) => T[],
  rowsRead: () => number,
): AsyncGenerator<T[]> {
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
  const fetchNext = () => transport.request({
    method: 'GET', path: scannerPath, idempotent: false, ...call,
    ...(protobuf ? { accept: PROTOBUF_MEDIA_TYPE, binaryAnswer: true } : {}),
  });
  // One fetch ahead: the next batch is on its way while the rows of this one are consumed, so the gateway's scan
  // and the consumer's work overlap. The scanner is stateful, so fetches still go one after another.
  let next: ReturnType<typeof fetchNext> | undefined = fetchNext();
  try {
    while (next) {
      const res = await next.catch((err: unknown) => {
        const reason = lostScannerReason(err);
        if (reason === undefined) throw err;
        const e = err as RestError;
        // the gateway's body, as any quoted value, on one printable line and cut short
        const said = e.body ? ` ("${printable(e.body, 200)}")` : '';
        throw new ScannerLostError({ table, rowsRead: rowsRead(), answer: `${e.method} ${e.url} answered HTTP ${e.status}${said}`, reason, ...(e.status === undefined ? {} : { status: e.status }), cause: err });
      });
      next = undefined;
      if (res.status === 204 || (protobuf ? res.bytes.length === 0 : res.text.trim() === '')) break;
      next = fetchNext();
      next.catch(() => undefined);
      yield parse(res);
    }
  } finally {
    // A fetch still on its way when the consumer stops is settled first: the scanner is deleted after it.
    if (next) await next.catch(() => undefined);
    // Best effort: an error here must not hide the scan's own outcome. Never aborted by the caller's signal.
    await transport
      .request({ method: 'DELETE', path: scannerPath, idempotent: true, allowStatus: [404, 410], ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) })
      .catch(() => undefined);
  }
}

/** Runs a scan; see {@link HBaseRestClient.scan}. */
export async function* scanRows(transport: RestTransport, table: string, options: ScanOptions & CallOptions = {}, format: 'json' | 'protobuf' = 'json'): AsyncGenerator<Row> {
  const protobuf = format === 'protobuf';
  const parse = (res: RawResponse): Row[] => (protobuf ? parseProtobuf(res, decodeCellSetProtobuf) : parseJson(res, 'GET', decodeCellSet));
  let pending: { key: Uint8Array; cells: Row['cells'][number][] } | undefined;
  let handedOn = 0;
  for await (const rows of scanBatches(transport, table, options, protobuf, parse, () => handedOn)) {
    for (const row of rows) {
      if (pending && equalBytes(pending.key, row.key)) {
        pushAll(pending.cells, row.cells);
        continue;
      }
      if (pending) {
        handedOn++;
        yield pending;
      }
      pending = { key: row.key, cells: [...row.cells] };
    }
  }
  if (pending) yield pending;
}

/** Runs a scan returning rows with their cells still encoded; see {@link HBaseRestClient.scanEncoded}. */
export async function* scanEncodedRows(transport: RestTransport, table: string, options: ScanOptions & CallOptions = {}): AsyncGenerator<EncodedRow> {
  let pending: EncodedRow | undefined;
  let handedOn = 0;
  for await (const rows of scanBatches(transport, table, options, true, (res) => parseProtobuf(res, decodeEncodedRows), () => handedOn)) {
    for (const row of rows) {
      if (pending && equalBytes(pending.key, row.key)) {
        pending = { key: pending.key, cells: concatBytes(pending.cells, row.cells), cellCount: pending.cellCount + row.cellCount };
        continue;
      }
      if (pending) {
        handedOn++;
        yield pending;
      }
      pending = row;
    }
  }
  if (pending) yield pending;
}
