/**
 * Rendering a health report: plain lines for people, and the Nagios plugin form (first line `HBASE HEALTH <STATE> -
 * summary`, then one line per item that is not `pass`) with the plugin exit codes.
 *
 * @module
 */
import { HEALTH_RULES } from './catalogue.js';
import type { HealthCause } from './causes.js';
import type { HealthItem, HealthReport } from './evaluate.js';

/** Nagios plugin states and their exit codes. */
export const NAGIOS_STATES = { OK: 0, WARNING: 1, CRITICAL: 2, UNKNOWN: 3 } as const;

/** A Nagios state's name. */
export type NagiosState = keyof typeof NAGIOS_STATES;

/**
 * The Nagios state of a report: CRITICAL when an item fails; UNKNOWN when nothing was measured (no item passes);
 * WARNING when a given server never answered; else OK (items not measured are listed, they do not warn).
 */
export function nagiosState(report: HealthReport): NagiosState {
  if (report.items.some((i) => i.status === 'fail')) return 'CRITICAL';
  if (!report.items.some((i) => i.status === 'pass')) return 'UNKNOWN';
  if (report.unanswered.length > 0) return 'WARNING';
  return 'OK';
}

function valueText(i: HealthItem): string {
  return i.value === null ? '-' : `${i.value} ${i.unit}`;
}

/**
 * ` (≥ 95 %)`: what a passing value must be, by the rule's kind (kinds are not overridable); empty when the threshold
 * is not resolved. `ops` gives the signs for `min` and `max` (`≥`/`≤`, or ASCII `>=`/`<=`).
 */
export function thresholdText(i: HealthItem, ops: { min: string; max: string }): string {
  if (i.threshold === null) return '';
  const kind = HEALTH_RULES.find((r) => r.item === i.item)?.kind;
  return ` (${kind === 'min' ? ops.min : kind === 'below' ? '<' : ops.max} ${i.threshold} ${i.unit})`;
}

/** `setting = value (from)`, then the lint finding for it: one cause on one line. */
export function causeText(c: HealthCause): string {
  return `${c.setting} = ${c.value} (${c.from})${c.lint ? ` lint ${c.lint.code} (${c.lint.severity}): ${c.lint.message}` : ''}`;
}

function counts(report: HealthReport): string {
  const n = (s: string): number => report.items.filter((i) => i.status === s).length;
  return `${n('fail')} failing, ${n('pass')} passing, ${n('not-measured')} not measured`;
}

/** The Nagios plugin text (ends with a newline). */
export function renderNagios(report: HealthReport): string {
  const lines = [`HBASE HEALTH ${nagiosState(report)} - ${counts(report)}${report.unanswered.length ? `, ${report.unanswered.length} server(s) did not answer` : ''}`];
  for (const i of report.items) {
    if (i.status === 'pass') continue;
    lines.push(`${i.status === 'fail' ? 'FAIL' : 'NOT MEASURED'} ${i.item} ${i.server}: ${valueText(i)}${thresholdText(i, { min: '>=', max: '<=' })} ${i.reason}`);
  }
  for (const u of report.unanswered) lines.push(`NO ANSWER ${u.origin}: ${u.message}`);
  return `${lines.join('\n')}\n`;
}

/** The human summary: one line per item, grouped by server (a failing item's causes on the lines under it), then the servers that did not answer. */
export function renderHealth(report: HealthReport): string {
  const lines: string[] = [];
  let server: string | undefined;
  for (const i of report.items) {
    if (i.server !== server) {
      server = i.server;
      lines.push(server);
    }
    const status = i.status === 'pass' ? 'pass' : i.status === 'fail' ? 'FAIL' : 'n/m ';
    lines.push(`  ${status}  ${i.item.padEnd(22)} ${valueText(i).padEnd(18)}${thresholdText(i, { min: '≥', max: '≤' })}  ${i.reason}`);
    for (const c of i.causes) lines.push(`        ${causeText(c)}`);
  }
  for (const u of report.unanswered) lines.push(`no answer from ${u.origin}: ${u.message}`);
  lines.push(counts(report));
  return `${lines.join('\n')}\n`;
}
