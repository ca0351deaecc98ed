/**
 * The before/after page: two load series of a fix (or a migration) side by side, each with its own key axis (its own
 * region boundaries) but on one colour scale and one server-chart y-axis, under the proof's figures: each side's
 * hottest region's share against its fair share, busiest RegionServer's share against 1 ÷ servers, the p99
 * latencies when JMX readings were given, and the verdict — all of it `compare`'s own change record
 * (`src/fix/compare.ts`), computed from the same detection `compare` runs, so the page and `compare` never disagree.
 *
 * @module
 */
import { DEFAULT_K, detectFromRates } from '../../analysis/detect/index.js';
import { type ChangeRecord, type CompareVerdict, type SideSummary, compareSides, summarize } from '../../fix/compare.js';
import { type KeySample, type LoadSeries, computeRates, oneTable } from '../../model/index.js';
import type { ServerLatency } from '../../sources/jmx-latency.js';
import { HotspotError, isHotspotError } from '../../util/errors.js';
import type { HealthReport } from '../../health/evaluate.js';
import { escapeHtml } from './findings.js';
import { type ReportPanel, renderReportHtml } from './page.js';

/** One side of a before/after page. */
export interface CompareSide {
  /** The side's load series, of one table (a series of several is focused first, e.g. with `oneTable`). */
  readonly series: LoadSeries;
  /** Where it came from (a file name), shown under the side's title; already safe to show once escaped. */
  readonly label?: string;
  /** Key samples: they place each region's rate inside it in the heatmap only; the figures come from the series. */
  readonly samples?: readonly KeySample[];
  /** The RegionServers' latencies read while the side's load ran (`parseServerLatencies`), for the p99 figures. */
  readonly latencies?: readonly ServerLatency[];
}

/** Options of {@link compareReport}. */
export interface CompareReportOptions {
  /** Hot factor k (default that of detect and compare). */
  readonly k?: number;
  /** A `health --json` report to show in the health panel. */
  readonly health?: HealthReport;
}

/** Both sides analysed as `compare` analyses them, and its change record. */
export interface CompareAnalysis {
  readonly before: { readonly panel: ReportPanel; readonly summary: SideSummary };
  readonly after: { readonly panel: ReportPanel; readonly summary: SideSummary };
  readonly record: ChangeRecord;
}

function analyseSide(title: 'Before' | 'After', side: CompareSide, k: number): { panel: ReportPanel; summary: SideSummary } {
  let series: LoadSeries;
  try {
    series = oneTable(side.series, undefined);
  } catch (err) {
    // the message already names the field (`--table: ...`); the side and its file go in front of it
    throw isHotspotError(err) ? new HotspotError(err.code, `${title.toLowerCase()}: ${err.message}`, { ...(side.label ? { file: side.label } : {}), cause: err }) : err;
  }
  const rates = computeRates(series);
  const detection = detectFromRates(rates, { k });
  const source = series.source;
  const subtitle = [side.label, `table ${series.table}`, `${source.kind}${source.description ? `: ${source.description}` : ''}`].filter(Boolean).join(' · ');
  return {
    panel: { title, subtitle, rates, detection, ...(side.samples ? { samples: side.samples } : {}) },
    summary: summarize(detection, side.latencies),
  };
}

/**
 * Analyses both sides as `compare` does (`detectFromRates` with hot factor `k`, `summarize` with the latencies,
 * `compareSides`).
 * @throws HotspotError `SERIES_TOO_SHORT`, `DETECT_K_INVALID` as the detection; `SERIES_TABLE_REQUIRED` (naming the
 *   side) for a series of several tables; `COMPARE_INTERVAL_MISMATCH` when the windows differ by more than 10% (at
 *   the after side's label as its file when both sides have one).
 */
export function compareAnalysis(before: CompareSide, after: CompareSide, k: number = DEFAULT_K): CompareAnalysis {
  const b = analyseSide('Before', before, k);
  const a = analyseSide('After', after, k);
  const files = before.label !== undefined && after.label !== undefined ? { before: before.label, after: after.label } : undefined;
  return { before: b, after: a, record: compareSides(b.summary, a.summary, files) };
}

/** What each verdict of `compare` means, one clause, for the page's headline. */
export const VERDICT_MEANING: Readonly<Record<CompareVerdict, string>> = {
  fixed: 'a hotspot before, or a hottest region\'s share that fell toward its fair share, and no hot region or RegionServer remains',
  improved: 'the load moved toward the fair share, but a hot region or RegionServer remains',
  moved: 'a hot region or RegionServer remains, elsewhere than before',
  unchanged: 'the hot share did not move toward the fair share',
  worse: 'a hotspot where nothing was hot before, or the hot share rose further above the fair share',
};

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
/** `1 ÷ n` for a fair share 1/n, n shown whole when it is (time-weighted counts need not be). */
const oneIn = (share: number): string => {
  const n = 1 / share;
  return `1 ÷ ${Math.abs(n - Math.round(n)) < 0.05 ? Math.round(n) : n.toFixed(1)}`;
};
const ms = (x: number | null): string => (x === null ? 'n/a' : `${x.toFixed(1)} ms`);

function regionCell(s: SideSummary): string {
  if (!s.hottestRegion) return '<td>no region</td>';
  const r = s.hottestRegion;
  // the window's share alone hides a moving tail (each region takes the writes for a while): interval by interval too
  const m = s.medianIntervalHottestRegionShare;
  const perInterval = m === undefined ? '' : `<div class="interval">interval by interval: the hottest region took <b>${pct(m)}</b> of that interval's requests (median, ${(m / s.fairRegionShare).toFixed(1)}× fair)</div>`;
  return `<td><b class="figure">${pct(r.share)}</b> = <b>${s.hotToFair.toFixed(2)}×</b> its fair share ${pct(s.fairRegionShare)} (${oneIn(s.fairRegionShare)} regions)${perInterval}`
    + `<div class="who">${r.hot ? 'hot at the window\'s end: ' : ''}region ${escapeHtml(r.encodedName)} ["${escapeHtml(r.startKey)}", "${escapeHtml(r.endKey)}") on ${escapeHtml(r.server)}</div></td>`;
}

function serverCell(s: SideSummary): string {
  if (!s.worstServer || s.busiestServerShare === undefined || !s.fairServerShare) return '<td>no RegionServer</td>';
  return `<td><b class="figure">${pct(s.busiestServerShare)}</b> = <b>${(s.busiestServerShare / s.fairServerShare).toFixed(2)}×</b> its fair share ${pct(s.fairServerShare)} (${oneIn(s.fairServerShare)} servers)`
    + `<div class="who">${escapeHtml(s.worstServer.server)}, ${s.worstServer.requestsPerSec.toFixed(1)} requests/s</div></td>`;
}

function latencyRows(r: ChangeRecord): string {
  const ops = [...new Set([...(r.before.latency ?? []), ...(r.after.latency ?? [])].map((f) => f.operation))];
  const cell = (s: SideSummary, op: string): string => {
    if (!s.latency) return '<td>not read</td>';
    const f = s.latency.find((x) => x.operation === op);
    if (!f) return '<td>no activity read</td>';
    const mine = f.busiest ? `<b class="figure">${ms(f.busiest.p99Ms)}</b> on the busiest RegionServer` : 'busiest RegionServer not read';
    const worst = f.busiest && f.worst.server === f.busiest.server ? '' : `<div class="who">worst ${escapeHtml(f.worst.server)} ${ms(f.worst.p99Ms)}</div>`;
    return `<td>${mine}, peers' median ${ms(f.peersMedianP99Ms)}${worst}</td>`;
  };
  return ops.map((op) => `<tr data-figure="p99-${escapeHtml(op)}"><th>p99 ${escapeHtml(op)} latency</th>${cell(r.before, op)}${cell(r.after, op)}</tr>`).join('');
}

/** The proof shown at the top of the page: verdict, the figures of each side, and `compare`'s findings. */
export function proofHtml(r: ChangeRecord): string {
  return `<section class="proof" aria-label="before/after proof">
<p class="verdict verdict-${r.verdict}">Verdict: <b data-verdict="${r.verdict}">${r.verdict}</b> — ${escapeHtml(VERDICT_MEANING[r.verdict])}.</p>
<table class="figures"><tr><th></th><th>Before</th><th>After</th></tr>
<tr data-figure="hottest-region"><th>Hottest region's share of the table's requests over the window</th>${regionCell(r.before)}${regionCell(r.after)}</tr>
<tr data-figure="busiest-server"><th>Busiest RegionServer's share</th>${serverCell(r.before)}${serverCell(r.after)}</tr>
${latencyRows(r)}</table>
<details class="compare-findings"><summary>How compare decided</summary><ul>${r.findings.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul></details>
</section>`;
}

/** CSS of {@link proofHtml}. */
export const PROOF_STYLE = `
.proof{margin:6px 0 10px}.verdict{font-size:20px;margin:4px 0 8px;padding:6px 12px;border-left:6px solid #888;background:#22232b}
.verdict-fixed{border-color:#4caf50}.verdict-improved{border-color:#9ccc65}.verdict-moved{border-color:#ffb060}
.verdict-unchanged,.verdict-worse{border-color:#ef5350}.verdict b{text-transform:uppercase}
table.figures{font-size:14px}table.figures th,table.figures td{padding:4px 10px;vertical-align:top}
table.figures tr:first-child th{font-size:16px}.figure{font-size:18px;color:#fff}.who{color:#999;font:11px monospace}.interval{color:#f0c080}
.compare-findings{font-size:12px;color:#bbb}.panel .shape{min-height:4.3em}
`;

/**
 * The before/after page (one self-contained HTML document): the proof's figures and `compare`'s verdict on top,
 * then the two sides titled "Before" and "After" on one colour scale and one server y-axis.
 * @throws HotspotError as {@link compareAnalysis}.
 */
export function compareReport(before: CompareSide, after: CompareSide, options: CompareReportOptions = {}): string {
  const { before: b, after: a, record } = compareAnalysis(before, after, options.k);
  const tables = b.summary.table === a.summary.table ? `table ${b.summary.table}` : `tables ${b.summary.table} → ${a.summary.table}`;
  return renderReportHtml({
    title: `hbase-hotspot before/after: ${tables}`,
    redacted: false,
    panels: [b.panel, a.panel],
    lead: { html: proofHtml(record), style: PROOF_STYLE },
    sharedServerAxis: true,
    ...(options.health ? { health: options.health } : {}),
  });
}
