/**
 * Reads `create` and `alter` statements of an `hbase shell` script into table models, applying them in order the
 * way HBase's shell (`admin.rb` `create` / `alter`) applies them to a table descriptor. Other shell commands
 * (`disable`, `put`, `major_compact`, ...) are skipped.
 *
 * @module
 */
import { MAX_PRESPLIT_REGIONS } from '../../regions/split-algorithms.js';
import { HotspotError } from '../../util/errors.js';
import type { FamilyModel, FamilyWrite, SourcePlace, SplitModel, TableModel } from '../model.js';
import { FAMILY_ATTRIBUTES, SPLIT_ALGORITHMS, TABLE_ATTRIBUTES } from './attributes.js';
import { tokenize } from './lexer.js';
import { isWholeNumberText } from '../rules/family-values.js';
import { type HashEntry, type ShellValue, parseStatements } from './values.js';

interface Draft {
  name: string;
  families: Map<string, FamilyModel>;
  attributes: Record<string, string>;
  splits: SplitModel;
  place: SourcePlace;
  /** Every family setting written so far, in order (kept when a later statement replaces it or deletes its family). */
  familyWrites: FamilyWrite[];
  /** True when the script's first statement on the table is an `alter`: the table exists already. */
  altered: boolean;
  /** Families an `alter` deleted. */
  deleted: Set<string>;
}

/**
 * Parses an `hbase shell` script (`.hbase` / `.rb`) into the tables its `create`/`alter` statements describe.
 * @param text - script text.
 * @param file - its name as the user gave it (used in every error and finding).
 * @returns one model per table, in order of first appearance.
 * @throws HotspotError `LINT_SHELL_SYNTAX` (unterminated hash/string, bad token), `LINT_SHELL_UNKNOWN_ATTRIBUTE`
 *   (a hash key HBase does not know), `LINT_SHELL_ARGUMENT` (a wrong value type, e.g. `VERSIONS => 'x'`), each at
 *   file:line:column.
 */
export function parseShellScript(text: string, file: string): TableModel[] {
  const tables = new Map<string, Draft>();
  const fail = (place: SourcePlace, code: string, message: string): never => {
    throw new HotspotError(code, message, { file, line: place.line, column: place.column });
  };
  for (const st of parseStatements(tokenize(text, file), file)) {
    if (st.command !== 'create' && st.command !== 'alter') continue;
    const [nameArg, ...rest] = st.args;
    if (nameArg === undefined || nameArg.type !== 'str') {
      return fail(nameArg?.place ?? st.place, 'LINT_SHELL_ARGUMENT', `${st.command} needs the table name as a quoted string first`);
    }
    let draft = tables.get(nameArg.text);
    if (draft === undefined) {
      // An alter changes a table made before the script (admin.rb starts from its descriptor): how it was pre-split
      // and what the script does not set are unknown.
      const altered = st.command === 'alter';
      draft = { name: nameArg.text, families: new Map(), attributes: {}, splits: altered ? { kind: 'unknown' } : { kind: 'none' }, place: st.place, familyWrites: [], altered, deleted: new Set() };
      tables.set(nameArg.text, draft);
    }
    for (const arg of rest.flatMap((a) => (a.type === 'array' ? a.items : [a]))) {
      if (arg.type === 'str') addFamily(draft, arg.text, [], arg.place, fail);
      else if (arg.type === 'hash') applyHash(draft, st.command, arg.entries, arg.place, fail);
      else fail(arg.place, 'LINT_SHELL_ARGUMENT', `${st.command} takes family names ('cf') or hashes ({NAME => 'cf', ...}), not ${arg.type === 'array' ? 'a nested array' : `'${arg.text}'`}`);
    }
  }
  return [...tables.values()].map((d) => ({
    name: d.name,
    families: [...d.families.values()],
    attributes: d.attributes,
    splits: d.splits,
    place: d.place,
    familyWrites: d.familyWrites,
    ...(d.altered ? { altered: true, deletedFamilies: [...d.deleted].filter((f) => !d.families.has(f)) } : {}),
  }));
}

type Fail = (place: SourcePlace, code: string, message: string) => never;

function applyHash(draft: Draft, command: string, entries: readonly HashEntry[], place: SourcePlace, fail: Fail): void {
  const name = entries.find((e) => e.key === 'NAME');
  const method = entries.find((e) => e.key === 'METHOD');
  const deleteKey = entries.find((e) => e.key === 'delete');
  if (deleteKey !== undefined) {
    const family = scalar(deleteKey.value, fail);
    draft.families.delete(family);
    draft.deleted.add(family);
    return;
  }
  if (name !== undefined) {
    const family = scalar(name.value, fail);
    if (method !== undefined && scalar(method.value, fail) === 'delete') {
      draft.families.delete(family);
      draft.deleted.add(family);
      return;
    }
    addFamily(draft, family, entries.filter((e) => e.key !== 'NAME' && e.key !== 'METHOD'), place, fail);
    return;
  }
  // admin.rb reads one pre-split per hash: a SPLITS_FILE (its lines replace any SPLITS), else SPLITS, else
  // NUMREGIONS/SPLITALGO, which it then ignores unchecked ("An argument ignored (unknown or overridden)").
  const splitsBy = entries.some((e) => e.key === 'SPLITS_FILE') ? 'SPLITS_FILE' : entries.some((e) => e.key === 'SPLITS') ? 'SPLITS' : undefined;
  for (const e of entries) {
    if (!TABLE_ATTRIBUTES.has(e.key)) {
      const hint = FAMILY_ATTRIBUTES.has(e.key) ? ` (${e.key} is a column family attribute: put it in {NAME => 'cf', ${e.key} => ...})` : '';
      fail(e.keyPlace, 'LINT_SHELL_UNKNOWN_ATTRIBUTE', `unknown table attribute ${e.key}${hint}`);
    }
    if ((e.key === 'SPLITS' && splitsBy === 'SPLITS_FILE') || ((e.key === 'NUMREGIONS' || e.key === 'SPLITALGO') && splitsBy !== undefined)) continue;
    if (e.key === 'SPLITS') {
      if (e.value.type !== 'array') fail(e.value.place, 'LINT_SHELL_ARGUMENT', "SPLITS needs an array of split points, e.g. SPLITS => ['10', '20']");
      else draft.splits = { kind: 'points', points: e.value.items.map((v) => scalar(v, fail)), place: e.keyPlace };
    } else if (e.key === 'SPLITS_FILE') {
      draft.splits = { kind: 'file', file: scalar(e.value, fail), place: e.keyPlace };
    } else if (e.key === 'NUMREGIONS' || e.key === 'SPLITALGO') {
      draft.splits = algorithmSplits(entries, e.keyPlace, fail);
    } else if (e.key === 'CONFIGURATION' || e.key === 'METADATA') {
      if (e.value.type !== 'hash') fail(e.value.place, 'LINT_SHELL_ARGUMENT', `${e.key} needs a hash of 'key' => 'value'`);
      else for (const c of e.value.entries) draft.attributes[c.key] = scalar(c.value, fail);
    } else if (e.key !== 'METHOD') draft.attributes[e.key] = scalar(e.value, fail);
  }
  if (command === 'create' && entries.length === 0) fail(place, 'LINT_SHELL_ARGUMENT', 'empty hash: give NAME => ... or table options');
}

function algorithmSplits(entries: readonly HashEntry[], place: SourcePlace, fail: Fail): SplitModel {
  const n = entries.find((e) => e.key === 'NUMREGIONS');
  const algo = entries.find((e) => e.key === 'SPLITALGO');
  if (n === undefined || algo === undefined) {
    return fail(place, 'LINT_SHELL_ARGUMENT', 'NUMREGIONS and SPLITALGO go together, e.g. {NUMREGIONS => 16, SPLITALGO => \'HexStringSplit\'}');
  }
  const count = Number(scalar(n.value, fail));
  if (n.value.type !== 'num' || !Number.isInteger(count) || count < 2 || count > MAX_PRESPLIT_REGIONS) {
    fail(n.value.place, 'LINT_SHELL_ARGUMENT', `NUMREGIONS must be a whole number of regions, at least 2 and at most ${MAX_PRESPLIT_REGIONS}`);
  }
  const algorithm = scalar(algo.value, fail).replace(/^.*\./, '');
  if (!(algorithm in SPLIT_ALGORITHMS)) {
    fail(algo.value.place, 'LINT_SHELL_ARGUMENT', `unknown SPLITALGO '${algorithm}': use ${Object.keys(SPLIT_ALGORITHMS).join(', ')}`);
  }
  return { kind: 'algorithm', numRegions: count, algorithm, place };
}

/** Family settings the shell reads with `Integer.valueOf` (`admin.rb`): whole numbers, possibly signed. */
const WHOLE_NUMBER_ATTRIBUTES: ReadonlySet<string> = new Set(['VERSIONS', 'MIN_VERSIONS', 'DFS_REPLICATION']);
/**
 * Family settings whose string the shell reads as text of its own (a TTL interval such as `'1 DAY'`, a BLOCKSIZE
 * such as `'64KB'`): any string, or a whole Ruby number.
 */
const NUMBER_OR_TEXT_ATTRIBUTES: Readonly<Record<string, string>> = {
  TTL: 'a whole number of seconds, FOREVER or an interval such as \'1 DAY\'',
  BLOCKSIZE: 'a whole number of bytes or a size such as \'64KB\'',
};

function addFamily(draft: Draft, name: string, entries: readonly HashEntry[], place: SourcePlace, fail: Fail): void {
  if (name === '') fail(place, 'LINT_SHELL_ARGUMENT', 'a column family name cannot be empty');
  const prior = draft.families.get(name);
  const attributes: Record<string, string> = { ...(prior?.attributes ?? {}) };
  const attributePlaces: Record<string, SourcePlace> = { ...(prior?.attributePlaces ?? {}) };
  for (const e of entries) {
    if (!FAMILY_ATTRIBUTES.has(e.key)) {
      const hint = TABLE_ATTRIBUTES.has(e.key) ? ` (${e.key} is a table option: put it in its own hash outside the family)` : '';
      fail(e.keyPlace, 'LINT_SHELL_UNKNOWN_ATTRIBUTE', `unknown column family attribute ${e.key} in family '${name}'${hint}`);
    }
    // The shell hands these to Integer.valueOf (admin.rb), so a sign is allowed; their range (and how a TTL or
    // BLOCKSIZE string reads) is the rule CF_SETTING_INVALID's to judge, with the other settings HBase refuses.
    if (WHOLE_NUMBER_ATTRIBUTES.has(e.key) && !isWholeNumberText(scalar(e.value, fail))) {
      fail(e.value.place, 'LINT_SHELL_ARGUMENT', `${e.key} of family '${name}' must be a whole number`);
    }
    const either = NUMBER_OR_TEXT_ATTRIBUTES[e.key];
    if (either !== undefined && e.value.type === 'num' && !isWholeNumberText(e.value.text)) {
      fail(e.value.place, 'LINT_SHELL_ARGUMENT', `${e.key} of family '${name}' must be ${either}`);
    }
    if (e.key === 'CONFIGURATION' || e.key === 'METADATA') {
      if (e.value.type !== 'hash') fail(e.value.place, 'LINT_SHELL_ARGUMENT', `${e.key} needs a hash of 'key' => 'value'`);
      else for (const c of e.value.entries) attributes[c.key] = scalar(c.value, fail);
    } else {
      attributes[e.key] = scalar(e.value, fail);
      attributePlaces[e.key] = e.keyPlace;
      draft.familyWrites.push({ family: name, key: e.key, value: attributes[e.key] as string, place: e.keyPlace });
    }
  }
  draft.families.set(name, { name, attributes, attributePlaces, place: prior?.place ?? place });
}

/** The text of a string, number or bare word; arrays and hashes are an error here. */
function scalar(v: ShellValue, fail: Fail): string {
  if (v.type === 'array' || v.type === 'hash') return fail(v.place, 'LINT_SHELL_ARGUMENT', `expected a single value here, found ${v.type === 'array' ? 'an array' : 'a hash'}`);
  return v.text;
}
