/**
 * The self-contained HTML report: one file with its styles, the inlined uPlot library (line charts of per-server
 * load), the page script (canvas heatmap) and the data; it loads nothing from the network when viewed.
 *
 * uPlot (≈50 KB minified) draws the per-server time series with thousands of points fast; the heatmap is drawn on a
 * canvas by the page script, since a 10,000 × 500 grid needs pixel-level aggregation that general charting
 * libraries either lack or pay for in size (ECharts is ≈1 MB).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DetectResult } from '../../analysis/detect/index.js';
import type { LoadRates } from '../../model/index.js';
import { CLIENT_SCRIPT } from './client-script.js';
import { type PanelData, panelData } from './data.js';
import { escapeHtml, findingsHtml } from './findings.js';
import { HEALTH_STYLE, healthPanelHtml } from './health-panel.js';
import type { HealthReport } from '../../health/evaluate.js';

/** One panel of the report: a table's load series analysed (for a simulation, one design). */
export interface ReportPanel {
  /** Panel heading: the design name, or the series' table. */
  readonly title: string;
  /** A line under the heading (the key template of a design, the series' source), already safe to show. */
  readonly subtitle?: string;
  readonly rates: LoadRates;
  readonly detection: DetectResult;
}

/** The whole report. */
export interface ReportInput {
  /** Page title. */
  readonly title: string;
  /** One panel per series; several are shown side by side. */
  readonly panels: readonly ReportPanel[];
  /** True when keys and region names were redacted (the page says so). */
  readonly redacted: boolean;
  /** A `health --json` report, shown in its own panel under the others. */
  readonly health?: HealthReport;
}

const require = createRequire(import.meta.url);

function asset(path: string): string {
  return readFileSync(require.resolve(path), 'utf8');
}

/** JSON safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const STYLE = `
body{margin:0;font:14px/1.4 system-ui,sans-serif;background:#15161b;color:#ddd}
header{padding:12px 20px;border-bottom:1px solid #333}h1{font-size:20px;margin:0 0 6px}
.controls label{margin-right:16px}select{background:#222;color:#ddd;border:1px solid #555}
.panels{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px;padding:16px}
.panel{background:#1c1d24;border:1px solid #333;border-radius:6px;padding:12px;min-width:0;position:relative}
.panel h2{font-size:16px;margin:0}.sub{color:#999;font-family:monospace;word-break:break-all}
canvas.heatmap{width:100%;height:420px;display:block;image-rendering:pixelated;cursor:crosshair}
.axis{display:flex;justify-content:space-between;color:#888;font-size:12px}
.tip{display:none;white-space:pre;font:12px monospace;background:#000c;border:1px solid #777;padding:6px;margin-top:4px;overflow-x:auto}
.aggregated{color:#aaa;font-size:12px}table{border-collapse:collapse;font-size:12px}td,th{padding:2px 6px;border-bottom:1px solid #333;text-align:left}
tr.hot td{color:#ffb060}.redacted{color:#ffb060}h4{margin:12px 0 4px}
`;

function panelHtml(p: ReportPanel): string {
  return `<section class="panel">
<h2>${escapeHtml(p.title)}</h2>${p.subtitle ? `<div class="sub">${escapeHtml(p.subtitle)}</div>` : ''}
<h3>Key space × time</h3>
<div class="axis"><span>first key (top) · time →</span><span>last key (bottom)</span></div>
<canvas class="heatmap" width="600" height="420"></canvas>
<div class="tip"></div>
<div class="aggregated"></div>
<h3>Requests/s per RegionServer (dashed: fair share)</h3>
<div class="servers"></div>
<h3>Findings</h3>
${findingsHtml(p.detection)}
</section>`;
}

/**
 * Renders the report as one HTML document (UTF-8 text).
 * @throws Error when the uPlot package is not installed (a broken installation).
 */
export function renderReportHtml(input: ReportInput): string {
  const panels: PanelData[] = input.panels.map((p) => panelData(p.title, p.rates));
  const data = { panels, split: panels.every((p) => p.split) };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<style>${asset('uplot/dist/uPlot.min.css')}${STYLE}${input.health ? HEALTH_STYLE : ''}</style>
</head><body>
<header><h1>${escapeHtml(input.title)}</h1>
${input.redacted ? '<p class="redacted">Rowkeys and region names are redacted: keyed stand-ins that keep each key\'s length, byte classes and order.</p>' : ''}
<div class="controls">
<label>Colour <select data-control="metric"><option value="writes">write rate</option><option value="reads">read rate</option><option value="requests">request rate</option><option value="share">share of the table</option></select></label>
<label>Scale <select data-control="scale"><option value="log">logarithmic (5 decades)</option><option value="linear">linear</option></select></label>
<label>Row height <select data-control="heights"><option value="equal">equal per key range</option><option value="keyspace">proportional to key-space share</option></select></label>
</div>
<p class="aggregated">Rows are key ranges between region boundaries in key order (a split shows as its parent's rows dividing; a region covering several rows shows its whole rate in each, since region counters cannot say where inside the region requests fell); columns are the intervals between snapshots; colour is on one scale across the panels.</p>
</header>
<main class="panels">
${input.panels.map(panelHtml).join('\n')}
</main>
${input.health ? healthPanelHtml(input.health) : ''}
<script id="report-data" type="application/json">${scriptJson(data)}</script>
<script>${asset('uplot/dist/uPlot.iife.min.js')}</script>
<script>${CLIENT_SCRIPT}</script>
</body></html>
`;
}
