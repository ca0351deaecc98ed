/**
 * The cell reads and check-and-mutates of {@link HBaseRestClient} answered by the native client's JVM process
 * (`RegionLoadReader`'s data requests, `jvm/.../sources/TableData.java`) instead of a REST gateway: what `index check
 * --zk` needs. Keys, families, qualifiers and values travel as base64; rows come back in the REST client's
 * {@link Row} form, so code written against the REST client reads the same rows either way.
 *
 * @module
 */
import { toBytes } from '../rest/codec.js';
import type { CallOptions, CellCondition, FamilyDelete, GetOptions, HBaseRestClient } from '../rest/client.js';
import { type ColumnSpec, columnBytes, type ScanOptions } from '../rest/encode.js';
import type { Row, RowInput } from '../rest/models.js';
import { HotspotError } from '../../util/errors.js';
import { printable } from '../../util/input-text.js';
import { ScannerLostError, namesLostScanner } from '../scanner-lost.js';
import type { RegionLoadReaderProcess } from './reader-process.js';

/** The subset of {@link HBaseRestClient} the native process answers. */
export type NativeTableClient = Pick<HBaseRestClient, 'getSchema' | 'scan' | 'getRow' | 'checkAndPut' | 'checkAndDelete'>;

/** Rows per scan request (one protocol line each). */
const SCAN_PAGE_ROWS = 500;

const b64 = (b: Uint8Array | string): string => Buffer.from(toBytes(b)).toString('base64');
const unb64 = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'base64'));

interface WireRow { key: string; cells: { family: string; qualifier: string; timestamp: number; value: string }[] }

function rowOf(w: WireRow): Row {
  return { key: unb64(w.key), cells: w.cells.map((c) => ({ family: unb64(c.family), qualifier: unb64(c.qualifier), timestamp: c.timestamp, value: unb64(c.value) })) };
}

function conditionOf(c: CellCondition): Record<string, string> {
  return { family: b64(c.family), qualifier: b64(c.qualifier), ...(c.value !== undefined ? { value: b64(c.value) } : {}) };
}

const columnsOf = (columns: readonly ColumnSpec[] | undefined): { columns?: string[] } =>
  columns === undefined ? {} : { columns: columns.map((c) => Buffer.from(columnBytes(c)).toString('base64')) };

/**
 * A {@link NativeTableClient} over a started reader (`startRegionLoadReader`, with or without `--table`). Calls mirror
 * the REST ones: `scan` pages through `Table.getScanner` (`[startRow, endRow)`, `maxVersions` default 1 as a Java
 * `Scan`), `getRow` is `Table.get`, `checkAndPut` / `checkAndDelete` are `Table.checkAndMutate(CheckAndMutate)` with
 * the REST gateway's condition (equal to `value`, or absent when `value` is omitted or empty).
 * @throws (from the calls) {@link HotspotError} `SOURCE_TABLE_NOT_FOUND` (getSchema of a missing table), `NATIVE_READ`
 *   (HBase refused the request), `NATIVE_TIMEOUT`, `NATIVE_EXITED`; `NATIVE_UNSUPPORTED` for scan options the native
 *   requests do not carry (filter, time range); {@link ScannerLostError} (`SCANNER_LOST`) for a scan page whose
 *   `NATIVE_READ` names an exception of a RegionServer dropping the scanner (`UnknownScannerException`,
 *   `ScannerTimeoutException` after `hbase.client.scanner.timeout.period`, `LeaseException`,
 *   `OutOfOrderScannerNextException`), with the rows handed on before it.
 */
export function nativeTableClient(reader: RegionLoadReaderProcess): NativeTableClient {
  return {
    getSchema: (table) => reader.schema(table),
    scan(table: string, options: ScanOptions & CallOptions = {}): AsyncIterable<Row> {
      const unsupported = (['filter', 'startTime', 'endTime'] as const).find((k) => options[k] !== undefined);
      if (unsupported) throw new HotspotError('NATIVE_UNSUPPORTED', `a native scan of ${table} does not take the option "${unsupported}"`, { field: unsupported });
      return {
        async *[Symbol.asyncIterator]() {
          let start = options.startRow === undefined ? undefined : toBytes(options.startRow);
          let handedOn = 0;
          for (;;) {
            const data = await reader.data({
              op: 'scan', table, limit: SCAN_PAGE_ROWS,
              ...(start !== undefined ? { startRow: b64(start) } : {}),
              ...(options.endRow !== undefined ? { stopRow: b64(options.endRow) } : {}),
              ...(options.maxVersions !== undefined ? { maxVersions: options.maxVersions } : {}),
              ...columnsOf(options.columns),
            }, options.timeoutMs).catch((err: unknown) => {
              if (!(err instanceof HotspotError) || err.code !== 'NATIVE_READ' || !namesLostScanner(err.message)) throw err;
              throw new ScannerLostError({
                table, rowsRead: handedOn, answer: `the native client's scan answered "${printable(err.message, 300)}"`,
                reason: 'the RegionServer no longer holds the scanner (its scanner lease expired, or the region moved)', cause: err,
              });
            }) as { rows: WireRow[]; more: boolean };
            for (const w of data.rows) {
              handedOn++;
              yield rowOf(w);
            }
            const last = data.rows.at(-1);
            if (!data.more || !last) return;
            // The next page starts just after the last row: its key followed by 0x00.
            const key = unb64(last.key);
            start = new Uint8Array(key.length + 1);
            start.set(key);
          }
        },
      };
    },
    async getRow(table: string, row, options: GetOptions = {}) {
      const data = await reader.data({
        op: 'get', table, row: b64(row), ...(options.maxVersions !== undefined ? { maxVersions: options.maxVersions } : {}), ...columnsOf(options.columns),
      }, options.timeoutMs) as { row?: WireRow | null };
      // A row without cells comes back as null, or left out (the JVM's JSON drops null members).
      return data.row ? rowOf(data.row) : undefined;
    },
    async checkAndPut(table: string, row: RowInput, condition: CellCondition, options: CallOptions = {}) {
      const cells = row.cells.map((c) => ({ family: b64(c.family), qualifier: b64(c.qualifier), value: b64(c.value), ...(c.timestamp !== undefined ? { timestamp: c.timestamp } : {}) }));
      const data = await reader.data({ op: 'checkAndPut', table, row: b64(row.key), condition: conditionOf(condition), cells }, options.timeoutMs) as { checked: boolean };
      return data.checked;
    },
    async checkAndDelete(table: string, row, condition: CellCondition, families: readonly FamilyDelete[], options: CallOptions = {}) {
      const list = families.map((f) => ({ family: b64(f.family), ...(f.timestamp !== undefined ? { timestamp: f.timestamp } : {}) }));
      const data = await reader.data({ op: 'checkAndDelete', table, row: b64(row), condition: conditionOf(condition), families: list }, options.timeoutMs) as { checked: boolean };
      return data.checked;
    },
  };
}
