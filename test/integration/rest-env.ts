// Where the REST gateway of the test HBase is: the value the global setup provides as `restUrl`, else
// $HBASE_REST_URL, else http://127.0.0.1:8080. `restAvailable()` reports why tests must skip, if they must.
import { inject } from 'vitest';
import { createRestClient } from '../../src/hbase/rest/index.js';

export function restUrl(): string {
  let provided: unknown;
  try {
    provided = (inject as (key: string) => unknown)('restUrl');
  } catch {
    provided = undefined;
  }
  return typeof provided === 'string' && provided !== '' ? provided : (process.env['HBASE_REST_URL'] ?? 'http://127.0.0.1:8080');
}

/** `undefined` when the gateway answers; otherwise the reason to skip. */
export async function restUnavailable(): Promise<string | undefined> {
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
