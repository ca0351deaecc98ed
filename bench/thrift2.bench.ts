// Thrift2 codec and connection speed: encoding a 100-row getMultiple call and decoding its reply (100 results of one
// 8-byte counter cell each, the read of a 100-shard counter), then round trips through a loopback server replaying
// that reply, including the reply split into 64-byte TCP chunks.
// Target: a 100-shard read costs well under 1 ms of client CPU (encode + decode), so a counter read is bound by the
// gateway, not by this client.
// Usage: npx tsx bench/thrift2.bench.ts [--small]
import { type AddressInfo, createServer } from 'node:net';
import { loadavg } from 'node:os';
import { createThrift2Client } from '../src/hbase/thrift2/index.js';
import { BinaryReader } from '../src/hbase/thrift2/binary-reader.js';
import { BinaryWriter } from '../src/hbase/thrift2/binary-writer.js';
import { TMessageType, TType } from '../src/hbase/thrift2/protocol.js';
import { readTResultList, writeTGet } from '../src/hbase/thrift2/structs.js';

const small = process.argv.includes('--small');
const ROWS = 100;
const ROUNDS = small ? 500 : 5000;
const CALLS = small ? 200 : 2000;
const row = (i: number) => Buffer.from(`views_${String(i).padStart(2, '0')}`);
const gets = Array.from({ length: ROWS }, (_, i) => ({ row: row(i), columns: [{ family: Buffer.from('c'), qualifier: Buffer.from('n') }] }));

function replyBytes(seqId: number): Buffer {
  const w = new BinaryWriter().messageBegin('getMultiple', TMessageType.REPLY, seqId);
  w.fieldBegin(TType.LIST, 0).listBegin(TType.STRUCT, ROWS);
  for (let i = 0; i < ROWS; i++) {
    w.fieldBegin(TType.STRING, 1).binary(row(i)).fieldBegin(TType.LIST, 2).listBegin(TType.STRUCT, 1);
    w.fieldBegin(TType.STRING, 1).string('c').fieldBegin(TType.STRING, 2).string('n');
    w.fieldBegin(TType.STRING, 3).i32(8).i64(BigInt(i)).fieldBegin(TType.I64, 4).i64(1_700_000_000_000n).fieldStop().fieldStop();
  }
  return w.fieldStop().bytes(); // STOP of the getMultiple_result struct
}

function callBytesOf(seqId: number): Buffer {
  const w = new BinaryWriter().messageBegin('getMultiple', TMessageType.CALL, seqId).fieldBegin(TType.STRING, 1).string('t');
  w.fieldBegin(TType.LIST, 2).listBegin(TType.STRUCT, ROWS);
  for (const g of gets) writeTGet(w, g);
  return w.fieldStop().bytes();
}
const callBytes = callBytesOf(1).length;

let t = performance.now();
for (let i = 0; i < ROUNDS; i++) callBytesOf(i);
const encodeUs = ((performance.now() - t) * 1000) / ROUNDS;
const reply = replyBytes(1);
t = performance.now();
for (let i = 0; i < ROUNDS; i++) {
  const r = new BinaryReader(reply);
  r.messageBegin();
  r.fieldBegin();
  readTResultList(r);
}
const decodeUs = ((performance.now() - t) * 1000) / ROUNDS;

async function roundTrips(chunkBytes: number): Promise<number> {
  const server = createServer((sock) => {
    sock.setNoDelay(true);
    let seq = 0;
    let received = 0;
    sock.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received < callBytes) return; // the client sends one call at a time, each callBytes long
      received -= callBytes;
      const bytes = replyBytes(++seq);
      for (let i = 0; i < bytes.length; i += chunkBytes) sock.write(bytes.subarray(i, i + chunkBytes));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const client = createThrift2Client({ port: (server.address() as AddressInfo).port });
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) await client.getMultiple('t', gets);
  const perSec = CALLS / ((performance.now() - start) / 1000);
  client.close();
  await new Promise((r) => server.close(r));
  return perSec;
}

const whole = await roundTrips(Number.MAX_SAFE_INTEGER);
const chunked = await roundTrips(64);
console.log(`thrift2 codec, getMultiple of ${ROWS} counter rows, reply ${reply.length} bytes (load average ${loadavg()[0]!.toFixed(1)})`);
console.log(`  encode call: ${encodeUs.toFixed(1)} µs, decode reply: ${decodeUs.toFixed(1)} µs`);
console.log(`  loopback round trips: ${whole.toFixed(0)} calls/s whole, ${chunked.toFixed(0)} calls/s in 64-byte chunks`);
