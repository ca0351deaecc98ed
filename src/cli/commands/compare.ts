/**
 * `hbase-hotspot compare before.ndjson after.ndjson [--record change.json] [--json]`: proves a fix with the same
 * measurements before and after (see `src/fix/compare.ts`). `before` may also be an earlier change record, whose
 * `after` side is then the baseline.
 */
import { writeFile } from 'node:fs/promises';
import { DEFAULT_K, detectHotspots } from '../../analysis/detect/index.js';
import { type ChangeRecord, type SideSummary, compareSides, renderChangeRecord, summarize } from '../../fix/compare.js';
import { parseLoadSeries } from '../../model/index.js';
import { HotspotError } from '../../util/errors.js';
import { printJson } from '../io.js';
import type { CliCommand } from '../program.js';
import { readTextFile } from '../read-text.js';
import { parseK } from './detect.js';

interface CompareFlags {
  k: string;
  record?: string;
  json?: boolean;
}

async function side(file: string, k: number, allowRecord: boolean): Promise<SideSummary> {
  const text = await readTextFile(file, 'load series');
  if (allowRecord && text.trimStart().startsWith('{') && text.includes('"hbase-hotspot-change/1"')) {
    let record: Partial<ChangeRecord>;
    try {
      record = JSON.parse(text) as Partial<ChangeRecord>;
    } catch (e) {
      throw new HotspotError('COMPARE_RECORD_INVALID', `${file}: a change record that is not valid JSON (${(e as Error).message})`, { file, cause: e });
    }
    if (record.format !== 'hbase-hotspot-change/1' || typeof record.after?.windowMs !== 'number') {
      throw new HotspotError('COMPARE_RECORD_INVALID', `${file}: not a change record written by compare --record (format or after.windowMs missing)`, { file, field: 'after' });
    }
    return record.after;
  }
  return summarize(detectHotspots(parseLoadSeries(text, file), { k }));
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
      .option('--record <file>', 'save the change record (JSON) here')
      .option('--json', 'print the change record as JSON')
      .action(async (beforeFile: string, afterFile: string, flags: CompareFlags) => {
        const k = parseK(flags.k);
        const record = compareSides(await side(beforeFile, k, true), await side(afterFile, k, false));
        if (flags.record) await writeFile(flags.record, `${JSON.stringify(record, null, 2)}\n`);
        if (flags.json) printJson(io, record);
        else io.stdout(renderChangeRecord(record));
      });
  },
};
