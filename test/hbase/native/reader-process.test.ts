// The JVM reader process handle over the stand-in reader (test/fixtures/native/fake-reader.mjs): its pid names the
// spawned process, which the operating system knows while the reader is open and no longer once it is closed.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startRegionLoadReader } from '../../../src/hbase/native/reader-process.js';

const fake = fileURLToPath(new URL('../../fixtures/native/fake-reader.mjs', import.meta.url));

/** Whether a process with this id exists (signal 0 checks without signalling). */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

describe('startRegionLoadReader', () => {
  it('gives the pid of the reader process, alive until closed', async () => {
    process.env['FAKE_READER_MODE'] = 'ok';
    const reader = await startRegionLoadReader({ table: 't', zk: '127.0.0.1:2181', command: { java: process.execPath, args: [fake] } });
    const pid = reader.pid;
    expect(pid).toBeTypeOf('number');
    expect(pid).not.toBe(process.pid);
    expect(exists(pid as number)).toBe(true);
    expect((await reader.read()).directory.length).toBe(2);
    await reader.close();
    expect(reader.alive).toBe(false);
    expect(exists(pid as number)).toBe(false);
  });

  it('sends a data request as one JSON line and types a refusal as NATIVE_READ', async () => {
    process.env['FAKE_READER_MODE'] = 'ok';
    const reader = await startRegionLoadReader({ zk: '127.0.0.1:2181', command: { java: process.execPath, args: [fake] } });
    try {
      expect(await reader.data({ op: 'echo', table: 't', row: 'YQ==' })).toEqual({ request: { op: 'echo', table: 't', row: 'YQ==' } });
      await expect(reader.data({ op: 'get', table: 'nope', row: 'YQ==' })).rejects.toMatchObject({ code: 'NATIVE_READ', message: '"get nope" failed: TableNotFoundException nope' });
      expect(reader.alive).toBe(true);
    } finally {
      await reader.close();
    }
  });
});
