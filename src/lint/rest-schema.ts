/**
 * Reads a table descriptor as HBase's REST gateway returns it from `GET /<table>/schema` with
 * `Accept: application/json` (TableSchemaModel / ColumnSchemaModel): `{"name": "t", "IS_META": "false", ...,
 * "ColumnSchema": [{"name": "cf", "VERSIONS": "1", "TTL": "2147483647", ...}]}`, every attribute a string.
 *
 * @module
 */
import { jsonErrorText } from '../util/input-text.js';
import { HotspotError } from '../util/errors.js';
import { jsonErrorOffset, lineColumn } from '../util/json-position.js';
import type { FamilyModel, SourcePlace, TableModel } from './model.js';

/** A schema as the REST client decodes it (`name`, attribute strings, families). */
export interface SchemaLike {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly columns: readonly { readonly name: string; readonly attributes: Readonly<Record<string, string>> }[];
}

/**
 * Converts a decoded schema (from a file or a live gateway) into the table model. A schema carries no split points,
 * so `splits` is `unknown` unless the caller knows the table's region boundaries (`regionStarts`, the start keys
 * of its regions after the first, in `toStringBinary` form).
 */
export function tableFromSchema(schema: SchemaLike, place: (needle: string) => SourcePlace, regionStarts?: readonly string[]): TableModel {
  const families: FamilyModel[] = schema.columns.map((c) => ({ name: c.name, attributes: c.attributes, place: place(c.name) }));
  const at = place(schema.name);
  const splits: TableModel['splits'] = regionStarts === undefined ? { kind: 'unknown' } : regionStarts.length === 0 ? { kind: 'none' } : { kind: 'points', points: regionStarts, binaryForm: true, place: at };
  return { name: schema.name, families, attributes: schema.attributes, splits, place: at };
}

/**
 * Parses REST schema JSON text.
 * @throws HotspotError `LINT_JSON_SYNTAX` (with the line and column JSON.parse stopped at) or `LINT_SCHEMA_SHAPE`
 *   (missing `name`/`ColumnSchema`, a non-string attribute), naming the file and the field.
 */
export function parseRestSchema(text: string, file: string): TableModel {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const msg = jsonErrorText(err);
    const at = jsonErrorOffset(text) ?? text.length;
    const found = at >= text.length ? 'the text ends too early' : `unexpected ${JSON.stringify(text[at])}`;
    throw new HotspotError('LINT_JSON_SYNTAX', `not valid JSON: ${found} (${msg})`, { file, ...lineColumn(text, at), cause: err });
  }
  const shape = (field: string, message: string): never => {
    throw new HotspotError('LINT_SCHEMA_SHAPE', message, { file, field });
  };
  const strings = (o: Record<string, unknown>, skip: readonly string[], at: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(o)) {
      if (skip.includes(k)) continue;
      if (typeof v !== 'string') shape(`${at}.${k}`, `${at}.${k} must be a string as the REST gateway writes it, e.g. "1"`);
      out[k] = v as string;
    }
    return out;
  };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return shape('(root)', 'expected a table schema object {"name": ..., "ColumnSchema": [...]}');
  const root = json as Record<string, unknown>;
  if (typeof root['name'] !== 'string') shape('name', 'the table schema has no "name" string');
  if (!Array.isArray(root['ColumnSchema'])) shape('ColumnSchema', 'the table schema has no "ColumnSchema" array of families');
  const columns = (root['ColumnSchema'] as unknown[]).map((c, i) => {
    if (typeof c !== 'object' || c === null || typeof (c as Record<string, unknown>)['name'] !== 'string') {
      return shape(`ColumnSchema[${i}]`, `ColumnSchema[${i}] needs a "name" string`);
    }
    const o = c as Record<string, unknown>;
    return { name: o['name'] as string, attributes: strings(o, ['name'], `ColumnSchema[${i}]`) };
  });
  const schema: SchemaLike = { name: root['name'] as string, attributes: strings(root, ['name', 'ColumnSchema'], 'schema'), columns };
  return tableFromSchema(schema, (needle) => {
    const at = text.indexOf(JSON.stringify(needle));
    return { file, ...lineColumn(text, at < 0 ? 0 : at) };
  });
}
