/**
 * `hbase-hotspot simulate scenario.yaml [--json] [--record dir/] [--series file] [--gzip] [--seed n] [--exact] [--representatives n]`:
 * runs every key design of a scenario (docs/scenarios.md) over the same cluster and workload and compares them, or
 * the tables of a scenario of several tables together on the same servers.
 */
import { type Stats, mkdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import cliProgress from 'cli-progress';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { SERIES_WRITE_VERSION, formatKeySampleLine, formatSeries } from '../../model/index.js';
import { redactOutcome } from '../../report/redact-outcome.js';
import { renderSimulateText } from '../../report/simulate-text.js';
import { scenarioJson } from '../../simulate/json.js';
import { parseScenario } from '../../simulate/scenario/parse.js';
import { simulatedDesigns } from '../../simulate/design.js';
import { simulateScenario, type ScenarioOutcome } from '../../simulate/simulate.js';
import { HotspotError } from '../../util/errors.js';
import { wholeDecimal } from '../decimal.js';
import { type FailOn, detectFailure, failOnOption, failWith } from '../fail-on.js';
import { type CliIo, printJson } from '../io.js';
import { type OutputTarget, refuseExisting, refuseInputAsOutput, writeOutputFile } from '../output-file.js';
import type { CliCommand } from '../program.js';
import { checkInputFile, checkInputText, systemReason } from '../../util/input-text.js';

interface SimulateFlags {
  json?: boolean;
  record?: string;
  series?: string;
  gzip?: boolean;
  seed: string;
  exact?: boolean;
  redact?: boolean;
  representatives: string;
  failOn?: FailOn;
  force?: boolean;
}

function positiveInt(text: string, flag: string, max: number): number {
  const n = wholeDecimal(text);
  if (n === undefined || n < 1 || n > max) {
    throw new HotspotError('SIMULATE_OPTION_INVALID', `${flag} "${text}": give a whole number from 1 to ${max}`, { field: flag });
  }
  return n;
}

/** A file-name-safe form of a design name. */
export function designSlug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'design';
}

/** The files `--record dir` writes for the `i`th design (0-based): its load series and its key samples (`.gz` added with `gzip`). */
function recordFiles(dir: string, i: number, name: string, gzip: boolean): { series: string; samples: string } {
  const base = join(dir, `${i + 1}-${designSlug(name)}`);
  const gz = gzip ? '.gz' : '';
  return { series: `${base}.series.ndjson${gz}`, samples: `${base}.samples.ndjson${gz}` };
}

/**
 * Makes the `--record` directory, before the simulation runs: each missing directory from the nearest existing one
 * down, one `mkdir` at a time (Node's recursive `mkdir` never returns under `/proc` and similar filesystems, where
 * `mkdir` answers ENOENT below an existing directory), so a directory that cannot be made is refused at once.
 * @param dir - the path `--record` gave, with or without a trailing separator.
 * @throws {@link HotspotError} `SIMULATE_OPTION_INVALID` naming `dir` and `--record` when it is a file or lies under
 *   one; `FILE_WRITE` naming `dir`, `--record` and the directory that could not be made (permission, a filesystem that
 *   takes no new directories).
 */
function makeRecordDir(dir: string): void {
  const target = normalize(dir).replace(/(.)[\\/]+$/, '$1');
  const missing: string[] = [];
  let at = target;
  for (;;) {
    const found = statOrUndefined(at);
    if (found !== undefined) {
      if (found.isDirectory()) break;
      const which = at === target ? 'is a file' : `lies under the file ${at}`;
      throw new HotspotError('SIMULATE_OPTION_INVALID', `${which}, and --record names a directory for each design's series and key samples (e.g. --record out/); --series FILE writes the one series of a scenario of several tables`, { field: '--record', file: dir });
    }
    if (dirname(at) === at) break;
    missing.unshift(at);
    at = dirname(at);
  }
  for (const each of missing) {
    try {
      mkdirSync(each);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code === 'EEXIST' && statOrUndefined(each)?.isDirectory()) continue;
      const reason = code === 'ENOENT' ? 'the filesystem there takes no new directories' : systemReason(err);
      const which = each === target ? 'the directory' : `the directory ${each}`;
      throw new HotspotError('FILE_WRITE', `cannot create ${which} (${reason}); --record names a directory for each design's series and key samples`, { file: dir, field: '--record', cause: err });
    }
  }
}

/** `stat` of `path`, undefined when there is nothing there to stat (absent, or a file in the way: ENOTDIR). */
function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new HotspotError('FILE_WRITE', `cannot look at ${path} (${systemReason(err)}); --record names a directory for each design's series and key samples`, { field: '--record', file: path, cause: err });
  }
}

/**
 * Writes each design's load series (format version 2) and key samples as NDJSON into `dir` (docs/load-series.md),
 * which {@link makeRecordDir} made before the simulation: `N-<design slug>.series.ndjson` and
 * `N-<design slug>.samples.ndjson`, each with `.gz` added and gzip-compressed when `gzip` is set; an existing file is
 * kept unless `--force`.
 */
async function record(outcome: ScenarioOutcome, dir: string, gzip: boolean, target: OutputTarget): Promise<string[]> {
  const written: string[] = [];
  const put = async (file: string, text: string): Promise<void> => {
    await writeOutputFile(file, gzip ? await gzipText(text) : text, target);
    written.push(file);
  };
  for (const [i, d] of outcome.designs.entries()) {
    const files = recordFiles(dir, i, d.name, gzip);
    await put(files.series, formatSeries(d.run.series, SERIES_WRITE_VERSION));
    await put(files.samples, d.run.samples.map((s) => `${formatKeySampleLine(s)}\n`).join(''));
  }
  return written;
}

const gzipText = promisify((text: string, done: (err: Error | null, out: Buffer) => void) => gzip(text, done));

function progressBar(io: CliIo): { update: (done: number, total: number) => void; stop: () => void } {
  if (io.progress !== 'bar') return { update: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar({ stream: process.stderr, format: 'simulating [{bar}] {percentage}% {value}/{total} steps', clearOnComplete: true }, cliProgress.Presets.shades_classic);
  let started = false;
  return {
    update(done, total) {
      if (!started) bar.start(total, 0);
      started = true;
      if (done % 10 === 0 || done === total) bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}

/**
 * Why a simulation fails `--fail-on`, or undefined: per design, its detection's shape (and findings with `finding`),
 * and with `finding` also each read pattern that scans more rows than it returns.
 */
export function simulateFailure(outcome: ScenarioOutcome, failOn: FailOn): string | undefined {
  const reasons = outcome.designs.flatMap((d) => {
    const found = [detectFailure(d.detection, failOn), ...(failOn === 'finding' ? d.reads.filter((r) => !r.exact).map((r) => `read "${r.pattern}" is not exact${r.notes[0] === undefined ? '' : ` (${r.notes[0]})`}`) : [])];
    const text = found.filter((x): x is string => x !== undefined).join(', ');
    return text === '' ? [] : [`${d.name}: ${text}`];
  });
  return reasons.length > 0 ? reasons.join('; ') : undefined;
}

/** The `simulate` command. */
export const simulateCommand: CliCommand = {
  register(program, io) {
    program
      .command('simulate')
      .description('simulate key designs over a cluster and workload: per-server shares, splits, read cost, hotspot verdict')
      .argument('<scenario>', 'scenario YAML file (docs/scenarios.md); examples/case-study.yaml is the IoT case study')
      .option('--json', 'print the comparison as JSON')
      .option('--redact', 'replace rowkeys and region names (output and --record files) with keyed stand-ins keeping length, byte class and order')
      .option('--record <dir>', "write each design's load series (format version 2) and key samples as NDJSON into this directory (existing files are kept unless --force)")
      .option('--series <file>', 'a scenario of several tables (tables:): write their one load series (format version 2, every table) to this file (an existing file is kept unless --force)')
      .option('--gzip', 'with --record or --series: gzip the files (names end in .gz)')
      .option('--force', 'with --record or --series: replace existing files')
      .option('--seed <n>', 'seed for every random choice (representatives, balancer)', '1')
      .option('--exact', 'generate every write instead of aggregating (slow; for validation)')
      .option('--representatives <n>', 'representative entities per step in the aggregated mode', '4096')
      .addOption(failOnOption())
      .action(async (file: string, flags: SimulateFlags) => {
        const seed = positiveInt(flags.seed, '--seed', 2 ** 31 - 1);
        const representatives = positiveInt(flags.representatives, '--representatives', 1_000_000);
        if (flags.gzip && flags.record === undefined && flags.series === undefined) throw new HotspotError('SIMULATE_OPTION_INVALID', '--gzip compresses the files of --record or --series; give --record DIR or --series FILE too', { field: '--gzip' });
        if (flags.record === '-') throw new HotspotError('SIMULATE_OPTION_INVALID', '--record -: --record writes a directory of files (a series and key samples per design), not standard output; name a directory, e.g. --record out/', { field: '--record' });
        if (flags.series === '-') throw new HotspotError('SIMULATE_OPTION_INVALID', '--series -: standard output carries the summary; name the file to write, e.g. --series out/tables.series.ndjson', { field: '--series' });
        checkInputFile(file, 'scenario');
        let text: string;
        try {
          text = await readFile(file, 'utf8');
        } catch (err) {
          throw new HotspotError('SCENARIO_FILE', `cannot read the scenario (${systemReason(err)})`, { file, cause: err });
        }
        const scenario = parseScenario(checkInputText(text, file, 'scenario'), file);
        if (flags.series !== undefined && !scenario.tables) {
          throw new HotspotError('SIMULATE_OPTION_INVALID', `--series writes the one series of a scenario of several tables (tables:); ${file} compares designs of one table: --record DIR writes one series per design`, { field: '--series' });
        }
        const seriesTarget = { field: '--series', ...(flags.force ? { force: true } : {}) };
        if (flags.series !== undefined) {
          refuseInputAsOutput(flags.series, [file], '--series');
          refuseExisting(flags.series, seriesTarget);
        }
        const target = { field: '--record', ...(flags.force ? { force: true } : {}) };
        const recordDir = flags.record;
        if (recordDir !== undefined) {
          // a directory made here is new and empty: none of the files checked below can be in it
          makeRecordDir(recordDir);
          simulatedDesigns(scenario).forEach((d, i) => Object.values(recordFiles(recordDir, i, d.name, flags.gzip === true)).forEach((f) => {
            refuseInputAsOutput(f, [file], '--record');
            refuseExisting(f, target);
          }));
        }
        if (flags.exact) {
          const writes = (scenario.workload.writeRatePerSec * scenario.durationMs) / 1000;
          io.stderr(`exact mode: generating ${Math.round(writes).toLocaleString('en-US')} writes per design, one by one (about 2 µs each); the default aggregated mode gives the same shares in seconds\n`);
        }
        const bar = progressBar(io);
        let outcome: ScenarioOutcome;
        try {
          outcome = simulateScenario(scenario, { seed, representatives, mode: flags.exact ? 'exact' : 'aggregated', onProgress: bar.update });
        } finally {
          bar.stop();
        }
        if (flags.redact) outcome = redactOutcome(outcome);
        if (flags.record !== undefined) {
          const written = await record(outcome, flags.record, flags.gzip === true, target);
          io.stderr(`recorded ${written.join(', ')}\n`);
        }
        if (flags.series !== undefined && outcome.tables) {
          const text = formatSeries(outcome.tables.series, SERIES_WRITE_VERSION);
          await writeOutputFile(flags.series, flags.gzip ? await gzipText(text) : text, seriesTarget);
          io.stderr(`wrote the series of ${outcome.tables.detection.cluster.tables.length} tables to ${flags.series}\n`);
        }
        if (flags.json) printJson(io, scenarioJson(outcome));
        else io.stdout(renderSimulateText(outcome, { color: io.color ?? false }));
        if (flags.failOn) failWith(io, flags.failOn, simulateFailure(outcome, flags.failOn));
      });
  },
};
