/**
 * Plans for the two shapes a split cannot fix: a single hot row (reads: replicas or a cache; writes: sharded rows)
 * and a monotonic tail (a new salted key, migrated with dual writes and a snapshot backfill).
 *
 * @module
 */
import type { RegionLoadShare } from '../../analysis/detect/index.js';
import { compareBytes, toBytesBinary, toStringBinary } from '../../bytes/index.js';
import { createTableCommand, disableTableCommand, dropTableCommand } from '../../hbase/shell/index.js';
import { isMutation } from '../../model/index.js';
import { compileTemplate } from '../../keys/template/index.js';
import { plainTableName, saltSplitPoints } from '../../regions/index.js';
import { HotspotError } from '../../util/errors.js';
import { type DraftStep, quotaSteps } from './common-steps.js';
import type { PlanInputs } from './inputs.js';
import { KEY_SAMPLE_SOURCES } from './no-samples.js';
import { listRegionsCommand, regionReplicationCommand } from './shell-text.js';
import type { Refusal } from './types.js';

/** Steps, refusals, warnings and evidence of one shape's plan. */
export interface ShapePlan {
  readonly steps: DraftStep[];
  readonly refused: Refusal[];
  readonly warnings: string[];
  readonly evidence: string[];
}

const inRange = (key: Uint8Array, r: RegionLoadShare) =>
  compareBytes(key, toBytesBinary(r.startKey)) >= 0 && (r.endKey === '' || compareBytes(key, toBytesBinary(r.endKey)) < 0);

/**
 * How the writes of a hot row change it, by sample weight: `counter` when increments are at least half of them (the
 * row is a counter its writers add to), `puts` when Puts and Deletes are more, `unknown` when no write was sampled.
 */
type RowWrites = 'counter' | 'puts' | 'unknown';

/**
 * Reads vs writes of the hottest sampled row in the region, or of the region when no sample falls in it or no sampled
 * row took more requests than every other.
 */
function rowMix(inputs: PlanInputs, hot: RegionLoadShare): { row: string | null; writeFraction: number; basis: string; writes: RowWrites } {
  const counts = new Map<string, { reads: number; writes: number; increments: number; samples: number }>();
  for (const s of inputs.samples ?? []) {
    if (!inRange(s.key, hot)) continue;
    const key = toStringBinary(s.key);
    const c = counts.get(key) ?? { reads: 0, writes: 0, increments: 0, samples: 0 };
    if (isMutation(s.op)) c.writes += s.weight ?? 1;
    else c.reads += s.weight ?? 1;
    if (s.op === 'increment') c.increments += s.weight ?? 1;
    c.samples++;
    counts.set(key, c);
  }
  let best: [string, { reads: number; writes: number; increments: number; samples: number }] | undefined;
  for (const e of counts) if (!best || e[1].reads + e[1].writes > best[1].reads + best[1].writes) best = e;
  // a row is named only when it took more sampled requests than every other key: among keys that tie, the first in
  // sample order would be named (and sharded) for no reason but its place
  const top = best ? best[1].reads + best[1].writes : 0;
  const tied = best ? [...counts.values()].filter((c) => c.reads + c.writes === top).length : 0;
  if (best && tied > 1) return regionMix(inputs, hot, `no sampled row stands out: ${tied} keys tie at ${Math.round(top)} request(s) each`);
  if (best && inputs.samplesOpsUnknown) {
    // the row stands out by its count, but the key list's operations are assumed: the mix is the region's
    const region = regionMix(inputs, hot, 'the key list\'s samples carry no operation');
    return { ...region, row: best[0], basis: `${best[1].samples} listed key(s) of the row; mix from ${region.basis}` };
  }
  if (best) {
    const { reads, writes, increments, samples } = best[1];
    // a weighted sample stands for `weight` requests: say how many samples the estimate rests on
    const basis = reads + writes === samples ? `${samples} sampled request(s) of the row` : `${samples} key sample(s) of the row, standing for an estimated ${Math.round(reads + writes)} request(s)`;
    const kind: RowWrites = writes === 0 ? 'unknown' : increments * 2 >= writes ? 'counter' : 'puts';
    return { row: best[0], writeFraction: writes / (reads + writes), basis, writes: kind };
  }
  return regionMix(inputs, hot, 'no sample fell in it');
}

/** The mix of region `hot` as a whole, when no sampled row names it (`why` says so). */
function regionMix(inputs: PlanInputs, hot: RegionLoadShare, why: string): { row: null; writeFraction: number; basis: string; writes: RowWrites } {
  const own = regionWriteFraction(inputs.detect.regions, hot);
  if (own === 'no-split') return { row: null, writeFraction: 1, basis: `no read/write split (the source gives only the total; ${why}): taken as written`, writes: 'unknown' };
  if (own === 'table-mix') return { row: null, writeFraction: 0.5, basis: `every region has the table's own read/write mix, which shares cannot give (${why}): taken as half`, writes: 'unknown' };
  return { row: null, writeFraction: own, basis: `the region's own reads and writes over the window (${why})`, writes: 'unknown' };
}

/**
 * The share of region `hot`'s own requests over the window that are writes, 0–1, from its shares of the table's
 * reads, writes and requests: with W the table's write fraction, `share = readShare × (1 − W) + writeShare × W`, so
 * W = (share − readShare) ÷ (writeShare − readShare) from the region whose two shares differ most, and the region's writes
 * are `writeShare × W ÷ share` of its requests. (`writeShare ÷ (readShare + writeShare)` is no such fraction: it
 * divides shares of two different totals.)
 * @returns the fraction; `'no-split'` when the source has no read/write split or the region took nothing;
 *   `'table-mix'` when every region's two shares are equal: each region then has the table's mix, which shares cannot give.
 */
export function regionWriteFraction(regions: readonly RegionLoadShare[], hot: RegionLoadShare): number | 'no-split' | 'table-mix' {
  if (hot.readShare === null || hot.writeShare === null || hot.share <= 0) return 'no-split';
  // the region whose two shares differ most gives W with the least rounding
  let witness: { share: number; read: number; write: number } | undefined;
  for (const r of [hot, ...regions]) {
    if (r.readShare === null || r.writeShare === null) continue;
    if (!witness || Math.abs(r.writeShare - r.readShare) > Math.abs(witness.write - witness.read)) witness = { share: r.share, read: r.readShare, write: r.writeShare };
  }
  if (witness === undefined || Math.abs(witness.write - witness.read) < 1e-9) return 'table-mix';
  const tableWrites = (witness.share - witness.read) / (witness.write - witness.read);
  return Math.min(1, Math.max(0, (hot.writeShare * tableWrites) / hot.share));
}

/**
 * How writers and readers use the shards of a written row, as the shard step's `check` and `undoNote` say it: a
 * counter's writers increment a random shard and its readers sum them; a row written with Puts is merged, not summed
 * (each shard holds some of its cells); without sampled writes, both ways.
 */
function shardUse(writes: RowWrites): { check: string; undoNote: string } {
  const counter = 'the writers increment a random shard; readers sum all shards in one multi-get (not atomic across shards: fine for counts, wrong for balances)';
  const puts = 'the writers put each write to one shard (at random, or by a hash of the column so a cell always lands in the same shard); readers get all shards in one multi-get and merge their cells (the newest version of a column wins), never summing them; not atomic across shards';
  if (writes === 'counter') return { check: counter, undoNote: 'readers keep summing; writers can go back to one row after a final sum is written there' };
  if (writes === 'puts') return { check: `the row's sampled writes are Puts, not increments: ${puts}`, undoNote: 'readers keep merging; writers can go back to one row after the merged cells are written there' };
  return {
    check: `no write of the row was sampled, so how it is written is unknown: for a counter (increments), ${counter}; for a row written with Puts, ${puts}`,
    undoNote: 'readers keep summing (a counter) or merging (Puts); writers can go back to one row after the final sum or the merged cells are written there',
  };
}

/**
 * The region replicas a hot read row is to be served from: `--replicas`, 2 by default.
 * @throws {@link HotspotError} `FIX_REPLICAS_INVALID` for fewer than 2 (1 is no replica, and would remove any the
 *   table has).
 */
function requestedReplicas(inputs: PlanInputs): number {
  const replicas = inputs.replicas ?? 2;
  if (replicas < 2) {
    throw new HotspotError('FIX_REPLICAS_INVALID', `--replicas ${replicas}: a hot read row needs at least 2 region replicas (the primary and a secondary to read from); 1 is no replica, and would remove any the table has`, { field: '--replicas' });
  }
  return replicas;
}

/**
 * The table's `REGION_REPLICATION` as the series shows it: 1 + the largest replica id among the regions listed at the
 * window's end (a secondary read replica is named `table,start,id_RRRR.<encoded>.`); 1 for a table without replicas.
 */
export function replicationOf(inputs: PlanInputs): number {
  const { regions, window } = inputs.detect;
  return 1 + regions.reduce((most, r) => (r.lastSeenMs === window.endMs && r.replicaId !== undefined ? Math.max(most, r.replicaId) : most), 0);
}

/**
 * Steps for a single hot row in region `hot`.
 * @throws {@link HotspotError} `FIX_REPLICAS_INVALID` for fewer than 2 replicas when stale reads are acceptable.
 */
export function singleRowSteps(inputs: PlanInputs, hot: RegionLoadShare): ShapePlan {
  const table = inputs.detect.table;
  const mix = rowMix(inputs, hot);
  const rowText = mix.row === null ? 'the hot row' : `row "${mix.row}"`;
  const refused: Refusal[] = [{ action: 'split', why: `a row is HBase's atomic unit and never split: any split point leaves ${rowText} whole in one daughter, still hot` }];
  const warnings: string[] = [];
  const evidence = [`${rowText}: ${(mix.writeFraction * 100).toFixed(0)}% writes, from ${mix.basis}`];
  const quota = quotaSteps(inputs, table);
  const steps: DraftStep[] = [...quota.set];
  // a table with read replicas already has them: the alter raises their number or is no step (its undo restores it)
  const current = replicationOf(inputs);
  const replicas = mix.writeFraction < 0.5 && inputs.staleReadsOk ? requestedReplicas(inputs) : 0;
  if (mix.writeFraction >= 0.5) {
    const shards = Math.max(4, inputs.servers?.length ?? inputs.detect.servers.length);
    steps.push({
      kind: 'advice',
      title: `Shard the written row into ${shards} rows`,
      why: `the row takes writes that one region, on one RegionServer, must serialise; ${shards} shard rows "00|<row>".."${String(shards - 1).padStart(2, '0')}|<row>" in a table pre-split on the shard prefix spread them over servers`,
      commands: [],
      undo: [],
      ...shardUse(mix.writes),
    });
  } else if (replicas > current) {
    steps.push({
      kind: 'replicas',
      title: `Serve reads of ${rowText} from ${replicas} region replicas`,
      why: 'readers accept slightly stale data, so secondary replicas on other RegionServers can answer TIMELINE reads of the hot row',
      commands: [regionReplicationCommand(table, replicas)],
      check: `${listRegionsCommand(table)} shows replica regions (replica id 1..${replicas - 1}) online on other servers; clients read with Consistency.TIMELINE and check Result.isStale()`,
      undo: [regionReplicationCommand(table, current)],
      undoNote: current > 1 ? `back to the table's ${current} replicas` : 'back to one replica',
    });
    warnings.push('stale replica reads: a client that writes and then reads its own data through a TIMELINE get may not see the write; replicas lag by milliseconds with async WAL replication, much longer when they only see flushed files');
    warnings.push('some HBase releases refuse to change REGION_REPLICATION on an enabled table (TableNotDisabledException); then the alter needs the table disabled, an outage');
  } else {
    if (inputs.staleReadsOk) {
      refused.push({ action: 'replicas', why: `the table already has REGION_REPLICATION ${current} (its regions' replicas are listed in the series): --replicas ${inputs.replicas ?? 2} adds none (clients reading with Consistency.TIMELINE can already read the row from them); give --replicas above ${current} to add more` });
    }
    steps.push({
      kind: 'advice',
      title: `Cache or coalesce reads of ${rowText} in the application`,
      why: `a row read this often is normally served from the block cache, so the RegionServer's handlers and network, not its disks, are what it strains (the series holds no cache or handler figures to confirm it: see hbase-hotspot health). A short-TTL cache, or coalescing concurrent reads of one key into one request, takes the load off HBase${inputs.staleReadsOk ? '' : ' (replicas need stale reads to be acceptable: --stale-reads-ok)'}`,
      commands: [],
      check: 'the region\'s read request rate falls by the cache hit rate',
      undo: [],
      undoNote: 'remove the cache',
    });
  }
  steps.push(...quota.remove);
  return { steps, refused, warnings, evidence };
}

/** The new key a `--new-table` of `buckets` salt buckets assumes: the tool's own salt before the old key. */
export function newKeyTemplate(buckets: number): string {
  return `{salt(ENTITY,${buckets})}_{KEY}`;
}

/**
 * True when the tail was decided without key samples and a single row fits the same evidence (the detection names
 * `single-row` among its alternatives): one split whose daughter kept the writes, or a lone hot region whose growth the
 * source's whole-MB sizes cannot show. A split leaves a row whole in one daughter, which keeps every write as a
 * tail's newest daughter does, so region history alone cannot tell them apart.
 */
function tailUnconfirmed(inputs: PlanInputs): boolean {
  const d = inputs.detect;
  return d.shape === 'monotonic-tail' && d.decidedBy !== 'samples' && d.alternatives.some((a) => a.shape === 'single-row');
}

/**
 * The first step of a tail's runbook when {@link tailUnconfirmed}: get key samples and plan again before any salted
 * table or migration, since a salted key cannot divide one row.
 */
function confirmTailStep(inputs: PlanInputs, hot: RegionLoadShare): DraftStep {
  return {
    kind: 'advice',
    title: 'Get key samples and confirm the tail before creating a salted table or migrating',
    why: `the tail rests on region history alone (${inputs.detect.evidence.join('; ')}), and one hot row shows the same history: a split leaves the row whole in one daughter, which then keeps every write. A salted key cannot divide one row: every request for it goes to one salt bucket, so a migration would move that hotspot, not spread it. Key samples: ${KEY_SAMPLE_SOURCES.join('; ')}`,
    commands: [],
    check: `fix plan --samples FILE with the request keys of ["${hot.startKey}", "${hot.endKey}"): written keys that keep rising past every earlier key confirm the tail and keep the steps below; one key taking most of the requests is a row, fixed in place (replicas, a cache, sharded rows)`,
    undo: [],
    undoNote: 'nothing to undo',
  };
}

/**
 * Steps for a monotonic tail in region `hot`: refuse the split, create the salted table, migrate; first, when the
 * tail is {@link tailUnconfirmed}, get key samples to confirm it.
 * @throws {@link HotspotError} `FIX_OPTION_INVALID` when the new table is the table being fixed (the create's undo
 *   drops it); `FIX_BUCKETS_INVALID` for a bucket count outside 2..256.
 */
export function tailSteps(inputs: PlanInputs, hot: RegionLoadShare): ShapePlan {
  const table = inputs.detect.table;
  const unconfirmed = tailUnconfirmed(inputs);
  const tailWhy = `after a split of ${hot.encodedName} the upper daughter is the new tail and takes every write; the hotspot only changes its region name`;
  // unconfirmed, the refusal holds for either reading of the history, and must not state the tail as known
  const refused: Refusal[] = [{
    action: 'split',
    why: unconfirmed
      ? `whether keys rise monotonically (${tailWhy}) or one row takes the writes (a split leaves a row whole in one daughter), a split does not divide the load`
      : `keys rise monotonically, so new writes land at the end of the written range: ${tailWhy}`,
  }];
  const steps: DraftStep[] = [...quotaSteps(inputs, table).set, ...(unconfirmed ? [confirmTailStep(inputs, hot)] : [])];
  const t = inputs.newTable;
  if (t) {
    // the create's undo drops the new table: it must not be the table being fixed ("default:" is the name without it)
    if (plainTableName(t.name) === plainTableName(table)) {
      throw new HotspotError('FIX_OPTION_INVALID', `--new-table ${t.name} is the table being fixed (${table}); name a new table for the salted key, e.g. ${plainTableName(table)}_salted`, { field: '--new-table' });
    }
    if (!Number.isInteger(t.buckets) || t.buckets < 2 || t.buckets > 256) {
      throw new HotspotError('FIX_BUCKETS_INVALID', `--buckets ${t.buckets}: give a whole number of salt buckets from 2 to 256 (one or more per RegionServer)`, { field: '--buckets' });
    }
    // The salt of the tool's own templates (String.hashCode of the entity mod N, two hex digits, then "_"), so the
    // pre-split matches what `key encode`, `splits --template` and `migrate plan` make of the same key.
    const assumed = newKeyTemplate(t.buckets);
    const compiled = compileTemplate(assumed);
    const splits = saltSplitPoints(compiled);
    const bucket = (n: number): string => toStringBinary(compiled.parts[0]?.bucketBytes?.(n) ?? new Uint8Array(0));
    const [first, last] = [bucket(0), bucket(t.buckets - 1)];
    steps.push({
      kind: 'create-salted',
      title: `Create ${t.name}, pre-split on ${t.buckets} salt buckets of the key ${assumed}`,
      why: `the new key ${assumed} (ENTITY: what identifies the writer, e.g. a device id; KEY: the old key) puts a salt bucket "${first}_".."${last}_" before the time, so consecutive writes spread over ${t.buckets} regions; give the same template to hbase-hotspot migrate plan --new-template`,
      commands: [createTableCommand({ table: t.name, families: t.families, splits })],
      check: `${listRegionsCommand(t.name)} shows ${t.buckets} regions spread over the RegionServers`,
      undo: [disableTableCommand(t.name), dropTableCommand(t.name)],
      undoNote: 'drop the new table (only before dual writes start)',
    });
  }
  // without --new-table no step names the new key: the advice says what it is and how to get its create step
  const example = newKeyTemplate(16);
  steps.push({
    kind: 'advice',
    title: t
      ? 'Migrate to the salted key: dual-write, snapshot backfill with original timestamps, verify, switch reads, retire'
      : `Migrate to a salted key such as ${example}: dual-write, snapshot backfill with original timestamps, verify, switch reads, retire`,
    why: t
      ? 'old and new keys place the same row differently, so a live table needs a migration; hbase-hotspot migrate plans it'
      : `old and new keys place the same row differently, so a live table needs a migration; hbase-hotspot migrate plans it. The new key puts a salt bucket before the time (ENTITY: what identifies the writer, e.g. a device id; KEY: the old key; one or more buckets per RegionServer); plan again with --new-table NAME --buckets N --family F for the salted table's pre-split create`,
    commands: [],
    check: 'row counts and sampled rows per time range agree between the tables before reads switch',
    undo: [],
    undoNote: 'switch readers back with the flag; stop dual writes',
  });
  const warnings = ['splitting a monotonic tail moves the hotspot to the new last region'];
  if (unconfirmed) warnings.push('the tail was decided from region history alone, which a single hot row matches too: confirm it with key samples before migrating');
  return { steps, refused, warnings, evidence: [] };
}
