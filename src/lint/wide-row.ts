/**
 * Reads a wide-row schema description (YAML or JSON): a table whose rows gain a qualifier over time.
 *
 * ```yaml
 * table: sensor_wide        # table name
 * key: '{deviceId}'         # rowkey template (a time part such as {date(ts,"yyyyMMdd")} bounds the row)
 * family: d                 # optional, for the report
 * qualifier: '{ts}'         # optional, how qualifiers are named (documentation)
 * newQualifierEvery: 10s    # one new cell per row this often (a duration), or qualifiersPerSec: 0.1
 * cellBytes: 48             # average stored cell size: key + family + qualifier + timestamp + value, bytes
 * ttlSeconds: 7776000       # optional; cells older than this expire
 * ```
 * A file may hold one such object or a list of them.
 *
 * @module
 */
import type { Document } from 'yaml';
import { HotspotError } from '../util/errors.js';
import { parseDurationMs } from '../util/duration.js';
import { jsonPreview } from '../util/input-text.js';
import { checkYamlDocument, parseYamlDocument, YAML_MAX_DEPTH, yamlToJs } from '../util/yaml-guard.js';
import { keyDesign } from './key-design.js';
import type { WideRowModel } from './model.js';
import { lineColumn } from '../util/json-position.js';

const KNOWN = new Set(['table', 'key', 'family', 'qualifier', 'newQualifierEvery', 'qualifiersPerSec', 'cellBytes', 'ttlSeconds', 'fields']);

/**
 * Parses a wide-row description.
 * @throws HotspotError `LINT_YAML_SYNTAX` (line and column of the YAML error, an alias without its anchor, a mapping
 *   or list as a key), `YAML_TOO_DEEP` past {@link YAML_MAX_DEPTH} levels, `LINT_WIDE_ROW` for a missing,
 *   unknown or invalid field (named, with its line and column), or the template compiler's errors for `key`.
 */
export function parseWideRows(text: string, file: string): WideRowModel[] {
  const doc = parseYamlDocument(text, file, { prettyErrors: false });
  const first = doc.errors[0];
  if (first !== undefined) {
    const pos = first.linePos?.[0];
    throw new HotspotError('LINT_YAML_SYNTAX', first.message, { file, ...(pos === undefined ? {} : { line: pos.line, column: pos.col }) });
  }
  checkYamlDocument(doc, file, (offset) => lineColumn(text, offset), 'LINT_YAML_SYNTAX');
  const value: unknown = yamlToJs(doc, file, 'LINT_YAML_SYNTAX');
  const items = Array.isArray(value) ? value : [value];
  return items.map((item, i) => readOne(doc, text, file, item, Array.isArray(value) ? [i] : []));
}

function readOne(doc: Document, text: string, file: string, item: unknown, at: (string | number)[]): WideRowModel {
  const where = (field?: string): { line?: number; column?: number } => {
    const node = doc.getIn(field === undefined ? at : [...at, field], true) as { range?: [number, number, number] } | undefined;
    return node?.range === undefined ? {} : lineColumn(text, node.range[0]);
  };
  const fail = (field: string, message: string): never => {
    const pos = where(field);
    throw new HotspotError('LINT_WIDE_ROW', message, { file, field: [...at, field].join('.'), ...(pos.line === undefined ? where() : pos) });
  };
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return fail('(root)', 'a wide-row description is a mapping with table, key, newQualifierEvery and cellBytes');
  const o = item as Record<string, unknown>;
  // a secondary index file given among the inputs: say where it goes rather than list the wide-row fields alone
  const indexHint = (k: string) => (k === 'indexes' && at.length === 0 ? '; a file of index definitions (indexes:) is linted with --indexes FILE, beside a table schema' : '');
  for (const k of Object.keys(o)) if (!KNOWN.has(k)) fail(k, `unknown field '${k}'; known: ${[...KNOWN].join(', ')}${indexHint(k)}`);
  const str = (k: string): string => (typeof o[k] === 'string' && o[k] !== '' ? (o[k] as string) : fail(k, `'${k}' must be a non-empty string`));
  // YAML reads .inf, .nan and 1e400 as numbers; a rate or size past 2^53 - 1 is no real one either.
  const positive = (k: string): number => {
    const v = o[k];
    if (typeof v === 'number' && v > 0 && v <= Number.MAX_SAFE_INTEGER) return v;
    return fail(k, typeof v === 'number' ? `'${k}' must be a positive number at most 2^53 - 1, got ${jsonPreview(v)}` : `'${k}' must be a positive number`);
  };
  let perSec: number;
  if (o['newQualifierEvery'] !== undefined && o['qualifiersPerSec'] !== undefined) fail('qualifiersPerSec', 'give newQualifierEvery or qualifiersPerSec, not both');
  if (o['qualifiersPerSec'] !== undefined) perSec = positive('qualifiersPerSec');
  else if (o['newQualifierEvery'] !== undefined) {
    const every = o['newQualifierEvery'];
    if (typeof every !== 'string' && typeof every !== 'number') fail('newQualifierEvery', `'newQualifierEvery' must be a duration such as 10s or 1m30s, got ${jsonPreview(every)}`);
    const ms = parseDurationMs(String(every), `${file}: newQualifierEvery`);
    if (ms <= 0) fail('newQualifierEvery', "'newQualifierEvery' must be longer than 0");
    perSec = 1000 / ms;
  } else return fail('newQualifierEvery', "say how fast a row grows: newQualifierEvery: 10s (or qualifiersPerSec: 0.1)");
  const fields = o['fields'];
  if (fields !== undefined && (typeof fields !== 'object' || fields === null || Object.values(fields).some((v) => typeof v !== 'string'))) {
    fail('fields', "'fields' maps field names to types, e.g. {deviceId: string, ts: epochMs}");
  }
  const ttl = o['ttlSeconds'] === undefined ? undefined : positive('ttlSeconds');
  const pos = where();
  return {
    table: str('table'),
    key: keyDesign(str('key'), [], fields as Record<string, string> | undefined),
    qualifiersPerSecond: perSec,
    cellBytes: positive('cellBytes'),
    ...(ttl === undefined ? {} : { ttlSeconds: ttl }),
    place: { file, line: pos.line ?? 1, column: pos.column ?? 1 },
  };
}
