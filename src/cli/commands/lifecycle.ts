/**
 * `hbase-hotspot lifecycle partitions|ttl`: the lifecycle helpers of time-series tables (see
 * `src/migrate/lifecycle.ts`). Both print `hbase shell` commands and run them only with `--yes`.
 *
 * - `partitions --base B --family SPEC... [--ahead N] [--retention N] [--rest URL | --existing T...] [--now ISO]`:
 *   monthly tables `B_YYYYMM` (UTC) to create ahead and to drop past retention.
 * - `ttl --table T --retention FAMILY=DURATION|forever...`: the `alter` giving each family its `TTL` in seconds.
 */
import type { Command } from 'commander';
import { createRestClient } from '../../hbase/rest/index.js';
import { runShellCommandsOrThrow } from '../../hbase/shell/index.js';
import { planPartitions, planTtl } from '../../migrate/lifecycle.js';
import { parseDurationMs } from '../../util/duration.js';
import { HotspotError } from '../../util/errors.js';
import { type CliIo, printJson } from '../io.js';
import type { CliCommand } from '../program.js';
import { parseFamilyOption } from './splits-families.js';

const repeat = (v: string, all: string[]): string[] => [...all, v];

/** Whole months ≥ 0 from an option. @throws HotspotError `LIFECYCLE_OPTION_INVALID` naming the flag. */
function months(text: string, flag: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${text}" is not a whole number of months, 0 or more`, { field: flag });
  return n;
}

/** `--now` as epoch ms, the clock when absent. @throws HotspotError `LIFECYCLE_OPTION_INVALID`. */
function nowOption(text: string | undefined): number {
  if (text === undefined) return Date.now();
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${text}" is not a date; write e.g. 2026-11-30T12:00:00Z`, { field: '--now' });
  return ms;
}

/** Prints the commands; runs them through the shell runner with `--yes`, else says it was a dry run. */
async function printOrRun(io: CliIo, commands: readonly string[], yes: boolean | undefined, done: string): Promise<void> {
  if (commands.length === 0) {
    io.stderr('nothing to do\n');
    return;
  }
  io.stdout(`${commands.join('\n')}\n`);
  if (!yes) {
    io.stderr('dry run: pass --yes to run these commands\n');
    return;
  }
  await runShellCommandsOrThrow(commands, { onError: 'stop' });
  io.stderr(`${done}\n`);
}

interface PartitionFlags {
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

function registerPartitions(lifecycle: Command, io: CliIo): void {
  lifecycle
    .command('partitions')
    .description('monthly tables BASE_YYYYMM (UTC): create the coming months ahead, drop months past retention (dry run unless --yes)')
    .requiredOption('--base <name>', 'base table name; monthly tables are BASE_YYYYMM')
    .option('--family <spec>', "column family of new tables, e.g. 'd:VERSIONS=1,COMPRESSION=SNAPPY' (repeatable)", repeat, [])
    .option('--ahead <months>', 'months created ahead of the current one', '1')
    .option('--retention <months>', 'whole months kept before the current one (12: the table of 13 months ago is dropped)', '12')
    .option('--rest <url>', 'REST gateway to list the existing tables from')
    .option('--existing <tables...>', 'existing tables, instead of asking a gateway')
    .option('--now <iso>', 'the date to plan for (default now), e.g. 2026-11-30T12:00:00Z')
    .option('--yes', 'run the commands through hbase shell (default: print them)')
    .option('--json', 'print the plan as JSON (never runs anything)')
    .action(async (flags: PartitionFlags) => {
      if (flags.family.length === 0) throw new HotspotError('FAMILY_MISSING', "give the new tables' column families, e.g. --family d (repeatable; attributes as in 'd:VERSIONS=1')", { field: '--family' });
      if (flags.rest !== undefined && flags.existing !== undefined) throw new HotspotError('LIFECYCLE_OPTION_INVALID', 'give either --rest or --existing, not both', { field: '--existing' });
      const input = {
        base: flags.base, families: flags.family.map(parseFamilyOption), nowMs: nowOption(flags.now),
        aheadMonths: months(flags.ahead, '--ahead'), retentionMonths: months(flags.retention, '--retention'),
      };
      const existing = flags.existing ?? (flags.rest !== undefined ? await createRestClient({ baseUrl: flags.rest }).listTables() : undefined);
      if (existing === undefined) io.stderr('note: no --rest or --existing: no table is known to exist, so nothing is dropped and every month of the window is created\n');
      const plan = planPartitions({ ...input, existing: existing ?? [] });
      if (flags.json) return printJson(io, plan);
      await printOrRun(io, plan.commands, flags.yes, `created ${plan.create.length}, dropped ${plan.purge.length} table(s)`);
    });
}

/** Parses `--retention d=90d` / `e=forever` items into family → ms (undefined = forever). */
function retentionByFamily(items: readonly string[]): Record<string, number | undefined> {
  const out: Record<string, number | undefined> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `"${item}" is not FAMILY=DURATION; write e.g. d=90d or meta=forever`, { field: '--retention' });
    const family = parseFamilyOption(item.slice(0, eq)).name;
    if (family in out) throw new HotspotError('LIFECYCLE_OPTION_INVALID', `column family "${family}" is given twice`, { field: '--retention' });
    const value = item.slice(eq + 1);
    out[family] = value.toLowerCase() === 'forever' ? undefined : parseDurationMs(value, `--retention ${family}`);
  }
  return out;
}

function registerTtl(lifecycle: Command, io: CliIo): void {
  lifecycle
    .command('ttl')
    .description("give each column family a TTL from its retention: alter commands, TTL in whole seconds (dry run unless --yes)")
    .requiredOption('--table <table>', 'the table')
    .option('--retention <family=duration>', 'retention of a family, e.g. d=90d, raw=36h, meta=forever (repeatable)', repeat, [])
    .option('--yes', 'run the commands through hbase shell (default: print them)')
    .option('--json', 'print the plan as JSON (never runs anything)')
    .action(async (flags: { table: string; retention: string[]; yes?: boolean; json?: boolean }) => {
      if (flags.retention.length === 0) throw new HotspotError('LIFECYCLE_OPTION_INVALID', 'give at least one FAMILY=DURATION, e.g. --retention d=90d', { field: '--retention' });
      const plan = planTtl(flags.table, retentionByFamily(flags.retention));
      if (flags.json) return printJson(io, plan);
      for (const p of plan) if (p.command === undefined) io.stderr(`${p.family}: kept forever (no TTL set; an existing TTL is left as it is)\n`);
      await printOrRun(io, plan.flatMap((p) => (p.command === undefined ? [] : [p.command])), flags.yes, `TTL set on ${flags.table}`);
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
