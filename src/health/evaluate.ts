/**
 * Judging a window of `/jmx` samples against the health catalogue: one item per RegionServer and checklist entry,
 * the master's regions in transition, and disk (not read). Counters are compared between the first and the last
 * sample a server answered in; gauges over every sample. A metric this HBase does not have, or one without data in
 * the window, gives `not-measured` with the reason, never `pass`.
 *
 * @module
 */
import { type HealthCatalogue, type HealthItemName, type HealthRule, HEALTH_ITEMS } from './catalogue.js';
import type { HealthCause } from './causes.js';
import type { BeanNumbers, HealthReading } from './readings.js';

/** An item's verdict. */
export type HealthStatus = 'pass' | 'fail' | 'not-measured';

/** One reported item (the `--json` shape of docs/health.md). */
export interface HealthItem {
  readonly item: HealthItemName;
  /** RegionServer `host,port,startcode`, the master's name, or `cluster`. */
  readonly server: string;
  /** The measured value in `unit`; null when not measured. */
  readonly value: number | null;
  readonly unit: string;
  /** The threshold in `unit` after settings are applied; null when it could not be resolved. */
  readonly threshold: number | null;
  readonly status: HealthStatus;
  /** Why the status, with the figures behind the value. */
  readonly reason: string;
  /** Where the threshold comes from. */
  readonly source: string;
  /** Settings behind a failure ({@link withCauses} fills them from `--site` / `--env`); always empty unless `fail`. */
  readonly causes: readonly HealthCause[];
  /** True for a figure of a JVM several HBase servers share (the local cluster): it is not this server's alone. */
  readonly shared?: true;
}

/** One sampling round: the answers that came, and the origins that did not answer. */
export interface HealthSample {
  /** Epoch ms when the round was taken. */
  readonly timeMs: number;
  readonly readings: readonly HealthReading[];
  /** Origins (URLs) that gave no usable answer this round, with why. */
  readonly failures: readonly { readonly origin: string; readonly message: string }[];
}

/** A setting a threshold depends on, with where its value came from. */
export interface SettingValue {
  readonly value: number;
  /** e.g. `hbase-site.xml` or `hbase-default.xml (HBase's default; no site file given)`. */
  readonly from: string;
}

/** The settings the thresholds read. */
export interface HealthSettings {
  /** `hbase.hregion.memstore.flush.size`, bytes. */
  readonly flushSizeBytes: SettingValue;
  /** `hbase.hstore.blockingStoreFiles`, files. */
  readonly blockingStoreFiles: SettingValue;
}

/** HBase 2.x defaults (hbase-default.xml): 128 MiB flush size, 16 blocking store files. */
export const HBASE_DEFAULT_SETTINGS: HealthSettings = {
  flushSizeBytes: { value: 134_217_728, from: "hbase-default.xml (HBase's default; give --site for the cluster's value)" },
  blockingStoreFiles: { value: 16, from: "hbase-default.xml (HBase's default; give --site for the cluster's value)" },
};

/** The report. */
export interface HealthReport {
  readonly items: readonly HealthItem[];
  /** Origins that never answered in the window, with the last reason. */
  readonly unanswered: readonly { readonly origin: string; readonly message: string }[];
}

/** One server's observations in window order. */
interface Observed {
  readonly metrics: BeanNumbers;
  readonly ipc?: BeanNumbers;
  readonly shared: boolean;
}

/** A measured figure and its verdict, or why there is none. `settled` means the threshold does not apply to it. */
type Judged = { value: number; pass: boolean; reason: string; settled?: boolean } | { notMeasured: string };

const round2 = (x: number): number => Math.round(x * 100) / 100;

function judge(rule: HealthRule, threshold: number | null, server: string, judged: Judged, shared: boolean): HealthItem {
  const measured = !('notMeasured' in judged);
  const sharedNote = shared ? ' (a figure of the JVM several HBase servers share)' : '';
  // Fields in the order of the documented shape.
  return {
    item: rule.item,
    server,
    value: measured ? judged.value : null,
    unit: rule.unit,
    threshold,
    status: measured ? (judged.pass ? 'pass' : 'fail') : 'not-measured',
    reason: measured ? judged.reason + sharedNote : judged.notMeasured,
    source: rule.source,
    causes: [],
    ...(shared ? { shared: true as const } : {}),
  };
}

/** Whether `value` meets `threshold` by the rule's kind. */
export function meets(rule: HealthRule, value: number, threshold: number): boolean {
  if (rule.kind === 'min') return value >= threshold;
  if (rule.kind === 'below') return value < threshold;
  return value <= threshold;
}

const SAME_READING = "the first and last readings are the same in every figure (the same answer given twice, or readings closer together than HBase's 10 s metrics period): a counter needs two different readings";

/** Whether two readings of one server hold the same figures (counters only grow, so then nothing was counted between them). */
function sameReading(a: BeanNumbers, b: BeanNumbers): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The difference of a counter between the first and last observation, or why there is none. */
function delta(obs: readonly Observed[], name: string): number | { notMeasured: string } {
  const first = obs[0]?.metrics;
  const last = obs[obs.length - 1]?.metrics;
  if (obs.length < 2 || !first || !last) return { notMeasured: 'one sample only: a counter needs two to give a difference' };
  const a = first[name];
  const b = last[name];
  if (a === undefined || b === undefined) return { notMeasured: `this HBase has no ${name} in sub=Server` };
  const startA = first['regionServerStartTime'];
  const startB = last['regionServerStartTime'];
  if (startA !== undefined && startB !== undefined && startA !== startB) return { notMeasured: 'the RegionServer restarted in the window (regionServerStartTime changed)' };
  if (b < a) return { notMeasured: `${name} went back from ${a} to ${b} (a restart)` };
  if (b === a && sameReading(first, last)) return { notMeasured: SAME_READING };
  return b - a;
}

function gauges(obs: readonly Observed[], read: (o: Observed) => number | undefined, what: string): number[] | { notMeasured: string } {
  if (obs.length < 2) return { notMeasured: `one sample only: "persistently" needs two or more` };
  const values = obs.map(read);
  if (values.some((v) => v === undefined)) return { notMeasured: `this HBase has no ${what}` };
  return values as number[];
}

/**
 * Fewer BlockCache lookups than this in a window are never judged: a nearly idle server's few reads (the meta
 * lookups of a client, a region opening) say nothing of the cache's size. At fewer than 100 each miss moves the ratio
 * by more than a point, so the 5 points between the checklist's 95% and a full hit rate are fewer than 5 misses (at
 * 20 lookups or fewer, a single one).
 */
export const MIN_JUDGED_CACHE_LOOKUPS = 100;

function hitRatio(obs: readonly Observed[]): Judged {
  const hits = delta(obs, 'blockCacheHitCount');
  if (typeof hits !== 'number') return hits;
  const misses = delta(obs, 'blockCacheMissCount');
  if (typeof misses !== 'number') return misses;
  if (hits + misses === 0) return { notMeasured: 'no BlockCache lookup in the window' };
  const value = round2((100 * hits) / (hits + misses));
  if (hits + misses < MIN_JUDGED_CACHE_LOOKUPS) {
    return { value, pass: true, settled: true, reason: `${hits} hits, ${misses} misses in the window: fewer than ${MIN_JUDGED_CACHE_LOOKUPS} lookups are too few to judge the cache by` };
  }
  return { value, pass: true, reason: `${hits} hits, ${misses} misses in the window` };
}

function gcPause(obs: readonly Observed[], threshold: number): Judged {
  const pauses = delta(obs, 'PauseTimeWithGc_num_ops');
  if (typeof pauses !== 'number') return pauses;
  // The histogram's max covers one metrics period; the first sample's covers the time before the window.
  const maxes = obs.slice(1).map((o) => o.metrics['PauseTimeWithGc_max'] ?? 0);
  const value = Math.max(0, ...maxes);
  const warn = delta(obs, 'pauseWarnThresholdExceeded');
  const warned = typeof warn === 'number' ? warn : 0;
  if (warned > 0) return { value, pass: false, reason: `${warned} pause(s) over jvm.pause.warn-threshold.ms (10 s by default) in the window; ${pauses} over the info threshold with a GC` };
  if (pauses > 0 && value === 0) return { notMeasured: `${pauses} pause(s) over jvm.pause.info-threshold.ms with a GC in the window, in metrics periods no sample saw the length of` };
  return { value, pass: value < threshold, reason: `${pauses} pause(s) over jvm.pause.info-threshold.ms (1 s by default) with a GC in the window; longest seen ${value} ms` };
}

/** Fewer flushes than this in a window are never judged small: one or two come from ordinary events, not pressure. */
const MIN_FREQUENT_FLUSHES = 3;

function flushSize(obs: readonly Observed[]): Judged {
  const flushes = delta(obs, 'FlushTime_num_ops');
  if (typeof flushes !== 'number') return flushes;
  const bytes = delta(obs, 'flushedMemstoreBytes');
  if (typeof bytes !== 'number') return bytes;
  if (flushes === 0) return { notMeasured: 'no flush in the window' };
  const value = Math.round(bytes / flushes);
  if (flushes < MIN_FREQUENT_FLUSHES) {
    return { value, pass: true, settled: true, reason: `${flushes} flush(es) in the window, ${bytes} bytes in all: fewer than ${MIN_FREQUENT_FLUSHES} are not "frequent" (a manual flush, a region move, split or close, and the hourly periodic flush each write one memstore at whatever size it holds)` };
  }
  return { value, pass: true, reason: `${flushes} flush(es) in the window, ${bytes} bytes in all` };
}

function persistent(values: readonly number[], what: string): Judged {
  const min = Math.min(...values);
  return { value: min, pass: true, reason: `${what} between ${min} and ${Math.max(...values)} over ${values.length} samples` };
}

const IPC_QUEUES = ['numCallsInGeneralQueue', 'numCallsInPriorityQueue', 'numCallsInReplicationQueue'] as const;

function callQueue(o: Observed): number | undefined {
  const general = o.ipc?.['numCallsInGeneralQueue'];
  if (general === undefined) return undefined;
  return IPC_QUEUES.reduce((sum, q) => sum + (o.ipc?.[q] ?? 0), 0);
}

function regionServerItems(server: string, obs: readonly Observed[], catalogue: HealthCatalogue, settings: HealthSettings): HealthItem[] {
  const shared = obs.some((o) => o.shared);
  const out: HealthItem[] = [];
  const add = (item: HealthItemName, threshold: number | null, judged: Judged, sharedFigure = false): void => {
    const rule = catalogue.get(item);
    if (!rule) return;
    const j = 'notMeasured' in judged || threshold === null || judged.settled ? judged : { ...judged, pass: judged.pass && meets(rule, judged.value, threshold) };
    out.push(judge(rule, threshold, server, j, sharedFigure && shared));
  };
  const t = (item: HealthItemName): number => catalogue.get(item)?.threshold ?? Number.NaN;
  add('block-cache-hit-ratio', t('block-cache-hit-ratio'), hitRatio(obs));
  add('gc-pause', t('gc-pause'), gcPause(obs, t('gc-pause')), true);
  const flushThreshold = Math.round(t('memstore-flush-size') * settings.flushSizeBytes.value);
  const flush = flushSize(obs);
  add('memstore-flush-size', flushThreshold, 'notMeasured' in flush ? flush : { ...flush, reason: `${flush.reason}; hbase.hregion.memstore.flush.size ${settings.flushSizeBytes.value} from ${settings.flushSizeBytes.from}` });
  const queue = gauges(obs, (o) => o.metrics['compactionQueueLength'], 'compactionQueueLength in sub=Server');
  add('compaction-queue', t('compaction-queue'), Array.isArray(queue) ? persistent(queue, 'compactionQueueLength') : queue);
  const files = obs[obs.length - 1]?.metrics['maxStoreFileCount'];
  add('store-files', Math.round(t('store-files') * settings.blockingStoreFiles.value),
    files === undefined ? { notMeasured: 'this HBase has no maxStoreFileCount in sub=Server' } : { value: files, pass: true, reason: `the fullest store holds ${files} file(s); hbase.hstore.blockingStoreFiles ${settings.blockingStoreFiles.value} from ${settings.blockingStoreFiles.from}` });
  const blocked = delta(obs, 'updatesBlockedTime');
  add('updates-blocked', t('updates-blocked'), typeof blocked === 'number' ? { value: blocked, pass: true, reason: `updates waited ${blocked} ms in the window` } : blocked);
  const calls = obs.some((o) => o.ipc) ? gauges(obs, callQueue, 'numCallsInGeneralQueue in sub=IPC') : { notMeasured: 'no sub=IPC bean in the answers holding this RegionServer, or only one shared by several RegionServers (the bean does not name its server)' };
  add('rpc-call-queue', t('rpc-call-queue'), Array.isArray(calls) ? persistent(calls, 'calls queued') : calls, true);
  return out;
}

function masterItem(samples: readonly HealthSample[], catalogue: HealthCatalogue): HealthItem | undefined {
  const rule = catalogue.get('regions-in-transition');
  if (!rule) return undefined;
  const masters = samples.flatMap((s) => s.readings.flatMap((r) => (r.master ? [r.master] : [])));
  const last = masters[masters.length - 1];
  if (!last) return judge(rule, rule.threshold, 'master', { notMeasured: "no master AssignmentManager bean in any answer: add the master's info port (16010) to --jmx" }, false);
  const over = last.assignment['ritCountOverThreshold'];
  if (over === undefined) return judge(rule, rule.threshold, last.server, { notMeasured: 'this HBase has no ritCountOverThreshold in the AssignmentManager bean' }, false);
  const rit = last.assignment['ritCount'];
  return judge(rule, rule.threshold, last.server, { value: over, pass: meets(rule, over, rule.threshold), reason: `${over} region(s) in transition over hbase.metrics.rit.stuck.warning.threshold in the last sample${rit === undefined ? '' : `, ${rit} in transition in all`}` }, false);
}

/**
 * Judges a window of samples.
 * @param samples - the rounds in time order.
 * @returns every item of the catalogue for every RegionServer seen (catalogue order, servers sorted by name), the
 *   master's regions in transition, disk, and the origins that never answered.
 */
export function evaluateHealth(samples: readonly HealthSample[], catalogue: HealthCatalogue, settings: HealthSettings = HBASE_DEFAULT_SETTINGS): HealthReport {
  const byServer = new Map<string, Observed[]>();
  for (const sample of samples) {
    const seen = new Set<string>();
    for (const reading of sample.readings) {
      for (const rs of reading.regionServers) {
        // Every info port of one JVM shows the same beans: a server counts once per round.
        if (seen.has(rs.server)) continue;
        seen.add(rs.server);
        const list = byServer.get(rs.server) ?? [];
        list.push({ metrics: rs.metrics, ...(rs.ipc ? { ipc: rs.ipc } : {}), shared: reading.sharedJvm });
        byServer.set(rs.server, list);
      }
    }
  }
  const items: HealthItem[] = [];
  for (const server of [...byServer.keys()].sort()) items.push(...regionServerItems(server, byServer.get(server) ?? [], catalogue, settings));
  if (byServer.size === 0) {
    for (const item of HEALTH_ITEMS.slice(0, 7)) {
      const rule = catalogue.get(item);
      if (rule) items.push(judge(rule, null, 'regionservers', { notMeasured: "no RegionServer sub=Server bean in any answer: add the RegionServers' info ports (16030) to --jmx" }, false));
    }
  }
  const master = masterItem(samples, catalogue);
  if (master) items.push(master);
  const disk = catalogue.get('disk');
  if (disk) items.push(judge(disk, disk.threshold, 'cluster', { notMeasured: "HDFS use is the NameNode's figure (and there is none on a local filesystem); this command reads HBase's /jmx only" }, false));
  const answered = new Set(samples.flatMap((s) => s.readings.map((r) => r.origin)));
  const lastFailure = new Map<string, string>();
  for (const s of samples) for (const f of s.failures) lastFailure.set(f.origin, f.message);
  const unanswered = [...lastFailure].filter(([origin]) => !answered.has(origin)).map(([origin, message]) => ({ origin, message }));
  return { items, unanswered };
}
