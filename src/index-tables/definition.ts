/**
 * Secondary index definitions: one YAML (or JSON) schema read by `lint --indexes`, by the `indexes:` key of a
 * scenario file and from a main table's descriptor `METADATA` (`metadata.ts`). The form is documented in
 * `docs/indexes.md`:
 *
 * ```yaml
 * indexes:
 *   - name: by_email          # the index's name, unique in the file
 *     table: users            # the main table it indexes (not in a scenario: the scenario's table)
 *     indexTable: users_by_email   # optional; <table>_<name> when absent
 *     fields: {email: email}  # indexed fields in key order, with lint field types (or a list of names)
 *     unique: true            # one main row per value (value -> main rowkey); false: value + main rowkey
 *     covered: [name]         # optional; main-row fields copied into the index row
 *     key: '{sha256(email)}'  # optional; the index's own key template over the indexed fields
 *     family: i               # optional; the index table's column family, `i` when absent
 * ```
 *
 * @module
 */
import { LineCounter } from 'yaml';
import { FIELD_TYPES } from '../lint/access.js';
import { compileTemplate } from '../keys/template/index.js';
import type { RowkeyTemplate } from '../keys/types.js';
import { YamlField } from '../simulate/scenario/yaml-field.js';
import { formatWhere, HotspotError, isHotspotError } from '../util/errors.js';
import { checkYamlDocument, parseYamlDocument } from '../util/yaml-guard.js';

/** The qualifier of the index cell holding the main rowkey; a covered field may not take this name. */
export const MAIN_ROW_QUALIFIER = '_row';

/** One secondary index as written (templates not compiled). */
export interface IndexDefinition {
  /** Index name, unique among the indexes of one main table. */
  readonly name: string;
  /** Main table name (`ns:t` outside the default namespace). */
  readonly table: string;
  /** The index table's name. */
  readonly indexTable: string;
  /** Indexed fields in key order, each with its lint field type (`string`, `epochMs`, ...) when given. */
  readonly fields: readonly { readonly name: string; readonly type?: string }[];
  /** True: value -> one main rowkey (a point get); false: value + main rowkey (a prefix scan). */
  readonly unique: boolean;
  /** Main-row fields copied into the index row so a lookup needs no main-table read. */
  readonly covered: readonly string[];
  /** The index key template over the indexed fields (salt it when the value is skewed or time-like). */
  readonly key: string;
  /** Column family of the index table. */
  readonly family: string;
  /** Line of `key` (or of the index when `key` is absent) in the file it came from. */
  readonly line?: number;
}

/** An index with its key template compiled, ready to encode rowkeys (`rowkey.ts`). */
export interface CompiledIndex {
  readonly definition: IndexDefinition;
  readonly template: RowkeyTemplate;
  /** Width of every encoded index value in bytes when all template parts are fixed width; `undefined` otherwise. */
  readonly valueWidth: number | undefined;
}

const TABLE_NAME = /^([A-Za-z0-9_][A-Za-z0-9_.-]*:)?[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const ITEM_FIELDS = ['name', 'table', 'indexTable', 'fields', 'unique', 'covered', 'key', 'family'] as const;

/** Where the indexes come from, for {@link readIndexList}. */
export interface IndexContext {
  /** The main table when every index belongs to it (a scenario); `table:` is then refused. */
  readonly mainTable?: string;
  /** The file the list is read from, for template errors. */
  readonly file: string;
}

function nameOf(f: YamlField, what: string, fallback?: string): string {
  const s = f.string(fallback);
  if (!NAME.test(s)) throw f.error(`${what} ${JSON.stringify(s)} must be letters, digits, '_', '-' or '.'`, 'INDEX_INVALID');
  return s;
}

function readFields(f: YamlField): IndexDefinition['fields'] {
  f.required();
  const out: { name: string; type?: string }[] = [];
  if (Array.isArray(f.raw)) {
    for (const item of f.list()) out.push({ name: nameOf(item, 'field') });
  } else {
    const raw = f.raw;
    if (typeof raw !== 'object' || raw === null) throw f.error('must map field names to types ({email: email}) or list field names', 'INDEX_INVALID');
    const get = f.object(Object.keys(raw));
    for (const k of Object.keys(raw)) out.push({ name: k, type: get(k).oneOf(FIELD_TYPES) });
  }
  if (out.length === 0) throw f.error('needs at least one indexed field', 'INDEX_INVALID');
  if (new Set(out.map((x) => x.name)).size !== out.length) throw f.error('names a field twice', 'INDEX_INVALID');
  return out;
}

function readOne(item: YamlField, context: IndexContext): IndexDefinition {
  const get = item.object(context.mainTable === undefined ? ITEM_FIELDS : ITEM_FIELDS.filter((k) => k !== 'table'));
  const name = nameOf(get('name'), 'index name');
  let table: string;
  if (context.mainTable === undefined) {
    table = get('table').string();
    if (!TABLE_NAME.test(table)) throw get('table').error(`${JSON.stringify(table)} is not an HBase table name`, 'INDEX_INVALID');
  } else table = context.mainTable;
  const indexTable = get('indexTable').string(`${table}_${name}`);
  if (!TABLE_NAME.test(indexTable)) throw get('indexTable').error(`${JSON.stringify(indexTable)} is not an HBase table name`, 'INDEX_INVALID');
  const fields = readFields(get('fields'));
  const unique = get('unique');
  if (!unique.present || typeof unique.raw !== 'boolean') throw unique.error('must be true (value -> main rowkey) or false (value + main rowkey)', 'INDEX_INVALID');
  const covered = get('covered').present ? get('covered').list().map((c) => nameOf(c, 'covered field')) : [];
  const reserved = covered.indexOf(MAIN_ROW_QUALIFIER);
  if (reserved >= 0) throw get('covered').error(`${MAIN_ROW_QUALIFIER} is the qualifier of the main rowkey; rename the covered field`, 'INDEX_INVALID');
  const family = nameOf(get('family'), 'family', 'i');
  const keyField = get('key');
  const key = keyField.present ? keyField.string() : fields.map((f) => `{${f.name}}`).join('_');
  const definition: IndexDefinition = { name, table, indexTable, fields, unique: unique.raw as boolean, covered, key, family, line: keyField.present ? keyField.line : item.line };
  compileIndex(definition, { file: context.file, field: keyField.path });
  return definition;
}

/**
 * Compiles an index's key template and checks it reads exactly the indexed fields (a field left out would make two
 * values share one key; a field that is not indexed is unknown at lookup time).
 * @throws HotspotError `INDEX_KEY_FIELDS`, or the template compiler's codes, naming `where` and the definition's line.
 */
export function compileIndex(definition: IndexDefinition, where: { file?: string; field?: string } = {}): CompiledIndex {
  const place = { ...where, ...(definition.line === undefined ? {} : { line: definition.line }), field: where.field ?? `index ${definition.name}.key` };
  const names = definition.fields.map((f) => f.name);
  let template: RowkeyTemplate;
  try {
    template = compileTemplate(definition.key, { fields: names });
  } catch (err) {
    if (!isHotspotError(err)) throw err;
    const hint = err.code === 'TEMPLATE_UNKNOWN_FIELD' ? ` (the index key may read only its indexed fields: ${names.join(', ')})` : '';
    throw new HotspotError(err.code, `index ${definition.name}: key "${definition.key}": ${err.message}${hint}`, { ...place, cause: err });
  }
  const missing = names.filter((n) => !template.fields.includes(n));
  if (missing.length > 0) {
    throw new HotspotError('INDEX_KEY_FIELDS', `index ${definition.name}: key "${definition.key}" does not write ${missing.join(', ')}: two values would share one index key`, place);
  }
  const widths = template.parts.map((p) => p.fixedWidth);
  const valueWidth = widths.every((w) => w !== undefined) ? widths.reduce((a: number, b) => a + (b ?? 0), 0) : undefined;
  return { definition, template, valueWidth };
}

/**
 * Reads a YAML list of index definitions (the `indexes:` key of an index file or a scenario).
 * @throws HotspotError `INDEX_INVALID` (or the template compiler's codes) naming the file, line and field.
 */
export function readIndexList(field: YamlField, context: IndexContext): IndexDefinition[] {
  const seen = new Set<string>();
  return field.list().map((item) => {
    const def = readOne(item, context);
    const key = `${def.table}/${def.name}`;
    if (seen.has(key)) throw item.error(`duplicate index ${JSON.stringify(def.name)} on table ${def.table}`, 'INDEX_INVALID');
    seen.add(key);
    return def;
  });
}

/**
 * Parses an index definition file (YAML, or JSON, which YAML reads too): a mapping whose only key is `indexes`.
 * @param file - the name used in every error (a path, or `METADATA of <table>` for a descriptor value).
 * @throws HotspotError `INDEX_YAML` for syntax, `INDEX_UNKNOWN_FIELD` for a misspelt field, `INDEX_INVALID` for a
 *   missing or bad value, `INDEX_KEY_FIELDS` or a template code for a key template that does not fit, each naming the
 *   file, line and field.
 */
export function parseIndexDefinitions(text: string, file: string): IndexDefinition[] {
  const lines = new LineCounter();
  const doc = parseYamlDocument(text, file, { lineCounter: lines, prettyErrors: false });
  const first = doc.errors[0];
  if (first) throw new HotspotError('INDEX_YAML', `not valid YAML: ${first.message.split('\n')[0] ?? ''}`, { file, line: lines.linePos(first.pos[0]).line });
  checkYamlDocument(doc, file, (offset) => ({ line: lines.linePos(offset).line }), 'INDEX_YAML');
  const root = new YamlField(doc.contents, '', file, lines, 1);
  try {
    if (!root.present) throw root.error('the index file is empty; it holds indexes: [...]', 'INDEX_INVALID');
    return readIndexList(root.object(['indexes'])('indexes').required(), { file });
  } catch (err) {
    if (isHotspotError(err) && err.code.startsWith('SCENARIO_')) {
      throw new HotspotError(err.code.replace(/^SCENARIO_/, 'INDEX_'), err.message.slice(formatWhere(err.where).length + 2), { ...err.where, cause: err });
    }
    throw err;
  }
}
