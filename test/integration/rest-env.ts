// Where the REST gateway of the test HBase is, and whether the tests must skip: the values the integration global
// setup provides (`restUrl`, `hbaseAvailable`, `hbaseSkipReason`); without them, $HBASE_REST_URL or
// http://127.0.0.1:8080, probed directly.
import { inject } from 'vitest';
import { createRestClient } from '../../src/hbase/rest/index.js';

function provided(key: string): unknown {
  try {
    return (inject as (k: string) => unknown)(key);
  } catch {
    return undefined;
  }
}

export function restUrl(): string {
  const url = provided('restUrl');
  return typeof url === 'string' && url !== '' ? url : (process.env['HBASE_REST_URL'] ?? 'http://127.0.0.1:8080');
}

/** `undefined` when the gateway can be used; otherwise the reason to skip. */
export async function restUnavailable(): Promise<string | undefined> {
  const available = provided('hbaseAvailable');
  if (available === true) return undefined;
  if (available === false) return String(provided('hbaseSkipReason') || 'no HBase available');
  try {
    await createRestClient({ baseUrl: restUrl(), timeoutMs: 3000, retry: { maxAttempts: 1 } }).clusterVersion();
    return undefined;
  } catch (e) {
    return `HBase REST gateway not reachable at ${restUrl()}: ${(e as Error).message}`;
  }
}

/** A table name unique to this run. */
export function uniqueTable(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
}
