/**
 * Pasted shell output as a load source: one or more files (or stdin) of `list_regions` or `status 'detailed'`
 * captures become a {@link LoadSeries}, and a {@link SnapshotSource} replaying it.
 *
 * @module
 */
import type { LoadSeries, LoadSnapshot, RegionLoad } from '../../model/index.js';
import { plainTableName } from '../../regions/index.js';
import { HotspotError } from '../../util/errors.js';
import type { SnapshotSource, SourceGaps } from '../types.js';
import { type TextCapture, captureTimes, splitCaptures } from './captures.js';
import { parseListRegions } from './list-regions.js';
import { parseStatusDetailed, statusDetailedTables } from './status-detailed.js';
import { type TextIssue, TextFormatError } from './text-error.js';

/** The shell outputs understood. */
export type TextSourceKind = 'list-regions' | 'status-detailed';

/** One pasted file. */
export interface TextInput {
  /** File name as given (`<stdin>` for standard input), for messages. */
  readonly file: string;
  /** Its content. */
  readonly text: string;
  /** Its modification time, epoch ms (the time of its capture when it has no `# at` line). */
  readonly mtimeMs: number;
}

/** Options of {@link parseTextSeries}. */
export interface TextSeriesOptions {
  /** The table; required for `status 'detailed'` (which lists every table), checked for `list_regions`. */
  readonly table?: string;
  /** Spacing of captures without `# at` lines, ms (`--interval`); also written as the series' interval. */
  readonly intervalMs?: number;
}

/** What each text source cannot tell. */
export const TEXT_GAPS: Readonly<Record<TextSourceKind, SourceGaps>> = {
  'list-regions': {
    noReadWriteSplit: 'the REQ column is read + write requests (RegionMetrics.getRequestCount); reads and writes are not printed apart',
    sizeInWholeMB: 'the SIZE column is storefileSizeMB, whole MB rounded down',
  },
  'status-detailed': {
    sizeInWholeMB: 'storefileSizeMB is whole MB rounded down',
    endKeysDerived: 'regions are printed by name (start key) only; the end key is the next region\'s start key',
  },
};

const WHAT: Readonly<Record<TextSourceKind, string>> = { 'list-regions': 'list_regions output', 'status-detailed': "status 'detailed' output" };
const CODE: Readonly<Record<TextSourceKind, string>> = { 'list-regions': 'LIST_REGIONS_MALFORMED', 'status-detailed': 'STATUS_DETAILED_MALFORMED' };

/** The first line of one pasted output: the table header of `list_regions`, the live-server count of `status`. */
const OUTPUT_START_RE: Readonly<Record<TextSourceKind, RegExp>> = {
  'list-regions': /^\s*SERVER_NAME\s*\|/,
  'status-detailed': /^\s*\d+ live servers?\s*$/,
};

/**
 * Refuses a capture holding several outputs (two pastes with no `# at` line between them) with one hint, instead of
 * a parse error per repeated region. @throws {@link HotspotError} `CAPTURE_SEVERAL_IN_ONE`.
 */
function checkOneOutput(kind: TextSourceKind, capture: TextCapture): void {
  const starts = capture.lines.filter(([, text]) => OUTPUT_START_RE[kind].test(text)).map(([line]) => line);
  if (starts.length < 2) return;
  throw new HotspotError('CAPTURE_SEVERAL_IN_ONE', `${starts.length} ${WHAT[kind]}s pasted (at lines ${starts.join(', ')}) with no "# at <time>" line between them; put one before each (e.g. "# at 2026-11-30T08:00:00Z"), or paste each into its own file and give --interval`, { file: capture.file, line: starts[1] as number });
}

function checkDuplicates(regions: readonly RegionLoad[], capture: TextCapture, issues: TextIssue[]): void {
  const seen = new Set<string>();
  for (const r of regions) {
    if (seen.has(r.encodedName)) issues.push({ line: capture.line, message: `region ${r.encodedName} is listed twice in this capture` });
    seen.add(r.encodedName);
  }
}

/** `" (it lists: t1, t2)"` for `tables`; `""` for none. */
const tablesNamed = (tables: readonly string[]): string => (tables.length === 0 ? '' : ` (it lists: ${tables.join(', ')})`);

/**
 * {@link tablesNamed} for the tables whose regions the first `status 'detailed'` capture of `inputs` lists; `""` when
 * it lists none or its captures do not split (that error is the parse's to give, after the one being worded).
 */
function tablesListed(inputs: readonly TextInput[]): string {
  try {
    const first = inputs[0] === undefined ? undefined : splitCaptures(inputs[0].text, inputs[0].file)[0];
    return tablesNamed(first === undefined ? [] : statusDetailedTables(first));
  } catch {
    return '';
  }
}

/**
 * Parses pasted captures into a load series, in the order given (files first to last, captures top to bottom).
 * @throws {@link TextFormatError} `LIST_REGIONS_MALFORMED` / `STATUS_DETAILED_MALFORMED` listing every bad line of
 *   a file; `CAPTURE_TIME_*` (see `captures.ts`); {@link HotspotError} `TEXT_TABLE_REQUIRED` for status without a
 *   table, `TEXT_TABLE_MISMATCH` for captures of another table, `TEXT_NO_REGIONS` for a capture without the
 *   table's regions, `TEXT_NO_INPUT` for no files, `CAPTURE_SEVERAL_IN_ONE` for two pastes without a `# at` line
 *   between them.
 *   `options.table` `default:t1` is the table `t1`, the name HBase prints ({@link plainTableName}).
 */
export function parseTextSeries(kind: TextSourceKind, inputs: readonly TextInput[], options: TextSeriesOptions = {}): LoadSeries {
  if (inputs.length === 0) throw new HotspotError('TEXT_NO_INPUT', `no ${WHAT[kind]} given; name one or more files (- for stdin)`);
  if (kind === 'status-detailed' && options.table === undefined) {
    throw new HotspotError('TEXT_TABLE_REQUIRED', `status 'detailed' lists every table's regions; name the table with --table${tablesListed(inputs)}`, { field: '--table' });
  }
  const captures: TextCapture[] = [];
  const perCapture: RegionLoad[][] = [];
  let table = options.table === undefined ? undefined : plainTableName(options.table);
  for (const input of inputs) {
    const issues: TextIssue[] = [];
    for (const capture of splitCaptures(input.text, input.file)) {
      checkOneOutput(kind, capture);
      let regions: RegionLoad[];
      if (kind === 'list-regions') {
        const parsed = parseListRegions(capture, issues);
        if (parsed.table !== undefined && table !== undefined && parsed.table !== table) {
          throw new HotspotError('TEXT_TABLE_MISMATCH', `this capture lists regions of table "${parsed.table}", not "${table}"; give captures of one table`, { file: input.file, line: capture.line });
        }
        table ??= parsed.table;
        regions = parsed.regions;
      } else {
        regions = parseStatusDetailed(capture, table as string, issues);
      }
      checkDuplicates(regions, capture, issues);
      captures.push(capture);
      perCapture.push(regions);
    }
    if (issues.length > 0) throw new TextFormatError(CODE[kind], input.file, WHAT[kind], issues);
  }
  const empty = perCapture.findIndex((r) => r.length === 0);
  const emptyCapture = captures[empty];
  if (emptyCapture) {
    const others = kind === 'status-detailed' ? tablesNamed(statusDetailedTables(emptyCapture)) : '';
    throw new HotspotError('TEXT_NO_REGIONS', `this capture has no region of table "${table ?? '?'}"; check the table name and that the whole output was pasted${others}`, { file: emptyCapture.file, line: emptyCapture.line });
  }
  const lastTimeMs = inputs.at(-1)?.mtimeMs ?? 0;
  const times = captureTimes(captures, options.intervalMs === undefined ? { lastTimeMs } : { lastTimeMs, intervalMs: options.intervalMs });
  const name = table as string;
  const snapshots: LoadSnapshot[] = perCapture.map((regions, i) => ({ timeMs: times[i] as number, table: name, regions }));
  return {
    table: name,
    source: { kind, description: inputs.map((i) => i.file).join(' '), ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }) },
    snapshots,
  };
}

/**
 * A {@link SnapshotSource} that replays the captures of {@link parseTextSeries} one per call.
 * @throws as {@link parseTextSeries}; `snapshot()` rejects with `SOURCE_EXHAUSTED` after the last capture.
 */
export function createTextSource(kind: TextSourceKind, inputs: readonly TextInput[], options: TextSeriesOptions = {}): SnapshotSource {
  const series = parseTextSeries(kind, inputs, options);
  let next = 0;
  return {
    kind,
    table: series.table,
    description: series.source.description ?? kind,
    gaps: TEXT_GAPS[kind],
    snapshot: async () => {
      const snapshot = series.snapshots[next];
      if (!snapshot) throw new HotspotError('SOURCE_EXHAUSTED', `all ${series.snapshots.length} capture(s) of ${series.source.description ?? kind} were read`);
      next++;
      return snapshot;
    },
  };
}
