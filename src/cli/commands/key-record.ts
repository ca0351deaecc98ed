/** Reading records of field values for `key encode` (`--record`, NDJSON lines) and `key scan` (`--where`). */
import type { KeyRecord, FieldValue } from '../../keys/types.js';
import { HotspotError, type InputLocation } from '../../util/errors.js';
import { jsonErrorText } from '../../util/input-text.js';
import { setOwn } from '../../util/own.js';

/** Where a record's text came from, for errors: what to call it, where it sits, and the error code to throw. */
export interface RecordSource extends InputLocation {
  /** What the text is, as the message names it: the option (`--record`, `--where`) or `the record` of a file line. */
  readonly what: string;
  /** Error code: `CLI_RECORD_INVALID` (the default) for records to encode, `CLI_WHERE_INVALID` for `--where`. */
  readonly code?: 'CLI_RECORD_INVALID' | 'CLI_WHERE_INVALID';
}

/**
 * Parses one record: a JSON object whose values are strings or numbers (epoch ms for times). A long beyond 2^53 must
 * be given as a decimal string (a JSON number would already have lost digits).
 * @param source - what the text is (the option, or the file and line) and the error code, named in errors.
 * @throws HotspotError `source.code` (default `CLI_RECORD_INVALID`) for text that is not JSON, not an object, or has a
 *   field that is not a string or a safe number; the error names the place and the field.
 */
export function parseRecord(text: string, source: RecordSource): KeyRecord {
  const { what, code = 'CLI_RECORD_INVALID', ...location } = source;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new HotspotError(code, `${what} is not valid JSON (${jsonErrorText(cause)}); write e.g. '{"deviceId": "d1", "ts": 1709856000000}'`, { ...location, cause });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HotspotError(code, `${what} must be a JSON object of field values, e.g. '{"deviceId": "d1"}'`, location);
  }
  const out: Record<string, FieldValue> = {};
  for (const [field, v] of Object.entries(value)) {
    if (typeof v !== 'string' && typeof v !== 'number') {
      const kind = v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : String(v);
      throw new HotspotError(code, `${what} field "${field}" is ${kind}; give a string or a number`, { ...location, field });
    }
    if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v)) {
      throw new HotspotError(code, `${what} field "${field}" is ${v}, beyond 2^53 where JSON numbers lose digits; give it as a string, e.g. "9007199254740993"`, { ...location, field });
    }
    setOwn(out, field, v);
  }
  return out;
}

/** A record value for JSON output: bigints (longs beyond 2^53) as decimal strings, the form `--record` accepts. */
export function jsonRecord(record: Readonly<Record<string, FieldValue>>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]));
}
