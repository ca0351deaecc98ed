// The native-client source's TypeScript side over a stand-in for the JVM reader (test/fixtures/native/
// fake-reader.mjs) speaking the same line protocol: the source contract, the join and settling, and each failure
// with its error code. The real JVM against the real HBase is tested in test/integration/native-source.test.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { exitStatusOf } from '../../src/cli/program.js';
import { isHotspotError } from '../../src/util/errors.js';
import { type NativeSource, createNativeSource } from '../../src/sources/index.js';
import { sourceContract } from './contract.js';

const fake = fileURLToPath(new URL('../fixtures/native/fake-reader.mjs', import.meta.url));
const opened: NativeSource[] = [];
/** A native source whose "JVM" is the stand-in in `mode`. */
function source(mode: string, extra: Record<string, string> = {}, options: { readTimeoutMs?: number } = {}): NativeSource {
  Object.assign(process.env, { FAKE_READER_MODE: mode, ...extra });
  const s = createNativeSource({ table: 't', zk: '127.0.0.1:2181', command: { java: process.execPath, args: [fake] }, settle: { waitMs: 10 }, ...options });
  opened.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string; exit: number }> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  if (!isHotspotError(err)) throw new Error(`expected a HotspotError, got ${String(err)}`);
  return { code: err.code, message: err.message, exit: exitStatusOf(err) };
}

sourceContract('native client (stand-in JVM)', async () => ({
  source: source('ok'),
  facts: { table: 't', startKeys: ['', 'm'], serverOf: { '3e7c693fad145c1b69daad40c4b268c6': 'rs1,16020,1', '60cf3460762c7213ab519b0384f99485': 'rs2,16020,1' } },
}));

describe('native source', () => {
  it('joins the directory and the counters by encoded name, with the reading\'s time and the full region names', async () => {
    const s = source('ok');
    const first = await s.snapshot();
    const second = await s.snapshot();
    expect(s.kind).toBe('native');
    expect(s.description).toBe('native client (zk 127.0.0.1:2181)');
    expect([first.timeMs, second.timeMs]).toEqual([1_700_000_010_000, 1_700_000_020_000]);
    expect(second.regions.map((r) => [r.name, toStringBinary(r.startKey), toStringBinary(r.endKey), r.server, r.writeRequests, r.requests, r.storeSizeBytes])).toEqual([
      ['t,,1700000000000.3e7c693fad145c1b69daad40c4b268c6.', '', 'm', 'rs1,16020,1', 20, 20, 1_048_576],
      ['t,m,1700000000000.60cf3460762c7213ab519b0384f99485.', 'm', '', 'rs2,16020,1', 200, 200, 1_048_576],
    ]);
  });

  it('takes a read replica under its own name, with its primary\'s key range', async () => {
    const snap = await source('replicas').snapshot();
    expect(snap.regions.map((r) => [r.name, toStringBinary(r.startKey), toStringBinary(r.endKey), r.server, r.writeRequests])).toEqual([
      ['t,,1700000000000.3e7c693fad145c1b69daad40c4b268c6.', '', 'm', 'rs1,16020,1', 10],
      ['t,,1700000000000_0001.0b6919c0e7cdf7af3543d0fdbe425ca5.', '', 'm', 'rs2,16020,1', 0],
      ['t,m,1700000000000.60cf3460762c7213ab519b0384f99485.', 'm', '', 'rs2,16020,1', 100],
    ]);
  });

  it('carries the optional metrics RegionMetrics gives (load-series version 2)', async () => {
    const s = source('ok');
    expect(s.metrics).toEqual(['filteredReadRequests', 'memstoreSizeBytes', 'storeFileCount', 'storeCount', 'locality']);
    const snap = await s.snapshot();
    // The stand-in reports 3 filtered reads, a 2 MB memstore, 2 store files, 1 store and locality 0.5 per region.
    expect(snap.regions.map((r) => r.metrics)).toEqual([
      { filteredReadRequests: 3, memstoreSizeBytes: 2_097_152, storeFileCount: 2, storeCount: 1, locality: 0.5 },
      { filteredReadRequests: 3, memstoreSizeBytes: 2_097_152, storeFileCount: 2, storeCount: 1, locality: 0.5 },
    ]);
  });

  it('reads again while a region has no counters yet', async () => {
    const snap = await source('unreported').snapshot();
    // The first reading lacked rs2's counters; the second (n = 2) is complete.
    expect(snap.regions.map((r) => r.writeRequests)).toEqual([20, 200]);
  });

  it('refuses an unknown table (exit 2) and an unreachable quorum (exit 3) with the JVM\'s message', async () => {
    expect(await failure(source('missing-table').snapshot())).toEqual({ code: 'SOURCE_TABLE_NOT_FOUND', message: '--table: table "t" does not exist on the cluster at zk (znode /hbase)', exit: 2 });
    expect(await failure(source('unreachable').snapshot())).toMatchObject({ code: 'NATIVE_CONNECT', exit: 3 });
  });

  it('a JVM that dies names its last message; one that stops answering times out and is started again', async () => {
    const crashed = await failure(source('crash').snapshot());
    expect(crashed).toMatchObject({ code: 'NATIVE_EXITED', exit: 3 });
    expect(crashed.message).toContain('java.lang.OutOfMemoryError: Java heap space');
    const state = join(mkdtempSync(join(tmpdir(), 'native-')), 'hung');
    const s = source('hang-once', { FAKE_READER_STATE: state }, { readTimeoutMs: 300 });
    expect(await failure(s.snapshot())).toMatchObject({ code: 'NATIVE_TIMEOUT', exit: 3 });
    // The stopped JVM is replaced: the new one's first reading.
    expect((await s.snapshot()).regions.map((r) => r.writeRequests)).toEqual([10, 100]);
  });

  it('rejects with the signal\'s reason when aborted', async () => {
    const s = source('hang');
    const stop = new AbortController();
    const pending = s.snapshot({ signal: stop.signal });
    setTimeout(() => stop.abort(new Error('interrupted')), 200);
    await expect(pending).rejects.toThrow('interrupted');
  });
});
