/**
 * A small client of HBase's Thrift2 gateway (`org.apache.hadoop.hbase.thrift2.ThriftServer`, service `THBaseService`)
 * for the few calls this project needs: `increment`, `getMultiple`, `put` and `exists`. Binary protocol, buffered
 * transport, which is what the gateway speaks by default (no `-f` framed, no `-c` compact).
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';
import { type CallSpec, ThriftConnection } from './connection.js';
import type { BinaryReader } from './binary-reader.js';
import type { BinaryWriter } from './binary-writer.js';
import { TType } from './protocol.js';
import { type TGet, type TIncrement, type TPut, type TResult, readTResult, readTResultList, writeTGet, writeTIncrement, writeTPut } from './structs.js';

/** Options of {@link createThrift2Client}. */
export interface Thrift2ClientOptions {
  /** Gateway host; default `127.0.0.1`. */
  readonly host?: string;
  /** Gateway port (`hbase.regionserver.thrift.port`); default 9090. */
  readonly port?: number;
  /** Longest wait for a connect plus a complete reply, per call, in ms; default {@link DEFAULT_THRIFT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
}

/** Default per-call timeout, in ms. */
export const DEFAULT_THRIFT_TIMEOUT_MS = 30_000;

/**
 * The Thrift2 calls of this client. Each call runs on one connection, one at a time, in call order. Every failure is
 * a `ThriftError` naming the call, the table and `host:port`.
 */
export interface Thrift2Client {
  /**
   * `TResult increment(1: binary table, 2: TIncrement tincrement) throws (1: TIOError io)`: atomically adds each
   * amount to its cell (an 8-byte big-endian long; a missing cell counts as 0) and returns the new values.
   * A cell holding anything but 8 bytes makes HBase answer `TIOError` (`THRIFT_IO_ERROR`).
   */
  increment(table: string, inc: TIncrement): Promise<TResult>;
  /**
   * `list<TResult> getMultiple(1: binary table, 2: list<TGet> tgets) throws (1: TIOError io)`: one round trip for
   * several gets; results in request order, a missing row as a result with no cells.
   */
  getMultiple(table: string, gets: readonly TGet[]): Promise<TResult[]>;
  /** `void put(1: binary table, 2: TPut tput) throws (1: TIOError io)`. */
  put(table: string, put: TPut): Promise<void>;
  /** `bool exists(1: binary table, 2: TGet tget) throws (1: TIOError io)`: whether the get would return any cell. */
  exists(table: string, get: TGet): Promise<boolean>;
  /** Closes the connection; later calls reject `THRIFT_CLOSED`. */
  close(): void;
}

/** Field 2 of a `(1: binary table, 2: ...)` args struct, written after the table. */
type SecondArg = (w: BinaryWriter) => void;

/**
 * The spec of a THBaseService call whose args are `1: required binary table` then one more field, declaring
 * `throws (1: TIOError io)` (true of increment, getMultiple, put and exists).
 */
function tableCall<T>(method: string, table: string, second: SecondArg, resultType: number, readResult: (r: BinaryReader) => T): CallSpec<T> {
  const writeArgs = (w: BinaryWriter): void => {
    w.fieldBegin(TType.STRING, 1).string(table);
    second(w);
  };
  return { method, table, writeArgs, resultType, readResult, exceptions: { 1: 'TIOError' } };
}

/** Writes `2: <struct>` with `write` filling the struct. */
const structArg = (write: (w: BinaryWriter) => void): SecondArg => (w) => {
  w.fieldBegin(TType.STRUCT, 2);
  write(w);
};

/**
 * Creates a {@link Thrift2Client}. Nothing connects until the first call.
 * Throws HotspotError `THRIFT_ARGUMENT` when `port` or `timeoutMs` is not a positive integer.
 */
export function createThrift2Client(options: Thrift2ClientOptions = {}): Thrift2Client {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 9090;
  const timeoutMs = options.timeoutMs ?? DEFAULT_THRIFT_TIMEOUT_MS;
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new HotspotError('THRIFT_ARGUMENT', `Thrift2 port ${port} is not a TCP port: give an integer 1..65535`, { field: 'port' });
  }
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new HotspotError('THRIFT_ARGUMENT', `Thrift2 timeoutMs ${timeoutMs} must be a positive integer (ms)`, { field: 'timeoutMs' });
  }
  const conn = new ThriftConnection({ host, port, timeoutMs });
  const getList: (gets: readonly TGet[]) => SecondArg = (gets) => (w) => {
    w.fieldBegin(TType.LIST, 2).listBegin(TType.STRUCT, gets.length);
    for (const g of gets) writeTGet(w, g);
  };
  return {
    increment: (table, inc) => conn.call(tableCall('increment', table, structArg((w) => writeTIncrement(w, inc)), TType.STRUCT, readTResult)),
    getMultiple: (table, gets) => conn.call(tableCall('getMultiple', table, getList(gets), TType.LIST, readTResultList)),
    put: (table, put) => conn.call(tableCall('put', table, structArg((w) => writeTPut(w, put)), TType.VOID, () => undefined)),
    exists: (table, get) => conn.call(tableCall('exists', table, structArg((w) => writeTGet(w, get)), TType.BOOL, (r) => r.bool())),
    close: () => conn.close(),
  };
}
