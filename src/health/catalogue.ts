/**
 * The health catalogue: every item `health` reports, its unit, its threshold and where that number comes from (the
 * playbook's operations checklist, an HBase default, or this project's choice where the playbook gives none). The CLI
 * help, the JSON output and docs/health.md follow this one table; a thresholds file overrides the numbers.
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';
import { jsonErrorText, jsonPreview } from '../util/input-text.js';
import { jsonSyntaxPlace } from '../util/json-position.js';

/** The items, in report order. */
export const HEALTH_ITEMS = [
  'block-cache-hit-ratio',
  'gc-pause',
  'memstore-flush-size',
  'compaction-queue',
  'store-files',
  'updates-blocked',
  'rpc-call-queue',
  'regions-in-transition',
  'disk',
] as const;

/** One item's name. */
export type HealthItemName = (typeof HEALTH_ITEMS)[number];

/**
 * How a value meets its threshold: `min`, the value must be at least the threshold (hit ratio); `max`, at most it;
 * `below`, strictly below it (a pause of 5 s or more fails).
 */
export type ThresholdKind = 'min' | 'max' | 'below';

/** One catalogue entry. */
export interface HealthRule {
  readonly item: HealthItemName;
  /** Unit of the value and the threshold: `%`, `ms`, `bytes`, `files`, `calls`, `regions`. */
  readonly unit: string;
  readonly kind: ThresholdKind;
  /**
   * The threshold. For `memstore-flush-size` and `store-files` it is a fraction of, or equal to, a setting
   * (`hbase.hregion.memstore.flush.size`, `hbase.hstore.blockingStoreFiles`) and is resolved per run.
   */
  readonly threshold: number;
  /** Where the number comes from. */
  readonly source: string;
  /** What is measured, in one sentence. */
  readonly definition: string;
}

/** The default catalogue. */
export const HEALTH_RULES: readonly HealthRule[] = [
  { item: 'block-cache-hit-ratio', unit: '%', kind: 'min', threshold: 95, source: 'playbook 7.3 and 8 (operations checklist): keep the BlockCache hit ratio at 95% or more', definition: 'hits ÷ (hits + misses) of the window: differences of sub=Server blockCacheHitCount and blockCacheMissCount between the first and last sample; fewer than 100 lookups in the window pass' },
  { item: 'gc-pause', unit: 'ms', kind: 'below', threshold: 5000, source: 'playbook 8 (operations checklist): no stop-the-world GC pause of 5 s or more', definition: 'the longest PauseTimeWithGc_max (JvmPauseMonitor, pauses over jvm.pause.info-threshold.ms with a collection) seen in the window; any rise of pauseWarnThresholdExceeded (over jvm.pause.warn-threshold.ms, 10 s by default) fails too' },
  { item: 'memstore-flush-size', unit: 'bytes', kind: 'min', threshold: 0.5, source: 'playbook 7.4 and 8 ("abnormally frequent flushes"); the 50% of hbase.hregion.memstore.flush.size is this project\'s reading of "abnormal": flushes forced by global memstore pressure or the WAL count flush memstores well below their size', definition: 'mean flushed memstore size of the window: difference of flushedMemstoreBytes ÷ difference of FlushTime_num_ops, against the threshold × hbase.hregion.memstore.flush.size; fewer than 3 flushes in the window pass' },
  { item: 'compaction-queue', unit: 'compactions', kind: 'max', threshold: 10, source: 'playbook 8 (operations checklist): the compaction queue not persistently above 10', definition: 'sub=Server compactionQueueLength; fails when it is above the threshold in every sample of the window (the value is its smallest reading)' },
  { item: 'store-files', unit: 'files', kind: 'max', threshold: 1, source: 'HBase: a store with more than hbase.hstore.blockingStoreFiles files (16 by default) blocks its region\'s flushes, and so its updates, until a compaction (HStore.hasTooManyStoreFiles); playbook 7.1 (write stalls)', definition: 'sub=Server maxStoreFileCount (the most files in one store of the server) in the last sample, against the threshold × hbase.hstore.blockingStoreFiles' },
  { item: 'updates-blocked', unit: 'ms', kind: 'max', threshold: 0, source: 'this project: any blocked update is a write stall (playbook 7.1 names write stalls); the playbook gives no number', definition: 'difference of sub=Server updatesBlockedTime (ms updates waited on a memstore over its blocking size) over the window' },
  { item: 'rpc-call-queue', unit: 'calls', kind: 'max', threshold: 0, source: 'this project: calls waiting in every sample mean every handler (hbase.regionserver.handler.count) stayed busy; the playbook gives no number', definition: 'sub=IPC numCallsInGeneralQueue + numCallsInPriorityQueue + numCallsInReplicationQueue; fails when above the threshold in every sample (the value is the smallest reading)' },
  { item: 'regions-in-transition', unit: 'regions', kind: 'max', threshold: 0, source: 'HBase: ritCountOverThreshold counts regions in transition longer than hbase.metrics.rit.stuck.warning.threshold (60 s by default)', definition: "the master's AssignmentManager ritCountOverThreshold in the last sample (ritCount beside it)" },
  { item: 'disk', unit: '%', kind: 'max', threshold: 80, source: 'playbook 8 (operations checklist): HDFS disk utilization below 80%', definition: "HDFS use is the NameNode's, not the RegionServers'; not read by this command" },
];

/** A catalogue with some thresholds replaced, by item. */
export type HealthCatalogue = ReadonlyMap<HealthItemName, HealthRule>;

/** The default catalogue as a map. */
export function defaultCatalogue(): HealthCatalogue {
  return new Map(HEALTH_RULES.map((r) => [r.item, r]));
}

function isItem(name: string): name is HealthItemName {
  return (HEALTH_ITEMS as readonly string[]).includes(name);
}

/**
 * The catalogue with the thresholds of a thresholds file: JSON `{"thresholds": {"<item>": number, ...}}`. An
 * overridden rule's source names the file.
 * @param file - where the text came from, for messages and the sources.
 * @throws {@link HotspotError} `HEALTH_THRESHOLDS_INVALID` naming the file and field, for text that is not JSON
 *   (naming the line and column where it stops being JSON),
 *   a missing `thresholds` object, an unknown item or a value that is not a finite number ≥ 0.
 */
export function applyThresholdsFile(catalogue: HealthCatalogue, text: string, file: string): HealthCatalogue {
  const bad = (message: string, field?: string): HotspotError => new HotspotError('HEALTH_THRESHOLDS_INVALID', message, { file, ...(field === undefined ? {} : { field }) });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new HotspotError('HEALTH_THRESHOLDS_INVALID', `not JSON (${jsonErrorText(err)}); expected {"thresholds": {"block-cache-hit-ratio": 90}}`, { file, ...jsonSyntaxPlace(text), cause: err });
  }
  const thresholds = (json as { thresholds?: unknown } | null)?.thresholds;
  if (typeof thresholds !== 'object' || thresholds === null || Array.isArray(thresholds)) throw bad('no "thresholds" object; expected {"thresholds": {"block-cache-hit-ratio": 90}}', 'thresholds');
  const out = new Map(catalogue);
  for (const [name, value] of Object.entries(thresholds)) {
    const field = `thresholds.${name}`;
    if (!isItem(name)) throw bad(`unknown item "${name}"; the items are ${HEALTH_ITEMS.join(', ')}`, field);
    // JSON reads a number past the doubles' range (1e400) as Infinity, which JSON.stringify would show as null.
    if (typeof value === 'number' && !Number.isFinite(value)) throw bad('the number is past the range of a double (±1.8e308); give a number ≥ 0', field);
    if (typeof value !== 'number' || value < 0) throw bad(`${jsonPreview(value)} is not a number ≥ 0`, field);
    const rule = catalogue.get(name);
    if (rule) out.set(name, { ...rule, threshold: value, source: `${file} (overrides: ${rule.source})` });
  }
  return out;
}
