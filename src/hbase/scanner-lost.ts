/**
 * A scanner lost in the middle of a scan: the cluster side dropped a scan the tool had started, so the rows read so
 * far are not the whole range. That is the cluster failing (exit 3), never the user's input being refused (exit 2),
 * even when the gateway says so with a 404.
 *
 * How HBase's REST gateway (hbase-rest) answers a `GET /<table>/scanner/<id>` whose scanner is gone:
 * - `ScannerResource.getScannerInstanceResource` looks the id up in its map of open scanners; an id it does not hold
 *   (the gateway restarted, the scanner was deleted, or a load balancer sent the `GET` to another gateway than the
 *   one the `POST` reached) gets an empty `ScannerInstanceResource`, whose `get` answers 404 `Not found`;
 * - `ScannerInstanceResource.get` answers 410 `Gone` (and deletes the scanner) when the scan throws
 *   `IllegalStateException`, which `ScannerResultGenerator.next` throws for a `TableNotEnabledException` (the table
 *   disabled during the scan), and 404 when it throws `IllegalArgumentException` caused by `TableNotFoundException`
 *   (the table dropped during the scan);
 * - `ScannerResultGenerator.next` turns a RegionServer's `UnknownScannerException` (its scanner lease,
 *   `hbase.client.scanner.timeout.period`, expired) into an `IllegalArgumentException` that `get` rethrows, so the
 *   gateway answers 5xx; when the body names that exception (or `ScannerTimeoutException`, `LeaseException`,
 *   `OutOfOrderScannerNextException`), the scanner is reported lost, else the 5xx stays a `REST_HTTP` error.
 * - Other `IOException`s of the gateway's scan are only logged by `ScannerResultGenerator.next`, which then answers
 *   as if the scan had ended (204): such a loss is invisible from outside the gateway.
 *
 * A 404 on the `POST /<table>/scanner` that creates the scanner is another thing: `ScannerResource.update` answers 404
 * for a `TableNotFoundException`, a table the gateway does not know, which stays a refused input (`REST_HTTP` 404).
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';

/** Names of the Java exceptions that mean a RegionServer no longer holds a scan's scanner (HBase client and server). */
const LOST_SCANNER_EXCEPTIONS = /\b(UnknownScannerException|ScannerTimeoutException|LeaseException|OutOfOrderScannerNextException)\b/;

/** True when `text` (an HBase error body or message) names an exception of a RegionServer losing a scanner. */
export function namesLostScanner(text: string | undefined): boolean {
  return text !== undefined && LOST_SCANNER_EXCEPTIONS.test(text);
}

/** What {@link ScannerLostError} reports about the lost scanner. */
export interface ScannerLostDetails {
  /** The table scanned, as the user named it. */
  readonly table: string;
  /** Whole rows handed on to the caller before the scanner was lost. */
  readonly rowsRead: number;
  /** What answered, e.g. `GET http://rest:8080/t/scanner/123 answered HTTP 404 ("Not found")`. */
  readonly answer: string;
  /** Why the scanner went away, as far as the answer tells, e.g. `the gateway no longer holds it`. */
  readonly reason: string;
  /** HTTP status of the answer, when a REST gateway gave one. */
  readonly status?: number;
  /** The error the client raised (a `RestError`, or the native reader's `NATIVE_READ`). */
  readonly cause: unknown;
}

/** The advice every lost scanner ends with: the scan cannot go on from where it stopped, and how to keep it alive. */
const ADVICE =
  'the rows read so far are not the whole range, so the command stopped there; run it again (a backfill given the same --checkpoint goes on from it), and if the scanner is lost again ' +
  'raise the scanner lease (hbase.client.scanner.timeout.period on the RegionServers and the REST gateway) and the gateway\'s idle time ' +
  '(hbase.rest.connection.max-idletime), or lower the scan batch so each request returns sooner; behind a load balancer, send a scan to one gateway (sticky sessions)';

/**
 * A scan's scanner lost after it was opened (code `SCANNER_LOST`): the REST gateway answered 404 or 410 to a `GET` of
 * the next batch, or a 5xx naming `UnknownScannerException`, or the native client's scan failed with one of the
 * exceptions of a RegionServer dropping the scanner. The message names the table, the rows read before the loss,
 * what answered, and what to do. The CLI exits 3 for it (the cluster side failed).
 */
export class ScannerLostError extends HotspotError {
  override readonly name: string = 'ScannerLostError';
  /** The table scanned. */
  readonly table: string;
  /** Whole rows read before the scanner was lost. */
  readonly rowsRead: number;
  /**
   * HTTP status of the gateway's answer, when there was one. Named `scannerStatus`, not `status`, so code that
   * reads a 404 `status` as "no such table" never mistakes this error for one.
   */
  readonly scannerStatus: number | undefined;

  constructor(details: ScannerLostDetails) {
    super(
      'SCANNER_LOST',
      `the scanner of table ${JSON.stringify(details.table)} was lost after ${details.rowsRead} row(s) were read: ${details.answer}; ${details.reason}; ${ADVICE}`,
      { cause: details.cause },
    );
    this.table = details.table;
    this.rowsRead = details.rowsRead;
    this.scannerStatus = details.status;
  }
}
