/**
 * `hbase-hotspot series convert IN -o OUT --to 1|2 [--gzip] [--table T] [--force] [--allow-clock-steps]`: rewrites a load series in the
 * other format version (docs/load-series.md). Either version, plain or gzip, is read; version 1 -> 2 -> 1 gives back
 * the same bytes. `IN` may be `-` (standard input, plain text) and `OUT` `-` (standard output, plain text).
 */
import { type LoadSeries, type SeriesVersion, focusTable, formatSeries, metricsPresent, parseLoadSeries, readLoadSeriesFile, seriesTables } from '../../model/index.js';
import { checkInputText } from '../../util/input-text.js';
import { HotspotError } from '../../util/errors.js';
import { ALLOW_CLOCK_STEPS_HELP, seriesReadOptions } from '../detect-sources.js';
import type { CliIo } from '../io.js';
import { createOutputFile, isGzipName, refuseInputAsOutput } from '../output-file.js';
import type { CliCommand } from '../program.js';
import { plainTableName } from '../../regions/index.js';

interface ConvertFlags {
  output?: string;
  to?: string;
  gzip?: boolean;
  table?: string;
  force?: boolean;
  allowClockSteps?: boolean;
}

function version(text: string | undefined): SeriesVersion {
  if (text === '1' || text === '2') return Number(text) as SeriesVersion;
  throw new HotspotError('SERIES_OPTION_INVALID', `--to ${text ?? '(missing)'}: give the format version to write, 1 or 2`, { field: '--to' });
}

/** What version 1 cannot hold of `series`, said on stderr before it is left out. */
function noteDropped(series: LoadSeries, io: CliIo): void {
  const metrics = metricsPresent(series);
  if (metrics.length > 0) io.stderr(`format version 1 has no field for the optional metrics; left out: ${metrics.join(', ')}\n`);
}

/** Registers `series convert`. */
export const seriesCommand: CliCommand = {
  register(program, io) {
    const series = program.command('series').description('work with load-series files: convert between format versions');
    series
      .command('convert')
      .description('rewrite a load series (version 1 or 2, plain or gzip) in format version 1 or 2')
      .argument('<input>', 'load series NDJSON file, either version, plain or gzip; - reads standard input (plain)')
      .option('-o, --output <file>', 'the file to write (gzip when it ends in .gz; an existing file is kept unless --force); - writes standard output (plain)')
      .option('--to <version>', 'format version to write: 1 (one table, one self-contained line per snapshot) or 2 (compact, several tables, metrics)')
      .option('--gzip', 'gzip the output whatever its name')
      .option('--table <table>', 'keep only this table of a series of several (version 1 holds one table)', plainTableName)
      .option('--force', 'overwrite an existing output file')
      .option('--allow-clock-steps', ALLOW_CLOCK_STEPS_HELP)
      .action(async (input: string, flags: ConvertFlags) => {
        const to = version(flags.to);
        if (flags.output === undefined) throw new HotspotError('SERIES_OPTION_INVALID', 'name the file to write with -o, e.g. -o series.v2.ndjson.gz', { field: '--output' });
        const toStdout = flags.output === '-';
        // the series read is replaced only by the file it is read from: refused, --force or not (a --table would drop
        // the other tables for good, a write cut short the whole series)
        refuseInputAsOutput(flags.output, [input], '--output');
        if (toStdout && flags.gzip === true) {
          throw new HotspotError('SERIES_OPTION_INVALID', '--gzip with -o -: standard output gets plain text; pipe it through gzip, or name a file ending in .gz', { field: '--gzip' });
        }
        const name = input === '-' ? '<stdin>' : input;
        const read = seriesReadOptions(flags, name, io);
        let loaded = input === '-' ? parseLoadSeries(checkInputText(await io.readStdin(), name, 'load series'), name, read) : await readLoadSeriesFile(input, read);
        if (flags.table !== undefined) loaded = focusTable(loaded, flags.table);
        if (to === 1 && seriesTables(loaded).length > 1) {
          throw new HotspotError('SERIES_V1_MULTI_TABLE', `format version 1 holds one table and ${name} holds ${seriesTables(loaded).join(', ')}; choose one with --table, or write --to 2`, { file: name, field: '--table' });
        }
        if (to === 1) noteDropped(loaded, io);
        const text = formatSeries(loaded, to);
        if (toStdout) {
          io.stdout(text);
          io.stderr(`wrote stdout: format version ${to}, ${loaded.snapshots.length} snapshot(s) of ${seriesTables(loaded).join(', ')}\n`);
          return;
        }
        const gzip = flags.gzip === true || isGzipName(flags.output);
        const out = createOutputFile(flags.output, { ...(flags.force ? { force: true } : {}), gzip, field: '--output', exists: 'SERIES_FILE_EXISTS' });
        out.write(text);
        await out.close();
        io.stderr(`wrote ${flags.output}: format version ${to}${gzip ? ', gzip' : ''}, ${loaded.snapshots.length} snapshot(s) of ${seriesTables(loaded).join(', ')}\n`);
      });
  },
};
