/**
 * Terminal rendering of a detection result: per-server share bars against the fair share, hot regions with their
 * keys in toStringBinary form, the shape with its evidence and alternatives, findings and rate events.
 *
 * @module
 */
import pc from 'picocolors';
import { findingEntry, shapeEntry } from '../analysis/detect/catalogue.js';
import type { DetectResult, RegionLoadShare } from '../analysis/detect/types.js';
import { formatDurationMs } from '../util/duration.js';
import { timesText } from '../util/ratio.js';
import type { TablesDetectResult } from '../analysis/detect/tables.js';
import { resultHotRegions, resultRegionNamed } from '../analysis/detect/region-shares.js';
import type { RateEvent } from '../model/index.js';

/** Rendering options. */
export interface DetectTextOptions {
  /** Use ANSI colours (when writing to a terminal). */
  readonly color: boolean;
  /** Width of the share bars in characters (default 30). */
  readonly barWidth?: number;
  /** Most events listed one by one; the rest are counted (default 10). */
  readonly maxEvents?: number;
  /** Most servers and most hot regions listed (`detect --limit`); default every server and 10 hot regions. */
  readonly limit?: number;
}

/** A share as a percentage with one decimal, e.g. `83.3%`; `n/a` for `null`. */
export function percent(x: number | null): string {
  return x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`;
}

/**
 * The write figure beside the hottest server's share of requests in the servers' heading: that server's share of
 * writes in parentheses when it also takes the most writes (` (writes 33.5%)`), else the server that takes the most
 * writes, named with its share (`; most writes on rs1…: 52.5%`), so the figure is not read as the hottest server's;
 * empty when the source has no write counts.
 */
export function serverWritesNote(result: Pick<DetectResult, 'servers' | 'hottestServerShare' | 'hottestServerWriteShare'>): string {
  const most = result.hottestServerWriteShare;
  if (most === null) return '';
  const hottest = result.servers.find((s) => s.share === result.hottestServerShare);
  if (hottest === undefined || hottest.writeShare === most) return ` (writes ${percent(most)})`;
  const writer = result.servers.find((s) => s.writeShare === most);
  return writer === undefined ? `; most writes on one server ${percent(most)}` : `; most writes on ${writer.server}: ${percent(most)}`;
}

/**
 * A bar of `width` cells filled in proportion to `share` (0–1), with `│` marking the fair share when it falls on an
 * empty cell.
 */
export function shareBar(share: number, fairShare: number, width: number): string {
  const filled = Math.round(Math.min(1, Math.max(0, share)) * width);
  const fairAt = Math.min(width - 1, Math.round(fairShare * width));
  let bar = '';
  for (let i = 0; i < width; i++) bar += i < filled ? '█' : i === fairAt ? '│' : ' ';
  return bar;
}

function time(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

function eventLine(e: RateEvent): string {
  return `${time(e.timeMs)}  ${e.kind.padEnd(16)} ${e.detail}`;
}

/** `min / median / max` of a list of shares. */
function range3(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `${percent(at(0))} / ${percent(at(0.5))} / ${percent(sorted.at(-1) ?? 0)}`;
}

/** One line on the per-interval figures: how the hottest server's share ranged, and in how many intervals a server was hot. */
export function timelineSummary(result: DetectResult): string {
  const t = result.timeline;
  const writes = t.map((e) => e.hottestServerWriteShare);
  const hotIntervals = t.filter((e) => e.hotServers.length > 0).length;
  const write = writes.includes(null) ? '' : `, of writes ${range3(writes as number[])}`;
  return `per interval (min / median / max): hottest server's share of requests ${range3(t.map((e) => e.hottestServerShare))}${write}; a server was hot in ${hotIntervals} of ${t.length}`;
}

/**
 * A hot region's load for its line: its share of the window's requests and its rate. The rate is over the intervals
 * the region was part of, so for one that opened or went during the window (a monotonic tail's young last region) it
 * says so, with when it was first (or last) seen, rather than pair a window share with a rate over a shorter life.
 */
function regionLoadText(r: RegionLoadShare, w: DetectResult['window']): string {
  const rate = `${r.requestsPerSec.toFixed(1)} req/s`;
  if (r.firstSeenMs <= w.startMs && r.lastSeenMs >= w.endMs) return `${percent(r.share)} of requests (${rate})`;
  const seen = [
    ...(r.firstSeenMs > w.startMs ? [`first seen ${formatDurationMs(w.endMs - r.firstSeenMs)} before the window's end`] : []),
    ...(r.lastSeenMs < w.endMs ? [`last seen ${formatDurationMs(w.endMs - r.lastSeenMs)} before the window's end`] : []),
  ];
  return `${percent(r.share)} of the window's requests; ${rate} over the intervals it was part of (${seen.join(', ')})`;
}

/** ` read replica N` for a secondary read replica, nothing for a primary or an unknown region. */
function replicaLabel(region: { readonly replicaId?: number } | undefined): string {
  return region?.replicaId === undefined ? '' : ` read replica ${region.replicaId}`;
}

/**
 * The shape's fix, but for a tail that region history alone decided while one hot row fits it too: then key samples
 * come first, since a new key (the tail's fix) cannot divide one row (`fix plan` asks for them the same way).
 */
function fixLine(result: DetectResult, shape: Exclude<DetectResult['shape'], 'none'>): string {
  const fix = shapeEntry(shape).fix;
  const rowToo = shape === 'monotonic-tail' && result.decidedBy === 'region-history' && result.alternatives.some((a) => a.shape === 'single-row');
  return rowToo ? `confirm the tail with key samples first (--samples): one hot row shows the same history, and a new key cannot divide a row; then ${fix}` : fix;
}

/** Renders a {@link DetectResult} for the terminal. Ends with a newline. */
export function renderDetectText(result: DetectResult, options: DetectTextOptions): string {
  const c = pc.createColors(options.color);
  const width = options.barWidth ?? 30;
  const lines: string[] = [];
  const w = result.window;
  lines.push(c.bold(`table ${result.table}`) + `: ${w.intervals} interval(s), ${time(w.startMs)} to ${time(w.endMs)}, hot = above ${result.k} × the peers' average`);
  lines.push('');
  // a table of one region has no peers to be hotter than, yet that region takes all of the table's requests
  const unsplit = result.findings.some((f) => f.kind === 'unsplit-table');
  const calm = unsplit ? c.yellow('no region hotter than its peers, but the table is one region (unsplit table, below)') : c.green('no hotspot');
  const verdict = result.shape === 'none' ? calm : c.red(c.bold(shapeEntry(result.shape).title));
  lines.push(`${c.bold('shape')}: ${verdict}${result.decidedBy === 'none' ? '' : c.dim(` (decided by ${result.decidedBy === 'samples' ? 'key samples' : 'region history'})`)}`);
  for (const e of result.evidence) lines.push(`  - ${e}`);
  const said: string[] = [];
  for (const a of result.alternatives) {
    // Two alternatives often share the deciding evidence (key samples): say it once, point back to it the next time.
    const again = said.some((s) => s.includes(a.separatedBy));
    said.push(a.separatedBy);
    const by = again ? `${a.separatedBy.split(':')[0]}, as above` : a.separatedBy;
    lines.push(`  ${c.yellow('or')} ${shapeEntry(a.shape).title}: ${c.dim(`separated by ${by}`)}`);
  }
  if (result.shape !== 'none') lines.push(`  ${c.dim(`fix: ${fixLine(result, result.shape)}`)}`);
  const n = result.now;
  if (n) {
    const named = n.region === null
      ? 'no region hot'
      : `region ${n.region}${replicaLabel(resultRegionNamed(result, n.region))} on ${n.server}: ${percent(n.regionShare)} of requests${n.regionWriteShare === null ? '' : `, ${percent(n.regionWriteShare)} of writes`}, ${n.regionRequestsPerSec.toFixed(0)} requests/s`;
    lines.push(`${c.bold('now')} (last ${n.intervals} interval(s) from ${time(n.startMs)}${n.gapsSkipped ? `, ${n.gapsSkipped} gap(s) passed over` : ''}): ${named}`);
  }
  if (result.story) lines.push(`${c.bold('window')}: ${result.story.summary}`);
  lines.push('');
  const total = result.servers.reduce((a, s) => a + s.requestsPerSec, 0);
  lines.push(`${c.bold('servers')} ${c.dim('(over the window)')}: hottest ${percent(result.hottestServerShare)} of requests${serverWritesNote(result)}, fair share ${percent(result.fairServerShare)} ${c.dim('(1 / the servers hosting the table\'s regions)')}, ${total.toFixed(1)} req/s in all; skew ${result.spread.servers.skew.toFixed(2)} ${c.dim('(0 = even, 1 = all on one server)')}`);
  const nameWidth = Math.max(6, ...result.servers.map((s) => s.server.length));
  const serverLimit = options.limit ?? result.servers.length;
  for (const s of result.servers.slice(0, serverLimit)) {
    const bar = shareBar(s.share, result.fairServerShare, width);
    const ratio = s.peerRatio === null ? 'peers idle' : `${timesText(s.peerRatio)} peers`;
    const tag = s.hot ? c.red(` HOT (${s.hotBy.join(', ')})`) : s.hotIntervals > 0 ? c.yellow(` hot in ${s.hotIntervals} interval(s)`) : '';
    lines.push(`  ${s.server.padEnd(nameWidth)} ${s.hot ? c.red(bar) : c.cyan(bar)} ${percent(s.share).padStart(6)}  ${s.requestsPerSec.toFixed(1).padStart(8)} req/s  writes ${percent(s.writeShare).padStart(6)}  reads ${percent(s.readShare).padStart(6)}  ${c.dim(`${ratio}, ${timesText(s.averageRatio)} avg, ${s.regionCount} region(s)`)}${tag}`);
  }
  const hidden = result.servers.slice(serverLimit);
  if (hidden.length > 0) {
    // A server cut here may still be hot in some interval (and named by a finding below): count those too.
    const hotSome = hidden.filter((s) => !s.hot && s.hotIntervals > 0).length;
    lines.push(`  … ${hidden.length} more server(s), ${hidden.filter((s) => s.hot).length} of them hot${hotSome > 0 ? `, ${hotSome} hot in some interval` : ''} (--limit ${serverLimit}; --json lists all)`);
  }
  lines.push(`  ${timelineSummary(result)}`);
  lines.push('');
  // Hot over the window or in at least one interval (the report's table lists the same regions).
  // Hot now first (the headline's region leading), then by share.
  const named = result.now?.region;
  const hot = resultHotRegions(result)
    .sort((a, b) => Number(b.encodedName === named) - Number(a.encodedName === named) || Number(b.hotNow) - Number(a.hotNow) || b.share - a.share);
  lines.push(`${c.bold('hot regions')}: ${hot.length} (hottest ${percent(result.hottestRegionShare)} of the requests over the window, fair share ${percent(result.fairRegionShare)})`);
  const regionLimit = options.limit ?? 10;
  for (const r of hot.slice(0, regionLimit)) {
    lines.push(`  ${r.encodedName} ["${r.startKey}", "${r.endKey}")${replicaLabel(r)} on ${r.server}: ${regionLoadText(r, w)}, ${r.hot ? 'hot over the window or now, ' : ''}hot in ${r.hotIntervals} of ${w.intervals} interval(s)${r.hotNow ? ', hot now' : ''}`);
  }
  // Not "the busiest": the headline's region and those hot now lead, so a busier region hot only earlier can be cut.
  if (hot.length > regionLimit) lines.push(`  … ${hot.length - regionLimit} more (the headline's region and those hot now first, then by share; --json lists all)`);
  if (result.findings.length) {
    lines.push('');
    lines.push(c.bold('findings'));
    for (const f of result.findings) {
      lines.push(`  ${c.yellow(findingEntry(f.kind).title)}: ${f.summary}`);
      for (const e of f.evidence) lines.push(`    - ${e}`);
    }
  }
  lines.push('');
  const max = options.maxEvents ?? 10;
  lines.push(`${c.bold('events')}: ${result.events.length}${result.events.length ? '' : ' (no resets, moves, splits, merges or gaps)'}`);
  for (const e of result.events.slice(0, max)) lines.push(`  ${eventLine(e)}`);
  if (result.events.length > max) lines.push(c.dim(`  … ${result.events.length - max} more (--json lists them all)`));
  return `${lines.join('\n')}\n`;
}

/**
 * Renders a detection over several tables ({@link TablesDetectResult}) for the terminal: the servers judged by the
 * sum of every table's requests against their fair share, with each table's part, the cluster findings naming their
 * table, then every table's own detection ({@link renderDetectText}). Ends with a newline.
 */
export function renderTablesText(result: TablesDetectResult, options: DetectTextOptions): string {
  const c = pc.createColors(options.color);
  const width = options.barWidth ?? 30;
  const cl = result.cluster;
  const lines: string[] = [];
  lines.push(c.bold(`${cl.tables.length} tables`) + `: ${cl.tables.join(', ')}; each table's regions are judged against that table's own, a server by the sum of every table's requests on it`);
  lines.push('');
  lines.push(`${c.bold('servers, all tables')}: fair share ${percent(cl.fairServerShare)} (1 / the servers hosting any table's regions)`);
  const nameWidth = Math.max(6, ...cl.servers.map((s) => s.server.length));
  const limit = options.limit ?? cl.servers.length;
  for (const s of cl.servers.slice(0, limit)) {
    const bar = shareBar(s.share, cl.fairServerShare, width);
    const ratio = s.peerRatio === null ? 'peers idle' : `${timesText(s.peerRatio)} peers`;
    // the measures it is hot in, as a table's server row gives them: a server hot by writes can be under k × in requests
    const tag = s.hot ? c.red(` HOT${(s.hotBy ?? []).length > 0 ? ` (${s.hotBy.join(', ')})` : ''}`) : s.hotIntervals > 0 ? c.yellow(` hot in ${s.hotIntervals} interval(s)`) : '';
    const parts = s.tables.map((t) => `${t.table} ${percent(t.share)}`).join(', ');
    lines.push(`  ${s.server.padEnd(nameWidth)} ${s.hot ? c.red(bar) : c.cyan(bar)} ${percent(s.share).padStart(6)}  ${s.requestsPerSec.toFixed(1).padStart(8)} req/s  ${c.dim(`${ratio}, ${s.regionCount} region(s): ${parts}`)}${tag}`);
  }
  if (cl.servers.length > limit) lines.push(`  … ${cl.servers.length - limit} more server(s) (--limit ${limit}; --json lists all)`);
  if (cl.findings.length > 0) {
    lines.push('');
    lines.push(c.bold('findings, all tables'));
    for (const f of cl.findings) {
      lines.push(`  ${c.yellow(findingEntry(f.kind).title)} (table ${f.table}): ${f.summary}`);
      for (const e of f.evidence) lines.push(`    - ${e}`);
    }
  }
  for (const t of result.tables) {
    lines.push('');
    lines.push(c.bold(`── table ${t.table} ──`));
    lines.push(renderDetectText(t, options).trimEnd());
  }
  return `${lines.join('\n')}\n`;
}
