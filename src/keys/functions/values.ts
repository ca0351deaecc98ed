import { JAVA_LONG_MAX, JAVA_LONG_MIN } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import type { FieldValue, KeyRecord } from '../types.js';
import { own } from '../../util/own.js';

/** Where in a template a value is read: the part's source text, its character offset, and the field. */
export interface ValueSite {
  /** The expression's source text, e.g. `reverseTs(ts)`. */
  readonly source: string;
  /** 0-based character offset of the expression in the template. */
  readonly position: number;
}

const DECIMAL = /^-?(0|[1-9][0-9]*)$/;

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}

/**
 * A record's field: its own property, or a string, number or bigint it inherits (a class getter, `Object.create`),
 * as the generated encoders read `record[field]`; `Object.prototype`'s members (`constructor`, `toString`, ...) are
 * functions and objects, never fields. `undefined` when the record has no such field.
 */
function fieldValue(record: KeyRecord, field: string): FieldValue | null | undefined {
  const value = own(record, field);
  if (value !== undefined) return value;
  const inherited: unknown = record[field];
  return typeof inherited === 'string' || typeof inherited === 'number' || typeof inherited === 'bigint' ? inherited : undefined;
}

/**
 * Reads a field that must be present, or throws `TEMPLATE_FIELD_MISSING` naming the field and position. A field is
 * the record's own property or a string or number it inherits (see {@link fieldValue}): a field named `constructor`
 * or `toString` is not found on the object prototype.
 */
export function requireField(record: KeyRecord, field: string, site: ValueSite): FieldValue {
  const value = fieldValue(record, field);
  if (value === undefined || value === null) {
    throw new HotspotError(
      'TEMPLATE_FIELD_MISSING',
      `${site.source} at template position ${site.position} needs field "${field}", which the record lacks; add it to the record`,
      { field },
    );
  }
  return value;
}

/**
 * A field's text as a rowkey writer's Java code would produce it: a string as is, an integer in plain decimal (what
 * `String.valueOf(long)` prints). Fractions and non-finite numbers are refused: Java code writing a long never
 * produces them, and a double's Java text (`1.0E21`) differs from JavaScript's.
 * @throws HotspotError `TEMPLATE_FIELD_MISSING`, `TEMPLATE_FIELD_TYPE`.
 */
export function fieldText(record: KeyRecord, field: string, site: ValueSite): string {
  const value = requireField(record, field, site);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return String(value === 0 ? 0 : value);
    throw typeError(field, value, site, 'an integer or a string');
  }
  if (typeof value === 'bigint') return value.toString();
  throw typeError(field, value, site, 'a string or an integer');
}

/**
 * A field's value as a Java long: a safe-integer number, a bigint, or a string of decimal digits (for JSON input
 * beyond 2^53) in the form `Long.toString` writes (`-12`, not `+12` or `007`), so that a decoded key gives it back. Returns a number when it is a safe integer, a bigint otherwise.
 * @throws HotspotError `TEMPLATE_FIELD_MISSING`, `TEMPLATE_FIELD_TYPE` (not an integer), `TEMPLATE_VALUE_RANGE`
 * (outside the signed 64-bit range).
 */
export function fieldLong(record: KeyRecord, field: string, site: ValueSite): number | bigint {
  const value = requireField(record, field, site);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  let big: bigint;
  if (typeof value === 'bigint') big = value;
  else if (typeof value === 'string' && DECIMAL.test(value)) big = BigInt(value);
  else throw typeError(field, value, site, 'an integer (a number, a bigint, or a string of decimal digits as Long.toString writes them: no "+", no leading zeros)');
  if (big < JAVA_LONG_MIN || big > JAVA_LONG_MAX) {
    throw new HotspotError(
      'TEMPLATE_VALUE_RANGE',
      `${site.source} at template position ${site.position}: field "${field}" = ${big} does not fit in a signed 64-bit long`,
      { field },
    );
  }
  return normalizeLong(big);
}

/** A bigint as a number when it is a safe integer (so records read back the way they were written), else as is. */
export function normalizeLong(value: bigint): number | bigint {
  return value >= -9007199254740991n && value <= 9007199254740991n ? Number(value) : value;
}

/** Parses decimal digits read from a key (`-` allowed in front) as a long, or `undefined` when they are not. */
export function parseDecimalLong(text: string): number | bigint | undefined {
  if (!DECIMAL.test(text) && !/^-?[0-9]+$/.test(text)) return undefined;
  const big = BigInt(text);
  if (big < JAVA_LONG_MIN || big > JAVA_LONG_MAX) return undefined;
  return normalizeLong(big);
}

function typeError(field: string, value: unknown, site: ValueSite, wanted: string): HotspotError {
  return new HotspotError(
    'TEMPLATE_FIELD_TYPE',
    `${site.source} at template position ${site.position}: field "${field}" is ${describe(value)}; it must be ${wanted}`,
    { field },
  );
}

/** `TEMPLATE_VALUE_RANGE` for a field value a function cannot take, naming the call, position and field. */
export function longRangeError(site: ValueSite, field: string, value: number | bigint, why: string): HotspotError {
  return new HotspotError(
    'TEMPLATE_VALUE_RANGE',
    `${site.source} at template position ${site.position}: field "${field}" = ${value} ${why}`,
    { field },
  );
}

/** `Long.MAX_VALUE - t` for a non-negative t, checked. */
export function reverseOfLong(site: ValueSite, field: string, t: number | bigint): bigint {
  if (t < 0) throw longRangeError(site, field, t, 'is negative; Long.MAX_VALUE - t would overflow a long');
  return JAVA_LONG_MAX - BigInt(t);
}
