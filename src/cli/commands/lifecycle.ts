/**
 * `hbase-hotspot lifecycle partitions|ttl`: the lifecycle helpers of time-series tables (see
 * `src/migrate/lifecycle.ts`). Both print `hbase shell` commands and run them only with `--yes`.
 *
 * - `partitions --base B --family SPEC... [--ahead N] [--retention N] [--template T [--regions-per-bucket k]]
 *   [--rest URL | --existing T1,T2,...] [--now ISO]`: monthly tables `B_YYYYMM` (UTC) to create ahead (pre-split on the
 *   template's salt buckets) and to drop past retention.
 * - `ttl --table T --retention FAMILY=DURATION|forever...`: the `alter` giving each family its `TTL` in seconds.
 */
import type { Command } from 'commander';
import { type TableSchema, createRestClient } from '../../hbase/rest/index.js';
import { TTL_FOREVER_SECONDS } from '../../lint/rules/family-values.js';
import { planPartitions, planTtl } from '../../migrate/lifecycle.js';
import { checkSaltRegionTotal, evenCutCaveat, isLegalTableName, saltSplitPoints, plainTableName } from '../../regions/index.js';
import { parseDurationMs, parseTimeMs } from '../../util/duration.js';
import { HotspotError, isHotspotError } from '../../util/errors.js';
import { describeNative } from '../../sources/index.js';
import { wholeDecimal } from '../decimal.js';
import { type CliIo, printJson } from '../io.js';
import { type LiveFlags, nativeConnectionOf, nativeOptions, wantsNative, withNativeCatalog } from '../live-source.js';
import type { CliCommand } from '../program.js';
import { type ShellFlags, printOrRunShell, shellOption } from '../shell-option.js';
import { compileTemplateOption } from '../template-option.js';
import { parseFamilyOption } from './splits-families.js';

const repeat = (v: string, all: string[]): string[] => [...all, v];

/** Whole months from 0 to `max` from an option. @throws HotspotError `LIFECYCLE_OPTION_INVALID` naming the flag. */
function months(text: string, flag: string, max: number): number {
  const n = wholeDecimal(text);
  if (n === undefined) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${text}" is not a whole number of months, 0 or more`, { field: flag });
  if (n > max) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `${n} months is more than ${max}; tables that far ahead are better created later`, { field: flag });
  return n;
}

/** `--now` as epoch ms, `clock()` when absent. @throws HotspotError `LIFECYCLE_OPTION_INVALID`. */
function nowOption(text: string | undefined, clock: () => number): number {
  if (text === undefined) return clock();
  const ms = parseTimeMs(text);
  if (Number.isNaN(ms)) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${text}" is not a date, or names a day or time that does not exist; write e.g. 2026-11-30T12:00:00Z`, { field: '--now' });
  return ms;
}

interface PartitionFlags extends ShellFlags, LiveFlags {
  template?: string;
  regionsPerBucket?: string;
  base: string;
  family: string[];
  ahead: string;
  retention: string;
  rest?: string;
  existing?: string[];
  now?: string;
  yes?: boolean;
  json?: boolean;
}

/**
 * Parses one `--existing` value, a comma-separated list of table names, onto the names already given (`default:T` as `T`).
 * @throws HotspotError `LIFECYCLE_OPTION_INVALID` naming a name HBase would not accept (`TableName` rules).
 */
export function existingTables(value: string, previous: string[] = []): string[] {
  const names = value.split(',').map((t) => t.trim()).filter((t) => t !== '');
  const bad = names.find((t) => !isLegalTableName(t));
  if (bad !== undefined) {
    throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${bad}" is not a table name (letters, digits, _ - . after an optional namespace:); give the existing tables comma-separated, e.g. --existing events_202610,events_202611`, { field: '--existing' });
  }
  return [...previous, ...names.map(plainTableName)];
}

function registerPartitions(lifecycle: Command, io: CliIo): void {
  shellOption(nativeOptions(lifecycle
    .command('partitions')
    .description('monthly tables BASE_YYYYMM (UTC): create the coming months ahead, drop months past retention (dry run unless --yes)')
    .requiredOption('--base <name>', 'base table name; monthly tables are BASE_YYYYMM')
    .option('--family <spec>', "column family of new tables, e.g. 'd:VERSIONS=1,COMPRESSION=SNAPPY' (repeatable)", repeat, [])
    .option('--ahead <months>', 'months created ahead of the current one', '1')
    .option('--retention <months>', 'whole months kept before the current one (12: the table of 13 months ago is dropped)', '12')
    .option('--template <template>', "the tables' rowkey template: new tables are pre-split on its salt buckets, e.g. '{salt(deviceId,16)}_{deviceId}_{ts}'")
    .option('--regions-per-bucket <k>', 'with --template: k regions per salt bucket')
    .option('--rest <url>', 'REST gateway to list the existing tables from')
    .option('--existing <tables>', 'existing tables, comma-separated (e.g. events_202610,events_202611), instead of asking a gateway; repeatable', existingTables)
    .option('--now <iso>', 'the date to plan for (default now), e.g. 2026-11-30T12:00:00Z')
    .option('--yes', 'run the commands through hbase shell (default: print them)')
    .option('--json', 'print the plan as JSON (never runs anything)')))
    .action(async (flags: PartitionFlags) => {
      if (flags.json && flags.yes) throw new HotspotError('LIFECYCLE_OPTION_INVALID', '--json prints the plan and runs nothing; leave out --json to run it with --yes', { field: '--json' });
      if (flags.family.length === 0) throw new HotspotError('FAMILY_MISSING', "give the new tables' column families, e.g. --family d (repeatable; attributes as in 'd:VERSIONS=1')", { field: '--family' });
      if (flags.rest !== undefined && flags.existing !== undefined) throw new HotspotError('LIFECYCLE_OPTION_INVALID', 'give either --rest or --existing, not both', { field: '--existing' });
      if (flags.regionsPerBucket !== undefined && flags.template === undefined) throw new HotspotError('LIFECYCLE_OPTION_INVALID', '--regions-per-bucket needs --template', { field: '--regions-per-bucket' });
      const perBucket = flags.regionsPerBucket === undefined ? 1 : wholeDecimal(flags.regionsPerBucket);
      if (perBucket === undefined || perBucket < 1) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${flags.regionsPerBucket}" is not a whole number of regions, 1 or more`, { field: '--regions-per-bucket' });
      let splits: Uint8Array[] | undefined;
      try {
        const template = flags.template === undefined ? undefined : compileTemplateOption(flags.template, '--template');
        if (template) checkSaltRegionTotal(template, perBucket);
        splits = template && saltSplitPoints(template, { regionsPerBucket: perBucket, samplesOption: false });
        // even cuts inside a bucket over a text or binary part: printed only with what they assume
        const caveat = template && evenCutCaveat(template, perBucket, false);
        if (caveat !== undefined) io.stderr(`warning: ${caveat}\n`);
      } catch (e) {
        if (!isHotspotError(e) || e.code !== 'SPLIT_TEMPLATE_NO_SALT') throw e;
        throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${flags.template}" does not start with a salt or bucket prefix to pre-split on; put e.g. {salt(id,16)} first, or leave out --template`, { field: '--template', cause: e });
      }
      const input = {
        ...(splits ? { splits } : {}),
        base: flags.base, families: flags.family.map(parseFamilyOption), nowMs: nowOption(flags.now, io.now),
        aheadMonths: months(flags.ahead, '--ahead', 24), retentionMonths: months(flags.retention, '--retention', 1200),
      };
      if (wantsNative(flags) && (flags.rest !== undefined || flags.existing !== undefined)) {
        throw new HotspotError('LIFECYCLE_OPTION_INVALID', `give one of --rest, --zk / --hbase-conf or --existing`, { field: flags.rest !== undefined ? '--rest' : '--existing' });
      }
      const existing = flags.existing
        ?? (flags.rest !== undefined ? await createRestClient({ baseUrl: flags.rest }).listTables()
          : wantsNative(flags) ? await withNativeCatalog(flags, (reader) => reader.tables()) : undefined);
      if (existing === undefined) io.stderr('note: no --rest, --zk or --existing: no table is known to exist, so nothing is dropped and every month of the window is created\n');
      const plan = planPartitions({ ...input, existing: existing ?? [] });
      if (flags.json) return printJson(io, plan);
      await printOrRunShell(io, plan.commands, flags, `created ${plan.create.length}, dropped ${plan.purge.length} table(s)`);
    });
}

/** Parses `--retention d=90d` / `e=forever` items into family → ms (undefined = forever). */
function retentionByFamily(items: readonly string[]): Record<string, number | undefined> {
  const out: Record<string, number | undefined> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${item}" is not FAMILY=DURATION; write e.g. d=90d or meta=forever`, { field: '--retention' });
    const family = item.slice(0, eq);
    if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(family)) {
      throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${family}" is not a column family name (letters, digits, '_', '-' and '.')`, { field: '--retention' });
    }
    if (family in out) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `column family "${family}" is given twice`, { field: '--retention' });
    const value = item.slice(eq + 1).trim();
    if (/^\d+(\.\d+)?$/.test(value)) {
      throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${item}": give the retention with its unit, e.g. ${family}=${value}d or ${family}=${value}h (a bare number would be seconds)`, { field: '--retention' });
    }
    if (value.toLowerCase() === 'forever') {
      out[family] = undefined;
      continue;
    }
    const ms = parseDurationMs(value, '--retention');
    if (ms <= 0) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${item}": a retention must be above 0 (leave the family out, or write ${family}=forever)`, { field: '--retention' });
    // The TTL is whole seconds in a Java int, and 2147483647 itself is HBase's FOREVER.
    if (Math.ceil(ms / 1000) >= TTL_FOREVER_SECONDS) {
      throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${item}": a TTL is at most ${TTL_FOREVER_SECONDS - 1} seconds (${Math.floor((TTL_FOREVER_SECONDS - 1) / 86_400)} days; ${TTL_FOREVER_SECONDS} is FOREVER); write ${family}=forever to keep cells forever`, { field: '--retention' });
    }
    out[family] = ms;
  }
  return out;
}

/** Where a table's existence and schema are read: the REST gateway or the native client. */
interface TableCatalog {
  /** The gateway URL or the native connection, for messages. */
  readonly where: string;
  tableExists(table: string): Promise<boolean>;
  getSchema(table: string): Promise<TableSchema>;
}

/**
 * Checks through the catalog that the table and every family exist: an `alter` naming a family the table lacks would
 * add that family. @throws HotspotError `LIFECYCLE_TABLE_MISSING`, `LIFECYCLE_FAMILY_MISSING`.
 */
async function checkFamilies(catalog: TableCatalog, table: string, families: readonly string[]): Promise<void> {
  if (!(await catalog.tableExists(table))) throw new HotspotError('LIFECYCLE_TABLE_MISSING', `table "${table}" does not exist at ${catalog.where}`, { field: '--table' });
  const have = (await catalog.getSchema(table)).columns.map((c) => c.name);
  const missing = families.filter((f) => !have.includes(f));
  if (missing.length > 0) {
    throw new HotspotError('LIFECYCLE_FAMILY_MISSING', `table "${table}" has no column famil${missing.length === 1 ? 'y' : 'ies'} ${missing.map((f) => `"${f}"`).join(', ')} (it has ${have.map((f) => `"${f}"`).join(', ')}); an alter would add ${missing.length === 1 ? 'it' : 'them'}`, { field: '--retention' });
  }
}

interface TtlFlags extends ShellFlags, LiveFlags {
  table: string;
  retention: string[];
  rest?: string;
  yes?: boolean;
  json?: boolean;
}

function registerTtl(lifecycle: Command, io: CliIo): void {
  shellOption(nativeOptions(lifecycle
    .command('ttl')
    .description("give each column family a TTL from its retention: alter commands, TTL in whole seconds (dry run unless --yes)")
    .requiredOption('--table <table>', 'the table', plainTableName)
    .option('--retention <family=duration>', 'retention of a family, e.g. d=90d, raw=36h, meta=forever (repeatable)', repeat, [])
    .option('--rest <url>', 'REST gateway to check the table and its families first (this or --zk / --hbase-conf is required with --yes)')
    .option('--yes', 'run the commands through hbase shell (default: print them)')
    .option('--json', 'print the plan as JSON (never runs anything)')))
    .action(async (flags: TtlFlags) => {
      if (flags.retention.length === 0) throw new HotspotError('LIFECYCLE_OPTION_INVALID', 'give at least one FAMILY=DURATION, e.g. --retention d=90d', { field: '--retention' });
      if (flags.json && flags.yes) throw new HotspotError('LIFECYCLE_OPTION_INVALID', '--json prints the plan and runs nothing; leave out --json to run it with --yes', { field: '--json' });
      if (flags.yes && flags.rest === undefined && !wantsNative(flags)) throw new HotspotError('LIFECYCLE_OPTION_INVALID', '--yes needs --rest URL or --zk QUORUM to check first that the table has these families (an alter naming a missing family adds it)', { field: '--rest' });
      const retention = retentionByFamily(flags.retention);
      const plan = planTtl(flags.table, retention);
      if (flags.rest !== undefined) {
        const client = createRestClient({ baseUrl: flags.rest });
        await checkFamilies({ where: flags.rest, tableExists: (t) => client.tableExists(t), getSchema: (t) => client.getSchema(t) }, flags.table, Object.keys(retention));
      } else if (wantsNative(flags)) {
        await withNativeCatalog(flags, (reader) => checkFamilies({
          where: describeNative(nativeConnectionOf(flags)),
          tableExists: async (t) => (await reader.tables()).includes(t),
          getSchema: (t) => reader.schema(t),
        }, flags.table, Object.keys(retention)));
      }
      if (flags.json) return printJson(io, plan);
      await printOrRunShell(io, plan.map((p) => p.command), flags, `TTL set on ${flags.table}`);
    });
}

/** The `lifecycle` command. */
export const lifecycleCommand: CliCommand = {
  register(program, io) {
    const lifecycle = program.command('lifecycle').description('time-series table lifecycle: monthly partitions created ahead and purged, TTL per column family');
    registerPartitions(lifecycle, io);
    registerTtl(lifecycle, io);
  },
};
