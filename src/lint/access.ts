/**
 * Parses the access patterns and field types a rowkey design is judged against (`--access`, `--fields`).
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';
import type { AccessKind, AccessPattern } from './model.js';
import { own, setOwn } from '../util/own.js';

/** Access kinds, what each needs after the colon, and what it means. */
export const ACCESS_KINDS: Readonly<Record<AccessKind, { readonly needsFields: boolean; readonly meaning: string }>> = {
  'point-get': { needsFields: false, meaning: 'get one row by its full key' },
  'latest-n': { needsFields: true, meaning: 'the newest N rows of an entity, e.g. latest-n:deviceId' },
  'time-range': { needsFields: true, meaning: "an entity's rows in a time range, e.g. time-range:metric+deviceId" },
  'prefix-scan': { needsFields: true, meaning: 'every row of an entity, any order, e.g. prefix-scan:userId' },
  'sequential-writes': { needsFields: false, meaning: 'heavy append-only writes (logs, events)' },
};

/**
 * Parses `latest-n:deviceId,point-get` (comma- or `|`-separated; `+` joins the fields one read knows).
 * @param option - the option it came from, named in errors.
 * @throws HotspotError `LINT_ACCESS` for an unknown kind, a missing or unexpected field list.
 */
export function parseAccess(text: string, option = '--access'): AccessPattern[] {
  return text
    .split(/[,|]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((item) => {
      const [kind, fields = ''] = item.split(':', 2) as [string, string?];
      const spec = own(ACCESS_KINDS, kind);
      if (spec === undefined) {
        throw new HotspotError('LINT_ACCESS', `${option}: unknown access pattern '${kind}'; use ${Object.keys(ACCESS_KINDS).join(', ')}`);
      }
      const list = fields.split('+').map((f) => f.trim()).filter((f) => f !== '');
      if (spec.needsFields && list.length === 0) {
        throw new HotspotError('LINT_ACCESS', `${option}: ${kind} needs the fields the read knows, e.g. ${kind}:deviceId`);
      }
      if (!spec.needsFields && list.length > 0) throw new HotspotError('LINT_ACCESS', `${option}: ${kind} takes no fields (found '${fields}')`);
      return { kind: kind as AccessKind, fields: list };
    });
}

/**
 * Field types `--fields` accepts. `category`: few distinct values, or a few values most rows share (a status, a
 * country, a flag: what a secondary index is often on).
 */
export const FIELD_TYPES: readonly string[] = ['string', 'int', 'long', 'epochMs', 'epochSeconds', 'sequence', 'pii', 'email', 'domain', 'uuid', 'category'];

/**
 * Parses `deviceId:string,ts:epochMs` into name → type.
 * @throws HotspotError `LINT_FIELDS` for a missing or unknown type or a repeated name.
 */
export function parseFieldTypes(text: string, option = '--fields'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of text.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const [name = '', type = ''] = item.split(':', 2);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || !FIELD_TYPES.includes(type)) {
      throw new HotspotError('LINT_FIELDS', `${option}: '${item}' must be name:type with type one of ${FIELD_TYPES.join(', ')}`);
    }
    if (own(out, name) !== undefined) throw new HotspotError('LINT_FIELDS', `${option}: field '${name}' is given twice`);
    setOwn(out, name, type);
  }
  if (Object.keys(out).length === 0) throw new HotspotError('LINT_FIELDS', `${option}: give at least one field, e.g. deviceId:string,ts:epochMs`);
  return out;
}

/**
 * Checks that every field `--fields` types is read by one of `templates` (a misspelt name would turn its checks off
 * without a word). @throws HotspotError `LINT_FIELDS` naming the field and the templates' fields.
 */
export function checkFieldsUsed(fieldTypes: Readonly<Record<string, string>>, templates: readonly { readonly fields: readonly string[] }[], option = '--fields'): void {
  const read = new Set(templates.flatMap((t) => t.fields));
  const unused = Object.keys(fieldTypes).filter((f) => !read.has(f));
  if (unused.length > 0) {
    throw new HotspotError('LINT_FIELDS', `${unused.map((f) => `'${f}'`).join(', ')} ${unused.length > 1 ? 'are' : 'is'} not a field of the key (it reads ${[...read].map((f) => `'${f}'`).join(', ') || 'no field'}); check the spelling`, { field: option });
  }
}
