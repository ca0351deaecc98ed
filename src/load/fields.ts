/**
 * Which template fields the load generator fills: the time field gets each write's epoch ms, the entity field the
 * entity's formatted id. A template reading any other field cannot be filled and is refused.
 *
 * @module
 */
import type { RowkeyTemplate } from '../keys/types.js';
import { HotspotError } from '../util/errors.js';

/** The fields a load run fills. */
export interface LoadFields {
  /** The field holding the entity id. */
  readonly entityField: string;
  /** The field holding the write time (epoch ms); `undefined` when the template reads no time (one row per entity). */
  readonly timeField: string | undefined;
}

/** Default `--time-field`. */
export const DEFAULT_TIME_FIELD = 'ts';

/**
 * Resolves the time and entity fields of `template`.
 *
 * The time field is `timeField` (default {@link DEFAULT_TIME_FIELD}); a template that does not read the default is
 * accepted without a time (every write of an entity rewrites one row), an explicitly named one must be read. The entity
 * field is `entityField`, by default the first field other than the time field.
 *
 * @param explicit - which of the two the user named (`--time-field`, `--entity-field`).
 * @throws {@link HotspotError} `LOAD_FIELD_UNKNOWN` for a named field the template does not read,
 *   `LOAD_ENTITY_FIELD_MISSING` when the template reads no field besides the time, `LOAD_FIELD_UNFILLED` when it reads
 *   fields the generator has no value for.
 */
export function resolveLoadFields(
  template: RowkeyTemplate,
  names: { readonly timeField?: string; readonly entityField?: string },
): LoadFields {
  const fields = template.fields;
  const list = fields.length ? fields.join(', ') : '(none)';
  if (names.timeField !== undefined && !fields.includes(names.timeField)) {
    throw new HotspotError('LOAD_FIELD_UNKNOWN', `time field "${names.timeField}" is not read by template ${template.source}; its fields are: ${list}`, { field: '--time-field' });
  }
  const wanted = names.timeField ?? DEFAULT_TIME_FIELD;
  const timeField = fields.includes(wanted) ? wanted : undefined;
  if (names.entityField !== undefined && !fields.includes(names.entityField)) {
    throw new HotspotError('LOAD_FIELD_UNKNOWN', `entity field "${names.entityField}" is not read by template ${template.source}; its fields are: ${list}`, { field: '--entity-field' });
  }
  if (names.entityField !== undefined && names.entityField === timeField) {
    throw new HotspotError('LOAD_FIELD_UNKNOWN', `"${names.entityField}" cannot be both the time field and the entity field; name another with --entity-field`, { field: '--entity-field' });
  }
  const entityField = names.entityField ?? fields.find((f) => f !== timeField);
  if (entityField === undefined) {
    throw new HotspotError('LOAD_ENTITY_FIELD_MISSING', `template ${template.source} reads no field for the entity id besides the time field "${wanted}"; add one, e.g. {deviceId}`, { field: '--template' });
  }
  const unfilled = fields.filter((f) => f !== entityField && f !== timeField);
  if (unfilled.length > 0) {
    throw new HotspotError(
      'LOAD_FIELD_UNFILLED',
      `template ${template.source} reads ${unfilled.map((f) => `"${f}"`).join(', ')}, which the load generator cannot fill: it fills only the entity field "${entityField}" and the time field${timeField ? ` "${timeField}"` : ''}; name them with --entity-field / --time-field or drop the others from the template`,
      { field: '--template' },
    );
  }
  return { entityField, timeField };
}
