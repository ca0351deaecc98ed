/**
 * `hbase-hotspot report BEFORE AFTER -o page.html [--table T] [--k 3] [--samples-before F] [--samples-after F]
 * [--latency-before JMX...] [--latency-after JMX...] [--health health.json]`: the before/after page of a fix (see
 * `src/report/html/compare-page.ts`). Each side is read and focused as `compare` reads it (one table, `--table` for a
 * series of several), analysed as `compare` analyses it, with the same latency options; kept beside `report.ts` so
 * that file stays the command's wiring.
 *
 * @module
 */
import type { HealthReport } from '../../health/evaluate.js';
import type { LoadSeries } from '../../model/index.js';
import { compareReport } from '../../report/html/compare-page.js';
import { HotspotError, isHotspotError } from '../../util/errors.js';
import { type DetectSourceFlags, detectSamples, detectSeriesOne } from '../detect-sources.js';
import type { CliIo } from '../io.js';
import { latencies } from './compare.js';

/** The flags of `report` that only a before/after page takes. */
export interface BeforeAfterFlags {
  samplesBefore?: string;
  samplesAfter?: string;
  latencyBefore?: string[];
  latencyAfter?: string[];
}

/** The options of `report` (as commander names them) that only make sense with one input, each with its flag. */
const ONE_INPUT_ONLY: readonly [keyof DetectSourceFlags, string, string][] = [
  ['rest', '--rest', 'read each side live with `collect -o` first, then give the two files'],
  ['jmx', '--jmx', 'read each side live with `collect -o` first, then give the two files'],
  ['zk', '--zk', 'read each side live with `collect -o` first, then give the two files'],
  ['hbaseConf', '--hbase-conf', 'read each side live with `collect -o` first, then give the two files'],
  ['listRegions', '--list-regions', 'turn each side\'s captures into a series with `detect --list-regions ... --record FILE` first'],
  ['statusDetailed', '--status-detailed', 'turn each side\'s captures into a series with `detect --status-detailed ... --record FILE` first'],
  ['record', '--record', 'the two inputs are series files already'],
  ['samples', '--samples', 'give --samples-before and --samples-after, one per side'],
  ['redact', '--redact', 'redact each side with `report FILE --redact`, or share the page unredacted'],
];

/**
 * Refuses the options of one input given with two, and the before/after options given with one.
 * @throws {@link HotspotError} `REPORT_OPTION_WITH_TWO_SERIES` naming the option and what to do instead;
 *   `REPORT_OPTION_NEEDS_AFTER` for `--samples-before` and the like without a second series.
 */
export function checkBeforeAfterFlags(after: string | undefined, flags: DetectSourceFlags & BeforeAfterFlags): void {
  if (after === undefined) {
    const given = ([['samplesBefore', '--samples-before'], ['samplesAfter', '--samples-after'], ['latencyBefore', '--latency-before'], ['latencyAfter', '--latency-after']] as const)
      .find(([key]) => flags[key] !== undefined);
    if (given) {
      throw new HotspotError('REPORT_OPTION_NEEDS_AFTER', `${given[1]} is for a before/after page: give two series, report BEFORE AFTER -o FILE (with one series use --samples)`, { field: given[1] });
    }
    return;
  }
  for (const [key, flag, instead] of ONE_INPUT_ONLY) {
    if (flags[key] !== undefined && flags[key] !== false) {
      throw new HotspotError('REPORT_OPTION_WITH_TWO_SERIES', `${flag} given with two series (a before/after page): ${instead}`, { field: flag });
    }
  }
}

/** One side's series, named by its file in any error it raises. */
async function sideSeries(file: string, k: number, flags: DetectSourceFlags, io: CliIo): Promise<LoadSeries> {
  try {
    return await detectSeriesOne(file, { ...(flags.table === undefined ? {} : { table: flags.table }), ...(flags.allowClockSteps ? { allowClockSteps: true } : {}) }, io, k);
  } catch (err) {
    // the message already names the field (`--table: ...`); the file goes in front of it
    if (isHotspotError(err) && err.where.file === undefined) throw new HotspotError(err.code, err.message, { file: file === '-' ? '<stdin>' : file, cause: err });
    throw err;
  }
}

/**
 * The before/after page of two series files (v1 or v2, plain or gzip; `-` for stdin on one side).
 * @throws {@link HotspotError} `DETECT_STDIN_TWICE` for both sides
 *   on stdin, the errors of {@link checkBeforeAfterFlags}, and those of reading each side (naming its file),
 *   its samples and latencies, and of the comparison (`COMPARE_INTERVAL_MISMATCH`).
 */
export async function beforeAfterReport(before: string, after: string, k: number, flags: DetectSourceFlags & BeforeAfterFlags, io: CliIo, health?: HealthReport): Promise<string> {
  checkBeforeAfterFlags(after, flags);
  const stdin = [before, after, flags.samplesBefore, flags.samplesAfter].filter((f) => f === '-').length;
  if (stdin > 1) throw new HotspotError('DETECT_STDIN_TWICE', 'only one input can be read from stdin (-); give the others as files');
  const beforeSeries = await sideSeries(before, k, flags, io);
  const afterSeries = await sideSeries(after, k, flags, io);
  const samplesBefore = await detectSamples(flags.samplesBefore, beforeSeries, io);
  const samplesAfter = await detectSamples(flags.samplesAfter, afterSeries, io);
  const latencyBefore = await latencies(flags.latencyBefore);
  const latencyAfter = await latencies(flags.latencyAfter);
  return compareReport(
    { series: beforeSeries, label: before === '-' ? '<stdin>' : before, ...(samplesBefore ? { samples: samplesBefore } : {}), ...(latencyBefore ? { latencies: latencyBefore } : {}) },
    { series: afterSeries, label: after === '-' ? '<stdin>' : after, ...(samplesAfter ? { samples: samplesAfter } : {}), ...(latencyAfter ? { latencies: latencyAfter } : {}) },
    { k, ...(health ? { health } : {}) },
  );
}
