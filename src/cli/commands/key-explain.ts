/**
 * `hbase-hotspot key explain '<template>' [--json]`: each part of the key with its width, whether the key decodes,
 * the access patterns it serves (point get, prefix scan, newest-first, time range) and the anti-patterns it hits
 * (time or sequence first, unpadded numbers, personal data in clear). `--json` prints the {@link KeyExplanation}.
 */
import type { Command } from 'commander';
import { compileTemplate, explainTemplate, type KeyExplanation } from '../../keys/template/index.js';
import { printJson, type CliIo } from '../io.js';
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

/** Runs `key explain`. */
export function runKeyExplain(template: string, options: { json?: boolean }, io: CliIo): void {
  const e = explainTemplate(compileTemplate(template));
  if (options.json) printJson(io, e);
  else io.stdout(formatExplanation(e));
}

/** The `key explain` sub-command. */
export const keyExplainCommand: KeySubcommand = {
  register(key: Command, io: CliIo): void {
    key
      .command('explain')
      .description('show the parts of a rowkey template, the access patterns it serves and the anti-patterns it hits')
      .argument('<template>', "rowkey template, e.g. '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}'")
      .option('--json', 'print {template, parts, fields, decodable, decodeWarnings, accessPatterns, antiPatterns}')
      .action((template: string, options: { json?: boolean }) => runKeyExplain(template, options, io));
  },
};
