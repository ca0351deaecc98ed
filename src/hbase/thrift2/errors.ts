/**
 * Errors raised by the Thrift2 client.
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';

/**
 * Stable machine-readable codes of {@link ThriftError}.
 *
 * - `THRIFT_IO_ERROR`: HBase answered with `TIOError` (IDL `exception TIOError { 1: message, 2: canRetry }`), e.g.
 *   a missing table or column family.
 * - `THRIFT_ILLEGAL_ARGUMENT`: HBase answered with `TIllegalArgument` (IDL `exception TIllegalArgument { 1: message }`).
 * - `THRIFT_APPLICATION`: the gateway answered with a `TApplicationException` (unknown method, bad arguments...).
 * - `THRIFT_PROTOCOL`: the reply was not a valid binary-protocol reply to the call (bad header, wrong method or
 *   sequence id, unknown wire type, missing result).
 * - `THRIFT_TIMEOUT`: no complete reply within the timeout; the connection is closed.
 * - `THRIFT_UNREACHABLE`: the connection failed (refused, reset) or closed before the reply.
 * - `THRIFT_CLOSED`: the client was closed before or during the call.
 * - `THRIFT_ARGUMENT`: the caller's input was rejected before sending (e.g. an amount outside the signed 64-bit range).
 */
export type ThriftErrorCode =
  | 'THRIFT_IO_ERROR'
  | 'THRIFT_ILLEGAL_ARGUMENT'
  | 'THRIFT_APPLICATION'
  | 'THRIFT_PROTOCOL'
  | 'THRIFT_TIMEOUT'
  | 'THRIFT_UNREACHABLE'
  | 'THRIFT_CLOSED'
  | 'THRIFT_ARGUMENT';

/** What a {@link ThriftError} is about. */
export interface ThriftErrorDetails {
  /** Gateway address, `host:port`. */
  readonly address: string;
  /** THBaseService method, e.g. `increment`. */
  readonly call: string;
  /** Table name, when the call has one. */
  readonly table?: string;
  /** HBase's own message (TIOError / TIllegalArgument / TApplicationException), when it sent one. */
  readonly serverMessage?: string;
  /** `TIOError.canRetry` (field 2), when sent. */
  readonly canRetry?: boolean;
  /** `TApplicationException.type` (field 2), when sent, e.g. 1 = UNKNOWN_METHOD. */
  readonly applicationType?: number;
  /** Underlying error (socket error, decode error). */
  readonly cause?: unknown;
}

/**
 * Error thrown by every Thrift2 client call. The message names the call, the table, the gateway `host:port` and
 * HBase's message, e.g. `Thrift2 increment on table 'counters' at 127.0.0.1:9090 failed: TIOError: ...`.
 */
export class ThriftError extends HotspotError {
  override readonly name = 'ThriftError';
  override readonly code: ThriftErrorCode;
  /** Call context. */
  readonly details: ThriftErrorDetails;

  constructor(code: ThriftErrorCode, what: string, details: ThriftErrorDetails) {
    const on = details.table === undefined ? '' : ` on table '${details.table}'`;
    super(code, `Thrift2 ${details.call}${on} at ${details.address} failed: ${what}`, details.cause === undefined ? {} : { cause: details.cause });
    this.code = code;
    this.details = details;
  }
}
