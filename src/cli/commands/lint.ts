/**
 * `hbase-hotspot lint [files...] [--template '<t>' --access <patterns>] [--indexes FILE] [--fields name:type,...] [--servers N]
 * [--writes N/s] [--rest URL --table T] [--json] [--rules]`: checks table schemas, rowkey designs and cluster
 * settings against the rule catalogue (`src/lint/rules/`).
 *
 * Output: findings grouped by severity with their fix; `--json` prints
 * `{"findings": [{"code", "severity", "path", "message", "fix", "location"?, "regions"?}]}` (`regions`:
 * `{"total", "neverWritten"}` on a pre-split finding that counts regions no key can reach). Exit status 1 when any finding is an
 * error, 2 (with `file:line:column: message` on stderr) when an input cannot be parsed.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { toStringBinary } from '../../bytes/index.js';
import { startRegionLoadReader } from '../../hbase/native/reader-process.js';
import { createRestClient } from '../../hbase/rest/index.js';
import { describeNative } from '../../sources/index.js';
import { wholeDecimal } from '../decimal.js';
import { nativeConnectionOf, nativeOptions, wantsNative } from '../live-source.js';
import { checkFieldsUsed, parseAccess, parseFieldTypes } from '../../lint/access.js';
import { formatFindings } from '../../lint/format.js';
import { keyDesign } from '../../lint/key-design.js';
import { INPUT_KINDS, mergeSubjects, readInput } from '../../lint/load.js';
import type { LintSubject } from '../../lint/model.js';
import { tableFromSchema } from '../../lint/rest-schema.js';
import { RULES } from '../../lint/rules/index.js';
import { hasErrors, lintSubject } from '../../lint/run.js';
import { HotspotError, isHotspotError } from '../../util/errors.js';
import { type CliIo, printJson } from '../io.js';
import type { CliCommand } from '../program.js';
import { EXIT_USAGE } from '../exit.js';
import { compileTemplateOption } from '../template-option.js';
import { checkInputFile, checkInputText, systemReason, terminalText } from '../../util/input-text.js';
import { parseIndexDefinitions } from '../../index-tables/definition.js';
import { indexesForLint } from '../../lint/indexes.js';
import { plainTableName } from '../../regions/index.js';

interface LintFlags {
  template?: string[];
  indexes?: string;
  access?: string;
  fields?: string;
  table?: string;
  servers?: string;
  writes?: string;
  rest?: string;
  json?: boolean;
  rules?: boolean;
  zk?: string;
  zkZnode?: string;
  hbaseConf?: string;
  hbaseClasspath?: string;
}

/**
 * Parses a write rate: `60000/s`, `60000`, `60k/s`, `1.5M/s`.
 * @returns writes per second.
 * @throws HotspotError `CLI_RATE_INVALID` naming the option.
 */
export function parseWritesPerSec(text: string, option = '--writes'): number {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)(?:\/s)?$/.exec(text.trim());
  const rate = m === null ? Number.NaN : Number(m[1]) * (({ '': 1, k: 1e3, m: 1e6 } as Record<string, number>)[(m[2] ?? '').toLowerCase()] ?? Number.NaN);
  if (!(rate > 0)) throw new HotspotError('CLI_RATE_INVALID', `${option} "${text}" is not a write rate; write e.g. 60000/s or 60k/s`, { field: option });
  return rate;
}

/**
 * Parses a positive whole number option (`--servers 10`).
 * @throws HotspotError `CLI_COUNT_INVALID` naming the option.
 */
export function parseCount(text: string, option: string): number {
  const n = wholeDecimal(text);
  if (n === undefined || n < 1) throw new HotspotError('CLI_COUNT_INVALID', `${option} "${text}" must be a whole number of at least 1`, { field: option });
  return n;
}

/**
 * Reads a lint input file as UTF-8.
 * @throws HotspotError `LINT_FILE_UNREADABLE` naming the file and the system's reason; `FILE_NOT_REGULAR` for a FIFO
 *   or a device ({@link checkInputFile}).
 */
export const readTextFile = (path: string): string => {
  checkInputFile(path, 'input file');
  try {
    return readFileSync(path, 'utf8');
  } catch (cause) {
    throw new HotspotError('LINT_FILE_UNREADABLE', `cannot read it (${systemReason(cause)})`, { file: path, cause });
  }
};

/** Builds the lint subject from the command line (files, template, live table). */
export async function subjectFromFlags(files: readonly string[], flags: LintFlags): Promise<LintSubject> {
  const parts: Partial<LintSubject>[] = files.map((f) => readInput(f, readTextFile));
  const access = flags.access === undefined ? [] : parseAccess(flags.access);
  const fieldTypes = flags.fields === undefined ? undefined : parseFieldTypes(flags.fields);
  const templates = (flags.template ?? []).map((t) => compileTemplateOption(t, '--template'));
  for (const t of templates) parts.push({ keys: [keyDesign(t, access, fieldTypes, flags.table)] });
  if (fieldTypes !== undefined && templates.length > 0) checkFieldsUsed(fieldTypes, templates);
  if (flags.indexes !== undefined) parts.push(indexesForLint(parseIndexDefinitions(checkInputText(readTextFile(flags.indexes), flags.indexes, 'index definitions file'), flags.indexes), flags.indexes));
  if (flags.rest !== undefined) {
    if (flags.table === undefined) throw new HotspotError('CLI_REST_TABLE', '--rest needs --table <name>: the table whose schema to lint', { field: '--table' });
    const client = createRestClient({ baseUrl: flags.rest });
    const schema = await client.getSchema(flags.table);
    // The live region boundaries stand for the pre-split: what the split checks compare with the key and servers.
    const starts = (await client.tableRegions(flags.table)).regions.map((r) => r.startKey).filter((k) => k.length > 0).map((k) => toStringBinary(k));
    parts.push({ tables: [tableFromSchema(schema, () => ({ file: `${flags.rest}/${flags.table}/schema`, line: 1, column: 1 }), starts)] });
  } else if (wantsNative(flags)) {
    const table = flags.table;
    if (table === undefined) throw new HotspotError('CLI_REST_TABLE', `${flags.zk !== undefined ? '--zk' : '--hbase-conf'} needs --table <name>: the table whose schema to lint`, { field: '--table' });
    const reader = await startRegionLoadReader({ table, ...nativeConnectionOf(flags) });
    try {
      const schema = await reader.schema(table);
      const starts = (await reader.read()).directory.map((d) => d.startKey).filter((k) => k.length > 0).map((k) => toStringBinary(k));
      parts.push({ tables: [tableFromSchema(schema, () => ({ file: `${describeNative(nativeConnectionOf(flags))} table ${table}`, line: 1, column: 1 }), starts)] });
    } finally {
      await reader.close();
    }
  }
  if (parts.length === 0) {
    throw new HotspotError('LINT_NO_INPUT', `nothing to lint: give files (${Object.values(INPUT_KINDS).join('; ')}), --template, --indexes FILE, or --rest URL / --zk QUORUM with --table T`);
  }
  if (flags.access !== undefined && (flags.template ?? []).length === 0) {
    throw new HotspotError('LINT_ACCESS', '--access describes a rowkey: give it with --template', { field: '--access' });
  }
  const workload = {
    ...(flags.servers === undefined ? {} : { servers: parseCount(flags.servers, '--servers') }),
    ...(flags.writes === undefined ? {} : { writesPerSec: parseWritesPerSec(flags.writes) }),
  };
  const subject = mergeSubjects([...parts, { workload }]);
  // A --table the files do not create would leave the key unmatched and its split checks silently skipped.
  const named = flags.table;
  if (named !== undefined && (flags.template ?? []).length > 0 && flags.rest === undefined && !wantsNative(flags) && subject.tables.length > 0 && !subject.tables.some((t) => plainTableName(t.name) === named)) {
    throw new HotspotError('LINT_TABLE_UNKNOWN', `--table ${named}: the files given create no such table (they create ${subject.tables.map((t) => `"${t.name}"`).join(', ')}); the key's pre-split checks need the table it is written to`, { field: '--table' });
  }
  return subject;
}

/** The rule catalogue as text, for `lint --rules`. */
export function formatRules(): string {
  return `${RULES.map((r) => `${r.code} (${r.severity}, ${r.scope})\n  checks: ${r.checks}\n  why: ${r.why}\n  fix: ${r.fix}`).join('\n')}\n`;
}

async function run(files: string[], flags: LintFlags, io: CliIo): Promise<void> {
  if (flags.rules) {
    if (flags.json) printJson(io, { rules: RULES.map(({ check: _check, ...info }) => info) });
    else io.stdout(formatRules());
    return;
  }
  let subject: LintSubject;
  try {
    subject = await subjectFromFlags(files, flags);
  } catch (err) {
    if (!isHotspotError(err) || err.where.file === undefined) throw err;
    io.stderr(`${terminalText(err.message)}\n`);
    process.exitCode = EXIT_USAGE;
    return;
  }
  const findings = lintSubject(subject);
  if (flags.json) printJson(io, { findings });
  // Findings quote table, family and key names from the inputs: no control character of theirs reaches the terminal.
  else io.stdout(terminalText(formatFindings(findings)));
  process.exitCode = hasErrors(findings) ? 1 : 0;
}

/** The `lint` command. */
export const lintCommand: CliCommand = {
  register(program: Command, io: CliIo) {
    const lint = program
      .command('lint')
      .description('check table schemas, rowkey designs and hbase-site.xml / hbase-env.sh against the design and operations checklists')
      .argument('[files...]', Object.values(INPUT_KINDS).join('; '))
      .option('--template <template...>', "rowkey template(s) to check, e.g. '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}'")
      .option('--access <patterns>', 'access patterns the key must serve: point-get, latest-n:F, time-range:F[+G], prefix-scan:F, sequential-writes (comma-separated)')
      .option('--fields <fields>', 'field types, e.g. deviceId:string,ts:epochMs (types: string, int, long, epochMs, epochSeconds, sequence, pii, email, domain, uuid, category)')
      .option('--indexes <file>', 'secondary index definitions (docs/indexes.md): each index key is linted as one more table')
      .option('--table <name>', 'table the template belongs to; with --rest or --zk, the live table to read', plainTableName)
      .option('--servers <n>', 'RegionServers the table is spread over (pre-split checks)')
      .option('--writes <rate>', 'expected writes per second, e.g. 60000/s')
      .option('--rest <url>', 'HBase REST gateway whose --table schema to lint')
      .option('--rules', 'list the rule catalogue and exit');
    nativeOptions(lint)
      .option('--json', 'print {"findings": [{code, severity, path, message, fix, location?, regions?}]}')
      .addHelpText('after', `\nRules:\n${RULES.map((r) => `  ${r.code.padEnd(22)} ${r.severity.padEnd(8)} ${r.checks}`).join('\n')}\n\nExit status: 0 no errors, 1 error findings, 2 unreadable input.\n`)
      .action((files: string[], flags: LintFlags) => run(files, flags, io));
  },
};
