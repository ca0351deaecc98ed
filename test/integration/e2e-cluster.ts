// Helpers of the end-to-end hotspot tests: pre-split tables spread evenly over the RegionServers (shell create, then
// moves), snapshots collected through the REST source while a load runs, and a final reading once the RegionServers
// have reported every counter.
import { type HBaseRestClient, type TableRegions } from '../../src/hbase/rest/index.js';
import { createTableCommand, moveRegionCommand, runShellCommands } from '../../src/hbase/shell/index.js';
import { utf8Bytes } from '../../src/bytes/index.js';
import type { KeySample, LoadSeries, LoadSnapshot } from '../../src/model/index.js';
import { type SnapshotSource, serverNames } from '../../src/sources/index.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A table to create: name and split points (ASCII only: see docs/hbase-harness.md on bytes ≥ 0x80). */
export interface TableLayout {
  readonly table: string;
  readonly splits: readonly (string | Uint8Array)[];
  /** Versions kept by family `d` (HBase's default, 1, when absent). */
  readonly versions?: number;
}

/** Polls `check` every `everyMs` until it returns a value, at most `timeoutMs`. */
export async function pollUntil<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number, everyMs = 1000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = await check().catch(() => undefined);
    if (got !== undefined) return got;
    if (Date.now() > end) throw new Error(`${what}: not reached within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/** Regions per RegionServer (ServerName form) of a table, from /regions and /status/cluster. */
async function placement(client: HBaseRestClient, table: string): Promise<{ regions: TableRegions; byServer: Map<string, string[]>; servers: string[] } | undefined> {
  const regions = await client.tableRegions(table);
  const status = await client.clusterStatus();
  const names = serverNames(status);
  const servers = status.liveServers.map((s) => s.serverName);
  const byServer = new Map<string, string[]>(servers.map((s) => [s, []]));
  for (const r of regions.regions) {
    const server = r.location === undefined ? undefined : names.get(r.location);
    if (server === undefined || r.encodedName === undefined) return undefined;
    byServer.get(server)?.push(r.encodedName);
  }
  return { regions, byServer, servers };
}

/** Moves that leave every server with the same number of the table's regions (regions ÷ servers each). */
export function evenMoves(byServer: ReadonlyMap<string, readonly string[]>, perServer: number): [string, string][] {
  const extra: string[] = [];
  const room: string[] = [];
  for (const [server, regions] of byServer) {
    extra.push(...regions.slice(perServer));
    for (let i = regions.length; i < perServer; i++) room.push(server);
  }
  return extra.map((r, i) => [r, room[i] as string]);
}

/**
 * Creates the tables (family `d`) in one shell batch and moves regions until each of the RegionServers holds the
 * same number of each table's regions; waits until REST shows it.
 * @returns the RegionServers (ServerName form).
 */
export async function createEvenTables(client: HBaseRestClient, layouts: readonly TableLayout[], servers: number): Promise<string[]> {
  const created = await runShellCommands(layouts.map((l) => createTableCommand({ table: l.table, families: [l.versions === undefined ? 'd' : { name: 'd', versions: l.versions }], splits: l.splits })), { timeoutMs: 180_000 });
  if (!created.ok) throw new Error(`create failed: ${JSON.stringify(created.results.filter((r) => r.status !== 'ok'))}`);
  const moves: string[] = [];
  let live: string[] = [];
  for (const l of layouts) {
    const p = await pollUntil(`regions of ${l.table} assigned`, () => placement(client, l.table), 60_000);
    live = p.servers;
    if (p.servers.length !== servers) throw new Error(`expected ${servers} live RegionServers, found ${p.servers.length}`);
    const perServer = (l.splits.length + 1) / servers;
    moves.push(...evenMoves(p.byServer, perServer).map(([region, server]) => moveRegionCommand(region, server)));
  }
  if (moves.length > 0) {
    const moved = await runShellCommands(moves, { timeoutMs: 180_000 });
    if (!moved.ok) throw new Error(`move failed: ${JSON.stringify(moved.results.filter((r) => r.status !== 'ok'))}`);
  }
  for (const l of layouts) {
    const perServer = (l.splits.length + 1) / servers;
    await pollUntil(`${l.table} spread ${perServer} regions per server`, async () => {
      const p = await placement(client, l.table);
      return p && [...p.byServer.values()].every((r) => r.length === perServer) ? true : undefined;
    }, 60_000);
  }
  return live;
}

/** Sum of the write counters of a snapshot's regions. */
export const totalWrites = (s: LoadSnapshot): number => s.regions.reduce((a, r) => a + (r.writeRequests ?? 0), 0);

/**
 * Takes a snapshot every `everyMs` while `start()`'s work runs, then readings 1.5 s apart until the table's write
 * counters stop changing (every RegionServer has reported after the last put; heartbeats come every second here),
 * at most 20 s; the last reading ends the series.
 */
export async function collectWhile<T>(source: SnapshotSource, start: () => Promise<T>, everyMs: number): Promise<{ series: LoadSeries; result: T }> {
  const snapshots: LoadSnapshot[] = [await source.snapshot()];
  let done = false;
  const work = start().finally(() => {
    done = true;
  });
  while (!done) {
    await Promise.race([sleep(everyMs), work.catch(() => undefined)]);
    if (!done) snapshots.push(await source.snapshot());
  }
  const result = await work;
  let last = await source.snapshot();
  const end = Date.now() + 20_000;
  for (;;) {
    await sleep(1500);
    const next = await source.snapshot();
    const settled = totalWrites(next) === totalWrites(last) && next.regions.length === last.regions.length;
    last = next;
    if (settled || Date.now() > end) break;
  }
  snapshots.push(last);
  const series: LoadSeries = { table: source.table, source: { kind: 'rest', description: source.description, intervalMs: everyMs }, snapshots };
  return { series, result };
}

/** What {@link recordRounds} gives back: the series and a key sample per row written. */
export interface RecordedRounds {
  readonly series: LoadSeries;
  readonly samples: KeySample[];
}

/**
 * Writes `rounds` rounds of rows through REST (one cell `d:q` per key, in `bursts` bursts spread over each round of
 * `roundMs`), with a snapshot at every round boundary, after 2.5 s for earlier writes' counters to settle.
 * Every key written is also a key sample (op `write`) at the time of its burst.
 */
export async function recordRounds(client: HBaseRestClient, source: SnapshotSource, rounds: number, keysOf: (round: number) => string[], roundMs: number, bursts = 8): Promise<RecordedRounds> {
  const snapshots: LoadSnapshot[] = [];
  const samples: KeySample[] = [];
  const start = Date.now();
  await sleep(2500);
  snapshots.push(await source.snapshot());
  for (let r = 0; r < rounds; r++) {
    const keys = keysOf(r);
    const per = Math.ceil(keys.length / bursts);
    for (let b = 0; b < bursts; b++) {
      const chunk = keys.slice(b * per, (b + 1) * per);
      if (chunk.length > 0) await client.putRows(source.table, chunk.map((key) => ({ key, cells: [{ family: 'd', qualifier: 'q', value: 'v' }] })));
      for (const k of chunk) samples.push({ timeMs: Date.now(), key: utf8Bytes(k), op: 'write' });
      await sleep(Math.max(0, start + 2500 + r * roundMs + ((b + 1) * roundMs) / bursts - Date.now()));
    }
    snapshots.push(await source.snapshot());
  }
  return { series: { table: source.table, source: { kind: 'rest', description: source.description, intervalMs: roundMs }, snapshots }, samples };
}
