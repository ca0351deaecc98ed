// An in-memory model of the HBase semantics the index code relies on, written apart from the product code: cell
// versions by timestamp, family and row delete markers hiding every version at or before their time, newest visible
// version per column, and atomic check-and-put / check-and-delete. Every mutating call is recorded in order.
import type { CellCondition, FamilyDelete, HBaseRestClient, Row, RowInput } from '../../src/hbase/rest/index.js';

const enc = new TextEncoder();
const dec = new TextDecoder();
const b = (x: Uint8Array | string): Uint8Array => (typeof x === 'string' ? enc.encode(x) : x);
const hex = (x: Uint8Array): string => Buffer.from(x).toString('hex');

interface StoredCell { family: string; qualifier: string; ts: number; value: Uint8Array }
interface StoredRow { key: Uint8Array; cells: StoredCell[]; markers: { family?: string; ts: number }[] }

export interface FakeCall { op: string; table: string; row: string }

export class FakeHBase {
  readonly tables = new Map<string, Map<string, StoredRow>>();
  readonly calls: FakeCall[] = [];
  clock = 1_000_000;
  families = new Map<string, Record<string, string>>();

  private table(name: string): Map<string, StoredRow> {
    let t = this.tables.get(name);
    if (!t) this.tables.set(name, (t = new Map()));
    return t;
  }

  private stored(table: string, key: Uint8Array): StoredRow {
    const t = this.table(table);
    let r = t.get(hex(key));
    if (!r) t.set(hex(key), (r = { key, cells: [], markers: [] }));
    return r;
  }

  /** Newest visible version of each column, families then qualifiers in byte order. */
  visible(table: string, key: Uint8Array): Row | undefined {
    const r = this.tables.get(table)?.get(hex(key));
    if (!r) return undefined;
    const best = new Map<string, StoredCell>();
    for (const c of r.cells) {
      if (r.markers.some((m) => (m.family === undefined || m.family === c.family) && m.ts >= c.ts)) continue;
      const col = `${c.family}:${c.qualifier}`;
      const cur = best.get(col);
      if (!cur || c.ts >= cur.ts) best.set(col, c);
    }
    if (best.size === 0) return undefined;
    const cells = [...best.entries()].sort(([a], [z]) => (a < z ? -1 : 1)).map(([, c]) => ({ family: enc.encode(c.family), qualifier: enc.encode(c.qualifier), timestamp: c.ts, value: c.value }));
    return { key: r.key, cells };
  }

  /** Visible rows of a table in key order. */
  rows(table: string): Row[] {
    return [...(this.tables.get(table)?.values() ?? [])].sort((x, y) => Buffer.compare(x.key, y.key)).flatMap((r) => this.visible(table, r.key) ?? []);
  }

  private holds(table: string, key: Uint8Array, cond: CellCondition): boolean {
    const want = b(cond.value ?? new Uint8Array());
    const cell = this.visible(table, key)?.cells.find((c) => dec.decode(c.family) === dec.decode(b(cond.family)) && dec.decode(c.qualifier) === dec.decode(b(cond.qualifier)));
    return want.length === 0 ? cell === undefined || cell.value.length === 0 : cell !== undefined && hex(cell.value) === hex(want);
  }

  private put(table: string, rows: readonly RowInput[]): void {
    for (const row of rows) {
      const r = this.stored(table, b(row.key));
      for (const c of row.cells) {
        const cell = { family: dec.decode(b(c.family)), qualifier: dec.decode(b(c.qualifier)), ts: c.timestamp ?? this.clock, value: b(c.value) };
        r.cells = r.cells.filter((x) => !(x.family === cell.family && x.qualifier === cell.qualifier && x.ts === cell.ts));
        r.cells.push(cell);
      }
    }
  }

  client(): HBaseRestClient {
    const unsupported = (): never => {
      throw new Error('not used by the index code');
    };
    return {
      clusterVersion: unsupported, clusterStatus: unsupported, listTables: unsupported, createTable: unsupported,
      deleteTable: unsupported, tableRegions: unsupported, scanEncoded: unsupported, putEncodedRows: unsupported,
      tableExists: async (t) => this.tables.has(t),
      getSchema: async (t) => ({ name: t, attributes: {}, columns: Object.entries(this.families.get(t) ?? { d: '' }).map(([name, ttl]) => ({ name, attributes: ttl ? { TTL: ttl } : {} })) }),
      putRows: async (table, rows) => {
        for (const r of rows) this.calls.push({ op: 'put', table, row: dec.decode(b(r.key)) });
        this.put(table, rows);
      },
      deleteRow: async (table, row, options) => {
        this.calls.push({ op: 'delete', table, row: dec.decode(b(row)) });
        const families = options?.columns?.map((c) => dec.decode(b(c as string))) ?? [undefined];
        for (const family of families) this.stored(table, b(row)).markers.push({ ...(family === undefined ? {} : { family }), ts: options?.timestamp ?? this.clock });
      },
      checkAndPut: async (table, row, cond) => {
        this.calls.push({ op: 'checkAndPut', table, row: dec.decode(b(row.key)) });
        if (!this.holds(table, b(row.key), cond)) return false;
        this.put(table, [row]);
        return true;
      },
      checkAndDelete: async (table, row, cond, families: readonly FamilyDelete[]) => {
        this.calls.push({ op: 'checkAndDelete', table, row: dec.decode(b(row)) });
        if (!this.holds(table, b(row), cond)) return false;
        const r = this.stored(table, b(row));
        for (const f of families) r.markers.push({ family: dec.decode(b(f.family)), ts: f.timestamp ?? this.clock });
        return true;
      },
      getRow: async (table, row) => {
        this.calls.push({ op: 'get', table, row: dec.decode(b(row)) });
        return this.visible(table, b(row));
      },
      multiGet: async (table, rows) => {
        this.calls.push({ op: 'multiGet', table, row: rows.map((r) => dec.decode(b(r))).join(',') });
        return rows.flatMap((r) => this.visible(table, b(r)) ?? []);
      },
      scan: (table, options = {}) => {
        this.calls.push({ op: 'scan', table, row: '' });
        const start = b(options.startRow ?? new Uint8Array());
        const end = options.endRow === undefined ? undefined : b(options.endRow);
        const rows = this.rows(table).filter((r) => Buffer.compare(r.key, start) >= 0 && (end === undefined || Buffer.compare(r.key, end) < 0));
        return (async function* () {
          yield* rows;
        })();
      },
    };
  }
}
