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
import type { KeySample, LoadRates } from '../../model/index.js';
import { CLIENT_SCRIPT, clientScript } from './client-script.js';
import { type PanelData, panelData } from './data.js';
import { escapeHtml, findingsHtml, shapeHtml } from './findings.js';
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
  /** Key samples of the series: the heatmap places each region's rate inside it by them (see `data.ts`). */
  readonly samples?: readonly KeySample[];
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
  /** The live page's additions (`serve`): a status line under the header and a script run after the report's own. */
  readonly live?: { readonly statusHtml: string; readonly script: string };
  /** HTML shown under the title, above everything else (already escaped), and the CSS it needs (the before/after proof). */
  readonly lead?: { readonly html: string; readonly style: string };
  /**
   * True to draw every panel's RegionServer chart on one y-axis (0 to the highest server rate or fair share of any
   * panel), as the colour scale already is; otherwise each chart fits its own data.
   */
  readonly sharedServerAxis?: boolean;
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
.hm{display:grid;grid-template-columns:minmax(120px,22%) 1fr;grid-template-rows:420px 36px}
.keys{position:relative;overflow:hidden;font:11px monospace;color:#ccc;border-right:1px solid #666;cursor:zoom-in}
.key{position:absolute;right:4px;left:0;text-align:right;transform:translateY(-50%);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.key.first{transform:none}.key.last{transform:translateY(-100%)}.key:hover{color:#fff;background:#333}.key .pfx{color:#777}.key i{color:#999}
.plot{position:relative;min-width:0}.sel{display:none;position:absolute;border:1px solid #fff;background:#fff3;pointer-events:none}
.zone{color:#888;font-size:11px;text-align:right;padding:14px 8px 0 0}
.times{position:relative;border-top:1px solid #666;font-size:11px;color:#ccc}
.tick{position:absolute;top:0;transform:translateX(-50%);text-align:center;white-space:nowrap;border-left:1px solid #666;padding-top:2px}
.tick.first{transform:none}.tick.last{transform:translateX(-100%);border-left:0;border-right:1px solid #666}.tick span{display:block}.tick .date{color:#999}
.zoombar{font-size:12px;margin:4px 0}.zoombar button,.zoombar input{background:#222;color:#ddd;border:1px solid #555;font-size:12px}
.hint,.range,.note{color:#999;font-size:12px}.range{font-family:monospace;margin:2px 0 4px}
.legend{margin:6px 0 0 22%;font-size:12px;max-width:520px}.legend-title{color:#ddd}
.legend-bar{height:12px;border:1px solid #555}.legend-ticks{position:relative;height:16px;color:#ccc}
.ltick{position:absolute;transform:translateX(-50%);white-space:nowrap}.ltick:first-child{transform:none}.ltick:last-child{transform:translateX(-100%)}
.swatch{display:inline-block;width:10px;height:10px;background:rgb(48,48,48);border:1px solid #777;vertical-align:middle}
.placement{color:#bbb}.shape{font-size:15px;background:#2a2230;border-left:4px solid #ffb060;padding:6px 10px;margin:8px 0}
.tip{display:none;white-space:pre-wrap;font:12px monospace;background:#000c;border:1px solid #777;padding:6px;margin-top:4px;overflow-x:auto}
.aggregated{color:#aaa;font-size:12px}table{border-collapse:collapse;font-size:12px}td,th{padding:2px 6px;border-bottom:1px solid #333;text-align:left}
tr.hot td{color:#ffb060}.redacted{color:#ffb060}h4{margin:12px 0 4px}
`;

function panelHtml(p: ReportPanel): string {
  return `<section class="panel">
<h2>${escapeHtml(p.title)}</h2>${p.subtitle ? `<div class="sub">${escapeHtml(p.subtitle)}</div>` : ''}
${shapeHtml(p.detection)}
<h3>Key space × time</h3>
<div class="zoombar"><button type="button" data-action="reset">Reset zoom</button>
<label>Key prefix <input class="prefix" size="16" placeholder="e.g. 2024\\x00"></label><button type="button" data-action="drill">Drill in</button>
<span class="hint">drag: zoom to a box · shift-drag: pan · wheel: zoom · double-click: reset · click a key: zoom to it</span></div>
<div class="range"></div>
<div class="hm">
<div class="keys" aria-label="region boundaries (start keys)"></div>
<div class="plot"><canvas class="heatmap" width="600" height="420"></canvas><div class="sel"></div></div>
<div class="zone"></div>
<div class="times" aria-label="time"></div>
</div>
<div class="legend"><div class="legend-title"></div><div class="legend-bar"></div><div class="legend-ticks"></div>
<div class="legend-none"><span class="swatch"></span> no region in that key range then</div><div class="placement"></div></div>
<div class="tip"></div>
<div class="aggregated"></div>
<h3>Requests/s per RegionServer</h3>
<p class="note">The busiest servers as lines (hover a name for the full <code>host,port,startcode</code>), the others as a band from the least to the most busy; dashed: the fair share (table requests/s ÷ servers). Drag to zoom the time, double-click to reset; the heatmap follows.</p>
<div class="servers"></div>
<h3>Findings</h3>
<div class="findings">${findingsHtml(p.detection)}</div>
</section>`;
}

/** What the analysis says about each region it names (hot region, findings), by encoded name, one line each. */
export function regionNotes(det: DetectResult): Map<string, string[]> {
  const notes = new Map<string, string[]>();
  const add = (name: string, line: string): void => {
    const list = notes.get(name);
    if (list) list.push(line);
    else notes.set(name, [line]);
  };
  for (const r of det.regions) {
    if (r.hot || r.hotIntervals > 0) {
      add(r.encodedName, `${r.hot ? 'hot region' : 'hot in some intervals'}: ${(r.share * 100).toFixed(1)}% of the table's requests over the window (fair share ${(det.fairRegionShare * 100).toFixed(1)}%), hot in ${r.hotIntervals} of ${det.window.intervals} intervals`);
    }
  }
  for (const f of det.findings) for (const name of f.regions) add(name, `${f.kind}: ${f.summary}`);
  return notes;
}

/** The data the page script reads (`#report-data`): each panel's {@link PanelData}, and whether all have the read/write split. */
export interface ReportPageData {
  readonly panels: PanelData[];
  readonly split: boolean;
}

/** The page script's data for `input` (embedded in the page, and pushed to the live page on each snapshot). */
export function reportPageData(input: ReportInput): ReportPageData {
  const panels: PanelData[] = input.panels.map((p) => panelData(p.title, p.rates, { notes: regionNotes(p.detection), ...(p.samples ? { samples: p.samples } : {}) }));
  return { panels, split: panels.every((p) => p.split) };
}

/** The highest requests/s any panel's server chart draws: a RegionServer's rate or the fair share, in any interval. */
export function serverMax(panels: readonly PanelData[]): number {
  let max = 0;
  for (const p of panels) {
    for (const rates of p.serverRates) for (const v of rates) max = Math.max(max, v);
    for (const v of p.fair) max = Math.max(max, v);
  }
  return max;
}

/**
 * Renders the report as one HTML document (UTF-8 text).
 * @throws Error when the uPlot package is not installed (a broken installation).
 */
export function renderReportHtml(input: ReportInput): string {
  const base = reportPageData(input);
  const data = { ...base, ...(input.sharedServerAxis ? { serverMax: serverMax(base.panels) } : {}) };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<style>${asset('uplot/dist/uPlot.min.css')}${STYLE}${input.health ? HEALTH_STYLE : ''}${input.lead?.style ?? ''}</style>
</head><body>
<header><h1>${escapeHtml(input.title)}</h1>${input.lead?.html ?? ''}
${input.redacted ? '<p class="redacted">Rowkeys and region names are redacted: keyed stand-ins that keep each key\'s length, byte classes and order.</p>' : ''}
<div class="controls">
<label>Colour <select data-control="metric"><option value="writes">write rate</option><option value="reads">read rate</option><option value="requests">request rate</option><option value="share">share of the table</option><option value="fair">multiple of fair share</option></select></label>
<label>Scale <select data-control="scale"><option value="log">logarithmic (5 decades)</option><option value="linear">linear</option></select></label>
<label>Row height <select data-control="heights"><option value="equal">equal per key range</option><option value="keyspace">proportional to key-space share</option></select></label>
<label>Times <select data-control="zone"><option value="local">viewer's zone</option><option value="utc">UTC</option></select></label>
</div>
<p class="aggregated">Rows are key ranges between region boundaries in key order, first key at the top (a split shows as its parent's rows dividing); columns are the intervals between snapshots; colour is on one scale across the panels. Where key samples were given, a region's rate is drawn where its sampled keys fell; otherwise over the region's whole key range, since region counters cannot say where inside a region requests fell.</p>
${input.live ? input.live.statusHtml : ''}</header>
<main class="panels">
${input.panels.map(panelHtml).join('\n')}
</main>
${input.health ? healthPanelHtml(input.health) : ''}
<script id="report-data" type="application/json">${scriptJson(data)}</script>
<script>${asset('uplot/dist/uPlot.iife.min.js')}</script>
<script>${input.sharedServerAxis ? clientScript({ sharedServerAxis: true }) : CLIENT_SCRIPT}</script>
${input.live ? `<script>${input.live.script}</script>` : ''}
</body></html>
`;
}
