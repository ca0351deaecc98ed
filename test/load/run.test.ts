// The load generator over an in-memory REST client and a clock that moves only when the run pauses: pacing, keys,
// cells, reads, samples, bounds and failures, with every expected value derived by hand from the token bucket.
import { describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { compileTemplate } from '../../src/keys/template/index.js';
import { type LoadSpec, MAX_CONSECUTIVE_ERRORS, resolveLoadFields, runLoad } from '../../src/load/index.js';
import type { KeySample } from '../../src/model/index.js';
import { FakeClient, fakeTime } from './fake-client.js';

const T0 = 1_000_000;
const utf8 = (b: Uint8Array) => new TextDecoder().decode(b);

function spec(template: string, over: Partial<LoadSpec> = {}): LoadSpec {
  const t = compileTemplate(template);
  const fields = resolveLoadFields(t, {});
  return {
    table: 't', template: t, fields, family: 'd', valueBytes: 4, reads: [],
    entities: { field: fields.entityField, count: 1, idFormat: 'sensor-%06d', popularity: { kind: 'uniform' } },
    writesPerSec: 100, durationMs: 1000, batchRows: 10, concurrency: 2, seed: 1,
    ...over,
  };
}

describe('runLoad', () => {
  it('paces batches by the token bucket: 10-row puts every 100 ms at 100 rows/s, none at or after the end', async () => {
    const fake = new FakeClient();
    const time = fakeTime(T0);
    const samples: KeySample[] = [];
    const s = await runLoad(fake.client(), spec('{ts}_{deviceId}'), { ...time, onSample: (x) => samples.push(x) });
    const puts = fake.calls.filter((c) => c.method === 'putRows');
    // bucket starts empty: the first batch waits 100 ms, the second 200 ms, then each worker every 200 ms
    expect(puts.map((p) => p.rows?.[0]?.cells[0]?.timestamp)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => T0 + i * 100));
    expect(s).toMatchObject({ writes: 90, plannedWrites: 100, errors: 0, failedWrites: 0, readQueries: 0, elapsedMs: 900, stopped: false });
    expect(s.writesPerSec).toBe(100);
    expect(s.writeLatency).toEqual({ count: 9, p50Ms: 0, p99Ms: 0, maxMs: 0 });
    // every row: key = time then the one entity's id, one cell d:v with the key's time as its timestamp
    const first = puts[0]?.rows?.[0];
    expect(utf8(first?.key as Uint8Array)).toBe(`${T0 + 100}_sensor-000000`);
    expect(first?.cells).toEqual([{ family: 'd', qualifier: 'v', value: expect.any(Uint8Array), timestamp: T0 + 100 }]);
    expect((first?.cells[0]?.value as Uint8Array).length).toBe(4);
    expect(samples).toHaveLength(90);
    expect(samples[0]).toEqual({ timeMs: T0 + 100, key: first?.key, op: 'write' });
  });

  it('stops at the row bound before the time bound', async () => {
    const fake = new FakeClient();
    const s = await runLoad(fake.client(), spec('{ts}_{deviceId}', { maxWrites: 25 }), fakeTime(T0));
    expect(fake.calls.map((c) => c.rows?.length)).toEqual([10, 10, 5]);
    expect(s.writes).toBe(25);
  });

  it('spreads writes by popularity: hot:0.1:0.9 over 10 entities puts about 90% on the first', async () => {
    const fake = new FakeClient();
    const entities = { field: 'deviceId', count: 10, idFormat: 'sensor-%06d', popularity: { kind: 'hot-set', fraction: 0.1, share: 0.9 } } as const;
    await runLoad(fake.client(), spec('{deviceId}#{ts}', { entities, writesPerSec: 4000, batchRows: 100 }), fakeTime(T0));
    const keys = fake.calls.flatMap((c) => c.rows ?? []).map((r) => utf8(r.key as Uint8Array));
    expect(keys.length).toBe(3900);
    const hot = keys.filter((k) => k.startsWith('sensor-000000#')).length / keys.length;
    expect(hot).toBeGreaterThan(0.87);
    expect(hot).toBeLessThan(0.93);
  });

  it('without a time field every write of an entity rewrites its one row', async () => {
    const fake = new FakeClient();
    const s = await runLoad(fake.client(), spec('counter-{deviceId}'), fakeTime(T0));
    expect(s.writes).toBe(90);
    expect([...fake.stored.keys()]).toEqual(['counter-sensor-000000']);
  });

  it('reads: get of the newest written row, latest-n over every salt bucket of the plan', async () => {
    const fake = new FakeClient();
    const samples: KeySample[] = [];
    const reads = [{ kind: 'get', ratePerSec: 5 }, { kind: 'latest', limit: 2, ratePerSec: 5 }] as const;
    const s = await runLoad(fake.client(), spec('{salt(deviceId,4)}_{deviceId}_{reverseTs(ts)}', { reads, concurrency: 1 }), { ...fakeTime(T0), onSample: (x) => samples.push(x) });
    // reads at 200, 400, 600, 800 ms (bucket of 1 at 5/s); the run ends at the row bound
    expect(s.readQueries).toBe(8);
    const scans = fake.calls.filter((c) => c.method === 'scan');
    // the salt is derived from deviceId, known: one scan of the entity's prefix per query
    expect(scans).toHaveLength(4);
    expect(toStringBinary(scans[0]?.startRow as Uint8Array)).toMatch(/^\d\d_sensor-000000_$/);
    const gets = fake.calls.filter((c) => c.method === 'getRow');
    expect(gets).toHaveLength(4);
    // readers registered at 0 ms wake before the writer at 200 ms: the gets find the row written 100 ms earlier; the
    // first latest-2 finds the one row written at 100 ms, the later ones 2 rows each: 4 + 1 + 2 + 2 + 2
    expect(s.rowsRead).toBe(11);
    expect(samples.filter((x) => x.op === 'read')).toHaveLength(4);
    expect(samples.filter((x) => x.op === 'scan')).toHaveLength(4);
  });

  it('counts a failed put and carries on', async () => {
    const fake = new FakeClient();
    fake.failPuts = 1;
    const s = await runLoad(fake.client(), spec('{ts}_{deviceId}'), fakeTime(T0));
    expect(s).toMatchObject({ writes: 80, errors: 1, failedWrites: 10, errorMessages: ['gateway said 503'] });
  });

  it(`gives up after ${MAX_CONSECUTIVE_ERRORS} failed requests in a row`, async () => {
    const fake = new FakeClient();
    fake.failPuts = 100;
    await expect(runLoad(fake.client(), spec('{ts}_{deviceId}'), fakeTime(T0))).rejects.toMatchObject({
      code: 'LOAD_FAILED',
      message: expect.stringContaining('table "t": 5 requests in a row failed; the last: gateway said 503'),
    });
  });

  it('ends early on its signal with what it wrote', async () => {
    const fake = new FakeClient();
    const stop = new AbortController();
    const time = fakeTime(T0);
    const s = await runLoad(fake.client(), spec('{ts}_{deviceId}'), { ...time, signal: stop.signal, onProgress: (p) => p.writes >= 30 && stop.abort() });
    expect(s.stopped).toBe(true);
    // the third put (30 rows) aborts; the other worker's wait ends after the abort and starts nothing
    expect(s.writes).toBe(30);
  });
});


describe('runLoad with a fractional clock', () => {
  it('writes whole milliseconds into the time field and the cell timestamp', async () => {
    const fake = new FakeClient();
    const time = fakeTime(T0 + 0.75);
    await runLoad(fake.client(), spec('{ts}_{deviceId}', { maxWrites: 10 }), time);
    const row = fake.calls[0]?.rows?.[0];
    expect(utf8(row?.key as Uint8Array)).toBe(`${T0 + 100}_sensor-000000`);
    expect(row?.cells[0]?.timestamp).toBe(T0 + 100);
  });
});

describe('checkLoadSpec', () => {
  it.each([
    [{ writesPerSec: 0 }, 'load spec writesPerSec = 0: must be a finite number above 0'],
    [{ durationMs: Number.NaN }, 'durationMs = NaN'],
    [{ maxWrites: 0 }, 'maxWrites = 0: must be a whole number ≥ 1'],
    [{ valueBytes: 1.5 }, 'valueBytes = 1.5'],
    [{ batchRows: 0 }, 'batchRows = 0'],
    [{ concurrency: 0 }, 'concurrency = 0'],
    [{ reads: [{ kind: 'get', ratePerSec: -1 }] }, 'reads[0].ratePerSec = -1'],
  ] as [Partial<LoadSpec>, string][])('refuses %j before any request', async (over, message) => {
    const fake = new FakeClient();
    await expect(runLoad(fake.client(), spec('{ts}_{deviceId}', over), fakeTime(T0))).rejects.toMatchObject({ code: 'LOAD_SPEC_INVALID', message: expect.stringContaining(message) });
    expect(fake.calls).toEqual([]);
  });

  it('refuses zero entities', async () => {
    const entities = { field: 'deviceId', count: 0, idFormat: 'sensor-%06d', popularity: { kind: 'uniform' } } as const;
    await expect(runLoad(new FakeClient().client(), spec('{ts}_{deviceId}', { entities }), fakeTime(T0))).rejects.toMatchObject({ code: 'LOAD_SPEC_INVALID', message: expect.stringContaining('entities.count = 0') });
  });
});
