// The Thrift2 client against a local TCP server replaying byte-exact replies: requests compared with bytes built by
// hand from the IDL and with what a real gateway accepted; replies captured from a real HBase 2.6.4 gateway.
import { afterEach, describe, expect, it } from 'vitest';
import { ThriftError, type Thrift2Client, createThrift2Client } from '../../../src/hbase/thrift2/index.js';
import * as cap from './captured.js';
import { type ReplayServer, type Reply, startReplayServer } from './replay-server.js';

const b = (s: string): Uint8Array => Buffer.from(s, 'utf8');
const hex = (u: Uint8Array): string => Buffer.from(u).toString('hex');
const str = (s: string): string => (s.length.toString(16).padStart(8, '0')) + Buffer.from(s).toString('hex');

/** Rewrites the sequence id of a captured message (after the i32 header and the method name). */
function reseq(hexMsg: string, seqId: number): Buffer {
  const buf = Buffer.from(hexMsg, 'hex');
  buf.writeInt32BE(seqId, 8 + buf.readInt32BE(4));
  return buf;
}

let server: ReplayServer | undefined;
let client: Thrift2Client | undefined;
afterEach(async () => {
  client?.close();
  await server?.close();
  server = undefined;
  client = undefined;
});

async function replay(handler: (seqId: number, index: number) => Reply, timeoutMs = 5000): Promise<Thrift2Client> {
  server = await startReplayServer((call, i) => handler(call.seqId, i));
  client = createThrift2Client({ port: server.port, timeoutMs });
  return client;
}

async function rejection(p: Promise<unknown>): Promise<ThriftError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ThriftError);
  return err as ThriftError;
}

const INC = { row: b('r1'), columns: [{ family: b('f'), qualifier: b('c'), amount: 5n }] };

describe('Thrift2 requests', () => {
  it('writes increment exactly as the IDL lays it out, and as the real gateway accepted it', async () => {
    const c = await replay((seq) => ({ bytes: reseq(cap.INC_REPLY, seq) }));
    await c.increment('p9probe2', INC);
    const hand =
      '80010001' + str('increment') + '00000001' + // strict header: VERSION_1 | CALL, name, seqid 1
      '0b0001' + str('p9probe2') + //                 increment_args.table (1: binary)
      '0c0002' + //                                   increment_args.tincrement (2: TIncrement)
      '0b0001' + str('r1') + //                       TIncrement.row (1)
      '0f0002' + '0c' + '00000001' + //               TIncrement.columns (2: list<TColumnIncrement>), 1 element
      '0b0001' + str('f') + '0b0002' + str('c') + //  TColumnIncrement.family (1), qualifier (2)
      '0a0003' + '0000000000000005' + '00' + //       TColumnIncrement.amount (3: i64 5), STOP
      '00' + '00'; //                                 STOP of TIncrement, STOP of the args
    expect(server!.calls[0]!.bytes.toString('hex')).toBe(hand);
    expect(hand).toBe(reseq(cap.INC_REQ, 1).toString('hex'));
  });

  it('writes getMultiple and put as the real gateway accepted them', async () => {
    const c = await replay((seq, i) => ({ bytes: reseq(i === 0 ? cap.GETMULTIPLE_REPLY : cap.PUT_REPLY, seq) }));
    await c.getMultiple('p9probe2', [{ row: b('r1'), columns: [{ family: b('f'), qualifier: b('c') }] }, { row: b('zz') }]);
    await c.put('p9probe2', { row: b('p'), columnValues: [{ family: b('f'), qualifier: b('q'), value: b('v'), timestamp: 1_700_000_000_000n }] });
    expect(server!.calls[0]!.bytes.toString('hex')).toBe(reseq(cap.GETMULTIPLE_REQ, 1).toString('hex'));
    expect(server!.calls[1]!.bytes.toString('hex')).toBe(reseq(cap.PUT_REQ, 2).toString('hex'));
  });
});

describe('Thrift2 replies captured from a real gateway', () => {
  it('decodes an increment result: the new value as an 8-byte big-endian long, with its timestamp', async () => {
    const c = await replay((seq) => ({ bytes: reseq(cap.INC_REPLY, seq) }));
    const r = await c.increment('p9probe2', INC);
    expect(hex(r.row!)).toBe('7231');
    expect(r.columnValues).toHaveLength(1);
    const cell = r.columnValues[0]!;
    expect([hex(cell.family), hex(cell.qualifier), hex(cell.value)]).toEqual(['66', '63', '0000000000000005']);
    expect(cell.timestamp).toBe(1_796_031_023_759n); // 0x000001a22bca8a8f, read off the capture by hand
  });

  it('decodes getMultiple in request order, a missing row as an empty result', async () => {
    const c = await replay((seq) => ({ bytes: reseq(cap.GETMULTIPLE_REPLY, seq) }));
    const rs = await c.getMultiple('p9probe2', [{ row: b('r1') }, { row: b('zz') }]);
    expect(rs).toHaveLength(2);
    expect(hex(rs[0]!.columnValues[0]!.value)).toBe('0000000000000005');
    expect(rs[1]).toEqual({ columnValues: [] });
  });

  it('decodes put (void) and exists (bool)', async () => {
    const replies = [cap.PUT_REPLY, cap.EXISTS_REPLY_TRUE, cap.EXISTS_REPLY_FALSE];
    const c = await replay((seq, i) => ({ bytes: reseq(replies[i]!, seq) }));
    await expect(c.put('t', { row: b('p'), columnValues: [{ family: b('f'), qualifier: b('q'), value: b('v') }] })).resolves.toBeUndefined();
    expect(await c.exists('t', { row: b('p') })).toBe(true);
    expect(await c.exists('t', { row: b('nope') })).toBe(false);
  });

  it('turns TIOError into THRIFT_IO_ERROR naming the call, the table, host:port and HBase message', async () => {
    const c = await replay((seq) => ({ bytes: reseq(cap.INC_REPLY_NO_TABLE, seq) }));
    const err = await rejection(c.increment('no_such_table_p9', INC));
    expect(err.code).toBe('THRIFT_IO_ERROR');
    expect(err.message).toBe(`Thrift2 increment on table 'no_such_table_p9' at 127.0.0.1:${server!.port} failed: TIOError: no_such_table_p9`);
    expect(err.details.canRetry).toBe(false);
  });

  it('keeps the first line of a TIOError carrying a Java stack trace', async () => {
    const c = await replay((seq) => ({ bytes: reseq(cap.INC_REPLY_NOT_LONG, seq) }));
    const err = await rejection(c.increment('p9probe2', INC));
    expect(err.code).toBe('THRIFT_IO_ERROR');
    expect(err.message).toContain("TIOError: org.apache.hadoop.hbase.DoNotRetryIOException: Field is not a long, it's 1 bytes wide");
    expect(err.message).not.toContain('\tat ');
    expect(err.details.serverMessage).toContain('HRegion.java');
  });
});

describe('Thrift2 replies split across TCP chunks', () => {
  it('decodes a getMultiple reply delivered one byte at a time', async () => {
    const c = await replay((seq) => ({ bytes: reseq(cap.GETMULTIPLE_REPLY, seq), chunkSize: 1, gapMs: 1 }));
    const rs = await c.getMultiple('p9probe2', [{ row: b('r1') }, { row: b('zz') }]);
    expect(hex(rs[0]!.columnValues[0]!.value)).toBe('0000000000000005');
    expect(rs[1]!.columnValues).toEqual([]);
  });

  it('decodes a TIOError delivered in 7-byte chunks', async () => {
    const c = await replay((seq) => ({ bytes: reseq(cap.INC_REPLY_NOT_LONG, seq), chunkSize: 7 }));
    expect((await rejection(c.increment('p9probe2', INC))).code).toBe('THRIFT_IO_ERROR');
  });

  it('runs concurrent calls one at a time, each getting its own reply', async () => {
    const c = await replay((seq) => ({ bytes: reseq(seq % 2 ? cap.EXISTS_REPLY_TRUE : cap.EXISTS_REPLY_FALSE, seq), chunkSize: 3 }));
    const got = await Promise.all([1, 2, 3, 4, 5].map(() => c.exists('t', { row: b('x') })));
    expect(got).toEqual([true, false, true, false, true]);
    expect(server!.calls.map((x) => x.seqId)).toEqual([1, 2, 3, 4, 5]);
  });
});
