/**
 * Turns lint input files into one {@link LintSubject}: picks the reader by file name, reads `SPLITS_FILE`s next to
 * the script, and merges everything. File access is injected so the library stays free of I/O assumptions.
 *
 * @module
 */
import { dirname, isAbsolute, join } from 'node:path';
import { HotspotError } from '../util/errors.js';
import type { LintSubject, TableModel } from './model.js';
import { parseRestSchema } from './rest-schema.js';
import { parseShellScript } from './shell/script.js';
import { parseHbaseEnv } from './site/env-sh.js';
import { checkSiteValues, readSiteXmlEntries, withoutOverriddenFinals } from './site/site-xml.js';
import { parseWideRows } from './wide-row.js';
import { isScenarioText, parseScenarioForLint } from './scenario.js';
import { checkInputText } from '../util/input-text.js';
import { pushAll } from '../util/arrays.js';

/** Kinds of lint input and the file names that select them. */
export const INPUT_KINDS = {
  shell: '.hbase, .rb: hbase shell create/alter script',
  schema: '.json: REST /<table>/schema descriptor',
  site: '.xml: hbase-site.xml',
  env: '.sh: hbase-env.sh',
  'wide-row': '.yaml, .yml: wide-row schema description, or a simulate scenario (its designs and pre-splits)',
} as const;

/** An input kind. */
export type InputKind = keyof typeof INPUT_KINDS;

/**
 * The reader for `path`, by its extension.
 * @throws HotspotError `LINT_INPUT_KIND` for any other extension.
 */
export function inputKind(path: string): InputKind {
  const ext = /\.[^./\\]+$/.exec(path)?.[0].toLowerCase() ?? '';
  const kind = ({ '.hbase': 'shell', '.rb': 'shell', '.json': 'schema', '.xml': 'site', '.sh': 'env', '.yaml': 'wide-row', '.yml': 'wide-row' } as const)[ext];
  if (kind === undefined) {
    throw new HotspotError('LINT_INPUT_KIND', `cannot tell what ${path} holds from its name; use ${Object.values(INPUT_KINDS).join('; ')}`, { file: path });
  }
  return kind;
}

/** Reads a file's text; throws a HotspotError naming the file when it cannot. */
export type ReadText = (path: string) => string;

/**
 * Reads one input into a partial subject. An `hbase-site.xml`'s properties may include final ones without a value
 * (`SiteProperty.unset`), which {@link mergeSubjects} applies to the later files and drops, and values HBase cannot
 * read (`SiteProperty.unreadable`), which it refuses unless an earlier file's final property overrides them.
 * @throws HotspotError from the reader, each naming file:line:column; `LINT_SPLITS_FILE` when a script's
 *   `SPLITS_FILE` cannot be read (looked up beside the script when relative).
 */
export function readInput(path: string, readText: ReadText): Partial<LintSubject> {
  const kind = inputKind(path);
  const text = checkInputText(readText(path), path, INPUT_KINDS[kind].replace(/^.*: /, ''));
  switch (kind) {
    case 'shell':
      return { tables: parseShellScript(text, path).map((t) => withSplitsFile(t, path, readText)) };
    case 'schema':
      return { tables: [parseRestSchema(text, path)] };
    case 'site':
      return { site: readSiteXmlEntries(text, path) };
    case 'env':
      return { jvm: parseHbaseEnv(text, path) };
    case 'wide-row':
      return isScenarioText(text) ? parseScenarioForLint(text, path) : { wideRows: parseWideRows(text, path) };
  }
}

function withSplitsFile(table: TableModel, script: string, readText: ReadText): TableModel {
  const splits = table.splits;
  if (splits.kind !== 'file') return table;
  const path = isAbsolute(splits.file) ? splits.file : join(dirname(script), splits.file);
  let text: string;
  try {
    text = readText(path);
  } catch (err) {
    throw new HotspotError('LINT_SPLITS_FILE', `SPLITS_FILE '${splits.file}' of table '${table.name}' cannot be read (looked for ${path}); give the file beside the script`, {
      ...splits.place,
      cause: err,
    });
  }
  // The shell reads one split point per line, without the line end (admin.rb: File.foreach ... line.chomp): a blank
  // line is an empty split point, which create refuses (SPLIT_POINTS_REFUSED); a final line end starts no line.
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const points = lines.map((l) => l.replace(/\r$/, ''));
  return { ...table, splits: { kind: 'points', points, file: splits.file, place: splits.place } };
}

/**
 * Table `before` as a later input that only alters it (`altered`) leaves it: the altered families' settings over
 * the earlier ones, the families it deletes gone, its table attributes over the earlier ones, the earlier pre-split.
 */
function applyAlter(before: TableModel, alter: TableModel): TableModel {
  const families = new Map(before.families.map((f) => [f.name, f]));
  for (const name of alter.deletedFamilies ?? []) families.delete(name);
  for (const f of alter.families) {
    const prior = families.get(f.name);
    families.set(f.name, prior === undefined ? f : {
      name: f.name,
      attributes: { ...prior.attributes, ...f.attributes },
      attributePlaces: { ...prior.attributePlaces, ...f.attributePlaces },
      place: prior.place,
    });
  }
  const writes = [...(before.familyWrites ?? []), ...(alter.familyWrites ?? [])];
  const { altered, deletedFamilies } = before;
  return {
    name: before.name,
    families: [...families.values()],
    attributes: { ...before.attributes, ...alter.attributes },
    splits: alter.splits.kind === 'unknown' ? before.splits : alter.splits,
    place: before.place,
    ...(before.familyWrites === undefined && alter.familyWrites === undefined ? {} : { familyWrites: writes }),
    ...(altered === true ? { altered, deletedFamilies: [...(deletedFamilies ?? []), ...(alter.deletedFamilies ?? [])] } : {}),
  };
}

/**
 * Merges partial subjects in order: tables with the same name are replaced by the later one, except that a later
 * script that only alters a table (its first statement on it an `alter`) is applied on top of the earlier one;
 * site properties accumulate as Hadoop's `Configuration` adds resources, so a property marked final in an earlier
 * file keeps its value against later files (whose values of its name are then not checked: HBase ignores them).
 * @throws HotspotError `LINT_SITE_VALUE` naming file:line:column for a numeric site setting HBase cannot read that
 *   takes effect.
 */
export function mergeSubjects(parts: readonly Partial<LintSubject>[]): LintSubject {
  const tables = new Map<string, TableModel>();
  const out = { site: [] as LintSubject['site'][number][], keys: [] as LintSubject['keys'][number][], wideRows: [] as LintSubject['wideRows'][number][] };
  let jvm: LintSubject['jvm'];
  let workload: LintSubject['workload'] = {};
  for (const p of parts) {
    for (const t of p.tables ?? []) {
      const before = tables.get(t.name);
      tables.set(t.name, before !== undefined && t.altered === true ? applyAlter(before, t) : t);
    }
    pushAll(out.site, p.site ?? []);
    pushAll(out.keys, p.keys ?? []);
    pushAll(out.wideRows, p.wideRows ?? []);
    if (p.jvm !== undefined) jvm = { ...jvm, ...p.jvm, places: { ...jvm?.places, ...p.jvm.places } };
    if (p.workload !== undefined) workload = { ...workload, ...p.workload };
  }
  const siteIgnored = parts.flatMap((p) => p.siteIgnored ?? []);
  out.site = withoutOverriddenFinals(out.site, false, siteIgnored);
  checkSiteValues(out.site);
  return { tables: [...tables.values()], ...out, ...(siteIgnored.length === 0 ? {} : { siteIgnored }), ...(jvm === undefined ? {} : { jvm }), workload };
}
