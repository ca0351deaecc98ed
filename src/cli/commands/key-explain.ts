/**
 * `hbase-hotspot key explain '<template>' [--fields name:type,...] [--json]`: each part of the key with its width,
 * whether the key decodes, the access patterns it serves (point get, prefix scan, newest-first, time range) and the
 * anti-patterns it hits (time or sequence first, unpadded numbers, personal data in clear). With `--fields` (the
 * types `lint` and `design suggest` take), declared types decide which fields are numbers, and the findings `lint`
 * gives the key on its own (its key rules, e.g. `KEY_UNPADDED_NUMBER`) are listed too. `--json` prints the
 * {@link KeyExplanation}, plus `"lint": [finding, ...]` (the objects `lint --json` prints) with `--fields`.
 */
import type { Command } from 'commander';
import { type CompiledTemplate, explainTemplate, type KeyExplanation } from '../../keys/template/index.js';
import { checkFieldsUsed, parseFieldTypes } from '../../lint/access.js';
import { keyDesign } from '../../lint/key-design.js';
import { emptySubject } from '../../lint/model.js';
import { RULES, type Finding } from '../../lint/rules/index.js';
import { lintSubject } from '../../lint/run.js';
import { printJson, type CliIo } from '../io.js';
import { compileTemplateOption, TEMPLATE_ARGUMENT } from '../template-option.js';
import type { KeySubcommand } from './key.js';

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_c, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd()).join('\n');
}

/** Where a part sits in the key: `0-1`, `2`, `3-` (its width varies), `?` (after a part whose width varies). */
function byteRange(offset: number | null, width: number | null): string {
  if (offset === null) return '?';
  if (width === null) return `${offset}-`;
  return width === 1 ? String(offset) : `${offset}-${offset + width - 1}`;
}

/** Renders an explanation for people; the first column is each part's bytes in the key (0-based, inclusive). */
export function formatExplanation(e: KeyExplanation): string {
  const parts = table([
    ['bytes', 'part', 'kind', 'width', 'alphabet', 'notes'],
    ...e.parts.map((p) => [
      byteRange(p.offsetBytes, p.widthBytes),
      p.kind === 'literal' ? JSON.stringify(p.source) : p.source,
      p.kind,
      p.widthBytes === null ? 'varies' : `${p.widthBytes} B`,
      p.alphabet,
      [p.buckets === null ? '' : `${p.buckets} buckets`, p.order === 'none' ? '' : p.order].filter(Boolean).join(', '),
    ]),
  ]);
  const patterns = table(e.accessPatterns.map((a) => [a.pattern, a.served ? 'yes' : 'no', a.detail]));
  let out = `template ${e.template}\n\n${parts}\n\ndecodable: ${e.decodable ? 'yes' : 'no'}\n`;
  for (const w of e.decodeWarnings) out += `  warning: ${w}\n`;
  out += `\naccess patterns:\n${patterns.replace(/^/gm, '  ')}\n\nanti-patterns:\n`;
  out += e.antiPatterns.length === 0 ? '  none found\n' : e.antiPatterns.map((a) => `  ${a.code} (${a.field}): ${a.detail}\n`).join('');
  return out;
}

/** Options of `key explain`. */
export interface KeyExplainOptions {
  /** Print JSON. */
  readonly json?: boolean;
  /** Field types as `--fields` takes them (`id:sequence,ts:epochMs`). */
  readonly fields?: string;
}

/**
 * The findings of `lint`'s key rules for `template` (text, or already compiled) on its own (no access patterns, no
 * table) with `fieldTypes`.
 * @throws HotspotError from the template compiler, for template text.
 */
export function keyLintFindings(template: string | CompiledTemplate, fieldTypes: Readonly<Record<string, string>>): Finding[] {
  const subject = { ...emptySubject(), keys: [keyDesign(template, [], fieldTypes)] };
  return lintSubject(subject, RULES.filter((r) => r.scope === 'key'));
}

/**
 * Runs `key explain`.
 * @throws HotspotError `LINT_FIELDS` for a bad `--fields`, the template compiler's codes naming
 *   {@link TEMPLATE_ARGUMENT}.
 */
export function runKeyExplain(template: string, options: KeyExplainOptions, io: CliIo): void {
  const fieldTypes = options.fields === undefined ? undefined : parseFieldTypes(options.fields);
  const compiled = compileTemplateOption(template, TEMPLATE_ARGUMENT);
  if (fieldTypes !== undefined) checkFieldsUsed(fieldTypes, [compiled]);
  const e = explainTemplate(compiled, fieldTypes);
  const lint = fieldTypes === undefined ? undefined : keyLintFindings(compiled, fieldTypes);
  if (options.json) printJson(io, lint === undefined ? e : { ...e, lint });
  else io.stdout(formatExplanation(e) + (lint === undefined ? '' : formatLint(lint)));
}

function formatLint(findings: readonly Finding[]): string {
  const lines = findings.map((f) => `  ${f.severity} ${f.code}: ${f.message}\n    fix: ${f.fix}\n`);
  return `\nlint (key rules, with --fields):\n${lines.length === 0 ? '  none\n' : lines.join('')}`;
}

/** The `key explain` sub-command. */
export const keyExplainCommand: KeySubcommand = {
  register(key: Command, io: CliIo): void {
    key
      .command('explain')
      .description('show the parts of a rowkey template, the access patterns it serves and the anti-patterns it hits')
      .argument('<template>', "rowkey template, e.g. '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}'")
      .option('--fields <fields>', 'field types, e.g. id:sequence,ts:epochMs (types: string, int, long, epochMs, epochSeconds, sequence, pii, email, domain, uuid, category); adds the findings lint gives the key')
      .option('--json', 'print {template, parts, fields, decodable, decodeWarnings, accessPatterns, antiPatterns, lint?}')
      .action((template: string, options: KeyExplainOptions) => runKeyExplain(template, options, io));
  },
};
