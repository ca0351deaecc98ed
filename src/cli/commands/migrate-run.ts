/**
 * `migrate backfill` and `migrate verify`: the copy with original timestamps (checkpointed, resumable, rate-limited,
 * with a progress bar and ETA on a terminal) and the comparison of both tables (see `src/migrate/`).
 */
import { writeFileSync } from 'node:fs';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { type HBaseRestClient, createRestClient } from '../../hbase/rest/index.js';
import { runShellCommands } from '../../hbase/shell/index.js';
import { type BackfillProgress, runBackfill } from '../../migrate/backfill.js';
import { type TemplateKeyMap, templateKeyMap } from '../../migrate/key-map.js';
import { readCheckpoint } from '../../migrate/checkpoint.js';
import { cloneSnapshotSource, namesFromClone, snapshotCleanupCommands } from '../../migrate/snapshot-source.js';
import { MAX_TIME_RANGES, type VerifyReport, verifyMigration } from '../../migrate/verify.js';
import type { MapReduceVerifyReport } from '../../migrate/verify-job.js';
import { toStringBinary } from '../../bytes/index.js';
import { verifyRecord } from '../../migrate/verify-record.js';
import { HotspotError, isHotspotError } from '../../util/errors.js';
import { parseDurationMs, parseTimeMs } from '../../util/duration.js';
import { decimalNumber, wholeDecimal } from '../decimal.js';
import { type CliIo, printJson } from '../io.js';
import { nativeOptions } from '../live-source.js';
import { refuseDash, refuseExisting } from '../output-file.js';
import { type EngineOptions, type MapReduceFlags, engineOf, mapreduceAdvice, mapreduceOptions, runMapReduceEngine } from './migrate-mapreduce.js';
import { VERIFY_MAPREDUCE_ONLY, type VerifyEngineFlags, runMapReduceVerify, verifyMapreduceOptions } from './migrate-verify-mapreduce.js';
import { type ShellFlags, shellCommandOf, shellOption } from '../shell-option.js';
import { compileTemplateOption } from '../template-option.js';
import { plainTableName } from '../../regions/index.js';

/** Options every migrate sub-command shares. */
export interface MigrateFlags {
  /** Required by backfill and verify; plan reads the schema through it or through the native client (`--zk`). */
  rest: string;
  from: string;
  to: string;
  oldTemplate: string;
  newTemplate: string;
  json?: boolean;
}

/** Adds the shared options; `restRequired: false` for a command that can read the cluster through `--zk` instead. */
export function migrateOptions(cmd: Command, restRequired = true): Command {
  const rest = 'HBase REST gateway, e.g. http://rest:8080';
  return (restRequired ? cmd.requiredOption('--rest <url>', rest) : cmd.option('--rest <url>', `${rest}; or --zk / --hbase-conf`))
    .requiredOption('--from <table>', 'the table with the old key', plainTableName)
    .requiredOption('--to <table>', 'the table with the new key', plainTableName)
    .requiredOption('--old-template <template>', 'rowkey template of the old key (must decode)')
    .requiredOption('--new-template <template>', 'rowkey template of the new key')
    .option('--json', 'print JSON');
}

/**
 * A number option in plain decimal notation (`decimalNumber`, or `wholeDecimal` when `integer`), at least `min`.
 * @throws HotspotError `MIGRATE_OPTION_INVALID` naming `flag`.
 */
export function numberOption(text: string, flag: string, min: number, integer: boolean): number {
  const n = integer ? wholeDecimal(text) : decimalNumber(text);
  if (n === undefined || n < min) {
    throw new HotspotError('MIGRATE_OPTION_INVALID', `"${text}": give ${integer ? 'a whole number' : 'a number'} ≥ ${min}`, { field: flag });
  }
  return n;
}

/**
 * The key mapping of `--old-template` to `--new-template` ({@link templateKeyMap}).
 * @throws HotspotError the template compiler's codes naming the option whose template does not compile, and
 *   templateKeyMap's `MIGRATE_OLD_NOT_DECODABLE` naming `--old-template`, `MIGRATE_FIELD_NOT_IN_OLD_KEY` naming
 *   `--new-template`.
 */
export function keyMapOf(flags: Pick<MigrateFlags, 'oldTemplate' | 'newTemplate'>): TemplateKeyMap {
  return templateKeyMap(compileTemplateOption(flags.oldTemplate, '--old-template'), compileTemplateOption(flags.newTemplate, '--new-template'), {
    oldTemplate: '--old-template',
    newTemplate: '--new-template',
  });
}

/** @throws HotspotError `MIGRATE_SAME_TABLE` when --from and --to name one table. */
export function sameTableCheck(flags: Pick<MigrateFlags, 'from' | 'to'>): void {
  if (flags.from === flags.to) throw new HotspotError('MIGRATE_SAME_TABLE', `--from and --to are both "${flags.from}": the new key goes into a new table`, { field: '--to' });
}

interface BackfillFlags extends Omit<MigrateFlags, 'rest'>, ShellFlags {
  /** Required by the REST engine only. */
  rest?: string;
  sourceSnapshot?: boolean;
  checkpoint?: string;
  rate?: string;
  batch: string;
  rejects?: string;
  allowRejects?: boolean;
}

const eta = (ms: number | undefined) => (ms === undefined ? 'unknown until a region is done' : `${Math.round(ms / 1000)}s`);

/** Progress lines on stderr when it is not a terminal, at most one per this many ms (and one per finished region). */
const PLAIN_PROGRESS_EVERY_MS = 15_000;

/**
 * Progress of the backfill on stderr: a bar on a terminal (regions done, rows, rows/s, time left), else a plain line
 * per finished region and at most every 15 s, for logs.
 */
function progressBar(io: CliIo): { update: (p: BackfillProgress) => void; stop: () => void } {
  if (io.progress === 'none') return { update: () => undefined, stop: () => undefined };
  if (io.progress !== 'bar') {
    let last = 0;
    let regions = -1;
    return {
      update: (p) => {
        const now = Date.now();
        if (p.rangesDone === regions && now - last < PLAIN_PROGRESS_EVERY_MS) return;
        last = now;
        regions = p.rangesDone;
        io.stderr(`backfill: ${p.rangesDone}/${p.rangesTotal} regions, ${p.rows} rows, ${Math.round(p.rowsPerSec)} rows/s, time left ${eta(p.etaMs)}\n`);
      },
      stop: () => undefined,
    };
  }
  // `remaining`, not `eta`: cli-progress fills its own `eta` token, from the region count alone.
  const bar = new cliProgress.SingleBar({ stream: process.stderr, format: 'backfill [{bar}] {value}/{total} regions | {rows} rows | {rate} rows/s | time left {remaining}', hideCursor: true }, cliProgress.Presets.shades_classic);
  let started = false;
  return {
    update: (p) => {
      const payload = { rows: p.rows, rate: Math.round(p.rowsPerSec), remaining: eta(p.etaMs) };
      if (!started) { bar.start(p.rangesTotal, p.rangesDone, payload); started = true; } else bar.update(p.rangesDone, payload);
    },
    stop: () => { if (started) bar.stop(); },
  };
}

/**
 * The clone of a snapshot of --from to scan: the one the checkpoint names when resuming, else a new one. Checks the
 * checkpoint before taking a snapshot, so a run that would be refused leaves nothing behind.
 */
async function snapshotSource(io: CliIo, client: HBaseRestClient, flags: BackfillFlags): Promise<{ names: { snapshot: string; clone: string }; shellCommand: string[] }> {
  const shellCommand = shellCommandOf(flags);
  const previous = flags.checkpoint ? await readCheckpoint(flags.checkpoint) : undefined;
  if (previous) {
    const resumed = namesFromClone(previous.source);
    if (!resumed || !previous.source.startsWith(`${flags.from.replace(':', '_')}_backfill_src_`) || previous.target !== flags.to) {
      throw new HotspotError('MIGRATE_CHECKPOINT_MISMATCH', `checkpoint ${flags.checkpoint} is of a backfill from "${previous.source}" to "${previous.target}", not from a snapshot clone of "${flags.from}" to "${flags.to}"; use another --checkpoint file`, { file: flags.checkpoint as string });
    }
    if (!(await client.tableExists(resumed.clone))) {
      throw new HotspotError('MIGRATE_CHECKPOINT_MISMATCH', `checkpoint ${flags.checkpoint} scans ${resumed.clone}, which no longer exists (dropped when that backfill finished?); use another --checkpoint file to copy again`, { file: flags.checkpoint as string });
    }
    io.stderr(`backfill source: ${resumed.clone} (clone of snapshot ${resumed.snapshot} of ${flags.from}, from the checkpoint)\n`);
    return { names: resumed, shellCommand };
  }
  const names = await cloneSnapshotSource(flags.from, {
    shellCommand, nowMs: io.now(), onCommands: (commands) => io.stderr(`taking the source snapshot through the hbase shell:\n${commands.map((c) => `  ${c}`).join('\n')}\n`),
  });
  io.stderr(`backfill source: ${names.clone} (clone of snapshot ${names.snapshot} of ${flags.from})\n`);
  return { names, shellCommand };
}

/** Drops the clone and deletes its snapshot, saying so; a failure is reported, not thrown (the copy's outcome stands). */
async function dropSnapshotSource(io: CliIo, names: { snapshot: string; clone: string }, shellCommand: string[]): Promise<void> {
  const commands = snapshotCleanupCommands(names);
  io.stderr(`removing the source clone and snapshot:\n${commands.map((c) => `  ${c}`).join('\n')}\n`);
  const batch = await runShellCommands(commands, { shellCommand }).catch((e: unknown) => e as Error);
  if (batch instanceof Error || !batch.ok) io.stderr(`could not remove them (${batch instanceof Error ? batch.message : 'a command failed'}); run the commands above in the hbase shell\n`);
}

/** Registers `migrate backfill` and `migrate verify`. */
export function registerMigrateRun(migrate: Command, io: CliIo): void {
  const backfill = shellOption(migrateOptions(migrate.command('backfill').description('copy every row under its new key with original cell timestamps: through the REST gateway (checkpointed and resumable), or --engine mapreduce, a MapReduce job over a snapshot bulk loading HFiles'), false)
    .option('--engine <engine>', 'rest (default: scan and put through --rest) or mapreduce (snapshot -> HFiles -> bulk load; no --rest; reads no row through the RegionServers)', 'rest')
    .option('--source-snapshot', 'scan a clone of a snapshot of --from (snapshot + clone_snapshot through the hbase shell), not the live table')
    .option('--checkpoint <file>', 'checkpoint file: progress per region; an existing one is resumed')
    .option('--rate <rowsPerSec>', 'rows per second at most')
    .option('--batch <rows>', 'rows per put', '500')
    .option('--rejects <file>', 'NDJSON file for rows whose key cannot be mapped (a new run empties it; a resumed run keeps the committed lines)')
    .option('--allow-rejects', 'succeed even when rows were rejected'));
  mapreduceOptions(nativeOptions(backfill))
    .action(async (flags: BackfillFlags & MapReduceFlags, cmd: Command) => {
      const keys = keyMapOf(flags);
      sameTableCheck(flags);
      if (flags.checkpoint !== undefined) refuseDash(flags.checkpoint, '--checkpoint');
      if (flags.rejects !== undefined) refuseDash(flags.rejects, '--rejects');
      if (flags.workDir !== undefined) refuseDash(flags.workDir, '--work-dir', 'folder');
      if (engineOf(flags, (name) => cmd.getOptionValueSource(name)) === 'mapreduce') {
        await runMapReduceEngine(io, flags);
        return;
      }
      if (flags.rest === undefined) throw new HotspotError('LIVE_REST_REQUIRED', 'give the REST gateway with --rest http://host:8080, or --engine mapreduce --hbase-conf DIR (a MapReduce job over a snapshot, no gateway)', { field: '--rest' });
      const client = createRestClient({ baseUrl: flags.rest });
      const batchRows = numberOption(flags.batch, '--batch', 1, true);
      const rowsPerSec = flags.rate === undefined ? undefined : numberOption(flags.rate, '--rate', 1, false);
      const names = flags.sourceSnapshot ? await snapshotSource(io, client, flags) : undefined;
      const controller = new AbortController();
      // The first Ctrl-C stops after the batch in flight (resumable); the handler then steps aside, so a second one
      // ends the process the default way.
      const onSigint = () => {
        io.stderr('\nstopping after the batch in flight (Ctrl-C again to quit at once)\n');
        controller.abort();
      };
      process.once('SIGINT', onSigint);
      const bar = progressBar(io);
      let finished = false;
      try {
        const result = await runBackfill({
          client, source: names?.names.clone ?? flags.from, target: flags.to, mapKey: keys.map, mapping: `${flags.oldTemplate} -> ${flags.newTemplate}`,
          batchRows, signal: controller.signal, onProgress: bar.update,
          ...(rowsPerSec !== undefined ? { rowsPerSec } : {}),
          ...(flags.checkpoint ? { checkpointFile: flags.checkpoint } : {}),
          ...(flags.rejects ? { rejectsFile: flags.rejects } : {}),
          ...(flags.allowRejects ? { allowRejects: true } : {}),
        });
        finished = true;
        bar.stop();
        if (flags.json) printJson(io, result);
        else io.stdout(`backfilled ${result.rows} rows (${result.cells} cells) from ${result.ranges} regions${result.resumed ? `, resumed (${result.rangesSkipped} regions already done)` : ''}; ${result.rejects} rejected; ${Math.round(result.rowsPerSec)} rows/s\n`);
        const advice = mapreduceAdvice(result.rows, result.rowsPerSec);
        if (advice) io.stderr(`${advice}\n`);
      } catch (e) {
        // Rejected rows end a finished copy with an error: the clone is done with all the same.
        if (isHotspotError(e) && e.code === 'MIGRATE_REJECTS') finished = true;
        throw e;
      } finally {
        bar.stop();
        process.off('SIGINT', onSigint);
        // The clone goes once the copy is finished, or when no checkpoint could resume it; else it stays for the resume.
        if (names && (finished || !flags.checkpoint)) await dropSnapshotSource(io, names.names, names.shellCommand);
        else if (names) io.stderr(`kept ${names.names.clone} (clone of snapshot ${names.names.snapshot}) for the resume with --checkpoint ${flags.checkpoint}; it is dropped when the backfill finishes\n`);
      }
    });

  const verify = migrateOptions(migrate.command('verify').description('row counts per time range and salt bucket on both sides, and a sampled cell-by-cell comparison: through the REST gateway, or --engine mapreduce, a MapReduce job over snapshots of both tables adding a hash of the cells per partition'), false)
    .option('--sample <share>', 'share of old rows compared cell by cell, 0..1', '0.01')
    .option('--time-bucket <duration>', 'width of the time ranges rows are counted in, e.g. 1d', '1d')
    .option('--since <iso>', 'first time range starts here (default: 30 time buckets before now)')
    .option('--seed <n>', 'sampling seed', '1')
    .option('--record <file>', 'save the verification (tables, time, ok, the report) for migrate retire --verified')
    .option('--force', 'with --record: replace an existing file');
  verifyMapreduceOptions(nativeOptions(verify))
    .action(async (flags: Omit<MigrateFlags, 'rest'> & VerifyEngineFlags & { rest?: string; engine: string; sample: string; timeBucket: string; since?: string; seed: string; record?: string; force?: boolean }, cmd: Command) => {
      const keys = keyMapOf(flags);
      const engine = engineOf(flags, (name) => cmd.getOptionValueSource(name), verifyEngineOptions());
      if (flags.record !== undefined) refuseExisting(flags.record, { field: '--record', ...(flags.force ? { force: true } : {}) });
      if (flags.workDir !== undefined) refuseDash(flags.workDir, '--work-dir', 'folder');
      const { since, bounds } = verifyTimeBounds(flags.timeBucket, flags.since, io.now());
      const sampleRate = numberOption(flags.sample, '--sample', 0, false);
      if (sampleRate > 1) throw new HotspotError('MIGRATE_OPTION_INVALID', `--sample ${sampleRate}: give a share of rows between 0 and 1`, { field: '--sample' });
      const seed = numberOption(flags.seed, '--seed', 0, true);
      let report: VerifyReport | MapReduceVerifyReport;
      if (engine === 'mapreduce') {
        sameTableCheck(flags);
        const job = await runMapReduceVerify(flags, { timeBoundsMs: bounds, sample: sampleRate, seed }, { stdout: (t) => io.stdout(t), stderr: (t) => io.stderr(t) });
        if (job === undefined) return;
        report = job;
      } else {
        if (flags.rest === undefined) throw new HotspotError('LIVE_REST_REQUIRED', 'give the REST gateway with --rest http://host:8080, or --engine mapreduce --hbase-conf DIR (a MapReduce job over snapshots of both tables, no gateway)', { field: '--rest' });
        report = await verifyMigration({
          client: createRestClient({ baseUrl: flags.rest, dataFormat: 'protobuf' }), oldTable: flags.from, newTable: flags.to, mapKey: keys.map, newTemplate: keys.newTemplate,
          sampleRate, seed, timeBoundsMs: bounds,
        });
      }
      if (flags.json) printJson(io, report);
      else printVerifyReport(io, report, bounds, since, flags.timeBucket);
      if (flags.record !== undefined) {
        writeTextFile(flags.record, `${JSON.stringify(verifyRecord(flags.from, flags.to, report, io.now()), null, 2)}\n`, '--record');
        io.stderr(`verification ${report.ok ? 'passed' : 'found differences'}; recorded in ${flags.record}\n`);
      }
      if (!report.ok) process.exitCode = 1;
    });
}

/** `migrate verify`'s engine options: the REST engine reads only --rest; the rest belong to the job (a function: the modules import each other). */
const verifyEngineOptions = (): EngineOptions => ({
  restOnly: [['rest', '--rest']], mapreduceOnly: VERIFY_MAPREDUCE_ONLY,
  restWhy: 'the job reads snapshots of both tables, with no gateway',
});

/**
 * The time ranges `migrate verify` counts rows in: from `--since` (default 30 widths before `nowMs`) in steps of
 * `--time-bucket` until past `nowMs`.
 * @throws HotspotError `MIGRATE_OPTION_INVALID` for a width not above 0, a `--since` that is not a date, or more than
 *   {@link MAX_TIME_RANGES} ranges; `DURATION_INVALID` for a width that does not read.
 */
export function verifyTimeBounds(timeBucket: string, sinceText: string | undefined, nowMs: number): { since: number; bounds: number[] } {
  const widthMs = parseDurationMs(timeBucket, '--time-bucket');
  if (widthMs <= 0) throw new HotspotError('MIGRATE_OPTION_INVALID', `--time-bucket ${timeBucket}: give a width above 0, e.g. 1d`, { field: '--time-bucket' });
  const since = sinceText === undefined ? nowMs - 30 * widthMs : parseTimeMs(sinceText);
  if (!Number.isFinite(since)) throw new HotspotError('MIGRATE_OPTION_INVALID', `--since ${sinceText}: give an ISO date, e.g. 2026-11-01T00:00:00Z`, { field: '--since' });
  const ranges = Math.ceil((nowMs + widthMs - since) / widthMs);
  if (ranges > MAX_TIME_RANGES) {
    throw new HotspotError('MIGRATE_OPTION_INVALID', `--since ${sinceText} with --time-bucket ${timeBucket} makes ${ranges} time ranges; at most ${MAX_TIME_RANGES}: give a wider bucket or a later start`, { field: '--time-bucket' });
  }
  const bounds: number[] = [];
  for (let t = since; t < nowMs + widthMs; t += widthMs) bounds.push(t);
  return { since, bounds };
}

/** The verify report in words on stdout; the MapReduce engine's adds each salt bucket's rows, cells and hashes and the first unmappable keys. */
function printVerifyReport(io: CliIo, report: VerifyReport | MapReduceVerifyReport, bounds: readonly number[], since: number, timeBucket: string): void {
  io.stdout(`${report.ok ? 'OK' : 'DIFFERENCES'}: old ${report.old.rows} rows / ${report.old.cells} cells, new ${report.new.rows} rows / ${report.new.cells} cells; ${report.sampledRows} rows (${report.comparedCells} cells) compared; ${report.unmappable} unmappable old rows (${report.unmappableCells} cells) not counted\n`);
  io.stdout(`rows per salt bucket: old ${report.old.rowsPerBucket.join(' ')} | new ${report.new.rowsPerBucket.join(' ')}\n`);
  const ranges = report.old.rowsPerTimeRange.flatMap((n, i) => (n > 0 || (report.new.rowsPerTimeRange[i] ?? 0) > 0 ? [`${new Date(bounds[i] as number).toISOString()} ${n}/${report.new.rowsPerTimeRange[i] ?? 0}`] : []));
  io.stdout(`rows with a cell per ${timeBucket} from ${new Date(since).toISOString()} (old/new, empty ranges left out): ${ranges.length ? ranges.join(', ') : 'none'}\n`);
  if ('engine' in report) {
    for (const p of report.partitions.filter((x) => x.range === -1)) {
      const where = p.bucket >= 0 ? `salt bucket ${p.bucket}` : 'no salt bucket';
      io.stdout(`${where}: old ${p.old.rows} rows, ${p.old.cells} cells, hash ${p.old.hash}${p.equal ? '; new the same' : `; new ${p.new.rows} rows, ${p.new.cells} cells, hash ${p.new.hash}: DIFFERS`}\n`);
    }
    io.stdout(`partitions (time range x salt bucket) differing: ${report.partitionsDiffering} of ${report.partitions.length}; snapshots ${report.snapshots.join(' and ')}; job ${Math.round(report.elapsedMs / 1000)} s\n`);
    for (const r of report.rejects.slice(0, 10)) io.stdout(`unmappable old row ${toStringBinary(Buffer.from(r.key, 'base64'))} (${r.cells} cells): ${r.message}\n`);
  }
  for (const m of report.countMismatches) io.stdout(`count differs: ${m}\n`);
  const kinds = Object.entries(report.differenceCounts).filter(([, n]) => n > 0);
  if (kinds.length) io.stdout(`sampled differences: ${kinds.map(([k, n]) => `${n} ${k}`).join(', ')}\n`);
  for (const d of report.differences) io.stdout(`${d.kind} ${d.oldKey} -> ${d.newKey}${d.column ? ` ${d.column}` : ''}${d.timestamp !== undefined ? ` @${d.timestamp}` : ''}: ${d.detail}\n`);
  const total = kinds.reduce((a, [, n]) => a + n, 0);
  if (total > report.differences.length) io.stdout(`… ${total - report.differences.length} more differences not listed (see --json for the first ${report.differences.length})\n`);
}

/**
 * Writes `text` to `file`, replacing it.
 * @throws HotspotError `FILE_WRITE` naming the file and the option that named it.
 */
function writeTextFile(file: string, text: string, field: string): void {
  try {
    writeFileSync(file, text);
  } catch (cause) {
    throw new HotspotError('FILE_WRITE', `cannot write: ${(cause as Error).message}`, { file, field, cause });
  }
}
