/**
 * `hbase-hotspot detect series.ndjson [--samples keys.ndjson] [--k 3] [--json]`: the hotspot analysis of a recorded
 * (or simulated) load series. The source of the series is resolved in {@link loadSeries}, the one place live sources
 * (`--rest`, `--list-regions`) will plug in.
 */
import { DEFAULT_K, detectHotspots } from '../../analysis/detect/index.js';
import { type KeySample, type LoadSeries, parseKeySamples, parseLoadSeries, readKeySamplesFile, readLoadSeriesFile } from '../../model/index.js';
import { renderDetectText } from '../../report/detect-text.js';
import { HotspotError } from '../../util/errors.js';
import { type CliIo, printJson } from '../io.js';
import type { CliCommand } from '../program.js';

/** Options as commander hands them over. */
interface DetectFlags {
  samples?: string;
  k: string;
  json?: boolean;
}

/**
 * Parses `--k`.
 * @throws {@link HotspotError} `DETECT_K_INVALID` for anything but a number above 1.
 */
export function parseK(text: string): number {
  const k = Number(text);
  if (text.trim() === '' || !Number.isFinite(k) || k <= 1) {
    throw new HotspotError('DETECT_K_INVALID', `"${text}" is not a hot factor; give a number above 1, e.g. --k 3 (hot = above k × the peers' average)`, { field: '--k' });
  }
  return k;
}

/** Reads the series named on the command line (`-` for standard input). */
async function loadSeries(file: string | undefined, io: CliIo): Promise<LoadSeries> {
  if (file === undefined) {
    throw new HotspotError('DETECT_NO_SOURCE', 'no load series given; run `hbase-hotspot detect series.ndjson` with a recorded series (docs/load-series.md)');
  }
  return file === '-' ? parseLoadSeries(await io.readStdin(), '<stdin>') : readLoadSeriesFile(file);
}

async function loadSamples(file: string | undefined, io: CliIo): Promise<KeySample[] | undefined> {
  if (file === undefined) return undefined;
  return file === '-' ? parseKeySamples(await io.readStdin(), '<stdin>') : readKeySamplesFile(file);
}

/** The `detect` command. */
export const detectCommand: CliCommand = {
  register(program, io) {
    program
      .command('detect')
      .description('find hot RegionServers and regions in a load series, the hotspot shape and its evidence')
      .argument('[series]', 'load series NDJSON file (docs/load-series.md), - for stdin')
      .option('--samples <file>', 'key samples NDJSON file: request rowkeys that sharpen the shape verdict')
      .option('--k <factor>', "hot = load above k × the peers' average", String(DEFAULT_K))
      .option('--json', 'print the result as JSON')
      .action(async (file: string | undefined, flags: DetectFlags) => {
        const k = parseK(flags.k);
        if (file === '-' && flags.samples === '-') {
          throw new HotspotError('DETECT_STDIN_TWICE', 'the series and --samples cannot both be read from stdin (-); give one of them as a file', { field: '--samples' });
        }
        const series = await loadSeries(file, io);
        const samples = await loadSamples(flags.samples, io);
        const result = detectHotspots(series, samples ? { k, samples } : { k });
        if (flags.json) printJson(io, result);
        else io.stdout(renderDetectText(result, { color: io.isTTY }));
      });
  },
};
