/**
 * The rowkey mapping of a key migration: old rowkey in, new rowkey out, compiled from the two templates (decode with
 * the old, encode with the new) or supplied by the user.
 *
 * @module
 */
import { compileTemplate } from '../keys/template/index.js';
import type { RowkeyTemplate } from '../keys/types.js';
import { HotspotError } from '../util/errors.js';

/**
 * Maps an old rowkey to its new rowkey. Throws (any error; a {@link HotspotError} names the reason) when the key
 * cannot be mapped: the backfill writes such rows to its reject file.
 */
export type KeyMapper = (oldKey: Uint8Array) => Uint8Array;

/** A key mapping compiled from two templates, with the templates kept for bucket and time figures. */
export interface TemplateKeyMap {
  readonly oldTemplate: RowkeyTemplate;
  readonly newTemplate: RowkeyTemplate;
  readonly map: KeyMapper;
}

/**
 * What the errors of {@link templateKeyMap} call the two templates: the option, argument or file field each came from
 * (`--old-template`, `plan.json (oldTemplate)`, ...). Each name is the error's field and opens its message.
 */
export interface KeyMapNames {
  /** Where the old key's template came from; `--old-template` unless given. */
  readonly oldTemplate?: string;
  /** Where the new key's template came from; `--new-template` unless given. */
  readonly newTemplate?: string;
}

/**
 * Compiles the mapping `newTemplate.encode(oldTemplate.decode(key))`.
 * @param oldTemplate - template text of the table's current rowkey; must be decodable.
 * @param newTemplate - template text of the new rowkey; may read only fields the old key holds.
 * @param names - what the errors call each template (default: the options `--old-template`, `--new-template`).
 * @throws HotspotError `MIGRATE_OLD_NOT_DECODABLE` when the old key cannot be decoded (with the template's reasons),
 *   naming `names.oldTemplate`; `MIGRATE_FIELD_NOT_IN_OLD_KEY` naming `names.newTemplate` and a field the new
 *   template needs and the old key lacks; and the template compiler's codes (`TEMPLATE_SYNTAX`, ...) for text that
 *   does not compile.
 */
export function templateKeyMap(oldTemplate: string | RowkeyTemplate, newTemplate: string | RowkeyTemplate, names: KeyMapNames = {}): TemplateKeyMap {
  const oldName = names.oldTemplate ?? '--old-template';
  const newName = names.newTemplate ?? '--new-template';
  const from = typeof oldTemplate === 'string' ? compileTemplate(oldTemplate) : oldTemplate;
  const to = typeof newTemplate === 'string' ? compileTemplate(newTemplate) : newTemplate;
  if (!from.decodable) {
    throw new HotspotError(
      'MIGRATE_OLD_NOT_DECODABLE',
      `${oldName} "${from.source}" cannot be decoded back into fields (${from.decodeWarnings.join('; ')}); give a decodable template of the old key, or map keys with a function in the library`,
      { field: oldName },
    );
  }
  const missing = to.fields.filter((f) => !from.fields.includes(f));
  if (missing.length > 0) {
    throw new HotspotError(
      'MIGRATE_FIELD_NOT_IN_OLD_KEY',
      `${newName} "${to.source}" reads ${missing.map((f) => `"${f}"`).join(', ')}, which the old key "${from.source}" does not hold; the new key may use only fields of the old key (${from.fields.join(', ')})`,
      { field: newName },
    );
  }
  return { oldTemplate: from, newTemplate: to, map: (key) => to.encode(from.decode(key)) };
}
