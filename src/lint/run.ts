/**
 * Runs the rule catalogue over a lint subject and returns findings, worst first. Rendering is separate
 * (`format.ts`), so the CLI, tests and other tools share one list.
 *
 * @module
 */
import type { LintSubject, SourcePlace } from './model.js';
import { RULES } from './rules/index.js';
import { type Finding, type LintRule, SEVERITIES } from './rules/types.js';

const at = (p: SourcePlace): string => `${p.file}:${p.line}:${p.column}`;

/**
 * Checks `subject` against `rules` (default: the whole catalogue).
 * @returns findings sorted by severity (error, warning, info), then catalogue order, then input order.
 */
export function lintSubject(subject: LintSubject, rules: readonly LintRule[] = RULES): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    for (const hit of rule.check(subject)) {
      findings.push({
        code: rule.code,
        severity: rule.severity,
        path: hit.path,
        message: hit.message,
        fix: rule.fix,
        ...(hit.place === undefined ? {} : { location: at(hit.place) }),
        ...(hit.regions === undefined ? {} : { regions: hit.regions }),
      });
    }
  }
  const rank = (f: Finding): number => SEVERITIES.indexOf(f.severity);
  return findings.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map((x) => x.f);
}

/** True when any finding is an error (the `lint` command then exits with status 1). */
export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
