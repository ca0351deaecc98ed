// Every ThriftError code of the client, against a local TCP server on 127.0.0.1.
import { afterEach, describe, expect, it } from 'vitest';
import { ThriftError, type Thrift2Client, createThrift2Client } from '../../../src/hbase/thrift2/index.js';
import { BinaryWriter } from '../../../src/hbase/thrift2/binary-writer.js';
import { ThriftConnection } from '../../../src/hbase/thrift2/connection.js';
import { TMessageType, TType } from '../../../src/hbase/thrift2/protocol.js';
import { HotspotError } from '../../../src/util/errors.js';
import { type ReplayServer, type Reply, refusedPort, startReplayServer } from './replay-server.js';

const b = (s: string): Uint8Array => Buffer.from(s, 'utf8');
const GET = { row: b('r') };

let server: ReplayServer | undefined;
let client: Thrift2Client | undefined;
afterEach(async () => {
  client?.close();
  await server?.close();
  server = undefined;
  client = undefined;
});

async function replay(handler: (seqId: number) => Reply, timeoutMs = 5000): Promise<Thrift2Client> {
  server = await startReplayServer((call) => handler(call.seqId));
  client = createThrift2Client({ port: server.port, timeoutMs });
  return client;
}

async function rejection(p: Promise<unknown>): Promise<ThriftError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ThriftError);
  return err as ThriftError;
}

describe('Thrift2 client failures', () => {
  it('THRIFT_APPLICATION: a TApplicationException (hand-built: message 1, type 2) with its type', async () => {
    // EXCEPTION message: struct TApplicationException { 1: string message, 2: i32 type }; type 1 = UNKNOWN_METHOD.
    const c = await replay((seq) => ({
      bytes: new BinaryWriter().messageBegin('exists', TMessageType.EXCEPTION, seq).fieldBegin(TType.STRING, 1).string('Invalid method name: \'exists\'').fieldBegin(TType.I32, 2).i32(1).fieldStop().bytes(),
    }));
    const err = await rejection(c.exists('t1', GET));
    expect(err.code).toBe('THRIFT_APPLICATION');
    expect(err.message).toBe(`Thrift2 exists on table 't1' at 127.0.0.1:${server!.port} failed: TApplicationException (type 1): Invalid method name: 'exists'`);
    expect(err.details.applicationType).toBe(1);
  });

  it('THRIFT_TIMEOUT: no reply within timeoutMs, naming host:port; the next call reconnects', async () => {
    const c = await replay((seq) => (seq === 1 ? 'silence' : { bytes: new BinaryWriter().messageBegin('exists', TMessageType.REPLY, seq).fieldBegin(TType.BOOL, 0).bool(true).fieldStop().bytes() }), 150);
    const err = await rejection(c.exists('t1', GET));
    expect(err.code).toBe('THRIFT_TIMEOUT');
    expect(err.message).toBe(`Thrift2 exists on table 't1' at 127.0.0.1:${server!.port} failed: no complete reply within 150 ms`);
    expect(await c.exists('t1', GET)).toBe(true);
  });

  it('THRIFT_UNREACHABLE: connection refused', async () => {
    const port = await refusedPort();
    client = createThrift2Client({ port, timeoutMs: 5000 });
    const err = await rejection(client.getMultiple('t2', [GET]));
    expect(err.code).toBe('THRIFT_UNREACHABLE');
    expect(err.message).toMatch(new RegExp(`^Thrift2 getMultiple on table 't2' at 127\\.0\\.0\\.1:${port} failed: connection error: .*ECONNREFUSED`));
  });

  it('THRIFT_UNREACHABLE: the gateway hangs up before replying', async () => {
    const c = await replay(() => 'close');
    const err = await rejection(c.put('t3', { row: b('r'), columnValues: [] }));
    expect(err.code).toBe('THRIFT_UNREACHABLE');
    expect(err.message).toContain('closed the connection before replying');
  });

  it('THRIFT_PROTOCOL: a non-strict header, a reply to another sequence id, a result without field 0', async () => {
    const replies: Reply[] = [
      { bytes: Buffer.from('000000096578697374730000000100', 'hex') }, // old non-strict form: i32 name length first
      { bytes: new BinaryWriter().messageBegin('exists', TMessageType.REPLY, 99).fieldBegin(TType.BOOL, 0).bool(true).fieldStop().bytes() },
      { bytes: new BinaryWriter().messageBegin('exists', TMessageType.REPLY, 3).fieldStop().bytes() },
    ];
    const c = await replay((seq) => replies[seq - 1]!);
    const e1 = await rejection(c.exists('t', GET));
    expect([e1.code, e1.message]).toEqual(['THRIFT_PROTOCOL', expect.stringContaining('bad message header 0x00000009')]);
    const e2 = await rejection(c.exists('t', GET));
    expect([e2.code, e2.message]).toEqual(['THRIFT_PROTOCOL', expect.stringContaining("reply to 'exists' #99, expected 'exists' #2")]);
    const e3 = await rejection(c.exists('t', GET));
    expect([e3.code, e3.message]).toEqual(['THRIFT_PROTOCOL', expect.stringContaining('no success value (field 0)')]);
  });

  it('skips reply fields it does not know (an i64, a map and a list of structs before the result)', async () => {
    const c = await replay((seq) => {
      const w = new BinaryWriter().messageBegin('exists', TMessageType.REPLY, seq);
      w.fieldBegin(TType.I64, 7).i64(-1n).fieldBegin(TType.MAP, 8).mapBegin(TType.STRING, TType.I32, 1).string('k').i32(4);
      w.fieldBegin(TType.LIST, 9).listBegin(TType.STRUCT, 1).fieldBegin(TType.DOUBLE, 1).i64(0n).fieldStop();
      return { bytes: w.fieldBegin(TType.BOOL, 0).bool(true).fieldStop().bytes(), chunkSize: 2 };
    });
    expect(await c.exists('t', GET)).toBe(true);
  });

  it('THRIFT_ILLEGAL_ARGUMENT: a TIllegalArgument in the field id a method declares for it (openScanner: 2)', async () => {
    server = await startReplayServer((call) => ({
      bytes: new BinaryWriter().messageBegin('openScanner', TMessageType.REPLY, call.seqId).fieldBegin(TType.STRUCT, 2).fieldBegin(TType.STRING, 1).string('bad filter string').fieldStop().fieldStop().bytes(),
    }));
    const conn = new ThriftConnection({ host: '127.0.0.1', port: server.port, timeoutMs: 5000 });
    const spec = { method: 'openScanner', table: 't4', writeArgs: () => undefined, resultType: TType.I32, readResult: () => 0, exceptions: { 1: 'TIOError', 2: 'TIllegalArgument' } } as const;
    const err = await rejection(conn.call(spec));
    conn.close();
    expect(err.code).toBe('THRIFT_ILLEGAL_ARGUMENT');
    expect(err.message).toBe(`Thrift2 openScanner on table 't4' at 127.0.0.1:${server.port} failed: TIllegalArgument: bad filter string`);
  });

  it('THRIFT_CLOSED: calls after close', async () => {
    const c = await replay(() => 'silence');
    c.close();
    expect((await rejection(c.exists('t', GET))).code).toBe('THRIFT_CLOSED');
  });

  it('THRIFT_CLOSED: a call in flight when the client closes', async () => {
    const c = await replay(() => 'silence');
    const p = c.exists('t', GET);
    await new Promise((r) => setTimeout(r, 50));
    c.close();
    expect((await rejection(p)).code).toBe('THRIFT_CLOSED');
  });

  it('THRIFT_ARGUMENT: a port or timeout that is not a positive integer', () => {
    for (const opts of [{ port: 0 }, { port: 70000 }, { port: 1.5 }, { timeoutMs: 0 }, { timeoutMs: -5 }]) {
      let err: unknown;
      try {
        createThrift2Client(opts);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(HotspotError);
      expect((err as HotspotError).code).toBe('THRIFT_ARGUMENT');
    }
  });
});
