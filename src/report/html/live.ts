/**
 * The live report page of `serve`: the static report (same heatmap, server chart and findings) with a status line
 * and a script that listens to the server's event stream (`/events`, server-sent events) and hands each new
 * snapshot's data to the report script's `update`, replacing the verdict and findings in place, without a reload.
 *
 * @module
 */
import { toStringBinary } from '../../bytes/index.js';
import type { LoadRates, LoadSeries } from '../../model/index.js';
import { type SeriesReportOptions, seriesReportInput } from './build.js';
import { escapeHtml, findingsHtml, shapeHtml } from './findings.js';
import { type ReportPageData, renderReportHtml, reportPageData } from './page.js';

/** The last interval of one table: what the status line states. */
export interface LiveLatest {
  readonly table: string;
  /** Interval start and end, epoch ms. */
  readonly startMs: number;
  readonly endMs: number;
  /** The table's requests/s and writes/s in the interval (writes `null` when the source has only the sum). */
  readonly requestsPerSec: number;
  readonly writesPerSec: number | null;
  /** The RegionServer with the most of the table's requests/s in the interval, with its requests/s; none without servers. */
  readonly busiest: { readonly server: string; readonly requestsPerSec: number } | null;
  /** RegionServers holding the table's regions in the interval (a server's fair share is 1 / this of the requests). */
  readonly servers: number;
  /**
   * The region with the most writes/s in the interval (requests/s when the source has only the sum): its start key
   * (toStringBinary), server, rate and share of the table's; none without load.
   */
  readonly hottest: { readonly startKey: string; readonly server: string; readonly perSec: number; readonly share: number; readonly measure: 'writes' | 'requests' } | null;
  /** Regions of the table in the interval (a region's fair share is 1 / this). */
  readonly regions: number;
}

/** The live page's status: how much was read, from where, and the last interval per table. */
export interface LiveStatus {
  /** Snapshots read so far. */
  readonly snapshots: number;
  /** Counts the views the server made (1, 2, ...): the page applies an update whose version it has not shown. */
  readonly version: number;
  /** Time of the last snapshot, epoch ms; `null` before the first. */
  readonly lastTimeMs: number | null;
  /** Where the snapshots come from (the series file, or the cluster source's description). */
  readonly source: string;
  /** How often the source is read, ms. */
  readonly intervalMs: number;
  /** One entry per panel (table); empty until there are rates (two snapshots). */
  readonly latest: readonly LiveLatest[];
}

/** What the page receives for each new snapshot (an `event: snapshot` of the stream, as JSON). */
export interface LiveUpdate {
  readonly status: LiveStatus;
  /** The report script's data (see {@link reportPageData}); `null` until there are two snapshots. */
  readonly data: ReportPageData | null;
  /** Per panel, the verdict (`<p class="shape">`) and the findings, as HTML. */
  readonly panels: readonly { readonly shape: string; readonly findings: string }[];
}

/** A live view of a series: the page to serve and the update to push. */
export interface LiveView {
  readonly update: LiveUpdate;
  /** The whole page as of this series. */
  page(): string;
}

/** The region with the highest `measure` rate, and its share of `total`; `null` when there is no load. */
function hottestOf(regions: LoadRates['intervals'][number]['regions'], measure: 'writes' | 'requests', total: number): LiveLatest['hottest'] {
  const rate = (r: (typeof regions)[number]): number => (measure === 'writes' ? r.writesPerSec ?? 0 : r.requestsPerSec);
  const top = regions.reduce<(typeof regions)[number] | undefined>((a, r) => (!a || rate(r) > rate(a) ? r : a), undefined);
  if (!top || total <= 0) return null;
  return { startKey: toStringBinary(top.startKey), server: top.server, perSec: rate(top), share: rate(top) / total, measure };
}

/** The last interval of `rates`, or `undefined` with none. */
function latestOf(rates: LoadRates): LiveLatest | undefined {
  const last = rates.intervals[rates.intervals.length - 1];
  if (!last) return undefined;
  let writes: number | null = 0;
  let requests = 0;
  for (const r of last.regions) {
    requests += r.requestsPerSec;
    writes = writes === null || r.writesPerSec === null ? null : writes + r.writesPerSec;
  }
  const top = last.servers.reduce<LoadRates['intervals'][number]['servers'][number] | undefined>((a, s) => (!a || s.requestsPerSec > a.requestsPerSec ? s : a), undefined);
  return {
    table: rates.table, startMs: last.startMs, endMs: last.endMs, requestsPerSec: requests, writesPerSec: writes,
    busiest: top ? { server: top.server, requestsPerSec: top.requestsPerSec } : null,
    servers: last.servers.length,
    hottest: hottestOf(last.regions, writes === null ? 'requests' : 'writes', writes ?? requests),
    regions: last.regions.length,
  };
}

/** Where a live view's series comes from, for its status line. */
export interface LiveSource {
  /** The series file, or the cluster source's description. */
  readonly source: string;
  /** How often it is read, ms. */
  readonly intervalMs: number;
  /** This view's number (see {@link LiveStatus.version}). */
  readonly version: number;
}

/**
 * The live view of `series` as read so far. With fewer than two snapshots (no rates yet) the page says it is waiting
 * and reloads itself when the report can be drawn.
 * @throws HotspotError as {@link seriesReportInput} (not `SERIES_TOO_SHORT`: that is the waiting page).
 */
export function liveView(series: LoadSeries, about: LiveSource, options: SeriesReportOptions = {}): LiveView {
  const snapshots = series.snapshots.length;
  const lastTimeMs = series.snapshots[snapshots - 1]?.timeMs ?? null;
  const { source, intervalMs, version } = about;
  if (snapshots < 2) {
    const status: LiveStatus = { snapshots, version, lastTimeMs, source, intervalMs, latest: [] };
    return { update: { status, data: null, panels: [] }, page: () => waitingPage(series.table, status) };
  }
  const input = seriesReportInput(series, options);
  const latest = input.panels.map((p) => latestOf(p.rates)).filter((l): l is LiveLatest => l !== undefined);
  const status: LiveStatus = { snapshots, version, lastTimeMs, source, intervalMs, latest };
  const update: LiveUpdate = {
    status, data: reportPageData(input),
    panels: input.panels.map((p) => ({ shape: shapeHtml(p.detection), findings: findingsHtml(p.detection) })),
  };
  return {
    update,
    page: () => renderReportHtml({
      ...input, title: input.title.replace(/^hbase-hotspot report/, 'hbase-hotspot live'),
      live: { statusHtml: statusHtml(status), script: LIVE_SCRIPT },
    }),
  };
}

/** JSON safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const LIVE_STYLE = '.live{margin:8px 0 0;padding:6px 10px;background:#1d2a22;border-left:4px solid #5c5;font-size:14px}.live.down{border-color:#fb6;background:#2a2620}.live .problem{color:#fb6}';

function statusHtml(status: LiveStatus): string {
  return `<style>${LIVE_STYLE}</style><p class="live" id="live-status" role="status" aria-live="polite">Live: ${status.snapshots} snapshots read from ${escapeHtml(status.source)}.</p>
<script id="live-initial" type="application/json">${scriptJson(status)}</script>`;
}

function waitingPage(table: string, status: LiveStatus): string {
  const title = `hbase-hotspot live${table === '' ? '' : `: table ${escapeHtml(table)}`}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{margin:0;padding:20px;font:14px/1.4 system-ui,sans-serif;background:#15161b;color:#ddd}h1{font-size:20px}${LIVE_STYLE}</style></head><body>
<h1>${title}</h1>
${statusHtml(status)}
<p>Rates need two snapshots: this page shows the report as soon as the second one is read (every ${status.intervalMs / 1000} s).</p>
<script>${LIVE_SCRIPT}</script>
</body></html>
`;
}

/**
 * The live page's script: renders the status line (times in the zone the report's "Times" control picks), listens to
 * `events` (with the page's own `?token=`), and on each `snapshot` event updates the report in place (or reloads a
 * waiting page once the report can be drawn). `document.body.dataset.snapshots` and `.version` say what is shown, for tests.
 */
export const LIVE_SCRIPT = String.raw`
(function () {
  'use strict';
  var box = document.getElementById('live-status');
  var initial = JSON.parse(document.getElementById('live-initial').textContent);
  var shown = initial.version, problem = '', connected = false, last = initial;
  function pad(n) { return n < 10 ? '0' + n : String(n); }
  function utc() { var r = window.hotspotReport; return r && r.state && r.state.zone === 'utc'; }
  function time(ms, withDate) {
    var d = new Date(ms), u = utc();
    var t = pad(u ? d.getUTCHours() : d.getHours()) + ':' + pad(u ? d.getUTCMinutes() : d.getMinutes()) + ':' + pad(u ? d.getUTCSeconds() : d.getSeconds());
    if (!withDate) return t;
    return (u ? d.getUTCFullYear() : d.getFullYear()) + '-' + pad((u ? d.getUTCMonth() : d.getMonth()) + 1) + '-' + pad(u ? d.getUTCDate() : d.getDate()) + ' ' + t;
  }
  function zone() {
    if (utc()) return 'UTC';
    try { return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time'; } catch (e) { return 'local time'; }
  }
  function num(v) { return v >= 100 ? Math.round(v).toLocaleString('en-US') : String(+v.toPrecision(3)); }
  function render(s) {
    last = s;
    var text = 'Live: ' + s.snapshots + ' snapshot' + (s.snapshots === 1 ? '' : 's') + ' from ' + s.source + ', read every ' + s.intervalMs / 1000 + ' s';
    if (s.lastTimeMs !== null) text += '; the last at ' + time(s.lastTimeMs, true) + ' (' + zone() + ')';
    text += '.';
    s.latest.forEach(function (l) {
      text += ' Table ' + l.table + ', ' + time(l.startMs, false) + ' to ' + time(l.endMs, false) + ': ' + num(l.requestsPerSec) + ' requests/s' +
        (l.writesPerSec === null ? '' : ' (' + num(l.writesPerSec) + ' writes/s)') +
        (l.busiest ? '; busiest server ' + l.busiest.server.split(',')[0] + ' with ' + num(l.busiest.requestsPerSec) + ' requests/s' +
          (l.requestsPerSec > 0 ? ' (' + Math.round(100 * l.busiest.requestsPerSec / l.requestsPerSec) + '%; fair share ' + +(100 / l.servers).toPrecision(2) + '% of ' + l.servers + ' servers)' : '') : '') +
        (l.hottest ? '; hottest region for ' + l.hottest.measure + ': the one from "' + l.hottest.startKey + '" on ' + l.hottest.server.split(',')[0] + ', ' + num(l.hottest.perSec) + ' ' + l.hottest.measure + '/s (' +
          Math.round(100 * l.hottest.share) + '% of the table\'s; fair share ' + +(100 / l.regions).toPrecision(2) + '% of ' + l.regions + ' regions)' : '') + '.';
    });
    box.textContent = text;
    if (!connected) box.appendChild(document.createTextNode(' (connecting to the server...)'));
    if (problem) { var p = document.createElement('span'); p.className = 'problem'; p.textContent = ' ' + problem; box.appendChild(p); }
    box.classList.toggle('down', !connected || problem !== '');
    document.body.dataset.snapshots = String(last.snapshots);
    document.body.dataset.version = String(shown);
  }
  function apply(u) {
    var report = window.hotspotReport;
    if (!report) { if (u.data) location.reload(); else { shown = u.status.version; render(u.status); } return Promise.resolve(); }
    return report.ready.then(function () {
      if (!u.data || u.data.panels.length !== report.panels.length) { location.reload(); return; }
      var panels = document.querySelectorAll('.panel');
      u.panels.forEach(function (p, i) {
        var shape = panels[i].querySelector('.shape'), findings = panels[i].querySelector('.findings');
        if (shape) shape.outerHTML = p.shape;
        if (findings) findings.innerHTML = p.findings;
      });
      return report.update(u.data).then(function () { shown = u.status.version; render(u.status); });
    });
  }
  var queue = Promise.resolve();
  var token = new URLSearchParams(location.search).get('token');
  var events = new EventSource('events' + (token ? '?token=' + encodeURIComponent(token) : ''));
  events.addEventListener('open', function () { connected = true; render(last); });
  events.addEventListener('error', function () { connected = false; render(last); });
  events.addEventListener('snapshot', function (ev) {
    var u = JSON.parse(ev.data);
    problem = '';
    queue = queue.then(function () { return u.status.version === shown ? render(u.status) : apply(u); });
  });
  events.addEventListener('problem', function (ev) { problem = JSON.parse(ev.data).message; render(last); });
  var zoneSel = document.querySelector('select[data-control=zone]');
  if (zoneSel) zoneSel.addEventListener('change', function () { render(last); });
  render(initial);
})();
`;
