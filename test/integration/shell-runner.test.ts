// The hbase shell runner against the real local HBase: a pre-split table with binary split points, read back
// through REST /<table>/regions with exact boundaries; a runbook's table throttle set, listed and removed; per-command
// error reporting in both onError modes.
import { describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import {
  createTableCommand,
  disableTableCommand,
  dropTableCommand,
  runShellCommands,
  type ShellBatchResult,
} from '../../src/hbase/shell/index.js';
import { tableThrottleCommand, tableUnthrottleCommand } from '../../src/fix/plan/shell-text.js';
import { hbaseEnv, printHBaseLogsOnFailure, uniqueTableName } from './hbase-env.js';

printHBaseLogsOnFailure();
const env = hbaseEnv();
const table = uniqueTableName('shell_it');
const u = (...b: number[]): Uint8Array => Uint8Array.from(b);

// Given out of order on purpose; the builder sorts them. 0x00, 0x5C (backslash), 0x22/0x23 (quote, hash),
// invalid UTF-8 (0xC3 0x28), 0xFF and a key with spaces at both ends.
const SPLITS = [u(0xff), u(0x00, 0x01), 'm', u(0x5c), u(0x22, 0x23, 0x7b), u(0xc3, 0x28), ' a b ', u(0xff, 0xff)];
const SORTED = [u(0x00, 0x01), u(0x20, 0x61, 0x20, 0x62, 0x20), u(0x22, 0x23, 0x7b), u(0x5c), u(0x6d), u(0xc3, 0x28), u(0xff), u(0xff, 0xff)];

interface RestRegion {
  startKey: string;
  endKey: string;
  id: number;
  location: string;
  name: string;
}

async function regions(name: string): Promise<RestRegion[]> {
  const res = await fetch(`${env.restUrl}/${encodeURIComponent(name)}/regions`, { headers: { Accept: 'application/json' } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { name: string; Region: RestRegion[] };
  expect(body.name).toBe(name);
  return body.Region;
}

const printable = (b64: string): string => toStringBinary(Buffer.from(b64, 'base64'));

function statuses(batch: ShellBatchResult): string[] {
  return batch.results.map((r) => r.status);
}

describe('hbase shell runner against a real HBase', () => {
  it('creates a pre-split table with binary split points that REST reports exactly', async (ctx) => {
    if (!env.available) return ctx.skip(env.skipReason);
    const batch = await runShellCommands([
      createTableCommand({ table, families: ['d', { name: 'e', versions: 3 }], splits: SPLITS }),
      `exists '${table}'`,
      createTableCommand({ table, families: ['d'] }), // already exists: an error result, not a throw
      'this is ( not ruby', // Ruby syntax error: also an error result
      `list_regions '${table}'`,
      // a runbook's containment step and its undo, as fix plan writes them (SCOPE => MACHINE: each RegionServer)
      tableThrottleCommand(table, '5000req/sec'),
      'list_quotas',
      tableUnthrottleCommand(table),
    ]);
    expect(statuses(batch), JSON.stringify(batch.results, null, 1)).toEqual(['ok', 'ok', 'error', 'error', 'ok', 'ok', 'ok', 'ok']);
    const [created, exists, again, syntax, listed, , quotas] = batch.results;
    expect(quotas?.output).toMatch(new RegExp(`TABLE => ${table}\\s+TYPE => THROTTLE, THROTTLE_TYPE => REQUEST_NUMBER, LIMIT => 5000req/sec, SCOPE => MACHINE`));
    expect(created?.output).toContain(`Created table ${table}`);
    expect(exists?.value).toBe('true');
    expect(again?.error?.message).toContain(table);
    expect(again?.error?.message).toMatch(/exists/i);
    expect(syntax?.error?.type).toBe('SyntaxError');
    expect(listed?.output).toContain(`${SORTED.length + 1} rows`);
    expect(batch.ok).toBe(false);
    expect(batch.exitCode).toBe(0);

    const got = (await regions(table)).sort((a, b) => Buffer.compare(Buffer.from(a.startKey, 'base64'), Buffer.from(b.startKey, 'base64')));
    const expected = [new Uint8Array(0), ...SORTED].map((start, i) => ({
      start: toStringBinary(start),
      end: toStringBinary(SORTED[i] ?? new Uint8Array(0)),
    }));
    expect(got.map((r) => ({ start: printable(r.startKey), end: printable(r.endKey) }))).toEqual(expected);
    for (const r of got) {
      expect(r.location).toMatch(/^localhost:\d+$|^[^:]+:\d+$/);
      expect(r.name).toMatch(/\.[0-9a-f]{32}\.$/);
    }
    // Regions are spread over more than one RegionServer.
    expect(new Set(got.map((r) => r.location)).size).toBeGreaterThan(1);
  });

  it('stops at the first error with onError: stop, reporting the rest as skipped', async (ctx) => {
    if (!env.available) return ctx.skip(env.skipReason);
    const batch = await runShellCommands(
      [disableTableCommand(table), dropTableCommand(table), `describe '${table}'`, 'list'],
      { onError: 'stop' },
    );
    expect(statuses(batch), JSON.stringify(batch.results, null, 1)).toEqual(['ok', 'ok', 'error', 'skipped']);
    expect(batch.results[2]?.error?.message).toContain(table);
    expect(batch.results[3]?.output).toBe('');
    const res = await fetch(`${env.restUrl}/${table}/schema`, { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(404);
  });
});
