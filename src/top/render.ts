/**
 * The view as plain text lines (hbtop's batch output, and the body of the full-screen view): a header line with the
 * time, mode, sort, interval and hot factor, then per group a title line, the column headers and the rows. Columns
 * are a catalogue kept as data; numbers are right-aligned. Hot rows carry `HOT` and the measures they are hot in;
 * with colour on, the whole row is red.
 *
 * @module
 */
import pc from 'picocolors';
import { formatSizeBytes } from '../util/size.js';
import type { TopGroup, TopMode, TopRow, TopView } from './types.js';

/** One column of the view: header, alignment and how a row's cell is written. */
export interface TopColumn {
  readonly header: string;
  readonly align: 'left' | 'right';
  readonly cell: (row: TopRow) => string;
}

const rate = (v: number | null): string => (v === null ? '-' : v.toFixed(1));
const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;
const hotMark = (row: TopRow): string => (row.hotBy.length > 0 ? `HOT ${row.hotBy.join(',')}` : '');

const COMMON: readonly TopColumn[] = [
  { header: 'REQ/S', align: 'right', cell: (r) => rate(r.requestsPerSec) },
  { header: 'READ/S', align: 'right', cell: (r) => rate(r.readsPerSec) },
  { header: 'WRITE/S', align: 'right', cell: (r) => rate(r.writesPerSec) },
  { header: 'SIZE', align: 'right', cell: (r) => formatSizeBytes(r.storeSizeBytes) },
  { header: 'SHARE', align: 'right', cell: (r) => percent(r.share) },
  { header: 'HOT', align: 'left', cell: hotMark },
];

/** The columns of each mode, left to right. */
export const TOP_COLUMNS: Readonly<Record<TopMode, readonly TopColumn[]>> = {
  regions: [
    { header: 'REGION', align: 'left', cell: (r) => r.id },
    { header: 'START KEY', align: 'left', cell: (r) => r.startKey ?? '' },
    { header: 'SERVER', align: 'left', cell: (r) => r.server },
    ...COMMON,
  ],
  servers: [
    { header: 'SERVER', align: 'left', cell: (r) => r.server },
    { header: 'REGIONS', align: 'right', cell: (r) => String(r.regionCount ?? '') },
    ...COMMON,
  ],
};

/** Options of {@link renderTop}. */
export interface RenderOptions {
  /** Colour hot rows red (picocolors); off for batch output. */
  readonly color: boolean;
  /** Cut every line to this many characters (a terminal's width) before colouring; no cut when absent. */
  readonly maxWidth?: number;
}

const cut = (line: string, maxWidth: number | undefined): string => (maxWidth === undefined ? line : line.slice(0, maxWidth));

function groupLines(group: TopGroup, columns: readonly TopColumn[], mode: TopMode, options: RenderOptions): string[] {
  const noun = mode === 'regions' ? 'region' : 'server';
  const members = (n: number): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const hot = group.rows.filter((r) => r.hotBy.length > 0).length;
  const hidden = group.hotCount - hot;
  const title = `${group.title}: ${members(group.memberCount)}, ${rate(group.requestsPerSec)} requests/s, fair share ${percent(group.fairShare)}, ${hot} hot shown${hidden > 0 ? `, ${hidden} hot not shown (--limit)` : ''}`;
  const cells = [columns.map((c) => c.header), ...group.rows.map((row) => columns.map((c) => c.cell(row)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => (line[i] ?? '').length)));
  const lines = cells.map((line) =>
    cut(line.map((text, i) => (columns[i]?.align === 'right' ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0))).join('  ').trimEnd(), options.maxWidth));
  const paint = pc.createColors(options.color);
  const body = lines.slice(1).map((line, i) => ((group.rows[i]?.hotBy.length ?? 0) > 0 ? paint.red(line) : line));
  const more = group.memberCount - group.rows.length;
  return [cut(title, options.maxWidth), lines[0] ?? '', ...body, ...(more > 0 ? [`… ${more} more ${noun}${more === 1 ? '' : 's'} not shown (--limit)`] : [])];
}

/**
 * The view as lines (no trailing newlines). The first line is the header:
 * `top 2026-11-30T08:29:56.402Z  mode regions  sort requests  interval 9.6s  hot k=3`.
 */
export function renderTop(view: TopView, options: RenderOptions): string[] {
  const header = `top ${new Date(view.timeMs).toISOString()}  mode ${view.mode}  sort ${view.sort}  interval ${(view.intervalMs / 1000).toFixed(1)}s  hot k=${view.k}`;
  if (view.groups.length === 0) return [cut(header, options.maxWidth), 'no regions with counters in both readings yet'];
  const columns = TOP_COLUMNS[view.mode];
  return [cut(header, options.maxWidth), ...view.groups.flatMap((g) => ['', ...groupLines(g, columns, view.mode, options)])];
}
