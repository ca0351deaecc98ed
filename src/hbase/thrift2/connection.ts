/**
 * One Thrift connection over a plain TCP socket (buffered transport, no framing: the gateway's default), carrying
 * one call at a time; further calls queue behind it. A reply arriving in any number of TCP chunks is parsed once it is
 * complete. A timeout or socket error fails the call in flight and closes the socket; the next call reconnects.
 *
 * @module
 */
import { Socket } from 'node:net';
import { summarizeBody } from '../rest/errors.js';
import { ThriftError, type ThriftErrorCode } from './errors.js';
import { BinaryReader } from './binary-reader.js';
import { BinaryWriter } from './binary-writer.js';
import { IncompleteMessage, TMessageType, TType } from './protocol.js';
import { readStruct } from './structs.js';

/** Names of the exceptions a method declares, by field id of its result struct (e.g. `{ 1: 'TIOError' }`). */
export type DeclaredExceptions = Readonly<Record<number, 'TIOError' | 'TIllegalArgument'>>;

/** One THBaseService call: how to write its args struct and read the success value (field 0 of the result). */
export interface CallSpec<T> {
  /** Method name as in the IDL, e.g. `increment`. */
  readonly method: string;
  /** Table name, for error messages. */
  readonly table?: string;
  /** Writes the fields of the `<method>_args` struct (without the final STOP). */
  readonly writeArgs: (w: BinaryWriter) => void;
  /** Wire type of the success value, or VOID for a `void` method. */
  readonly resultType: number;
  /** Reads the success value. Not called for VOID. */
  readonly readResult: (r: BinaryReader) => T;
  /** Exceptions the method declares, by field id. */
  readonly exceptions: DeclaredExceptions;
}

/** Where and how long: options of {@link ThriftConnection}. */
export interface ConnectionOptions {
  readonly host: string;
  readonly port: number;
  /** Longest wait for connect plus a complete reply, in ms. */
  readonly timeoutMs: number;
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: unknown): void;
  spec: CallSpec<unknown>;
  seqId: number;
}

/** A serialized Thrift binary-protocol connection. Create through `createThrift2Client`. */
export class ThriftConnection {
  private socket: Socket | undefined;
  private inbox: Buffer = Buffer.alloc(0);
  /** Bytes the inbox must hold before the reply in flight can be complete (from the last incomplete parse). */
  private neededBytes = 0;
  private pending: Pending | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private seq = 0;
  private closed = false;
  private readonly address: string;

  constructor(private readonly options: ConnectionOptions) {
    this.address = `${options.host}:${options.port}`;
  }

  /** Runs `spec` after the calls already queued; resolves to its success value (undefined for void). */
  call<T>(spec: CallSpec<T>): Promise<T> {
    const run = this.queue.then(() => this.send(spec));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Closes the socket; queued and later calls reject `THRIFT_CLOSED`. */
  close(): void {
    this.closed = true;
    this.drop(undefined);
  }

  private fail(spec: CallSpec<unknown>, code: ThriftErrorCode, what: string, extra: Partial<ThriftError['details']> = {}): ThriftError {
    return new ThriftError(code, what, { address: this.address, call: spec.method, ...(spec.table === undefined ? {} : { table: spec.table }), ...extra });
  }

  private send<T>(spec: CallSpec<T>): Promise<T> {
    if (this.closed) return Promise.reject(this.fail(spec, 'THRIFT_CLOSED', 'the client is closed'));
    this.seq = (this.seq + 1) | 0;
    const w = new BinaryWriter().messageBegin(spec.method, TMessageType.CALL, this.seq);
    spec.writeArgs(w);
    const bytes = w.fieldStop().bytes();
    return new Promise<T>((resolve, reject) => {
      const p: Pending = { resolve: resolve as (v: unknown) => void, reject, spec, seqId: this.seq };
      this.pending = p;
      const timer = setTimeout(() => {
        this.drop(this.fail(spec, 'THRIFT_TIMEOUT', `no complete reply within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      const settle = (f: () => void) => () => {
        clearTimeout(timer);
        f();
      };
      p.resolve = (v) => settle(() => resolve(v as T))();
      p.reject = (e) => settle(() => reject(e))();
      this.ensureSocket().write(bytes);
    });
  }

  private ensureSocket(): Socket {
    if (this.socket) return this.socket;
    const s = new Socket();
    s.setNoDelay(true);
    s.on('data', (chunk: Buffer) => this.onData(s, chunk));
    s.on('error', (err: Error) => {
      const spec = this.pending?.spec;
      if (spec) this.drop(this.fail(spec, 'THRIFT_UNREACHABLE', `connection error: ${err.message}`, { cause: err }), s);
    });
    s.on('close', () => {
      const spec = this.pending?.spec;
      this.drop(spec ? this.fail(spec, 'THRIFT_UNREACHABLE', 'the gateway closed the connection before replying') : undefined, s);
    });
    s.connect(this.options.port, this.options.host);
    this.socket = s;
    this.inbox = Buffer.alloc(0);
    return s;
  }

  /** Fails the call in flight with `err` (when given) and destroys `only` (default: the current socket). */
  private drop(err: ThriftError | undefined, only?: Socket): void {
    if (only !== undefined && only !== this.socket) return;
    const p = this.pending;
    this.pending = undefined;
    const s = this.socket;
    this.socket = undefined;
    this.inbox = Buffer.alloc(0);
    this.neededBytes = 0;
    s?.destroy();
    if (p) p.reject(err ?? this.fail(p.spec, 'THRIFT_CLOSED', 'the client was closed during the call'));
  }

  private onData(s: Socket, chunk: Buffer): void {
    if (s !== this.socket) return;
    this.inbox = this.inbox.length === 0 ? chunk : Buffer.concat([this.inbox, chunk]);
    const p = this.pending;
    if (!p || this.inbox.length < this.neededBytes) return;
    const r = new BinaryReader(this.inbox);
    let outcome: { ok: true; value: unknown } | { ok: false; error: ThriftError };
    try {
      outcome = this.readReply(r, p);
    } catch (e) {
      if (e instanceof IncompleteMessage) {
        this.neededBytes = e.neededBytes;
        return;
      }
      this.drop(this.fail(p.spec, 'THRIFT_PROTOCOL', `undecodable reply: ${(e as Error).message}`, { cause: e }));
      return;
    }
    this.inbox = this.inbox.subarray(r.pos);
    this.neededBytes = 0;
    this.pending = undefined;
    if (outcome.ok) p.resolve(outcome.value);
    else p.reject(outcome.error);
  }

  private readReply(r: BinaryReader, p: Pending): { ok: true; value: unknown } | { ok: false; error: ThriftError } {
    const { spec } = p;
    const head = r.messageBegin();
    if (head.type === TMessageType.EXCEPTION) {
      let message = '';
      let type: number | undefined;
      readStruct(r, (t, id) => {
        if (t === TType.STRING && id === 1) message = r.string();
        else if (t === TType.I32 && id === 2) type = r.i32();
        else return false;
        return true;
      });
      const extra = type === undefined ? { serverMessage: message } : { serverMessage: message, applicationType: type };
      return { ok: false, error: this.fail(spec, 'THRIFT_APPLICATION', `TApplicationException (type ${type ?? '?'}): ${summarizeBody(message)}`, extra) };
    }
    if (head.type !== TMessageType.REPLY) throw new RangeError(`message type ${head.type}, expected REPLY (2) or EXCEPTION (3)`);
    if (head.name !== spec.method || head.seqId !== p.seqId) {
      throw new RangeError(`reply to '${head.name}' #${head.seqId}, expected '${spec.method}' #${p.seqId}`);
    }
    let value: unknown;
    let got = false;
    let error: ThriftError | undefined;
    readStruct(r, (t, id) => {
      if (id === 0 && t === spec.resultType && t !== TType.VOID) {
        value = spec.readResult(r);
        got = true;
        return true;
      }
      const kind = spec.exceptions[id];
      if (kind === undefined || t !== TType.STRUCT) return false;
      let message = '';
      let canRetry: boolean | undefined;
      readStruct(r, (ft, fid) => {
        if (ft === TType.STRING && fid === 1) message = r.string();
        else if (ft === TType.BOOL && fid === 2 && kind === 'TIOError') canRetry = r.bool();
        else return false;
        return true;
      });
      const code = kind === 'TIOError' ? 'THRIFT_IO_ERROR' : 'THRIFT_ILLEGAL_ARGUMENT';
      error = this.fail(spec, code, `${kind}: ${summarizeBody(message) || '(no message)'}`, canRetry === undefined ? { serverMessage: message } : { serverMessage: message, canRetry });
      return true;
    });
    if (error) return { ok: false, error };
    if (spec.resultType === TType.VOID) return { ok: true, value: undefined };
    if (!got) throw new RangeError(`the result struct has no success value (field 0) and no declared exception`);
    return { ok: true, value };
  }
}
