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
 * Compiles the mapping `newTemplate.encode(oldTemplate.decode(key))`.
 * @param oldTemplate - template text of the table's current rowkey; must be decodable.
 * @param newTemplate - template text of the new rowkey; may read only fields the old key holds.
 * @throws HotspotError `MIGRATE_OLD_NOT_DECODABLE` when the old key cannot be decoded (with the template's reasons),
 *   `MIGRATE_FIELD_NOT_IN_OLD_KEY` naming a field the new template needs and the old key lacks, and the template
 *   compiler's codes (`TEMPLATE_SYNTAX`, ...).
 */
export function templateKeyMap(oldTemplate: string | RowkeyTemplate, newTemplate: string | RowkeyTemplate): TemplateKeyMap {
  const from = typeof oldTemplate === 'string' ? compileTemplate(oldTemplate) : oldTemplate;
  const to = typeof newTemplate === 'string' ? compileTemplate(newTemplate) : newTemplate;
  if (!from.decodable) {
    throw new HotspotError(
      'MIGRATE_OLD_NOT_DECODABLE',
      `--old-template "${from.source}" cannot be decoded back into fields (${from.decodeWarnings.join('; ')}); give a decodable template of the old key, or map keys with a function in the library`,
      { field: 'oldTemplate' },
    );
  }
  const missing = to.fields.filter((f) => !from.fields.includes(f));
  if (missing.length > 0) {
    throw new HotspotError(
      'MIGRATE_FIELD_NOT_IN_OLD_KEY',
      `--new-template "${to.source}" reads ${missing.map((f) => `"${f}"`).join(', ')}, which the old key "${from.source}" does not hold; the new key may use only fields of the old key (${from.fields.join(', ')})`,
      { field: 'newTemplate' },
    );
  }
  return { oldTemplate: from, newTemplate: to, map: (key) => to.encode(from.decode(key)) };
}
