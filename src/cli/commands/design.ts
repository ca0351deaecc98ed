/**
 * `hbase-hotspot design suggest --fields deviceId:string,ts:epochMs --access latest-n:deviceId [--writes 60000/s]
 * --servers 10 [--table T] [--json]`: ranked rowkey templates with pre-splits and trade-offs (`src/lint/suggest/`).
 *
 * JSON: `{"suggestions": [{"rank", "strategy", "template", "tradeoff", "score", "terms": [{"points", "reason"}],
 * "presplit": {"regions", "method", "shell"}, "family", "create", "findings": [...]}]}`.
 */
import type { Command } from 'commander';
import { parseAccess, parseFieldTypes } from '../../lint/access.js';
import { type Suggestion, suggestDesigns } from '../../lint/suggest/index.js';
import { HotspotError } from '../../util/errors.js';
import { type CliIo, printJson } from '../io.js';
import type { CliCommand } from '../program.js';
import { parseCount, parseWritesPerSec } from './lint.js';

interface SuggestFlags {
  fields?: string;
  access?: string;
  writes?: string;
  servers?: string;
  table: string;
  json?: boolean;
}

/** The `create` statement for a suggestion (split list shortened as in the proposal). */
export function createStatement(table: string, s: Suggestion): string {
  return `create '${table}', ${s.family}, ${s.presplit.shell}`;
}

function render(table: string, list: readonly Suggestion[]): string {
  const lines: string[] = [];
  for (const s of list) {
    lines.push(`${s.rank}. ${s.template}  (${s.strategy}, score ${s.score})`);
    lines.push(`   trade-off: ${s.tradeoff}`);
    lines.push(`   pre-split: ${s.presplit.method}`);
    lines.push(`   ${createStatement(table, s)}`);
    lines.push(`   why: ${s.terms.map((t) => `${t.points > 0 ? '+' : ''}${t.points} ${t.reason}`).join('; ')}`);
    if (s.findings.length > 0) lines.push(`   lint: ${s.findings.map((f) => `${f.severity} ${f.code}`).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The `design` command and its `suggest` sub-command. */
export const designCommand: CliCommand = {
  register(program: Command, io: CliIo) {
    const design = program.command('design').description('rowkey and table design helpers');
    design
      .command('suggest')
      .description("ranked rowkey templates and pre-splits for the stated fields, access patterns and load (the playbook's decision guide)")
      .option('--fields <fields>', 'fields and types, e.g. deviceId:string,ts:epochMs (types: string, int, long, epochMs, epochSeconds, sequence, pii, email, domain, uuid)')
      .option('--access <patterns>', 'point-get, latest-n:F, time-range:F[+G], prefix-scan:F, sequential-writes (comma-separated)')
      .option('--writes <rate>', 'expected writes per second, e.g. 60000/s')
      .option('--servers <n>', 'RegionServers the table will be spread over')
      .option('--table <name>', 'table name used in the create statements', 't')
      .option('--json', 'print {"suggestions": [...]}')
      .action((flags: SuggestFlags) => {
        const need = (value: string | undefined, option: string, example: string): string => {
          if (value === undefined) throw new HotspotError('CLI_OPTION_MISSING', `design suggest needs ${option}, e.g. ${option} ${example}`, { field: option });
          return value;
        };
        const fields = parseFieldTypes(need(flags.fields, '--fields', 'deviceId:string,ts:epochMs'));
        const access = parseAccess(need(flags.access, '--access', 'latest-n:deviceId'));
        const servers = parseCount(need(flags.servers, '--servers', '10'), '--servers');
        const writesPerSec = flags.writes === undefined ? undefined : parseWritesPerSec(flags.writes);
        const list = suggestDesigns({ fields, access, servers, table: flags.table, ...(writesPerSec === undefined ? {} : { writesPerSec }) });
        if (flags.json) {
          printJson(io, {
            suggestions: list.map((s) => ({ ...s, presplit: { regions: s.presplit.regions ?? null, method: s.presplit.method, shell: s.presplit.shell }, create: createStatement(flags.table, s) })),
          });
        } else io.stdout(render(flags.table, list));
      });
  },
};
