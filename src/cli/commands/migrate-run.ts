/**
 * `migrate backfill` and `migrate verify`: the copy with original timestamps (checkpointed, resumable, rate-limited,
 * with a progress bar and ETA on a terminal) and the comparison of both tables (see `src/migrate/`).
 */
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { createRestClient } from '../../hbase/rest/index.js';
import { runShellCommands } from '../../hbase/shell/index.js';
import { type BackfillProgress, runBackfill } from '../../migrate/backfill.js';
import { templateKeyMap } from '../../migrate/key-map.js';
import { readCheckpoint } from '../../migrate/checkpoint.js';
import { cloneSnapshotSource, namesFromClone, snapshotCleanupCommands } from '../../migrate/snapshot-source.js';
import { verifyMigration } from '../../migrate/verify.js';
import { HotspotError } from '../../util/errors.js';
import { parseDurationMs } from '../../util/duration.js';
import { type CliIo, printJson } from '../io.js';

/** Options every migrate sub-command shares. */
export interface MigrateFlags {
  rest: string;
  from: string;
  to: string;
  oldTemplate: string;
  newTemplate: string;
  json?: boolean;
}

/** Adds the shared options. */
export function migrateOptions(cmd: Command): Command {
  return cmd
    .requiredOption('--rest <url>', 'HBase REST gateway, e.g. http://rest:8080')
    .requiredOption('--from <table>', 'the table with the old key')
    .requiredOption('--to <table>', 'the table with the new key')
    .requiredOption('--old-template <template>', 'rowkey template of the old key (must decode)')
    .requiredOption('--new-template <template>', 'rowkey template of the new key')
    .option('--json', 'print JSON');
}

/** A number option: finite, above `min` (or at least `min` when `inclusive`). @throws HotspotError `MIGRATE_OPTION_INVALID`. */
export function numberOption(text: string, flag: string, min: number, integer: boolean): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    throw new HotspotError('MIGRATE_OPTION_INVALID', `"${text}": give ${integer ? 'a whole number' : 'a number'} ≥ ${min}`, { field: flag });
  }
  return n;
}

interface BackfillFlags extends MigrateFlags {
  sourceSnapshot?: boolean;
  checkpoint?: string;
  rate?: string;
  batch: string;
  rejects?: string;
  allowRejects?: boolean;
}

const eta = (ms: number | undefined) => (ms === undefined ? '?' : `${Math.round(ms / 1000)}s`);

function progressBar(io: CliIo): { update: (p: BackfillProgress) => void; stop: () => void } {
  if (!io.isTTY) return { update: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar({ stream: process.stderr, format: 'backfill [{bar}] {value}/{total} regions | {rows} rows | {rate} rows/s | ETA {eta}', hideCursor: true }, cliProgress.Presets.shades_classic);
  let started = false;
  return {
    update: (p) => {
      const payload = { rows: p.rows, rate: Math.round(p.rowsPerSec), eta: eta(p.etaMs) };
      if (!started) { bar.start(p.rangesTotal, p.rangesDone, payload); started = true; } else bar.update(p.rangesDone, payload);
    },
    stop: () => { if (started) bar.stop(); },
  };
}

/** Registers `migrate backfill` and `migrate verify`. */
export function registerMigrateRun(migrate: Command, io: CliIo): void {
  migrateOptions(migrate.command('backfill').description('copy every row under its new key with original cell timestamps; checkpointed and resumable'))
    .option('--source-snapshot', 'scan a clone of a snapshot of --from (snapshot + clone_snapshot through the hbase shell), not the live table')
    .option('--checkpoint <file>', 'checkpoint file: progress per region; an existing one is resumed')
    .option('--rate <rowsPerSec>', 'rows per second at most')
    .option('--batch <rows>', 'rows per put', '500')
    .option('--rejects <file>', 'NDJSON file for rows whose key cannot be mapped (a new run empties it; a resumed run keeps the committed lines)')
    .option('--allow-rejects', 'succeed even when rows were rejected')
    .action(async (flags: BackfillFlags) => {
      const keys = templateKeyMap(flags.oldTemplate, flags.newTemplate);
      const client = createRestClient({ baseUrl: flags.rest });
      const batchRows = numberOption(flags.batch, '--batch', 1, true);
      const rowsPerSec = flags.rate === undefined ? undefined : numberOption(flags.rate, '--rate', 1, false);
      // A resumed run keeps scanning the clone its checkpoint names, so the resume does not take a new snapshot.
      const previous = flags.sourceSnapshot && flags.checkpoint ? await readCheckpoint(flags.checkpoint) : undefined;
      const resumedClone = previous ? namesFromClone(previous.source) : undefined;
      const names = !flags.sourceSnapshot ? undefined : resumedClone && (await client.tableExists(resumedClone.clone)) ? resumedClone : await cloneSnapshotSource(flags.from);
      if (names) io.stderr(`backfill source: ${names.clone} (clone of snapshot ${names.snapshot} of ${flags.from})\n`);
      const controller = new AbortController();
      const onSigint = () => controller.abort();
      process.once('SIGINT', onSigint);
      const bar = progressBar(io);
      try {
        const result = await runBackfill({
          client, source: names?.clone ?? flags.from, target: flags.to, mapKey: keys.map, batchRows, signal: controller.signal, onProgress: bar.update,
          ...(rowsPerSec !== undefined ? { rowsPerSec } : {}),
          ...(flags.checkpoint ? { checkpointFile: flags.checkpoint } : {}),
          ...(flags.rejects ? { rejectsFile: flags.rejects } : {}),
          ...(flags.allowRejects ? { allowRejects: true } : {}),
        });
        bar.stop();
        if (names) await runShellCommands(snapshotCleanupCommands(names));
        if (flags.json) printJson(io, result);
        else io.stdout(`backfilled ${result.rows} rows (${result.cells} cells) from ${result.ranges} regions${result.resumed ? `, resumed (${result.rangesSkipped} regions already done)` : ''}; ${result.rejects} rejected; ${Math.round(result.rowsPerSec)} rows/s\n`);
      } finally {
        bar.stop();
        process.off('SIGINT', onSigint);
      }
    });

  migrateOptions(migrate.command('verify').description('row counts per time range and salt bucket on both sides, and a sampled cell-by-cell comparison'))
    .option('--sample <share>', 'share of old rows compared cell by cell, 0..1', '0.01')
    .option('--time-bucket <duration>', 'width of the time ranges rows are counted in, e.g. 1d', '1d')
    .option('--since <iso>', 'first time range starts here (default: 30 time buckets before now)')
    .option('--seed <n>', 'sampling seed', '1')
    .action(async (flags: MigrateFlags & { sample: string; timeBucket: string; since?: string; seed: string }) => {
      const keys = templateKeyMap(flags.oldTemplate, flags.newTemplate);
      const widthMs = parseDurationMs(flags.timeBucket, '--time-bucket');
      const now = Date.now();
      const since = flags.since === undefined ? now - 30 * widthMs : Date.parse(flags.since);
      if (!Number.isFinite(since)) throw new HotspotError('MIGRATE_OPTION_INVALID', `--since ${flags.since}: give an ISO date, e.g. 2026-11-01T00:00:00Z`, { field: '--since' });
      const bounds: number[] = [];
      for (let t = since; t < now + widthMs; t += widthMs) bounds.push(t);
      const report = await verifyMigration({
        client: createRestClient({ baseUrl: flags.rest, dataFormat: 'protobuf' }), oldTable: flags.from, newTable: flags.to, mapKey: keys.map, newTemplate: keys.newTemplate,
        sampleRate: numberOption(flags.sample, '--sample', 0, false), seed: numberOption(flags.seed, '--seed', 0, true), timeBoundsMs: bounds,
      });
      if (flags.json) printJson(io, report);
      else {
        io.stdout(`${report.ok ? 'OK' : 'DIFFERENCES'}: old ${report.old.rows} rows / ${report.old.cells} cells, new ${report.new.rows} rows / ${report.new.cells} cells; ${report.sampledRows} rows (${report.comparedCells} cells) compared; ${report.unmappable} unmappable\n`);
        io.stdout(`rows per salt bucket: old ${report.old.rowsPerBucket.join(' ')} | new ${report.new.rowsPerBucket.join(' ')}\n`);
        for (const d of report.differences) io.stdout(`${d.kind} ${d.oldKey} -> ${d.newKey}${d.column ? ` ${d.column}` : ''}${d.timestamp !== undefined ? ` @${d.timestamp}` : ''}: ${d.detail}\n`);
      }
      if (!report.ok) process.exitCode = 1;
    });
}
