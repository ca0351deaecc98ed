/**
 * `hbase-hotspot detect series.ndjson [--samples keys.ndjson] [--k 3] [--json]`: the hotspot analysis of a recorded
 * (or simulated) load series (every table of a series of several without `--table`, see `detectTables`), or of a
 * live table: `--rest URL --table T [--jmx URL...] [--interval 30s --snapshots 4]`,
 * or pasted shell captures: `--list-regions before.txt after.txt --interval 60s`, `--status-detailed FILE... --table T`.
 * The series is resolved in `../detect-sources.ts`.
 */
import { DEFAULT_K, detectTables, isTablesResult } from '../../analysis/detect/index.js';
import { renderDetectText, renderTablesText } from '../../report/detect-text.js';
import { redactLoad } from '../../report/redact-series.js';
import { HotspotError } from '../../util/errors.js';
import { decimalNumber, wholeDecimal } from '../decimal.js';
import { type DetectSourceFlags, detectSamples, detectSeriesTables, seriesSourceOptions } from '../detect-sources.js';
import { type FailOn, detectFailure, failOnOption, failWith } from '../fail-on.js';
import { printJson } from '../io.js';
import type { CliCommand } from '../program.js';

/** Options as commander hands them over. */
interface DetectFlags extends DetectSourceFlags {
  k: string;
  json?: boolean;
  redact?: boolean;
  failOn?: FailOn;
  limit?: string;
}

/**
 * Parses `--k`.
 * @throws {@link HotspotError} `DETECT_K_INVALID` for anything but a number above 1.
 */
export function parseK(text: string): number {
  const k = decimalNumber(text);
  if (k === undefined || k <= 1) {
    throw new HotspotError('DETECT_K_INVALID', `"${text}" is not a hot factor; give a number above 1, e.g. --k 3 (hot = above k × the peers' average)`, { field: '--k' });
  }
  return k;
}

/**
 * Parses `--limit`.
 * @throws {@link HotspotError} `DETECT_LIMIT_INVALID` for anything but a whole number ≥ 1.
 */
export function parseLimit(text: string): number {
  const n = wholeDecimal(text);
  if (n === undefined || n < 1) throw new HotspotError('DETECT_LIMIT_INVALID', `--limit ${text}: give a whole number of rows, 1 or more, e.g. --limit 5`, { field: '--limit' });
  return n;
}

/** The `detect` command. */
export const detectCommand: CliCommand = {
  register(program, io) {
    seriesSourceOptions(program
      .command('detect')
      .description('find hot RegionServers and regions in a load series, the hotspot shape and its evidence')
      .argument('[series]', 'load series NDJSON file (docs/load-series.md), - for stdin')
      .option('--samples <file>', 'key samples (NDJSON, or one toStringBinary key per line): request rowkeys that sharpen the shape verdict')
      .option('--k <factor>', "hot = load above k × the peers' average", String(DEFAULT_K))
      .option('--json', 'print the result as JSON')
      .option('--limit <n>', 'servers and hot regions listed in the text (default every server and 10 hot regions)')
      .addOption(failOnOption())
      .option('--redact', 'replace rowkeys and region names with keyed stand-ins keeping length, byte class and order'))
      .action(async (file: string | undefined, flags: DetectFlags) => {
        const k = parseK(flags.k);
        const limit = flags.limit === undefined ? undefined : parseLimit(flags.limit);
        const series = await detectSeriesTables(file, flags, io);
        const samples = await detectSamples(flags.samples, series, io);
        const load = flags.redact ? redactLoad(series, samples) : { series, samples };
        const result = detectTables(load.series, load.samples ? { k, samples: load.samples } : { k });
        const text = { color: io.color ?? false, ...(limit === undefined ? {} : { limit }) };
        if (flags.json) printJson(io, result);
        else io.stdout(isTablesResult(result) ? renderTablesText(result, text) : renderDetectText(result, text));
        if (flags.failOn) failWith(io, flags.failOn, detectFailure(result, flags.failOn));
      });
  },
};
