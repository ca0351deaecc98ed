/**
 * Renders findings for people: grouped by severity, worst first, each with its place and fix.
 *
 * @module
 */
import { type Finding, type LintRule, SEVERITIES } from './rules/types.js';

/**
 * Formats findings as text, one block per severity:
 * `error (1)` then `  CF_COUNT user_profile (schema.hbase:2:1)`, the message, and `    fix: ...`.
 * @returns the text, ending with a newline; `no findings` when the list is empty.
 */
export function formatFindings(findings: readonly Finding[]): string {
  if (findings.length === 0) return 'no findings\n';
  const lines: string[] = [];
  for (const severity of SEVERITIES) {
    const group = findings.filter((f) => f.severity === severity);
    if (group.length === 0) continue;
    lines.push(`${severity} (${group.length})`);
    for (const f of group) {
      lines.push(`  ${f.code} ${f.path}${f.location === undefined ? '' : ` (${f.location})`}`);
      lines.push(`    ${f.message}`);
      lines.push(`    fix: ${f.fix}`);
    }
  }
  const count = (s: string): number => findings.filter((f) => f.severity === s).length;
  lines.push(`${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} info`);
  return `${lines.join('\n')}\n`;
}

/** The rule catalogue as a Markdown table (the README/docs table is this text, checked by a test). */
export function rulesMarkdown(rules: readonly LintRule[]): string {
  const cell = (t: string): string => t.replace(/\|/g, '\\|');
  const rows = rules.map((r) => `| \`${r.code}\` | ${r.severity} | ${cell(r.checks)} | ${cell(r.why)} | ${cell(r.fix)} |`);
  return ['| code | severity | checks | why | fix |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}
