/**
 * `hbase-hotspot compare before.ndjson after.ndjson [--latency-before JMX...] [--latency-after JMX...]
 * [--record change.json] [--json]`: proves a fix with the same measurements before and after (see
 * `src/fix/compare.ts`). `before` may also be an earlier change record, whose `after` side is then the baseline
 * (latencies included). The latency files are saved `/jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Server`
 * answers, one per RegionServer, taken while each side's load ran.
 */
import { writeFile } from 'node:fs/promises';
import { DEFAULT_K, detectHotspots } from '../../analysis/detect/index.js';
import { type ChangeRecord, type SideSummary, compareSides, renderChangeRecord, summarize } from '../../fix/compare.js';
import { type LoadSeriesReadOptions, parseLoadSeries } from '../../model/index.js';
import { type ServerLatency, parseServerLatencies } from '../../sources/jmx-latency.js';
import { HotspotError } from '../../util/errors.js';
import { printJson } from '../io.js';
import type { CliCommand } from '../program.js';
import { readTextFile } from '../read-text.js';
import { parseK } from './detect.js';
import { jsonErrorText } from '../../util/input-text.js';
import { seriesReadOptions } from '../detect-sources.js';

interface CompareFlags {
  k: string;
  allowClockSteps?: boolean;
  latencyBefore?: string[];
  latencyAfter?: string[];
  record?: string;
  json?: boolean;
}

/** The RegionServer latencies in the given JMX files, or undefined when none were given. */
async function latencies(files: readonly string[] | undefined): Promise<ServerLatency[] | undefined> {
  if (files === undefined) return undefined;
  const out: ServerLatency[] = [];
  for (const file of files) out.push(...parseServerLatencies(await readTextFile(file, 'JMX reading'), file));
  return out;
}

async function side(file: string, k: number, allowRecord: boolean, jmx: readonly string[] | undefined, read: LoadSeriesReadOptions): Promise<SideSummary> {
  const text = await readTextFile(file, 'load series');
  if (allowRecord && text.trimStart().startsWith('{') && text.includes('"hbase-hotspot-change/1"')) {
    let record: Partial<ChangeRecord>;
    try {
      record = JSON.parse(text) as Partial<ChangeRecord>;
    } catch (e) {
      throw new HotspotError('COMPARE_RECORD_INVALID', `a change record that is not valid JSON (${jsonErrorText(e)})`, { file, cause: e });
    }
    if (record.format !== 'hbase-hotspot-change/1' || typeof record.after?.windowMs !== 'number') {
      throw new HotspotError('COMPARE_RECORD_INVALID', 'not a change record written by compare --record (format or after.windowMs missing)', { file, field: 'after' });
    }
    if (jmx !== undefined) throw new HotspotError('COMPARE_OPTION_INVALID', `${file} is a change record: its latencies are those it recorded; leave out --latency-before`, { field: '--latency-before' });
    return record.after;
  }
  return summarize(detectHotspots(parseLoadSeries(text, file, read), { k }), await latencies(jmx));
}

/** The `compare` command. */
export const compareCommand: CliCommand = {
  register(program, io) {
    program
      .command('compare')
      .description('before/after proof of a fix: hottest region vs fair share, busiest server vs peers, whether the outlier moved')
      .argument('<before>', 'load series NDJSON before the change, or an earlier change record (JSON)')
      .argument('<after>', 'load series NDJSON after the change, over the same interval length')
      .option('--k <factor>', "hot = load above k × the peers' average", String(DEFAULT_K))
      .option('--latency-before <files...>', "RegionServers' JMX (/jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Server) saved during the before load, one file each")
      .option('--latency-after <files...>', 'the same, saved during the after load')
      .option('--record <file>', 'save the change record (JSON) here')
      .option('--json', 'print the change record as JSON')
      .option('--allow-clock-steps', 'drop a snapshot of the series file whose time is not after the one before it (a clock stepped back) with a warning, instead of refusing the file')
      .action(async (beforeFile: string, afterFile: string, flags: CompareFlags) => {
        const k = parseK(flags.k);
        const record = compareSides(
          await side(beforeFile, k, true, flags.latencyBefore, seriesReadOptions(flags, beforeFile, io)),
          await side(afterFile, k, false, flags.latencyAfter, seriesReadOptions(flags, afterFile, io)),
        );
        if (flags.record) await writeFile(flags.record, `${JSON.stringify(record, null, 2)}\n`);
        if (flags.json) printJson(io, record);
        else io.stdout(renderChangeRecord(record));
      });
  },
};
