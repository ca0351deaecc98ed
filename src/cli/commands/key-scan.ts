/**
 * `hbase-hotspot key scan '<template>' --where '<json>' [--from ms] [--to ms] [--cell-time] [--json]`: prints the
 * HBase scans (start row inclusive, stop row exclusive, as `Bytes.toStringBinary`) that read the rows matching a
 * partial record and time range. JSON shape:
 * `{"scans": [{"startRow": "...", "stopRow": "..."}], "exact": true, "notes": [], "timeRange"?: {"fromMs", "toMs"}}`.
 */
import type { Command } from 'commander';
import { toStringBinary } from '../../bytes/index.js';
import { planScans, type ScanPlan, type TimeRangeMs } from '../../keys/scan/index.js';
import { compileTemplate } from '../../keys/template/index.js';
import { HotspotError } from '../../util/errors.js';
import { printJson, type CliIo } from '../io.js';
import type { KeySubcommand } from './key.js';
import { parseRecord } from './key-record.js';

interface ScanOptions {
  where?: string;
  from?: string;
  to?: string;
  cellTime?: boolean;
  json?: boolean;
}

/**
 * Parses `--from`/`--to`: epoch milliseconds as a non-negative decimal integer.
 * @throws HotspotError `TIME_RANGE_INVALID` naming the option.
 */
export function parseEpochMs(text: string, option: string): number {
  const ms = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(ms)) {
    throw new HotspotError('TIME_RANGE_INVALID', `${option} "${text}" is not epoch milliseconds; give a non-negative integer such as 1700000000000`);
  }
  return ms;
}

/** Renders a plan for people: one line per scan, then the cell time range and notes. */
export function formatPlan(plan: ScanPlan): string {
  const rows = plan.scans.map((s, i) => [String(i + 1), toStringBinary(s.startRow), toStringBinary(s.stopRow) || '(end of table)']);
  const widths = [0, 1].map((c) => Math.max(c === 0 ? 4 : 9, ...rows.map((r) => (r[c] as string).length)));
  const line = (cells: string[]) => `${(cells[0] as string).padEnd(widths[0] as number)}  ${(cells[1] as string).padEnd(widths[1] as number)}  ${cells[2]}`.trimEnd();
  let out = `${line(['scan', 'start row', 'stop row'])}\n${rows.map(line).join('\n')}\n`;
  if (plan.timeRange) out += `cell time range: [${plan.timeRange.fromMs}, ${plan.timeRange.toMs})\n`;
  out += plan.exact ? 'exact: the scans read only matching rows\n' : 'not exact: filter the rows read\n';
  for (const note of plan.notes) out += `note: ${note}\n`;
  return out;
}

/** Runs `key scan`. */
export function runKeyScan(template: string, options: ScanOptions, io: CliIo): void {
  const compiled = compileTemplate(template);
  const where = options.where === undefined ? {} : parseRecord(options.where, { what: '--where', code: 'CLI_WHERE_INVALID' });
  const timeRange: TimeRangeMs | undefined =
    options.from === undefined && options.to === undefined
      ? undefined
      : {
          ...(options.from !== undefined && { fromMs: parseEpochMs(options.from, '--from') }),
          ...(options.to !== undefined && { toMs: parseEpochMs(options.to, '--to') }),
        };
  const plan = planScans(compiled, where, { ...(timeRange && { timeRange }), cellTimestamps: options.cellTime === true });
  if (!options.json) {
    io.stdout(formatPlan(plan));
    return;
  }
  printJson(io, {
    scans: plan.scans.map((s) => ({ startRow: toStringBinary(s.startRow), stopRow: toStringBinary(s.stopRow) })),
    exact: plan.exact,
    notes: plan.notes,
    ...(plan.timeRange && { timeRange: plan.timeRange }),
  });
}

/** The `key scan` sub-command. */
export const keyScanCommand: KeySubcommand = {
  register(key: Command, io: CliIo): void {
    key
      .command('scan')
      .description('print the HBase scans (start row, stop row) that read the rows matching a partial record')
      .argument('<template>', "rowkey template, e.g. '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}'")
      .option('--where <json>', 'known field values as a JSON object, e.g. \'{"deviceId": "d1"}\'')
      .option('--from <ms>', 'time range start, epoch ms, inclusive (HBase TimeRange)')
      .option('--to <ms>', 'time range end, epoch ms, exclusive')
      .option('--cell-time', 'cells carry the row time as their HBase timestamp: also print the Scan.setTimeRange')
      .option('--json', 'print {"scans": [{"startRow", "stopRow"}], "exact", "notes"}')
      .action((template: string, options: ScanOptions) => runKeyScan(template, options, io));
  },
};
