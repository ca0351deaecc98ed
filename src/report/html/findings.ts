/**
 * The findings section of a report panel, rendered on the server as escaped HTML: the hotspot shape with its
 * meaning, fix, evidence and alternatives; hot servers and regions against the fair share; the other findings.
 *
 * @module
 */
import type { DetectResult } from '../../analysis/detect/index.js';
import { SHAPES } from '../../analysis/detect/catalogue.js';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function percent(share: number | null): string {
  return share === null ? 'n/a' : `${(share * 100).toFixed(1)}%`;
}

/** Items shown before the rest folds into a `<details>` element. */
const SHOWN_ITEMS = 6;

function list(items: readonly string[]): string {
  const li = (i: string): string => `<li>${escapeHtml(i)}</li>`;
  if (items.length === 0) return '';
  const rest = items.slice(SHOWN_ITEMS);
  const more = rest.length > 0 ? `<details><summary>${rest.length} more</summary><ul>${rest.map(li).join('')}</ul></details>` : '';
  return `<ul>${items.slice(0, SHOWN_ITEMS).map(li).join('')}</ul>${more}`;
}

/** The busiest server by requests, and by writes when another server leads those, each named. */
function busiest(det: DetectResult): string {
  const byRequests = det.servers.reduce<DetectResult['servers'][number] | undefined>((a, s) => (!a || s.share > a.share ? s : a), undefined);
  if (!byRequests) return 'no RegionServer';
  const byWrites = det.servers.reduce<DetectResult['servers'][number] | undefined>((a, s) => (s.writeShare !== null && (!a || s.writeShare > (a.writeShare ?? -1)) ? s : a), undefined);
  const requests = `busiest RegionServer ${escapeHtml(byRequests.server)} with ${percent(byRequests.share)} of requests`;
  if (!byWrites || byWrites.writeShare === null) return requests;
  return byWrites.server === byRequests.server
    ? `${requests} and ${percent(byWrites.writeShare)} of writes`
    : `${requests}; most writes on ${escapeHtml(byWrites.server)}, ${percent(byWrites.writeShare)}`;
}

/** Hot regions listed: the busiest, at most this many (the rest counted). */
const MAX_REGIONS = 12;

/** The verdict shown at the top of a panel: the hotspot shape with its meaning and fix, or that there is none. */
export function shapeHtml(det: DetectResult): string {
  const shape = SHAPES.find((s) => s.id === det.shape);
  return shape
    ? `<p class="shape"><b>Shape: ${escapeHtml(shape.title)}</b> — ${escapeHtml(shape.meaning)}. <i>Fix:</i> ${escapeHtml(shape.fix)}.</p>`
    : '<p class="shape"><b>No hotspot shape:</b> no region stood out on a hot RegionServer.</p>';
}

/** The findings HTML of one detection result (the shape itself is {@link shapeHtml}, shown above the charts). */
export function findingsHtml(det: DetectResult): string {
  const hotServers = det.servers.filter((s) => s.hot);
  const serverRows = det.servers.slice(0, 12).map((s) =>
    `<tr class="${s.hot ? 'hot' : ''}"><td>${escapeHtml(s.server)}</td><td>${percent(s.share)}</td><td>${percent(s.writeShare)}</td><td>${s.averageRatio.toFixed(2)}×</td><td>${s.regionCount}</td></tr>`);
  // The same regions `detect` lists: hot over the window or in at least one interval, busiest first.
  const hotRegions = det.regions.filter((r) => r.hot || r.hotIntervals > 0).sort((a, b) => b.share - a.share);
  const regionRows = hotRegions.slice(0, MAX_REGIONS).map((r) =>
    `<tr class="${r.hot ? 'hot' : ''}"><td>${escapeHtml(r.encodedName)}</td><td>"${escapeHtml(r.startKey)}"</td><td>"${escapeHtml(r.endKey)}"</td><td>${escapeHtml(r.server)}</td><td>${percent(r.share)}</td><td>${r.hotIntervals} of ${det.window.intervals}</td></tr>`);
  const moreRegions = hotRegions.length > MAX_REGIONS ? `<p>… ${hotRegions.length - MAX_REGIONS} more (the ${MAX_REGIONS} busiest shown)</p>` : '';
  return [
    `<p>Decided by ${escapeHtml(det.decidedBy)}; hot = above ${det.k} × the peers' average. Fair share per RegionServer ${percent(det.fairServerShare)}; ${busiest(det)}; hottest region ${percent(det.hottestRegionShare)}.</p>`,
    `<h4>Evidence</h4>${list(det.evidence)}`,
    det.alternatives.length > 0 ? `<h4>Not ruled out</h4>${list(det.alternatives.map((a) => `${a.shape}: ${a.separatedBy}`))}` : '',
    `<h4>RegionServers (${hotServers.length} hot)</h4><table><tr><th>server</th><th>requests</th><th>writes</th><th>× average (requests)</th><th>regions</th></tr>${serverRows.join('')}</table>`,
    regionRows.length > 0
      ? `<h4>Hot regions (${hotRegions.length}: over the window, marked, or in some intervals)</h4><table><tr><th>region</th><th>start key</th><th>end key</th><th>server</th><th>requests</th><th>hot intervals</th></tr>${regionRows.join('')}</table>${moreRegions}`
      : '<h4>Hot regions</h4><p>none</p>',
    det.findings.length > 0
      ? `<h4>Other findings</h4>${det.findings.map((f) => `<p><b>${escapeHtml(f.kind)}</b>: ${escapeHtml(f.summary)}</p>${list(f.evidence)}`).join('')}`
      : '',
  ].join('\n');
}
