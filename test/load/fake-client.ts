// An in-memory HBaseRestClient for load tests: rows kept in a sorted map, every call recorded; failures injectable.
import type { HBaseRestClient, Row, RowInput } from '../../src/hbase/rest/index.js';
import { compareBytes } from '../../src/bytes/index.js';

export interface FakeCall {
  readonly method: 'putRows' | 'getRow' | 'scan';
  readonly table: string;
  readonly rows?: readonly RowInput[];
  readonly key?: Uint8Array;
  readonly startRow?: Uint8Array;
  readonly endRow?: Uint8Array;
}

const bytes = (b: unknown): Uint8Array => (typeof b === 'string' ? new TextEncoder().encode(b) : (b as Uint8Array));

export class FakeClient {
  readonly calls: FakeCall[] = [];
  readonly stored = new Map<string, Row>();
  /** Number of upcoming putRows calls to fail. */
  failPuts = 0;

  client(): HBaseRestClient {
    const self = this;
    const unsupported = (): never => {
      throw new Error('not used by the load generator');
    };
    return {
      clusterVersion: unsupported,
      clusterStatus: unsupported,
      listTables: unsupported,
      tableExists: unsupported,
      createTable: unsupported,
      deleteTable: unsupported,
      tableRegions: unsupported,
      multiGet: unsupported,
      scanEncoded: unsupported,
      putEncodedRows: unsupported,
      deleteRow: unsupported,
      checkAndPut: unsupported,
      checkAndDelete: unsupported,
      getSchema: async (table) => ({ name: table, attributes: {}, columns: [{ name: 'd', attributes: {} }, { name: 'e', attributes: {} }] }),
      async putRows(table, rows) {
        self.calls.push({ method: 'putRows', table, rows });
        if (self.failPuts > 0) {
          self.failPuts--;
          throw new Error('gateway said 503');
        }
        for (const r of rows) {
          const key = bytes(r.key);
          self.stored.set(Buffer.from(key).toString('latin1'), { key, cells: r.cells.map((c) => ({ family: bytes(c.family), qualifier: bytes(c.qualifier), value: bytes(c.value), timestamp: c.timestamp ?? 0 })) });
        }
      },
      async getRow(table, row) {
        const key = bytes(row);
        self.calls.push({ method: 'getRow', table, key });
        return self.stored.get(Buffer.from(key).toString('latin1'));
      },
      scan(table, options = {}) {
        const startRow = bytes(options.startRow ?? new Uint8Array());
        const endRow = options.endRow === undefined ? undefined : bytes(options.endRow);
        self.calls.push({ method: 'scan', table, startRow, ...(endRow ? { endRow } : {}) });
        const rows = [...self.stored.values()]
          .filter((r) => compareBytes(r.key, startRow) >= 0 && (endRow === undefined || compareBytes(r.key, endRow) < 0))
          .sort((a, b) => compareBytes(a.key, b.key));
        return (async function* () {
          yield* rows;
        })();
      },
    };
  }
}

/**
 * A clock that only moves when the run pauses: waiters wake one at a time in order of their end time (ties in call
 * order), each after everything else runnable has run, and the clock jumps to that end time.
 */
export function fakeTime(startMs = 1_000_000): { now: () => number; pause: (ms: number) => Promise<void> } {
  let t = startMs;
  let seq = 0;
  const waiters: { until: number; seq: number; resolve: () => void }[] = [];
  const tick = (): void => {
    waiters.sort((a, b) => a.until - b.until || a.seq - b.seq);
    const next = waiters.shift();
    if (!next) return;
    t = Math.max(t, next.until);
    next.resolve();
  };
  return {
    now: () => t,
    pause: (ms) =>
      new Promise<void>((resolve) => {
        waiters.push({ until: t + ms, seq: seq++, resolve });
        setImmediate(tick);
      }),
  };
}
