import { afterEach, describe, expect, it } from 'vitest';
import { createRestClient } from '../../../src/hbase/rest/rest-client.js';
import { type LocalServer, startServer } from './local-server.js';

// Base64 written by hand: "r1" = cjE= (URL-safe, unpadded: cjE), "i:_row" = aTpfcm93, "m1" = bTE=, "i" = aQ==.
let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function answering(statuses: number[]) {
  server = await startServer((_req, res, n) => {
    res.writeHead(statuses[n] ?? 599);
    res.end();
  });
  return createRestClient({ baseUrl: server.url, retry: { maxAttempts: 3, initialDelayMs: 1 } });
}

describe('check-and-put and check-and-delete over REST', () => {
  it('puts with the condition as the last cell, PUT ?check=put, 200 = written and 304 = not', async () => {
    const c = await answering([200, 304]);
    const row = { key: 'r1', cells: [{ family: 'i', qualifier: '_row', value: 'm1', timestamp: 100 }] };
    expect(await c.checkAndPut('ix_t', row, { family: 'i', qualifier: '_row' })).toBe(true);
    expect(await c.checkAndPut('ix_t', row, { family: 'i', qualifier: '_row', value: 'm1' })).toBe(false);
    const [a, b] = server?.requests ?? [];
    expect(a?.method).toBe('PUT');
    expect(a?.url).toBe('/ix_t/cjE?check=put&e=b64');
    expect(JSON.parse(a?.body ?? '')).toEqual({ Row: [{ key: 'cjE=', Cell: [{ column: 'aTpfcm93', timestamp: 100, $: 'bTE=' }, { column: 'aTpfcm93', $: '' }] }] });
    expect(JSON.parse(b?.body ?? '').Row[0].Cell[1]).toEqual({ column: 'aTpfcm93', $: 'bTE=' });
  });

  it('deletes families at their timestamps through PUT ?check=delete (the DELETE verb ignores the check)', async () => {
    const c = await answering([304, 200]);
    expect(await c.checkAndDelete('ix_t', 'r1', { family: 'i', qualifier: '_row', value: 'm1' }, [{ family: 'i', timestamp: 100 }])).toBe(false);
    expect(await c.checkAndDelete('ix_t', 'r1', { family: 'i', qualifier: '_row', value: 'm1' }, [{ family: 'i' }])).toBe(true);
    const [a, b] = server?.requests ?? [];
    expect(a?.method).toBe('PUT');
    expect(a?.url).toBe('/ix_t/cjE?check=delete&e=b64');
    expect(JSON.parse(a?.body ?? '')).toEqual({ Row: [{ key: 'cjE=', Cell: [{ column: 'aQ==', timestamp: 100, $: '' }, { column: 'aTpfcm93', $: 'bTE=' }] }] });
    expect(JSON.parse(b?.body ?? '').Row[0].Cell[0]).toEqual({ column: 'aQ==', $: '' });
  });

  it('is not retried on a 5xx (a repeat could answer 304 for a mutation that was made)', async () => {
    const c = await answering([503, 200]);
    await expect(c.checkAndDelete('ix_t', 'r1', { family: 'i', qualifier: '_row', value: 'm1' }, [{ family: 'i' }])).rejects.toMatchObject({ code: 'REST_HTTP', status: 503 });
    expect(server?.requests).toHaveLength(1);
  });

  it('refuses a put that does not write the checked column, a condition without qualifier, and no families', async () => {
    const c = await answering([]);
    await expect(c.checkAndPut('ix_t', { key: 'r1', cells: [{ family: 'i', qualifier: 'x', value: 'v' }] }, { family: 'i', qualifier: '_row' })).rejects.toThrow(/must put the column it checks/);
    await expect(c.checkAndDelete('ix_t', 'r1', { family: 'i', qualifier: '' }, [{ family: 'i' }])).rejects.toThrow(/needs a qualifier/);
    await expect(c.checkAndDelete('ix_t', 'r1', { family: 'i', qualifier: '_row' }, [])).rejects.toThrow(/at least one family/);
    expect(server?.requests).toHaveLength(0);
  });

  it('deletes at a timestamp with DELETE /<table>/<row>/<family>/<ts>, and refuses a timestamp without columns', async () => {
    const c = await answering([200]);
    await c.deleteRow('ix_t', 'r1', { columns: ['i'], timestamp: 1234 });
    // "i" in URL-safe base64 without padding: aQ
    expect(server?.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /ix_t/cjE/aQ/1234?e=b64']);
    await expect(c.deleteRow('ix_t', 'r1', { timestamp: 1234 })).rejects.toThrow(/needs columns/);
    await expect(c.deleteRow('ix_t', 'r1', { columns: ['i'], timestamp: -1 })).rejects.toThrow(/whole ms/);
  });
});
