/**
 * Readers for the parts of a scenario file that appear more than once or have several forms: pre-splits, split
 * policies, popularity and read patterns. Each takes a {@link YamlField} and throws HotspotErrors naming the line and field.
 *
 * @module
 */
import { isScalar } from 'yaml';
import { compareBytes, toBytesBinary } from '../../bytes/index.js';
import { MAX_PRESPLIT_REGIONS } from '../../regions/split-algorithms.js';
import { isHotspotError } from '../../util/errors.js';
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

/** A split point's bytes (`Bytes.toBytesBinary`). @throws HotspotError `KEY_ESCAPE_INVALID` at the point's line and field. */
function splitKey(item: YamlField, text: string): Uint8Array {
  try {
    return toBytesBinary(text, 'split point');
  } catch (err) {
    throw isHotspotError(err) ? item.error(err.message, err.code) : err;
  }
}

/**
 * Split points given with `servers` name the regions in the order listed, so they must already be in ascending byte
 * order (HBase's `Bytes.BYTES_COMPARATOR`), each once. Every point not above the one listed before it is named: as
 * repeating an earlier point, or as sorting before its predecessor.
 * @param items - the `splits` list's items; `splits` their text and `keys` their bytes, index for index.
 * @throws HotspotError `SCENARIO_PRESPLIT` at the first such point's line and field (`table.preSplit.splits[1]`),
 *   naming each offending point and the order that would be accepted.
 */
function checkSplitOrder(items: readonly YamlField[], splits: readonly string[], keys: readonly Uint8Array[]): void {
  // quoted as written in the file (`\x10` stays `\x10`, where JSON.stringify would double the backslash)
  const quote = (i: number) => `"${splits[i] ?? ''}"`;
  const name = (i: number) => `${quote(i)} (splits[${i}])`;
  const problems: string[] = [];
  let first: YamlField | undefined;
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as Uint8Array;
    if (compareBytes(key, keys[i - 1] as Uint8Array) > 0) continue;
    first ??= items[i];
    const same = keys.findIndex((k) => compareBytes(k, key) === 0);
    problems.push(same < i ? `${name(i)} repeats ${name(same)}` : `${name(i)} sorts before ${name(i - 1)}`);
  }
  if (first === undefined) return;
  const order = keys.map((_, i) => i).sort((a, b) => compareBytes(keys[a] as Uint8Array, keys[b] as Uint8Array));
  const distinct = order.filter((i, n) => n === 0 || compareBytes(keys[i] as Uint8Array, keys[order[n - 1] as number] as Uint8Array) !== 0);
  throw first.error(
    `split points given with servers must be distinct and in ascending byte order, so that each server names the region it is listed for: ${problems.join('; ')}; list them as [${distinct.map(quote).join(', ')}] with the servers in that order`,
    'SCENARIO_PRESPLIT',
  );
}

/**
 * `preSplit`: `none`, `{ algorithm: hex|decimal|uniform, regions: N }`, `{ perSaltBucket: N }` or
 * `{ splits: [...], servers?: [...] }`; `servers` lists, for each region in key order, the RegionServer it is assigned
 * to, numbered from 1 (`rs01`) to `regionServers`, and is stored 0-based.
 * @param regionServers - the cluster's RegionServers at the start (`cluster.regionServers`), the highest number
 *   `servers` may give.
 * @throws HotspotError `SCENARIO_INVALID` naming the line and field for a bad form, or a `servers` list whose length
 *   is not the number of split points plus one or that names a server outside 1..regionServers; `KEY_ESCAPE_INVALID`
 *   at a split point with a malformed `\xNN` escape; `SCENARIO_PRESPLIT` at the first split point, given with
 *   `servers`, that is not above the one before it (see {@link checkSplitOrder}).
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
    return { kind: 'algorithm', algorithm, regions: get('regions').number({ integer: true, min: 1, max: MAX_PRESPLIT_REGIONS }) };
  }
  if (get('regions').present) throw get('regions').error('only goes with algorithm');
  if (get('perSaltBucket').present) {
    return { kind: 'salt-buckets', regionsPerBucket: get('perSaltBucket').number({ integer: true, min: 1, max: 1000 }) };
  }
  const items = get('splits').list();
  const splits = items.map((item) => item.string());
  const keys = items.map((item, i) => splitKey(item, splits[i] ?? ''));
  if (!get('servers').present) return { kind: 'list', splits };
  checkSplitOrder(items, splits, keys);
  const serverItems = get('servers').list();
  if (serverItems.length !== splits.length + 1) {
    throw get('servers').error(`must give one server per region: ${splits.length} split points make ${splits.length + 1} regions, got ${serverItems.length} servers`);
  }
  const servers = serverItems.map((item) => item.number({ integer: true, min: 1, max: regionServers }) - 1);
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
