/**
 * `hbase-hotspot design suggest --fields deviceId:string,ts:epochMs --access latest-n:deviceId [--writes 60000/s]
 * --servers 10 [--table T] [--simulate [--entities N] [--duration 6h]] [--json]`: ranked rowkey templates with
 * pre-splits and trade-offs (`src/lint/suggest/`), and with `--simulate` the simulator's verdict on each.
 *
 * JSON: `{"suggestions": [{"rank", "strategy", "template", "tradeoff", "score", "terms": [{"points", "reason"}],
 * "presplit": {"regions", "method", "shell", "note"}, "family", "create", "findings": [...], "simulation"?: {"template",
 * "shape", "hottestServerShare", "fairServerShare", "splits", "create"}}], "notSimulated"?: "why"}`. Split lists are
 * printed in full, and never more than 100,000 regions (the cap of `splits` and `lifecycle`): past it the pre-split
 * is cut down and `presplit.note` (a `note:` line in text) says so, otherwise `note` is null. `simulation.splits`
 * are the points the simulated table started with (`toStringBinary`), and `simulation.create` the statement that
 * makes exactly them.
 *
 * `design suggest --indexes FILE --servers N [--json]` proposes instead a key for each secondary index of the file
 * (`docs/indexes.md`); exit 1 when lint still finds an error in a proposal; JSON: `{"indexes": [{"index", "current", "proposed", "reason", "findings": [...]}]}`.
 */
import type { Command } from 'commander';
import { parseAccess, parseFieldTypes } from '../../lint/access.js';
import { type Suggestion, suggestDesigns } from '../../lint/suggest/index.js';
import { type SimulatedVerdict, simulatedPresplit, simulateSuggestions } from '../../lint/suggest/simulate.js';
import { HotspotError } from '../../util/errors.js';
import { parseIndexDefinitions } from '../../index-tables/definition.js';
import { suggestIndexKey } from '../../index-tables/suggest.js';
import { checkInputText } from '../../util/input-text.js';
import { type CliIo, printJson } from '../io.js';
import type { CliCommand } from '../program.js';
import { parseCount, parseWritesPerSec, readTextFile } from './lint.js';
import { EXIT_FINDING } from '../exit.js';
import { plainTableName } from '../../regions/index.js';

interface SuggestFlags {
  indexes?: string;
  simulate?: boolean;
  entities?: string;
  duration?: string;
  fields?: string;
  access?: string;
  writes?: string;
  servers?: string;
  table: string;
  json?: boolean;
}

/** The `create` statement for a suggestion, every split point written out; `shell`: other pre-split options. */
export function createStatement(table: string, s: Suggestion, shell = s.presplit.shell): string {
  return `create '${table}', ${s.family}, ${shell}`;
}

function render(table: string, list: readonly Suggestion[], sims: readonly SimulatedVerdict[] | string | undefined): string {
  const lines: string[] = [];
  if (typeof sims === 'string') lines.push(`not simulated: ${sims}`);
  for (const [i, s] of list.entries()) {
    lines.push(`${s.rank}. ${s.template}  (${s.strategy}, score ${s.score})`);
    lines.push(`   trade-off: ${s.tradeoff}`);
    lines.push(`   pre-split: ${s.presplit.method}`);
    if (s.presplit.note !== undefined) lines.push(`   note: ${s.presplit.note}`);
    lines.push(`   ${createStatement(table, s)}`);
    lines.push(`   why: ${s.terms.map((t) => `${t.points > 0 ? '+' : ''}${t.points} ${t.reason}`).join('; ')}`);
    if (s.findings.length > 0) lines.push(`   lint: ${s.findings.map((f) => `${f.severity} ${f.code}`).join(', ')}`);
    const sim = typeof sims === 'object' ? sims[i] : undefined;
    if (sim !== undefined) {
      const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
      lines.push(`   simulated: hotspot shape ${sim.shape}, hottest RegionServer ${pct(sim.hottestServerShare)} of requests (fair ${pct(sim.fairServerShare)})`);
      const ran = simulatedPresplit(s, sim);
      const regions = `${sim.splits.length + 1} region${sim.splits.length === 0 ? '' : 's'}`;
      if (ran.asProposed) lines.push(`   simulated pre-split: the create statement above (${regions})`);
      else {
        lines.push(`   simulated pre-split: ${regions} cut at keys sampled from the simulated entities (for your data: hbase-hotspot splits --samples keys.txt)`);
        lines.push(`   ${createStatement(table, s, ran.shell)}`);
      }
    }
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
      .option('--fields <fields>', 'fields and types, e.g. deviceId:string,ts:epochMs (types: string, int, long, epochMs, epochSeconds, sequence, pii, email, domain, uuid, category)')
      .option('--access <patterns>', 'point-get, latest-n:F, time-range:F[+G], prefix-scan:F, sequential-writes (comma-separated)')
      .option('--writes <rate>', 'expected writes per second, e.g. 60000/s')
      .option('--servers <n>', 'RegionServers the table will be spread over')
      .option('--table <name>', 'table name used in the create statements', plainTableName, 't')
      .option('--simulate', "run every suggestion through the load simulator and show the hotspot verdict")
      .option('--entities <n>', 'with --simulate: entities writing (default 20000)')
      .option('--duration <d>', 'with --simulate: simulated time (default 6h)')
      .option('--indexes <file>', 'propose a key for each secondary index of this definition file instead (docs/indexes.md)')
      .option('--json', 'print {"suggestions": [...]} ({"indexes": [...]} with --indexes)')
      .action((flags: SuggestFlags) => {
        const need = (value: string | undefined, option: string, example: string): string => {
          if (value === undefined) throw new HotspotError('CLI_OPTION_MISSING', `design suggest needs ${option}, e.g. ${option} ${example}`, { field: option });
          return value;
        };
        if (flags.indexes !== undefined) {
          const servers = parseCount(need(flags.servers, '--servers', '10'), '--servers');
          const file = flags.indexes;
          const proposals = parseIndexDefinitions(checkInputText(readTextFile(file), file, 'index definitions file'), file).map((d) => suggestIndexKey(d, servers));
          if (flags.json) printJson(io, { indexes: proposals });
          else io.stdout(proposals.map((p) => `index ${p.index}: ${p.proposed}${p.proposed === p.current ? ' (as defined)' : ` (was ${p.current})`}\n  ${p.reason}\n${p.findings.map((f) => `  ${f.severity} ${f.code}: ${f.message}\n`).join('')}`).join(''));
          // a proposal lint still finds an error in is not a design to adopt: done, with a finding
          if (proposals.some((p) => p.findings.some((f) => f.severity === 'error'))) process.exitCode = EXIT_FINDING;
          return;
        }
        const fields = parseFieldTypes(need(flags.fields, '--fields', 'deviceId:string,ts:epochMs'));
        const access = parseAccess(need(flags.access, '--access', 'latest-n:deviceId'));
        const servers = parseCount(need(flags.servers, '--servers', '10'), '--servers');
        const writesPerSec = flags.writes === undefined ? undefined : parseWritesPerSec(flags.writes);
        const input = { fields, access, servers, table: flags.table, ...(writesPerSec === undefined ? {} : { writesPerSec }) };
        const list = suggestDesigns(input);
        const none = list.length === 0
          ? 'no candidate key passed lint for these fields and access patterns: every one had an error finding (e.g. KEY_CATEGORY_FIRST: a key led only by a category field has too few values to spread the writes); add a field of many values to the key or the access patterns, and run hbase-hotspot lint --template on a key of your own to see its findings'
          : undefined;
        if (none !== undefined && !flags.json) io.stderr(`design suggest: ${none}\n`);
        const sims = flags.simulate
          ? simulateSuggestions(list, input, {
              ...(flags.entities === undefined ? {} : { entities: parseCount(flags.entities, '--entities') }),
              ...(flags.duration === undefined ? {} : { duration: flags.duration }),
            })
          : undefined;
        if (flags.json) {
          printJson(io, {
            suggestions: list.map((s, i) => ({
              ...s,
              presplit: { regions: s.presplit.regions ?? null, method: s.presplit.method, shell: s.presplit.shell, note: s.presplit.note ?? null },
              create: createStatement(flags.table, s),
              ...(typeof sims === 'object' && sims[i] !== undefined ? { simulation: { ...sims[i], create: createStatement(flags.table, s, simulatedPresplit(s, sims[i]).shell) } } : {}),
            })),
            ...(typeof sims === 'string' ? { notSimulated: sims } : {}),
            ...(none !== undefined ? { none } : {}),
          });
        } else if (none === undefined) io.stdout(render(flags.table, list, sims));
      });
  },
};
