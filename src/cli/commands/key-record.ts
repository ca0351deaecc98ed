/** Reading records for `key encode`: one JSON object, or NDJSON with errors naming the line. */
import type { KeyRecord, FieldValue } from '../../keys/types.js';
import { HotspotError, type InputLocation } from '../../util/errors.js';

/**
 * Parses one record: a JSON object whose values are strings or numbers. A long beyond 2^53 must be given as a
 * decimal string (a JSON number would already have lost digits).
 * @param where - what the text is (the option, or the file and line), named in errors.
 * @throws HotspotError `CLI_RECORD_INVALID` naming the place and the field.
 */
export function parseRecord(text: string, where: InputLocation & { what: string }): KeyRecord {
  const { what, ...location } = where;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new HotspotError('CLI_RECORD_INVALID', `${what} is not valid JSON (${(cause as Error).message}); write e.g. '{"deviceId": "d1", "ts": 1709856000000}'`, { ...location, cause });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HotspotError('CLI_RECORD_INVALID', `${what} must be a JSON object of field values, e.g. '{"deviceId": "d1"}'`, location);
  }
  const out: Record<string, FieldValue> = {};
  for (const [field, v] of Object.entries(value)) {
    if (typeof v !== 'string' && typeof v !== 'number') {
      throw new HotspotError('CLI_RECORD_INVALID', `${what}: field "${field}" is ${JSON.stringify(v)}; give a string or a number`, { ...location, field });
    }
    if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v)) {
      throw new HotspotError('CLI_RECORD_INVALID', `${what}: field "${field}" is ${v}, beyond 2^53 where JSON numbers lose digits; give it as a string, e.g. "9007199254740993"`, { ...location, field });
    }
    out[field] = v;
  }
  return out;
}

/** A record value for JSON output: bigints (longs beyond 2^53) as decimal strings, the form `--record` accepts. */
export function jsonRecord(record: Readonly<Record<string, FieldValue>>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]));
}
