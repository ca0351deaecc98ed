// A TCP server on 127.0.0.1 (ephemeral port) that reads whole Thrift binary-protocol calls and answers each with the
// bytes a handler returns, written in one piece or in chunks.
import { type AddressInfo, type Socket, createServer } from 'node:net';
import { BinaryReader } from '../../../src/hbase/thrift2/binary-reader.js';
import { IncompleteMessage, TType } from '../../../src/hbase/thrift2/protocol.js';

export interface ReceivedCall {
  name: string;
  seqId: number;
  /** The whole call message as sent. */
  bytes: Buffer;
}

/** What to send back: bytes, `chunkSize` bytes per write with `gapMs` between writes; `close` hangs up instead. */
export type Reply = { bytes: Buffer; chunkSize?: number; gapMs?: number } | 'close' | 'silence';

export interface ReplayServer {
  port: number;
  calls: ReceivedCall[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function send(sock: Socket, reply: Reply): Promise<void> {
  if (reply === 'silence') return;
  if (reply === 'close') {
    sock.destroy();
    return;
  }
  const step = reply.chunkSize ?? reply.bytes.length;
  for (let i = 0; i < reply.bytes.length; i += step) {
    sock.write(reply.bytes.subarray(i, i + step));
    if (reply.gapMs !== undefined) await sleep(reply.gapMs);
  }
}

export async function startReplayServer(handler: (call: ReceivedCall, index: number) => Reply): Promise<ReplayServer> {
  const calls: ReceivedCall[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((sock) => {
    sockets.add(sock);
    sock.setNoDelay(true);
    sock.on('close', () => sockets.delete(sock));
    let inbox = Buffer.alloc(0);
    let chain = Promise.resolve();
    sock.on('data', (chunk: Buffer) => {
      inbox = Buffer.concat([inbox, chunk]);
      for (;;) {
        const r = new BinaryReader(inbox);
        let head;
        try {
          head = r.messageBegin();
          r.skip(TType.STRUCT);
        } catch (e) {
          if (e instanceof IncompleteMessage) return;
          throw e;
        }
        const call = { name: head.name, seqId: head.seqId, bytes: Buffer.from(inbox.subarray(0, r.pos)) };
        inbox = inbox.subarray(r.pos);
        calls.push(call);
        const reply = handler(call, calls.length - 1);
        chain = chain.then(() => send(sock, reply));
      }
    });
    sock.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 with nothing listening (bound, then released). */
export async function refusedPort(): Promise<number> {
  const s = await startReplayServer(() => 'silence');
  await s.close();
  return s.port;
}
