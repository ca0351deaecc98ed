/**
 * `hbase-hotspot simulate scenario.yaml [--json] [--record dir/] [--seed n] [--exact] [--representatives n]`: runs
 * every key design of a scenario (docs/scenarios.md) over the same cluster and workload and compares them.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import cliProgress from 'cli-progress';
import { formatKeySampleLine, formatLoadSeries } from '../../model/index.js';
import { redactOutcome } from '../../report/redact-outcome.js';
import { renderSimulateText } from '../../report/simulate-text.js';
import { scenarioJson } from '../../simulate/json.js';
import { parseScenario } from '../../simulate/scenario/parse.js';
import { simulateScenario, type ScenarioOutcome } from '../../simulate/simulate.js';
import { HotspotError } from '../../util/errors.js';
import { type CliIo, printJson } from '../io.js';
import type { CliCommand } from '../program.js';
import { checkInputText, systemReason } from '../../util/input-text.js';

interface SimulateFlags {
  json?: boolean;
  record?: string;
  seed: string;
  exact?: boolean;
  redact?: boolean;
  representatives: string;
}

function positiveInt(text: string, flag: string, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < 1 || n > max) {
    throw new HotspotError('SIMULATE_OPTION_INVALID', `${flag} "${text}": give a whole number from 1 to ${max}`, { field: flag });
  }
  return n;
}

/** A file-name-safe form of a design name. */
export function designSlug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'design';
}

/** Writes each design's load series and key samples as NDJSON into `dir` (docs/load-series.md). */
async function record(outcome: ScenarioOutcome, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const [i, d] of outcome.designs.entries()) {
    const base = join(dir, `${i + 1}-${designSlug(d.name)}`);
    await writeFile(`${base}.series.ndjson`, formatLoadSeries(d.run.series));
    await writeFile(`${base}.samples.ndjson`, d.run.samples.map((s) => `${formatKeySampleLine(s)}\n`).join(''));
    written.push(`${base}.series.ndjson`, `${base}.samples.ndjson`);
  }
  return written;
}

function progressBar(io: CliIo): { update: (done: number, total: number) => void; stop: () => void } {
  if (!io.isTTY || !process.stderr.isTTY) return { update: () => undefined, stop: () => undefined };
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

/** The `simulate` command. */
export const simulateCommand: CliCommand = {
  register(program, io) {
    program
      .command('simulate')
      .description('simulate key designs over a cluster and workload: per-server shares, splits, read cost, hotspot verdict')
      .argument('<scenario>', 'scenario YAML file (docs/scenarios.md); examples/case-study.yaml is the IoT case study')
      .option('--json', 'print the comparison as JSON')
      .option('--redact', 'replace rowkeys and region names (output and --record files) with keyed stand-ins keeping length, byte class and order')
      .option('--record <dir>', "write each design's load series and key samples as NDJSON into this directory")
      .option('--seed <n>', 'seed for every random choice (representatives, balancer)', '1')
      .option('--exact', 'generate every write instead of aggregating (slow; for validation)')
      .option('--representatives <n>', 'representative entities per step in the aggregated mode', '4096')
      .action(async (file: string, flags: SimulateFlags) => {
        const seed = positiveInt(flags.seed, '--seed', 2 ** 31 - 1);
        const representatives = positiveInt(flags.representatives, '--representatives', 1_000_000);
        let text: string;
        try {
          text = await readFile(file, 'utf8');
        } catch (err) {
          throw new HotspotError('SCENARIO_FILE', `cannot read the scenario (${systemReason(err)})`, { file, cause: err });
        }
        const scenario = parseScenario(checkInputText(text, file, 'scenario'), file);
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
          const written = await record(outcome, flags.record);
          io.stderr(`recorded ${written.join(', ')}\n`);
        }
        if (flags.json) printJson(io, scenarioJson(outcome));
        else io.stdout(renderSimulateText(outcome, { color: io.isTTY }));
      });
  },
};
