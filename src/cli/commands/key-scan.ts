/**
 * `hbase-hotspot key scan '<template>' --where '<json>' [--from time] [--to time] [--cell-time] [--table T] [--json]`:
 * prints the HBase scans (start row inclusive, stop row exclusive, as `Bytes.toStringBinary`) that read the rows
 * matching a partial record and time range, and the `hbase shell` `scan` statements that run them. Times are epoch ms
 * or ISO 8601 with a zone (`2024-06-01T00:00:00Z`, or a date `2024-06-01`, UTC midnight). JSON shape:
 * `{"scans": [{"startRow": "...", "stopRow": "..."}], "exact": true, "notes": [], "timeRange"?: {"fromMs", "toMs"},
 * "shell": ["scan 'T', {...}"]}`.
 */
import type { Command } from 'commander';
import { toStringBinary } from '../../bytes/index.js';
import { planScans, type ScanPlan, type TimeRangeMs } from '../../keys/scan/index.js';
import { checkTableName, plainTableName } from '../../regions/index.js';
import { rubyBytes, rubyName } from '../../hbase/shell/index.js';
import { HotspotError } from '../../util/errors.js';
import { parseTimeMs } from '../../util/duration.js';
import { printJson, type CliIo } from '../io.js';
import { compileTemplateOption, TEMPLATE_ARGUMENT } from '../template-option.js';
import type { KeySubcommand } from './key.js';
import { parseRecord } from './key-record.js';

interface ScanOptions {
  table?: string;
  where?: string;
  from?: string;
  to?: string;
  cellTime?: boolean;
  json?: boolean;
}

/** ISO 8601 date-times with a zone (`Z` or `±hh:mm`), and plain dates (UTC midnight, as `Date.parse` reads them). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * Parses `--from`/`--to`: epoch milliseconds as a non-negative decimal integer, or an ISO 8601 time with its zone.
 * @throws HotspotError `TIME_RANGE_INVALID` naming the option: a negative number or one past 2^53 - 1 says so; a
 *   date-time without a zone is refused (it would mean the machine's local time).
 */
export function parseEpochMs(text: string, option: string): number {
  const t = text.trim();
  const digits = /^\d+$/.test(t);
  const ms = digits ? Number(t) : ISO_TIME.test(t) ? parseTimeMs(t) : Number.NaN;
  if (/^-\d+$/.test(t)) {
    throw new HotspotError('TIME_RANGE_INVALID', `${option} "${text}" is negative; HBase times are epoch milliseconds from 0 (1970-01-01T00:00:00Z)`, { field: option });
  }
  if (digits && BigInt(t) > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new HotspotError('TIME_RANGE_INVALID', `${option} "${text}" is past 2^53 - 1 (9007199254740991) epoch milliseconds, the largest time a range here takes`, { field: option });
  }
  if (!Number.isSafeInteger(ms) || ms < 0) {
    const zone = /^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(t) ? ' (add its zone, e.g. Z for UTC)' : '';
    throw new HotspotError('TIME_RANGE_INVALID', `${option} "${text}" is not a time${zone}; give epoch milliseconds such as 1717200000000, or ISO 8601 such as 2024-06-01T00:00:00Z`, { field: option });
  }
  return ms;
}

/**
 * The `hbase shell` statements that run the plan's scans on `table`: `scan 'T', {STARTROW => ..., STOPROW => ...}`
 * with the exact key bytes as Ruby literals, and `TIMERANGE => [from, to]` when the plan has a cell time range.
 */
export function shellScans(plan: ScanPlan, table: string): string[] {
  return plan.scans.map((s) => {
    const args = [`STARTROW => ${rubyBytes(s.startRow)}`];
    if (s.stopRow.length > 0) args.push(`STOPROW => ${rubyBytes(s.stopRow)}`);
    if (plan.timeRange) args.push(`TIMERANGE => [${plan.timeRange.fromMs}, ${plan.timeRange.toMs}]`);
    return `scan ${rubyName(table)}, {${args.join(', ')}}`;
  });
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

/**
 * Runs `key scan`.
 * @throws HotspotError the template compiler's codes naming {@link TEMPLATE_ARGUMENT}; `CLI_WHERE_INVALID`,
 *   `TIME_RANGE_INVALID` and the planner's codes for the options.
 */
export function runKeyScan(template: string, options: ScanOptions, io: CliIo): void {
  const compiled = compileTemplateOption(template, TEMPLATE_ARGUMENT);
  const where = options.where === undefined ? {} : parseRecord(options.where, { what: '--where', code: 'CLI_WHERE_INVALID' });
  const timeRange: TimeRangeMs | undefined =
    options.from === undefined && options.to === undefined
      ? undefined
      : {
          ...(options.from !== undefined && { fromMs: parseEpochMs(options.from, '--from') }),
          ...(options.to !== undefined && { toMs: parseEpochMs(options.to, '--to') }),
        };
  const plan = planScans(compiled, where, { ...(timeRange && { timeRange }), cellTimestamps: options.cellTime === true });
  const table = options.table ?? 'T';
  if (options.table !== undefined) checkTableName(options.table);
  const shell = shellScans(plan, table);
  if (!options.json) {
    io.stdout(`${formatPlan(plan)}hbase shell${options.table === undefined ? ' (--table names the table)' : ''}:\n${shell.map((l) => `  ${l}`).join('\n')}\n`);
    return;
  }
  printJson(io, {
    scans: plan.scans.map((s) => ({ startRow: toStringBinary(s.startRow), stopRow: toStringBinary(s.stopRow) })),
    exact: plan.exact,
    notes: plan.notes,
    ...(plan.timeRange && { timeRange: plan.timeRange }),
    shell,
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
      .option('--from <time>', 'time range start, inclusive (HBase TimeRange): epoch ms or ISO 8601, e.g. 2024-06-01T00:00:00Z')
      .option('--to <time>', 'time range end, exclusive: epoch ms or ISO 8601')
      .option('--table <table>', "the table the hbase shell scan statements read (default 'T')", plainTableName)
      .option('--cell-time', 'cells carry the row time as their HBase timestamp: also print the Scan.setTimeRange')
      .option('--json', 'print {"scans": [{"startRow", "stopRow"}], "exact", "notes", "shell"}')
      .action((template: string, options: ScanOptions) => runKeyScan(template, options, io));
  },
};
