/**
 * Shared machinery of the NDJSON readers: splitting text into numbered lines, reading typed fields of one JSON
 * object, and collecting every problem of a file so one error lists them all (each with its line and field).
 *
 * @module
 */
import { isRegionRange, toBytesBinary, toStringBinary } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import { jsonErrorText, jsonPreview, printable, stripBom } from '../util/input-text.js';
import { repeatedJsonKey } from '../util/json-duplicates.js';

/** One problem in an NDJSON file. */
export interface NdjsonIssue {
  /** 1-based line number. */
  readonly line: number;
  /** Field path inside the line's JSON object, e.g. `regions[3].startKey`; absent for a line that is not JSON. */
  readonly field?: string;
  /** What is wrong and how to fix it. */
  readonly message: string;
}

/** How many issues an error message spells out; the rest are counted. All stay in {@link NdjsonFormatError.issues}. */
const ISSUES_IN_MESSAGE = 20;

/**
 * A malformed NDJSON file: every bad line, with its line number and field. `where` (file, line, field) points at the
 * first one; `issues` has them all.
 */
export class NdjsonFormatError extends HotspotError {
  override readonly name = 'NdjsonFormatError';
  /** Every problem found, in line order. */
  readonly issues: readonly NdjsonIssue[];

  constructor(code: string, file: string, what: string, issues: readonly NdjsonIssue[]) {
    const first = issues[0];
    const shown = issues.slice(0, ISSUES_IN_MESSAGE).map((i) => `  line ${i.line}${i.field ? ` (${i.field})` : ''}: ${i.message}`);
    const more = issues.length > ISSUES_IN_MESSAGE ? [`  … and ${issues.length - ISSUES_IN_MESSAGE} more`] : [];
    const where = first ? { file, line: first.line, ...(first.field === undefined ? {} : { field: first.field }) } : { file };
    super(code, `${issues.length} malformed line(s) in ${what}; see docs/load-series.md\n${[...shown, ...more].join('\n')}`, where);
    this.issues = issues;
  }
}

/** Signals a bad field inside one line; the readers turn it into an {@link NdjsonIssue}. */
export class FieldProblem extends Error {
  constructor(readonly field: string | undefined, message: string) {
    super(message);
  }
}

/** A parsed JSON object with its field path prefix, for typed field reads that name the field on failure. */
export type JsonObject = Record<string, unknown>;

/**
 * Parses one line as a JSON object.
 * @throws {@link FieldProblem} when it is not JSON or not an object, and on the path of a key given twice in one of
 *   its objects (`JSON.parse` would keep the last value and drop the first unseen; see `json-duplicates.ts`).
 */
export function parseObjectLine(text: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new FieldProblem(undefined, `not valid JSON (${jsonErrorText(err)}); each line must be one JSON object`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new FieldProblem(undefined, 'each line must be one JSON object');
  }
  const repeated = repeatedJsonKey(text, value);
  if (repeated !== undefined) throw new FieldProblem(repeated, 'given twice in one object (JSON would keep only the last value); state each field once');
  return value as JsonObject;
}

/** Rejects fields outside `known` (catches typos such as `writeRequest`). */
export function rejectUnknown(obj: JsonObject, known: readonly string[], path: string): void {
  for (const key in obj) {
    if (!known.includes(key) && Object.hasOwn(obj, key)) {
      throw new FieldProblem(`${path}${key}`, `unknown field "${key}"; expected one of ${known.join(', ')}`);
    }
  }
}

/** Reads a required non-empty string field. */
export function stringField(obj: JsonObject, key: string, path: string): string {
  const value = obj[key];
  if (typeof value !== 'string' || value === '') {
    throw new FieldProblem(`${path}${key}`, `${describe(value)}; expected a non-empty string`);
  }
  return value;
}

/** Reads a required rowkey field in `toStringBinary` form (the empty string is the empty key). */
export function keyField(obj: JsonObject, key: string, path: string): Uint8Array {
  const value = obj[key];
  if (typeof value !== 'string') {
    throw new FieldProblem(`${path}${key}`, `${describe(value)}; expected a rowkey string in toStringBinary form ("" for the empty key)`);
  }
  try {
    return toBytesBinary(value, `${path}${key}`);
  } catch (err) {
    throw new FieldProblem(`${path}${key}`, (err as Error).message);
  }
}

/**
 * Reads a region's `startKey` and `endKey` (toStringBinary strings, see {@link keyField}) at `path`.
 * @returns both keys as bytes.
 * @throws {@link FieldProblem} on `startKey` or `endKey` as {@link keyField} does, and on `endKey` when it is not empty
 *   and sorts at or before the start key (unsigned bytes, as HBase orders rowkeys): no HBase region has such a range.
 */
export function keyRangeFields(obj: JsonObject, path: string): { startKey: Uint8Array; endKey: Uint8Array } {
  const startKey = keyField(obj, 'startKey', path);
  const endKey = keyField(obj, 'endKey', path);
  if (!isRegionRange(startKey, endKey)) {
    throw new FieldProblem(`${path}endKey`, `"${printable(toStringBinary(endKey), 60)}" does not sort after the start key "${printable(toStringBinary(startKey), 60)}"; an HBase region's end key is "" (the table's end) or after its start key`);
  }
  return { startKey, endKey };
}

/**
 * Reads a required number ≥ 0 and at most 2^53 - 1 (past it a double no longer holds every whole number, and sums
 * of such numbers run to Infinity); `integer` also demands a whole number (epoch ms, request counters).
 */
export function countField(obj: JsonObject, key: string, path: string, integer = false): number {
  const value = obj[key];
  if (typeof value !== 'number' || !(value >= 0 && value <= Number.MAX_SAFE_INTEGER) || (integer && !Number.isInteger(value))) {
    throw new FieldProblem(`${path}${key}`, `${describe(value)}; expected a ${integer ? 'whole ' : ''}number ≥ 0 and at most 2^53 - 1`);
  }
  return value;
}

/** Like {@link countField} but `undefined` when the field is absent or `null`. */
export function optionalCount(obj: JsonObject, key: string, path: string, integer = false): number | undefined {
  return obj[key] === undefined || obj[key] === null ? undefined : countField(obj, key, path, integer);
}

/** Short description of a bad JSON value for messages: `missing`, or `got` and its first characters ({@link jsonPreview}). */
export function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  return `got ${jsonPreview(value)}`;
}

/**
 * Splits NDJSON text into numbered, non-blank lines (1-based numbers of the original text; `\r\n` accepted).
 * Blank lines are skipped.
 */
export function* numberedLines(text: string): Generator<[line: number, text: string]> {
  const lines = stripBom(text).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, '');
    if (line.trim() !== '') yield [i + 1, line];
  }
}
