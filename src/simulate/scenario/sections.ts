/**
 * Readers for the parts of a scenario file that appear more than once or have several forms: pre-splits, split
 * policies, popularity and read patterns. Each takes a {@link YamlField} and throws HotspotErrors naming the line and field.
 *
 * @module
 */
import { isScalar } from 'yaml';
import type { PopularitySpec, PreSplitSpec, ReadPatternSpec, SplitPolicySpec } from './types.js';
import type { YamlField } from './yaml-field.js';

/** HBase's default memstore flush size (`hbase.hregion.memstore.flush.size`), 128 MiB. */
export const DEFAULT_FLUSH_SIZE_BYTES = 128 * 1024 * 1024;
/** HBase's default maximum region size (`hbase.hregion.max.filesize`), 10 GiB. */
export const DEFAULT_MAX_FILE_SIZE_BYTES = 10 * 1024 * 1024 * 1024;

/** A field given as a bare word (`none`) or as a mapping with `kind`: returns the kind and the mapping's accessor. */
function kindOf(field: YamlField, kinds: readonly string[], known: readonly string[]): [string, ((k: string) => YamlField) | undefined] {
  if (isScalar(field.node)) return [field.oneOf(kinds), undefined];
  const get = field.object(['kind', ...known]);
  return [get('kind').oneOf(kinds), get];
}

/**
 * `preSplit`: `none`, `{ algorithm: hex|decimal|uniform, regions: N }`, `{ perSaltBucket: N }` or
 * `{ splits: [...], servers?: [...] }`; `servers` lists, for each region in key order, the RegionServer it is assigned
 * to, numbered from 1 (`rs01`) to `regionServers`, and is stored 0-based.
 * @param regionServers - the cluster's RegionServers at the start (`cluster.regionServers`), the highest number
 *   `servers` may give.
 * @throws HotspotError `SCENARIO_INVALID` naming the line and field for a bad form, or a `servers` list whose length
 *   is not the number of split points plus one or that names a server outside 1..regionServers.
 */
export function readPreSplit(field: YamlField, regionServers: number): PreSplitSpec {
  if (isScalar(field.node)) {
    field.oneOf(['none']);
    return { kind: 'none' };
  }
  const get = field.object(['algorithm', 'regions', 'perSaltBucket', 'splits', 'servers']);
  if (get('servers').present && !get('splits').present) throw get('servers').error('only goes with splits (one server per region of the listed split points)');
  const forms = ['algorithm', 'perSaltBucket', 'splits'].filter((k) => get(k).present);
  if (forms.length !== 1) {
    throw field.error('give exactly one of algorithm (with regions), perSaltBucket or splits, or the word none');
  }
  if (get('algorithm').present) {
    const algorithm = get('algorithm').oneOf(['hex', 'decimal', 'uniform'] as const);
    return { kind: 'algorithm', algorithm, regions: get('regions').number({ integer: true, min: 1, max: 100_000 }) };
  }
  if (get('regions').present) throw get('regions').error('only goes with algorithm');
  if (get('perSaltBucket').present) {
    return { kind: 'salt-buckets', regionsPerBucket: get('perSaltBucket').number({ integer: true, min: 1, max: 1000 }) };
  }
  const splits = get('splits').list().map((item) => item.string());
  if (!get('servers').present) return { kind: 'list', splits };
  const items = get('servers').list();
  if (items.length !== splits.length + 1) {
    throw get('servers').error(`must give one server per region: ${splits.length} split points make ${splits.length + 1} regions, got ${items.length} servers`);
  }
  const servers = items.map((item) => item.number({ integer: true, min: 1, max: regionServers }) - 1);
  return { kind: 'list', splits, servers };
}

/** `splitPolicy`: `none`, `{ kind: max-size, maxFileSizeBytes }`, `{ kind: stepping, flushSizeBytes, maxFileSizeBytes }`. */
export function readSplitPolicy(field: YamlField): SplitPolicySpec {
  if (!field.present) return { kind: 'none' };
  const [kind, get] = kindOf(field, ['none', 'max-size', 'stepping'], ['maxFileSizeBytes', 'flushSizeBytes']);
  const max = get ? get('maxFileSizeBytes').number({ positive: true, fallback: DEFAULT_MAX_FILE_SIZE_BYTES }) : DEFAULT_MAX_FILE_SIZE_BYTES;
  if (kind === 'none') return { kind: 'none' };
  if (kind === 'max-size') {
    if (get?.('flushSizeBytes').present) throw get('flushSizeBytes').error('only goes with kind: stepping');
    return { kind: 'max-size', maxFileSizeBytes: max };
  }
  const flush = get ? get('flushSizeBytes').number({ positive: true, fallback: DEFAULT_FLUSH_SIZE_BYTES }) : DEFAULT_FLUSH_SIZE_BYTES;
  return { kind: 'stepping', maxFileSizeBytes: max, flushSizeBytes: flush };
}

/** `popularity`: `uniform`, `{ kind: zipf, exponent }` or `{ kind: hot-set, fraction, share }`. */
export function readPopularity(field: YamlField): PopularitySpec {
  if (!field.present) return { kind: 'uniform' };
  const [kind, get] = kindOf(field, ['uniform', 'zipf', 'hot-set'], ['exponent', 'fraction', 'share']);
  if (kind === 'uniform') return { kind: 'uniform' };
  if (!get) throw field.error(`${kind} needs a mapping: { kind: ${kind}, ${kind === 'zipf' ? 'exponent: 1.1' : 'fraction: 0.01, share: 0.9'} }`);
  if (kind === 'zipf') return { kind: 'zipf', exponent: get('exponent').number({ positive: true, max: 10 }) };
  const fraction = get('fraction').number({ positive: true, max: 1 });
  return { kind: 'hot-set', fraction, share: get('share').number({ positive: true, max: 1 }) };
}

/**
 * One entry of `workload.reads`.
 * @param fields - the template fields a query may know (`knows`): the entity field and `workload.fields`.
 */
export function readPattern(field: YamlField, fields: readonly string[]): ReadPatternSpec {
  const get = field.object(['name', 'kind', 'ratePerSec', 'limit', 'range', 'row', 'rows', 'knows']);
  const kind = get('kind').oneOf(['latest', 'time-range', 'get', 'increment', 'delete'] as const);
  const knows = get('knows').present ? get('knows').list().map((item) => item.oneOf(fields)) : undefined;
  const base = { name: get('name').string(), kind, ratePerSec: get('ratePerSec').number({ min: 0 }), ...(knows ? { knows } : {}) };
  const allowed: Record<typeof kind, string[]> = {
    latest: ['limit', 'knows'], 'time-range': ['range', 'knows'], get: ['knows'], increment: ['row', 'rows'], delete: ['knows'],
  };
  for (const extra of ['limit', 'range', 'row', 'rows', 'knows']) {
    if (get(extra).present && !allowed[kind].includes(extra)) throw get(extra).error(`does not apply to kind ${kind}`);
  }
  if (kind === 'latest') return { ...base, limit: get('limit').number({ integer: true, positive: true }) };
  if (kind === 'time-range') return { ...base, rangeMs: get('range').durationMs() };
  if (kind === 'increment') {
    if (get('row').present === get('rows').present) throw field.error('an increment needs exactly one of row or rows');
    if (get('row').present) return { ...base, row: get('row').string() };
    const rows = get('rows').list().map((item) => item.string());
    if (rows.length === 0) throw get('rows').error('must list at least one rowkey');
    return { ...base, rows };
  }
  return base;
}
