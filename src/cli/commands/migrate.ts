/**
 * `hbase-hotspot migrate plan|backfill|verify|retire`: changing the key of a live table (see `src/migrate/`);
 * backfill and verify live in `migrate-run.ts`.
 */
import type { Command } from 'commander';
import { type TableSchema, createRestClient } from '../../hbase/rest/index.js';
import { type LiveFlags, checkUrl, nativeOptions, wantsNative, withNativeCatalog } from '../live-source.js';
import { planMigration, planText } from '../../migrate/plan.js';
import { checkRetirement } from '../../migrate/retire.js';
import { parseVerifyRecord, verificationRefusal } from '../../migrate/verify-record.js';
import { readTextFile } from '../read-text.js';
import { HotspotError } from '../../util/errors.js';
import { parseTimeMs } from '../../util/duration.js';
import type { CliCommand } from '../program.js';
import { type ShellFlags, printOrRunShell, shellOption } from '../shell-option.js';
import { type CliIo, printJson } from '../io.js';
import { type MigrateFlags, keyMapOf, migrateOptions, numberOption, registerMigrateRun, sameTableCheck } from './migrate-run.js';
import { plainTableName } from '../../regions/index.js';

/** The old table's schema and whether the new one exists, through REST or the native client. */
async function readTables(flags: MigrateFlags & LiveFlags): Promise<{ schema: TableSchema; toExists: boolean }> {
  if (wantsNative(flags)) {
    if (flags.rest !== undefined) throw new HotspotError('LIVE_SOURCES_CONFLICT', `${flags.zk !== undefined ? '--zk' : '--hbase-conf'} and --rest both given; migrate plan reads the tables one way (the backfill and verify commands it prints use a REST gateway: fill in REST_URL)`, { field: '--rest' });
    return withNativeCatalog(flags, async (reader) => ({ schema: await reader.schema(flags.from), toExists: (await reader.tables()).includes(flags.to) }));
  }
  if (flags.rest === undefined) throw new HotspotError('LIVE_REST_REQUIRED', 'give the cluster to read the old table\'s schema from: --rest http://host:8080, or --zk host[:port] / --hbase-conf DIR (native client)', { field: '--rest' });
  const client = createRestClient({ baseUrl: checkUrl(flags.rest, '--rest') });
  return { schema: await client.getSchema(flags.from), toExists: await client.tableExists(flags.to) };
}

function registerPlan(migrate: Command, io: CliIo): void {
  nativeOptions(migrateOptions(migrate.command('plan').description("the five steps: create the pre-split new table, dual writes, backfill, verify, switch and retire"), false))
    .option('--keep-days <days>', 'days the old table is kept after the read switch', '14')
    .action(async (flags: MigrateFlags & LiveFlags & { keepDays: string }) => {
      const keys = keyMapOf(flags);
      sameTableCheck(flags);
      const keepDays = numberOption(flags.keepDays, '--keep-days', 0, true);
      const { schema, toExists } = await readTables(flags);
      if (toExists) io.stderr(`note: table "${flags.to}" exists already: the plan's create would fail; drop it first if it is an earlier attempt, or pick another --to\n`);
      const plan = planMigration({ ...(flags.rest !== undefined ? { restUrl: flags.rest } : {}), from: flags.from, to: flags.to, schema, keys, keepDays });
      if (flags.json) printJson(io, plan);
      else io.stdout(planText(plan));
    });
}

function registerRetire(migrate: Command, io: CliIo): void {
  const retire = migrate
    .command('retire')
    .description('disable and drop the old table once the keep period after the read switch is over (dry run unless --yes)')
    .requiredOption('--from <table>', 'the old table', plainTableName)
    .requiredOption('--switched-at <iso>', 'when reads moved to the new table, e.g. 2026-11-01T12:00:00Z')
    .option('--keep-days <days>', 'days to keep the old table after the switch', '14')
    .option('--verified <file>', 'the passing verification, taken after the switch (migrate verify --record)')
    .option('--force', 'retire without a passing verification taken after the switch')
    .option('--yes', 'run the commands (default: print them)');
  shellOption(retire)
    .action(async (flags: { from: string; switchedAt: string; keepDays: string; verified?: string; force?: boolean; yes?: boolean } & ShellFlags) => {
      // A date, with a time or not (2026-11-01, 2026-11-01T12:00:00Z): Date.parse alone takes "1" for 2001.
      const switchedAt = /^\d{4}-\d{2}-\d{2}([T ]|$)/.test(flags.switchedAt.trim()) ? parseTimeMs(flags.switchedAt) : Number.NaN;
      const check = checkRetirement(flags.from, switchedAt, numberOption(flags.keepDays, '--keep-days', 0, true), io.now());
      const when = new Date(check.dropAfterMs).toISOString();
      if (!check.due) {
        throw new HotspotError('MIGRATE_RETIRE_TOO_EARLY', `${flags.from} is kept until ${when} (${flags.keepDays} days after the switch at ${flags.switchedAt}); run retire after that`, { field: '--switched-at' });
      }
      await checkVerified(io, flags, switchedAt);
      await printOrRunShell(io, check.commands, flags, `${flags.from} dropped`);
    });
}

/**
 * Refuses to retire without a passing verification of the table taken after the read switch (`--verified`), unless
 * `--force`, which says on stderr what it skipped.
 * @throws HotspotError `MIGRATE_NOT_VERIFIED` (exit 2), and `FILE_READ` / `MIGRATE_VERIFY_RECORD_INVALID` for the file.
 */
async function checkVerified(io: CliIo, flags: { from: string; verified?: string; force?: boolean }, switchedAtMs: number): Promise<void> {
  let why: string | undefined;
  if (flags.verified === undefined) why = 'no verification given: run migrate verify ... --record verify.json after the switch, then retire --verified verify.json';
  else {
    const refusal = verificationRefusal(parseVerifyRecord(await readTextFile(flags.verified, 'verification record'), flags.verified), flags.from, switchedAtMs);
    if (refusal !== undefined) why = `${flags.verified}: ${refusal}`;
  }
  if (why === undefined) return;
  if (!flags.force) throw new HotspotError('MIGRATE_NOT_VERIFIED', `${why} (--force retires anyway)`, { field: '--verified' });
  io.stderr(`--force: retiring without a passing verification (${why})\n`);
}

/** The `migrate` command. */
export const migrateCommand: CliCommand = {
  register(program, io) {
    const migrate = program.command('migrate').description('change the key of a live table: plan, backfill with original timestamps, verify, retire');
    registerPlan(migrate, io);
    registerMigrateRun(migrate, io);
    registerRetire(migrate, io);
  },
};
