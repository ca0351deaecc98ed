/**
 * `migrate plan`: the five steps of changing the key of a live table, from the old table's schema and the two
 * templates: create the new table (same column families and settings, pre-split on the new key's salt boundaries),
 * turn dual writes on, backfill with original timestamps, verify, then switch reads and retire the old table.
 *
 * @module
 */
import type { ColumnSchema, TableSchema } from '../hbase/rest/index.js';
import { createTableCommand, type ShellFamilySpec } from '../hbase/shell/index.js';
import { saltSplitPoints } from '../regions/index.js';
import { toStringBinary } from '../bytes/index.js';
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

/**
 * The column family settings of the old table's schema, as `create` options: VERSIONS, TTL (unless forever),
 * COMPRESSION, BLOOMFILTER, DATA_BLOCK_ENCODING, BLOCKSIZE, BLOCKCACHE, IN_MEMORY (as SchemaResource reports them).
 * @throws HotspotError `MIGRATE_SCHEMA_UNREADABLE` naming the family and attribute for a non-numeric number.
 */
export function familiesFromSchema(schema: TableSchema): ShellFamilySpec[] {
  return schema.columns.map((c) => {
    const a = c.attributes;
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
    };
  });
}

/** Inputs of {@link planMigration}. */
export interface PlanInput {
  readonly restUrl: string;
  readonly from: string;
  readonly to: string;
  readonly schema: TableSchema;
  readonly keys: TemplateKeyMap;
  /** Days the old table is kept after the switch (default 14). */
  readonly keepDays?: number;
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Builds the plan.
 * @throws HotspotError `SPLIT_TEMPLATE_NO_SALT` when the new key does not start with a salt (nothing to pre-split on),
 *   `MIGRATE_SCHEMA_UNREADABLE`, and the shell builders' `SHELL_ARGUMENT_INVALID` for bad names.
 */
export function planMigration(p: PlanInput): MigrationPlan {
  const families = familiesFromSchema(p.schema);
  const splits = saltSplitPoints(p.keys.newTemplate);
  const common = `--rest ${p.restUrl} --from ${p.from} --to ${p.to} --old-template ${q(p.keys.oldTemplate.source)} --new-template ${q(p.keys.newTemplate.source)}`;
  const keepDays = p.keepDays ?? 14;
  const steps: PlanStep[] = [
    {
      title: `Create ${p.to}, pre-split on the new key's ${splits.length + 1} salt buckets`,
      notes: [`Same column families and settings as ${p.from}; one region per salt bucket, so the first writes spread over the RegionServers.`],
      shell: [createTableCommand({ table: p.to, families, splits })],
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
      ],
      shell: [],
      cli: [`hbase-hotspot migrate backfill ${common} --source-snapshot --checkpoint ${p.from}-backfill.json --rejects ${p.from}-rejects.ndjson --rate 5000`],
    },
    {
      title: 'Verify',
      notes: ['Row counts per time range and per salt bucket on both sides, and a sampled cell-by-cell comparison of values and timestamps. Pause writers or expect differences for rows written meanwhile.'],
      shell: [],
      cli: [`hbase-hotspot migrate verify ${common} --sample 0.01`],
    },
    {
      title: 'Switch reads, then retire the old table',
      notes: [
        'Flip the read switch of the dual-write wrapper to the new table; once reads are healthy, stop dual writes.',
        `Keep ${p.from} ${keepDays} days for rollback, then disable and drop it (migrate retire prints these; --yes runs them).`,
      ],
      shell: retirementCommands(p.from),
      cli: [`hbase-hotspot migrate retire --from ${p.from} --keep-days ${keepDays} --switched-at <ISO time>`],
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
