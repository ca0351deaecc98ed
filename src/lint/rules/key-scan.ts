/**
 * How a rowkey design serves one access pattern: which leading parts a reader can fill in from the fields it knows,
 * which salt parts it cannot compute (and so must scan every bucket of), and which part the scan then ranges over.
 * Names in field heuristics follow common Java/SQL naming (`createdAt`, `event_ts`, `seqNo`).
 *
 * @module
 */
import type { AccessPattern, KeyDesign, KeyPartShape } from '../model.js';
import { SALT_KINDS } from './links.js';

/** What a reader with `access` can do with `key`. */
export interface ScanShape {
  /** Salt parts before the scanned part whose inputs the reader does not know: one scan per bucket each. */
  readonly fanOut: readonly KeyPartShape[];
  /** The first part the reader cannot fill in (the scan ranges over it); `undefined` when the whole key is known. */
  readonly scanned: KeyPartShape | undefined;
  /** Access fields that never appear in the known prefix (the scan cannot be narrowed by them). */
  readonly unused: readonly string[];
}

/**
 * Walks the key's parts in order with the fields `access` knows (for `point-get`, all of the key's fields).
 * Literals are skipped; a part whose inputs are all known extends the prefix; a salt part with an unknown input is
 * noted as a fan-out and skipped; the first other part with an unknown input is where the scan ranges.
 */
export function scanShape(key: KeyDesign, access: AccessPattern): ScanShape {
  const known = new Set(access.kind === 'point-get' ? key.parts.flatMap((p) => p.inputs) : access.fields);
  const used = new Set<string>();
  const fanOut: KeyPartShape[] = [];
  for (const part of key.parts) {
    if (part.kind === 'literal') continue;
    const allKnown = part.inputs.length > 0 && part.inputs.every((f) => known.has(f));
    if (allKnown) {
      for (const f of part.inputs) used.add(f);
      continue;
    }
    if (SALT_KINDS.has(part.kind)) {
      fanOut.push(part);
      continue;
    }
    return { fanOut, scanned: part, unused: [...known].filter((f) => !used.has(f)) };
  }
  return { fanOut, scanned: undefined, unused: [...known].filter((f) => !used.has(f)) };
}

const TIME_NAME = /^(ts|timestamp|time|date|datetime|epoch\w*|created|updated|\w*(At|_at|Time|_time|Ts|_ts|Date|_date|Millis|_ms))$/;
const SEQUENCE_NAME = /^(seq|seqno|sequence|serial|counter|increment|autoincrement|auto_id)$|(Seq|_seq|SeqNo|Sequence|_sequence|Counter|_counter|Serial|_serial)$/;
const TIME_TYPES = new Set(['epochMs', 'epochSeconds', 'timestamp', 'date']);
const NUMBER_TYPES = new Set(['int', 'long', 'number', 'epochMs', 'epochSeconds', 'sequence']);

/** True when `field` holds a point in time (by declared type, else by name). */
export function isTimeField(key: KeyDesign, field: string): boolean {
  const type = key.fieldTypes?.[field];
  return type !== undefined ? TIME_TYPES.has(type) : TIME_NAME.test(field);
}

/** True when `field` is an ever-increasing sequence number (by declared type `sequence`, else by name). */
export function isSequenceField(key: KeyDesign, field: string): boolean {
  const type = key.fieldTypes?.[field];
  return type !== undefined ? type === 'sequence' : SEQUENCE_NAME.test(field);
}

/** True when `field` holds a number (by declared type, else when it looks like a time or sequence). */
export function isNumberField(key: KeyDesign, field: string): boolean {
  const type = key.fieldTypes?.[field];
  return type !== undefined ? NUMBER_TYPES.has(type) : isTimeField(key, field) || isSequenceField(key, field);
}

/**
 * How the bytes of `part` move as time passes: `up`, `down` or `none`. `date` and `reverseTs` always follow time;
 * `long`, `reverseLong`, `pad` and plain fields do when their field is a time or a sequence (a padded user id is
 * ordered, but new rows do not arrive in its order).
 */
export function timeDirection(key: KeyDesign, part: KeyPartShape): 'up' | 'down' | 'none' {
  if (part.kind === 'reverseTs') return 'down';
  if (part.kind === 'date') return 'up';
  const field = part.orderField ?? (part.inputs.length === 1 ? part.inputs[0] : undefined);
  if (field === undefined || !(isTimeField(key, field) || isSequenceField(key, field))) return 'none';
  if (part.kind === 'reverseLong' || part.order === 'descending') return 'down';
  if (part.kind === 'long' || part.kind === 'pad' || part.kind === 'field' || part.order === 'ascending') return 'up';
  return 'none';
}

const PII_NAME = /e-?mail|phone|mobile|msisdn|ssn|social_?security|passport|credit_?card|card_?num|iban|birth|dob|national_?id|tax_?id/i;

/** True when `field` looks like personal data (e-mail, phone, national id, card, birth date) or is typed `pii`. */
export function isPiiField(key: KeyDesign, field: string): boolean {
  const type = key.fieldTypes?.[field];
  return type === 'pii' || type === 'email' || PII_NAME.test(field);
}
