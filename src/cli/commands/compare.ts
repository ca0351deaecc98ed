/**
 * `hbase-hotspot compare before.ndjson after.ndjson [--latency-before JMX...] [--latency-after JMX...]
 * [--record change.json] [--json]`: proves a fix with the same measurements before and after (see
 * `src/fix/compare.ts`). `before` may also be an earlier change record, whose `after` side is then the baseline
 * (latencies included). The latency files are saved `/jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Server`
 * answers, one per RegionServer, taken while each side's load ran.
 */
import { Option } from 'commander';
import { DEFAULT_K, detectHotspots } from '../../analysis/detect/index.js';
import { type ChangeRecord, type SideSummary, compareSides, renderChangeRecord, summarize } from '../../fix/compare.js';
import { parseChangeRecordAfter } from '../../fix/change-record.js';
import { type LoadSeriesReadOptions, parseLoadSeries } from '../../model/index.js';
import { type ServerLatency, parseServerLatencies } from '../../sources/jmx-latency.js';
import { HotspotError } from '../../util/errors.js';
import { failWith } from '../fail-on.js';
import { type CliIo, printJson } from '../io.js';
import { refuseExisting, refuseInputAsOutput, writeOutputFile } from '../output-file.js';
import type { CliCommand } from '../program.js';
import { readTextFile } from '../read-text.js';
import { checkInputText } from '../../util/input-text.js';
import { parseK } from './detect.js';
import { ALLOW_CLOCK_STEPS_HELP, requireOneTable, requireTwoSnapshots, seriesReadOptions } from '../detect-sources.js';
import { plainTableName } from '../../regions/index.js';

interface CompareFlags {
  k: string;
  table?: string;
  allowClockSteps?: boolean;
  latencyBefore?: string[];
  latencyAfter?: string[];
  record?: string;
  json?: boolean;
  failOn?: 'unchanged';
  force?: boolean;
}

/**
 * The RegionServer latencies in the given JMX files (`--latency-before`, `--latency-after`), or undefined when none
 * were given; `report BEFORE AFTER` reads them the same way.
 * @throws {@link HotspotError} `FILE_READ` for a file that cannot be read, `JMX_LATENCY_INVALID` naming the file.
 */
export async function latencies(files: readonly string[] | undefined): Promise<ServerLatency[] | undefined> {
  if (files === undefined) return undefined;
  const out: ServerLatency[] = [];
  for (const file of files) out.push(...parseServerLatencies(await readTextFile(file, 'JMX reading'), file));
  return out;
}

/** The name a side's file goes by in messages: `<stdin>` for `-`. */
const sideName = (path: string): string => (path === '-' ? '<stdin>' : path);

async function side(path: string, k: number, allowRecord: boolean, jmx: readonly string[] | undefined, read: LoadSeriesReadOptions, table: string | undefined, io: CliIo): Promise<SideSummary> {
  const file = sideName(path);
  const text = path === '-' ? checkInputText(await io.readStdin(), file, 'load series') : await readTextFile(path, 'load series');
  const isRecord = text.trimStart().startsWith('{') && text.includes('"hbase-hotspot-change/1"');
  if (isRecord && !allowRecord) {
    throw new HotspotError('COMPARE_RECORD_AFTER', 'a change record can only be the before side (its after side is the baseline); give a load series as after', { file });
  }
  if (isRecord) {
    const after = parseChangeRecordAfter(text, file);
    if (jmx !== undefined) throw new HotspotError('COMPARE_OPTION_INVALID', `${file} is a change record: its latencies are those it recorded; leave out --latency-before`, { field: '--latency-before' });
    return after;
  }
  const series = requireTwoSnapshots(parseLoadSeries(text, file, read), file);
  return summarize(detectHotspots(requireOneTable(series, table, k), { k }), await latencies(jmx));
}

/**
 * Why a change record fails `--fail-on unchanged`: the hot share did not move toward the fair share (verdict
 * `unchanged` or `worse`), or the hotspot only moved elsewhere (`moved`). Undefined for `fixed` and `improved`.
 */
export function compareFailure(record: ChangeRecord): string | undefined {
  return record.verdict === 'fixed' || record.verdict === 'improved' ? undefined : `verdict ${record.verdict}`;
}

/** The `compare` command. */
export const compareCommand: CliCommand = {
  register(program, io) {
    program
      .command('compare')
      .description('before/after proof of a fix: hottest region vs fair share, busiest server vs peers, whether the outlier moved')
      .argument('<before>', 'load series NDJSON (version 1 or 2, plain or gzip) before the change, or an earlier change record (JSON); - reads standard input (plain)')
      .argument('<after>', 'load series NDJSON after the change, over the same interval length; - reads standard input (one side only)')
      .option('--k <factor>', "hot = load above k × the peers' average", String(DEFAULT_K))
      .option('--table <table>', 'with series of several tables: the table to compare on both sides', plainTableName)
      .option('--latency-before <files...>', "RegionServers' JMX (/jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Server) saved during the before load, one file each")
      .option('--latency-after <files...>', 'the same, saved during the after load')
      .option('--record <file>', 'save the change record (JSON) here (an existing file is kept unless --force)')
      .option('--force', 'with --record: replace an existing file')
      .option('--json', 'print the change record as JSON')
      .addOption(new Option('--fail-on <what>', 'unchanged: exit 1 unless the verdict is fixed or improved (the hot share moved toward the fair share)').choices(['unchanged']))
      .option('--allow-clock-steps', ALLOW_CLOCK_STEPS_HELP)
      .action(async (beforeFile: string, afterFile: string, flags: CompareFlags) => {
        const k = parseK(flags.k);
        const target = { field: '--record', ...(flags.force ? { force: true } : {}) };
        if (flags.record) {
          refuseInputAsOutput(flags.record, [beforeFile, afterFile, ...(flags.latencyBefore ?? []), ...(flags.latencyAfter ?? [])], '--record');
          refuseExisting(flags.record, target);
        }
        const stdin = [beforeFile, afterFile].filter((f) => f === '-').length;
        if (stdin > 1) throw new HotspotError('DETECT_STDIN_TWICE', 'before and after cannot both be read from stdin (-); give one of them as a file');
        const record = compareSides(
          await side(beforeFile, k, true, flags.latencyBefore, seriesReadOptions(flags, sideName(beforeFile), io), flags.table, io),
          await side(afterFile, k, false, flags.latencyAfter, seriesReadOptions(flags, sideName(afterFile), io), flags.table, io),
          { before: sideName(beforeFile), after: sideName(afterFile) },
        );
        if (flags.record) await writeOutputFile(flags.record, `${JSON.stringify(record, null, 2)}\n`, target);
        if (flags.json) printJson(io, record);
        else io.stdout(renderChangeRecord(record));
        if (flags.failOn) failWith(io, flags.failOn, compareFailure(record));
      });
  },
};
