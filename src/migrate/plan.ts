/**
 * `migrate plan`: the five steps of changing the key of a live table, from the old table's schema and the two
 * templates: create the new table (same column families and settings, pre-split on the new key's salt boundaries),
 * turn dual writes on, backfill with original timestamps, verify, then switch reads and retire the old table.
 *
 * @module
 */
import type { ColumnSchema, TableSchema } from '../hbase/rest/index.js';
import { createTableCommand, type ShellFamilySpec } from '../hbase/shell/index.js';
import { computeSplits, saltSplitPoints } from '../regions/index.js';
import { concatBytes, toStringBinary } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import type { TemplateKeyMap } from './key-map.js';
import { retirementCommands } from './retire.js';

/** HBase's TTL meaning "forever" (HConstants.FOREVER, Integer.MAX_VALUE seconds). */
const TTL_FOREVER = 2147483647;

/** One step of the plan. */
export interface PlanStep {
  readonly title: string;
  /** What the step does and why, one sentence per line. */
  readonly notes: readonly string[];
  /** `hbase shell` commands of the step, if any. */
  readonly shell: readonly string[];
  /** `hbase-hotspot` command lines of the step, if any. */
  readonly cli: readonly string[];
}

/** The migration plan. */
export interface MigrationPlan {
  readonly from: string;
  readonly to: string;
  readonly oldTemplate: string;
  readonly newTemplate: string;
  /** Split points of the new table (toStringBinary). */
  readonly splitPoints: readonly string[];
  readonly families: readonly ShellFamilySpec[];
  readonly steps: readonly PlanStep[];
}

function intAttr(c: ColumnSchema, name: string): number | undefined {
  const v = c.attributes[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new HotspotError('MIGRATE_SCHEMA_UNREADABLE', `column family "${c.name}": ${name} is "${v}", not a whole number`, { field: `${c.name}.${name}` });
  return n;
}

/** Family settings with their own `create` options in {@link familiesFromSchema}. */
const TYPED_FAMILY_ATTRIBUTES = new Set(['VERSIONS', 'TTL', 'COMPRESSION', 'BLOOMFILTER', 'DATA_BLOCK_ENCODING', 'BLOCKSIZE', 'BLOCKCACHE', 'IN_MEMORY']);

/**
 * Other family settings copied when they differ from HBase's default (the shell's names, upper case): keeping deleted
 * cells, minimum versions, the replication scope (a lost scope stops replication of the new table), MOB storage, and
 * the cache, encoding and versioning switches.
 */
export const COPIED_FAMILY_DEFAULTS: Readonly<Record<string, string>> = {
  KEEP_DELETED_CELLS: 'FALSE', MIN_VERSIONS: '0', REPLICATION_SCOPE: '0', IS_MOB: 'false', MOB_THRESHOLD: '102400',
  INDEX_BLOCK_ENCODING: 'NONE', NEW_VERSION_BEHAVIOR: 'false', COMPRESSION_COMPACT: 'NONE', CACHE_DATA_ON_WRITE: 'false',
  CACHE_INDEX_ON_WRITE: 'false', CACHE_BLOOMS_ON_WRITE: 'false', EVICT_BLOCKS_ON_CLOSE: 'false', PREFETCH_BLOCKS_ON_OPEN: 'false',
};

/** Table settings copied when they differ from HBase's default. `READONLY` is never copied: the new table takes writes. */
export const COPIED_TABLE_DEFAULTS: Readonly<Record<string, string>> = {
  MAX_FILESIZE: '', MEMSTORE_FLUSHSIZE: '', DURABILITY: 'USE_DEFAULT', REGION_REPLICATION: '1', NORMALIZATION_ENABLED: 'false',
  COMPACTION_ENABLED: 'true', SPLIT_ENABLED: 'true', MERGE_ENABLED: 'true', PRIORITY: '0',
};

/** Table attributes SchemaResource reports that are not settings to carry over. */
const IGNORED_TABLE_ATTRIBUTES = new Set(['IS_META', 'IS_ROOT', 'READONLY', 'hbase.store.file-tracker.impl']);

/** Settings the plan's `create` does not carry over, as `family.KEY=value` / `KEY=value` (empty when all are). */
export function settingsNotCopied(schema: TableSchema): string[] {
  const family = schema.columns.flatMap((c) => Object.entries(c.attributes)
    .filter(([k]) => !TYPED_FAMILY_ATTRIBUTES.has(k) && !(k in COPIED_FAMILY_DEFAULTS))
    .map(([k, v]) => `${c.name}.${k}=${v}`));
  const table = Object.entries(schema.attributes).filter(([k]) => !IGNORED_TABLE_ATTRIBUTES.has(k) && !(k in COPIED_TABLE_DEFAULTS)).map(([k, v]) => `${k}=${v}`);
  return [...family, ...table];
}

/** The old table's settings that {@link COPIED_TABLE_DEFAULTS} lists and that differ from the default. */
export function tableAttributesFromSchema(schema: TableSchema): Record<string, string> {
  return Object.fromEntries(Object.entries(schema.attributes).filter(([k, v]) => k in COPIED_TABLE_DEFAULTS && v !== '' && v.toUpperCase() !== (COPIED_TABLE_DEFAULTS[k] ?? '').toUpperCase()));
}

/**
 * The column family settings of the old table's schema, as `create` options: VERSIONS, TTL (unless forever),
 * COMPRESSION, BLOOMFILTER, DATA_BLOCK_ENCODING, BLOCKSIZE, BLOCKCACHE, IN_MEMORY (as SchemaResource reports them),
 * and each setting of {@link COPIED_FAMILY_DEFAULTS} that differs from its default (`MOB_THRESHOLD` only for a MOB
 * family).
 * @throws HotspotError `MIGRATE_SCHEMA_UNREADABLE` naming the family and attribute for a non-numeric number.
 */
export function familiesFromSchema(schema: TableSchema): ShellFamilySpec[] {
  return schema.columns.map((c) => {
    const a = c.attributes;
    const mob = (a['IS_MOB'] ?? '').toLowerCase() === 'true';
    const extra = Object.fromEntries(Object.entries(a).filter(([k, v]) => k in COPIED_FAMILY_DEFAULTS
      && v.toUpperCase() !== (COPIED_FAMILY_DEFAULTS[k] ?? '').toUpperCase() && (k !== 'MOB_THRESHOLD' || mob)));
    if (mob && a['MOB_THRESHOLD'] !== undefined) extra['MOB_THRESHOLD'] = a['MOB_THRESHOLD'];
    const ttl = intAttr(c, 'TTL');
    const versions = intAttr(c, 'VERSIONS');
    const blockSize = intAttr(c, 'BLOCKSIZE');
    return {
      name: c.name,
      ...(versions !== undefined ? { versions } : {}),
      ...(ttl !== undefined && ttl !== TTL_FOREVER ? { ttlSeconds: ttl } : {}),
      ...(a['COMPRESSION'] ? { compression: a['COMPRESSION'] } : {}),
      ...(a['BLOOMFILTER'] ? { bloomFilter: a['BLOOMFILTER'] } : {}),
      ...(a['DATA_BLOCK_ENCODING'] ? { dataBlockEncoding: a['DATA_BLOCK_ENCODING'] } : {}),
      ...(blockSize !== undefined ? { blockSizeBytes: blockSize } : {}),
      ...(a['BLOCKCACHE'] ? { blockCache: a['BLOCKCACHE'] === 'true' } : {}),
      ...(a['IN_MEMORY'] ? { inMemory: a['IN_MEMORY'] === 'true' } : {}),
      ...(Object.keys(extra).length > 0 ? { attributes: extra } : {}),
    };
  });
}

/** Inputs of {@link planMigration}. */
export interface PlanInput {
  /** The REST gateway the backfill and verify commands use; without it they carry `--rest REST_URL` to fill in. */
  readonly restUrl?: string;
  readonly from: string;
  readonly to: string;
  readonly schema: TableSchema;
  readonly keys: TemplateKeyMap;
  /** Days the old table is kept after the switch (default 14). */
  readonly keepDays?: number;
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Regions of a new table whose key leads with a hash prefix (hex or decimal digits), cut like HexStringSplit. */
export const HASH_PREFIX_REGIONS = 16;

/**
 * The new table's split points and how they were chosen: one region per salt bucket for a salted key; for a key that
 * leads (after literals) with fixed-width hex or decimal digits, such as an MD5 prefix, {@link HASH_PREFIX_REGIONS}
 * even regions over those digits (HexStringSplit / DecimalStringSplit); otherwise none, with the advice to cut at
 * sampled keys.
 */
function newTableSplits(template: TemplateKeyMap['newTemplate']): { splits: Uint8Array[]; how: string; note: string } {
  try {
    const splits = saltSplitPoints(template);
    return { splits, how: `pre-split on the new key's ${splits.length + 1} salt buckets`, note: 'one region per salt bucket, so the first writes spread over the RegionServers.' };
  } catch (e) {
    if (!(e instanceof HotspotError) || e.code !== 'SPLIT_TEMPLATE_NO_SALT') throw e;
  }
  const parts = template.parts;
  let at = 0;
  while (parts[at]?.kind === 'literal') at++;
  const lead = parts[at];
  if (lead && (lead.alphabet === 'hex' || lead.alphabet === 'decimal') && lead.fixedWidth !== undefined) {
    const prefix = concatBytes(...parts.slice(0, at).map((q) => q.encode({})));
    const top = lead.alphabet === 'hex' ? 'f' : '9';
    const cuts = computeSplits(lead.alphabet, { regions: HASH_PREFIX_REGIONS, first: '0'.repeat(lead.fixedWidth), last: top.repeat(lead.fixedWidth) });
    return {
      splits: cuts.map((c) => concatBytes(prefix, c)),
      how: `pre-split into ${HASH_PREFIX_REGIONS} even ranges of its leading ${lead.source} digits`,
      note: `the key leads with ${lead.fixedWidth} ${lead.alphabet} digits spread evenly, so ${HASH_PREFIX_REGIONS} even ranges of them share the first writes.`,
    };
  }
  return {
    splits: [],
    how: 'not pre-split (the new key does not lead with a salt or hash prefix)',
    note: 'one region to start: pre-split it at sampled keys of the new form (hbase-hotspot splits --samples keys.txt --regions N) before the backfill, or its writes all reach one RegionServer.',
  };
}

/**
 * Builds the plan.
 * @throws HotspotError `MIGRATE_SCHEMA_UNREADABLE`, and the shell builders' `SHELL_ARGUMENT_INVALID` for bad names.
 */
export function planMigration(p: PlanInput): MigrationPlan {
  const families = familiesFromSchema(p.schema);
  const tableAttributes = tableAttributesFromSchema(p.schema);
  const notCopied = settingsNotCopied(p.schema);
  const { splits, how, note } = newTableSplits(p.keys.newTemplate);
  const common = `--rest ${p.restUrl ?? 'REST_URL'} --from ${p.from} --to ${p.to} --old-template ${q(p.keys.oldTemplate.source)} --new-template ${q(p.keys.newTemplate.source)}`;
  const keepDays = p.keepDays ?? 14;
  const steps: PlanStep[] = [
    {
      title: `Create ${p.to}, ${how}`,
      notes: [
        `Same column families and settings as ${p.from}; ${note}`,
        ...(notCopied.length > 0 ? [`Not carried over (set them by hand if they matter): ${notCopied.join(', ')}.`] : []),
      ],
      shell: [createTableCommand({ table: p.to, families, splits, ...(Object.keys(tableAttributes).length > 0 ? { tableAttributes } : {}) })],
      cli: [],
    },
    {
      title: 'Turn dual writes on',
      notes: [
        `Writers put through the dual-write wrapper: ${p.from} first, then ${p.to} under the new key, with the same cell timestamps on both.`,
        'Reads stay on the old table. Note the time dual writes started: every later cell reaches the new table directly.',
      ],
      shell: [],
      cli: [],
    },
    {
      title: 'Backfill with original timestamps',
      notes: [
        'Copies every cell with its original timestamp, so an older copy never hides a newer dual-written value.',
        'Scans a clone of a snapshot of the old table (--source-snapshot) so the hot table is not the one read; checkpoints per region and resumes with the same --checkpoint.',
        `Dual writes must be on before the backfill's snapshot is taken: a cell written to ${p.from} after the snapshot and before dual writes started reaches neither copy and is lost.`,
        `Keep major compactions off on ${p.to} until verify passes (alter "${p.to}", COMPACTION_ENABLED => false; back to true afterwards): a major compaction drops the dual writer's delete markers, and an older copied cell that lands later shows again.`,
        `From about a million rows, --engine mapreduce --hbase-conf DIR instead (no REST_URL): a MapReduce job over the snapshot's files that bulk loads HFiles, reading nothing through ${p.from}'s RegionServers; --hadoop prints the command for a cluster.`,
        ...(p.restUrl === undefined ? ['The copy and the verification read and write through an HBase REST gateway: replace REST_URL with its address (http://host:8080).'] : []),
      ],
      shell: [],
      cli: [`hbase-hotspot migrate backfill ${common} --source-snapshot --checkpoint ${p.from}-backfill.json --rejects ${p.from}-rejects.ndjson --rate 5000`],
    },
    {
      title: 'Verify',
      notes: [
        'Row counts per time range and per salt bucket on both sides, and a sampled cell-by-cell comparison of values and timestamps. Pause writers or expect differences for rows written meanwhile.',
        'For a large table, --engine mapreduce --hbase-conf DIR instead (no REST_URL): a MapReduce job over snapshots of both tables that also hashes the cells under the new key per time range and salt bucket on each side, reading nothing through the RegionServers; --hadoop prints the command for a cluster.',
      ],
      shell: [],
      cli: [`hbase-hotspot migrate verify ${common} --sample 0.01`],
    },
    {
      title: 'Switch reads, then retire the old table',
      notes: [
        'Flip the read switch of the dual-write wrapper to the new table; once reads are healthy, stop dual writes.',
        `Keep ${p.from} ${keepDays} days for rollback; then verify once more and record it, and snapshot, disable and drop it (migrate retire refuses without a passing verification taken after the switch, prints the commands, and runs them with --yes).`,
      ],
      shell: retirementCommands(p.from),
      cli: [
        `hbase-hotspot migrate verify ${common} --sample 0.01 --record ${p.from}-verify.json`,
        `hbase-hotspot migrate retire --from ${p.from} --keep-days ${keepDays} --switched-at SWITCH_TIME --verified ${p.from}-verify.json  # the read switch, e.g. 2026-11-01T12:00:00Z`,
      ],
    },
  ];
  return { from: p.from, to: p.to, oldTemplate: p.keys.oldTemplate.source, newTemplate: p.keys.newTemplate.source, splitPoints: splits.map((s) => toStringBinary(s)), families, steps };
}

/** The plan as numbered text. */
export function planText(plan: MigrationPlan): string {
  const lines = [`Migrate ${plan.from} (${plan.oldTemplate}) to ${plan.to} (${plan.newTemplate})`, ''];
  plan.steps.forEach((s, i) => {
    lines.push(`${i + 1}. ${s.title}`);
    for (const n of s.notes) lines.push(`   ${n}`);
    for (const c of s.shell) lines.push(`   hbase> ${c}`);
    for (const c of s.cli) lines.push(`   $ ${c}`);
    lines.push('');
  });
  return lines.join('\n');
}
