/**
 * The report's health panel (`report ... --health health.json`): the items of a `health --json` report per server,
 * coloured by status, failing items first, each with its value against the threshold, its reason and the settings
 * behind a failure (`causes`). Rendered on the server as escaped HTML; it needs no page script.
 *
 * @module
 */
import type { HealthItem, HealthReport, HealthStatus } from '../../health/evaluate.js';
import { causeText, thresholdText } from '../../health/format.js';
import { escapeHtml } from './findings.js';

/** Display order of statuses: failures first, then what could not be judged, then what passed. */
const ORDER: readonly HealthStatus[] = ['fail', 'not-measured', 'pass'];
const LABEL: Readonly<Record<HealthStatus, string>> = { fail: 'FAIL', 'not-measured': 'not measured', pass: 'pass' };

/** The panel's styles (added to the page's `<style>` when the panel is shown). */
export const HEALTH_STYLE = `
.health{margin:0 16px 16px;background:#1c1d24;border:1px solid #333;border-radius:6px;padding:12px}.health h2{font-size:16px;margin:0}.health table{width:100%}.health td.status{font-weight:bold;white-space:nowrap}
.health tr.fail td.status{color:#ff5c5c}.health tr.not-measured td.status{color:#b0a060}.health tr.pass td.status{color:#5cd17a}
.health ul.causes{margin:2px 0 0 0;padding-left:18px;color:#ccc;font-family:monospace}.health .lint{color:#ffb060}
`;

function valueText(i: HealthItem): string {
  return i.value === null ? '–' : `${i.value} ${i.unit}`;
}

function itemRow(i: HealthItem): string {
  const causes = i.causes.length === 0 ? '' : `<ul class="causes">${i.causes.map((c) => `<li${c.lint ? ' class="lint"' : ''}>${escapeHtml(causeText(c))}</li>`).join('')}</ul>`;
  return `<tr class="${i.status}" data-status="${i.status}" data-item="${escapeHtml(i.item)}"><td class="status">${LABEL[i.status]}</td><td>${escapeHtml(i.item)}${i.shared ? ' <small>(shared JVM)</small>' : ''}</td><td class="value">${escapeHtml(valueText(i))}</td><td class="threshold">${escapeHtml(thresholdText(i, { min: '≥', max: '≤' }).trim().replace(/^\((.*)\)$/, '$1'))}</td><td class="reason">${escapeHtml(i.reason)}${causes}</td></tr>`;
}

/**
 * The panel's HTML: a summary line, then one table per server (servers with failing items first, then in the
 * report's order), rows ordered fail, not measured, pass, and the info servers that never answered.
 */
export function healthPanelHtml(report: HealthReport): string {
  const rank = (s: HealthStatus): number => ORDER.indexOf(s);
  const servers: string[] = [];
  for (const i of report.items) if (!servers.includes(i.server)) servers.push(i.server);
  const failing = (server: string): number => report.items.filter((i) => i.server === server && i.status === 'fail').length;
  const ordered = servers.map((s, n) => ({ s, n })).sort((a, b) => Number(failing(b.s) > 0) - Number(failing(a.s) > 0) || a.n - b.n).map((x) => x.s);
  const count = (s: HealthStatus): number => report.items.filter((i) => i.status === s).length;
  const tables = ordered.map((server) => {
    const rows = report.items.filter((i) => i.server === server).map((i, n) => ({ i, n })).sort((a, b) => rank(a.i.status) - rank(b.i.status) || a.n - b.n);
    return `<h3 class="server">${escapeHtml(server)}</h3><table><tr><th>status</th><th>item</th><th>value</th><th>threshold</th><th>reason and causes</th></tr>${rows.map((r) => itemRow(r.i)).join('')}</table>`;
  });
  const unanswered = report.unanswered.length === 0 ? '' : `<h4>No answer</h4><ul>${report.unanswered.map((u) => `<li>${escapeHtml(`${u.origin}: ${u.message}`)}</li>`).join('')}</ul>`;
  return `<section class="health" id="health">
<h2>Health</h2>
<p class="summary">${count('fail')} failing, ${count('pass')} passing, ${count('not-measured')} not measured (the operations checklist from hbase-hotspot health; see docs/health.md)</p>
${tables.join('\n')}
${unanswered}
</section>`;
}
