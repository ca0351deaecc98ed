// An in-memory stand-in for the REST client with the calls the migration uses: regions, scans by key range (all
// versions; encoded rows through the real protobuf codec), puts with explicit timestamps (a cell per column and timestamp, the newest first) and multi-gets.
import { compareBytes, toHex } from '../../src/bytes/index.js';
import {
  type Cell, type EncodedRow, type HBaseRestClient, type Row, type RowInput, type ScanOptions, type TableRegions,
  decodeCellSetProtobuf, decodeEncodedRows, encodeCellSetProtobuf, encodeEncodedRows,
} from '../../src/hbase/rest/index.js';

const enc = new TextEncoder();
const bytes = (v: string | Uint8Array) => (typeof v === 'string' ? enc.encode(v) : v);

export class FakeHBase {
  readonly tables = new Map<string, Map<string, Row>>();
  puts = 0;
  constructor(private readonly splits: Record<string, string[]> = {}) {}

  table(name: string): Map<string, Row> {
    let t = this.tables.get(name);
    if (!t) this.tables.set(name, (t = new Map()));
    return t;
  }

  rows(name: string): Row[] {
    return [...this.table(name).values()].sort((a, b) => compareBytes(a.key, b.key));
  }

  client(): HBaseRestClient {
    const self = this;
    const partial: Partial<HBaseRestClient> = {
      async tableRegions(table): Promise<TableRegions> {
        const cuts = (self.splits[table] ?? []).map((s) => enc.encode(s));
        const edges = [new Uint8Array(), ...cuts, new Uint8Array()];
        return { table, regions: cuts.concat([new Uint8Array()]).map((_, i) => ({ name: `${table},${i}`, encodedName: undefined, regionId: i, startKey: edges[i] as Uint8Array, endKey: edges[i + 1] as Uint8Array, location: 'localhost:1' })) };
      },
      async putRows(table, rows: readonly RowInput[], options) {
        if (options?.signal?.aborted) throw new Error('aborted');
        self.puts++;
        const t = self.table(table);
        for (const r of rows) {
          const key = bytes(r.key);
          const old = t.get(toHex(key))?.cells ?? [];
          const cells: Cell[] = [...old];
          for (const c of r.cells) {
            const cell = { family: bytes(c.family), qualifier: bytes(c.qualifier), value: bytes(c.value), timestamp: c.timestamp as number };
            const at = cells.findIndex((x) => compareBytes(x.family, cell.family) === 0 && compareBytes(x.qualifier, cell.qualifier) === 0 && x.timestamp === cell.timestamp);
            if (at >= 0) cells.splice(at, 1);
            cells.push(cell);
          }
          cells.sort((a, b) => compareBytes(a.family, b.family) || compareBytes(a.qualifier, b.qualifier) || b.timestamp - a.timestamp);
          t.set(toHex(key), { key, cells });
        }
      },
      async *scan(table, options: ScanOptions & { signal?: AbortSignal } = {}) {
        const start = options.startRow === undefined ? new Uint8Array() : bytes(options.startRow);
        const end = options.endRow === undefined ? undefined : bytes(options.endRow);
        for (const row of self.rows(table)) {
          if (options.signal?.aborted) throw new Error('aborted');
          if (compareBytes(row.key, start) < 0 || (end && compareBytes(row.key, end) >= 0)) continue;
          yield row;
        }
      },
      // The encoded-row calls go through the real protobuf codec, as the gateway's bodies would.
      async *scanEncoded(table, options: ScanOptions & { signal?: AbortSignal } = {}) {
        for await (const row of (partial.scan as HBaseRestClient['scan'])(table, options)) {
          const [encoded] = decodeEncodedRows(encodeCellSetProtobuf([row]));
          if (encoded) yield encoded;
        }
      },
      async putEncodedRows(table, rows: readonly EncodedRow[], options) {
        await (partial.putRows as HBaseRestClient['putRows'])(table, decodeCellSetProtobuf(encodeEncodedRows(rows)), options);
      },
      async getRow(table, key) {
        return self.table(table).get(toHex(bytes(key)));
      },
      // A whole-row delete only (the migration deletes rows): the row is gone, whatever its versions.
      async deleteRow(table, key) {
        self.table(table).delete(toHex(bytes(key)));
      },
      async multiGet(table, keys) {
        return keys.flatMap((k) => self.table(table).get(toHex(bytes(k))) ?? []);
      },
    };
    return partial as HBaseRestClient;
  }
}
