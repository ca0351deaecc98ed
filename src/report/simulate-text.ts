/**
 * Terminal rendering of a simulated scenario: the designs side by side (regions, splits, hottest server against the
 * fair share, each interval's hottest share, shape, read costs, verdict), then each design's per-server share bars.
 *
 * @module
 */
import pc from 'picocolors';
import { shapeEntry } from '../analysis/detect/catalogue.js';
import type { ClusterView } from '../analysis/detect/index.js';
import type { ReadCost } from '../simulate/read-cost.js';
import type { DesignOutcome, ScenarioOutcome } from '../simulate/simulate.js';
import { formatDurationMs } from '../util/duration.js';
import { percent, shareBar } from './detect-text.js';

/** Rendering options. */
export interface SimulateTextOptions {
  /** Use ANSI colours. */
  readonly color: boolean;
  /** Width of each design's column (default 48). */
  readonly columnWidth?: number;
}

/** A design within this factor of the fair share (hottest server ÷ fair) counts as even. */
export const EVEN_FACTOR = 1.5;

const count = (n: number): string => (n >= 1e9 ? `${(n / 1e9).toFixed(1)}e9` : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : Math.round(n).toLocaleString('en-US'));

function intervalRange(d: DesignOutcome): string {
  // intervals with no measured requests (e.g. a region moved and its restarted counter matched the old value) are
  // counted, not ranged
  const busy = d.detection.timeline.filter((t) => t.requestsPerSec > 0);
  const idle = d.detection.timeline.length - busy.length;
  const shares = busy.map((t) => t.hottestServerWriteShare ?? t.hottestServerShare).sort((a, b) => a - b);
  if (shares.length === 0) return 'n/a';
  const hosts = new Set(d.detection.timeline.flatMap((t) => (t.hottestServer === null ? [] : [t.hottestServer]))).size;
  return `${percent(shares[0] ?? 0)}–${percent(shares.at(-1) ?? 0)}, median ${percent(shares[Math.floor(shares.length / 2)] ?? 0)}, on ${hosts} server${hosts === 1 ? '' : 's'}${idle ? `; ${idle} idle` : ''}`;
}

function readCell(r: ReadCost | undefined): string {
  if (!r) return '';
  return `${r.regions} region${r.regions === 1 ? '' : 's'}, ${r.rpcs} RPC${r.rpcs === 1 ? '' : 's'}, ${count(r.rowsScanned)} rows read`;
}

/** Whether a design is even (no hotspot and hottest server within {@link EVEN_FACTOR} × fair share). */
export function isEven(d: DesignOutcome): boolean {
  const det = d.detection;
  const hottest = det.hottestServerWriteShare ?? det.hottestServerShare;
  return det.shape === 'none' && hottest <= EVEN_FACTOR * det.fairServerShare;
}

function verdict(d: DesignOutcome, c: ReturnType<typeof pc.createColors>): string {
  const det = d.detection;
  if (isEven(d)) return c.green('no hotspot');
  if (det.shape === 'none') return c.yellow(`uneven (hottest ${((det.hottestServerWriteShare ?? det.hottestServerShare) / det.fairServerShare).toFixed(1)}× fair)`);
  return c.red(c.bold(`hotspot: ${shapeEntry(det.shape).title}`));
}

/** Renders a scenario's outcome for the terminal. Ends with a newline. */
export function renderSimulateText(outcome: ScenarioOutcome, options: SimulateTextOptions): string {
  const c = pc.createColors(options.color);
  const width = options.columnWidth ?? 48;
  const s = outcome.scenario;
  const designs = outcome.designs;
  // a scenario of tables: each table has its own workload and reads
  const workloads = s.tables ? s.tables.map((t) => t.workload) : [s.workload];
  const labelWidth = Math.min(48, Math.max(22, ...workloads.flatMap((w) => w.reads.map((r) => r.name.length + 8))));
  const label = (text: string) => text.padEnd(labelWidth);
  const row = (name: string, cells: string[]) => `${label(name)}${cells.map((x) => x.padEnd(width)).join('  ')}`.trimEnd();
  const joined = s.cluster.addServers.reduce((n, j) => n + j.count, 0);
  const lines: string[] = [];
  lines.push(c.bold(s.name));
  const rates = s.tables
    ? `${s.tables.length} tables on the same servers (${s.tables.map((t) => `${t.table.name} ${t.workload.writeRatePerSec.toLocaleString('en-US')} writes/s`).join(', ')})`
    : `${s.workload.writeRatePerSec.toLocaleString('en-US')} writes/s average${s.workload.peakWriteRatePerSec ? `, ${s.workload.peakWriteRatePerSec.toLocaleString('en-US')}/s peak` : ''}`;
  lines.push(
    c.dim(`${formatDurationMs(s.durationMs)} from ${new Date(s.startMs).toISOString()}: ${rates}; ` +
      `${s.cluster.regionServers}${joined ? ` + ${joined}` : ''} RegionServers, ${s.cluster.balancer} balancer every ${formatDurationMs(s.cluster.balancerIntervalMs)}; step ${formatDurationMs(s.stepMs)}`),
  );
  lines.push('');
  lines.push(c.bold(row('', designs.map((d) => (s.tables ? `table ${d.name}` : d.name)))));
  lines.push(row('template', designs.map((d) => d.template)));
  lines.push(row('regions', designs.map((d) => `${d.run.series.snapshots[0]?.regions.length ?? 0} → ${d.run.series.snapshots.at(-1)?.regions.length ?? 0} (${d.run.splits.length} splits, ${d.run.moves.length} moves)`)));
  lines.push(row('hottest server', designs.map((d) => `${percent(d.detection.hottestServerWriteShare)} of writes, fair ${percent(d.detection.fairServerShare)}`)));
  lines.push(row('  each interval', designs.map(intervalRange)));
  lines.push(row('hottest region', designs.map((d) => `${percent(d.detection.hottestRegionShare)} of requests`)));
  lines.push(row('shape', designs.map((d) => (d.detection.shape === 'none' ? 'none' : shapeEntry(d.detection.shape).title))));
  if (s.tables) {
    // each table's reads in its own column
    designs.forEach((d, j) => {
      for (const r of d.reads) lines.push(row(`read: ${r.pattern}`.slice(0, labelWidth - 1), designs.map((_, k) => (k === j ? readCell(r) : ''))));
    });
  } else {
    for (const [i, pattern] of s.workload.reads.entries()) {
      lines.push(row(`read: ${pattern.name}`.slice(0, labelWidth - 1), designs.map((d) => readCell(d.reads[i]))));
    }
  }
  lines.push(row('verdict', designs.map((d) => verdict(d, c) + ' '.repeat(Math.max(0, width - verdict(d, pc.createColors(false)).length)))));
  for (const d of designs) {
    lines.push('');
    lines.push(`${c.bold(d.name)}: write share per RegionServer over the run (│ = fair share)`);
    const nameWidth = Math.max(...d.detection.servers.map((x) => x.server.length));
    // Ordered by the share the bars show (writes), largest first; ties by name. Detection orders by requests.
    const shown = (x: (typeof d.detection.servers)[number]): number => x.writeShare ?? x.share;
    const byWrites = [...d.detection.servers].sort((a, b) => shown(b) - shown(a) || a.server.localeCompare(b.server));
    for (const server of byWrites) {
      const share = shown(server);
      const hot = share > EVEN_FACTOR * d.detection.fairServerShare;
      const bar = shareBar(share, d.detection.fairServerShare, 30);
      lines.push(`  ${server.server.padEnd(nameWidth)} ${hot ? c.red(bar) : c.cyan(bar)} ${percent(share).padStart(6)}  reads ${percent(server.readShare).padStart(6)}`);
    }
    if (d.detection.shape !== 'none') {
      lines.push(`  ${c.dim(`shape evidence: ${d.detection.evidence[0] ?? ''}`)}`);
      lines.push(`  ${c.dim(`fix: ${shapeEntry(d.detection.shape).fix}`)}`);
    }
    for (const f of d.detection.findings) lines.push(`  ${c.yellow(f.kind)}: ${f.summary}`);
    for (const r of d.reads) for (const note of r.notes) lines.push(`  ${c.dim(`${r.pattern}: ${note}`)}`);
  }
  if (outcome.tables) lines.push('', ...clusterLines(outcome.tables.detection.cluster, c));
  return `${lines.join('\n')}\n`;
}

/**
 * The servers judged by the sum of every table's requests (each table's part of the load, regions held), then the
 * cluster's findings, each naming the table that caused it.
 */
function clusterLines(cluster: ClusterView, c: ReturnType<typeof pc.createColors>): string[] {
  const lines = [`${c.bold('all tables')}: requests per RegionServer, every table summed (│ = fair share)`];
  const nameWidth = Math.max(0, ...cluster.servers.map((x) => x.server.length));
  for (const server of cluster.servers) {
    const bar = shareBar(server.share, cluster.fairServerShare, 30);
    const parts = server.tables.map((t) => `${t.table} ${percent(t.share)} (${t.regionCount} region${t.regionCount === 1 ? '' : 's'})`).join(', ');
    lines.push(`  ${server.server.padEnd(nameWidth)} ${server.hot ? c.red(bar) : c.cyan(bar)} ${percent(server.share).padStart(6)}  ${parts}`);
  }
  if (cluster.findings.length === 0) lines.push(`  ${c.green('no server is hot by the sum of the tables')}`);
  for (const f of cluster.findings) lines.push(`  ${c.yellow(f.kind)} (table ${f.table ?? '?'}): ${f.summary}`);
  return lines;
}
