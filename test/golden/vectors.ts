// The shared golden rowkey vectors (test/golden/functions.json, printed by a JDK: test/golden/java/GoldenKeys.java),
// and the one rule both implementations apply to them: this file for the TypeScript side, the JVM's
// hbasehotspot.keys.GoldenCheck for the Java side (scripts/jvm/golden-check.mjs runs it in `npm test`).
import { readFileSync } from 'node:fs';
import { fromHex, toHex } from '../../src/bytes/index.js';
import { compileTemplate } from '../../src/keys/template/index.js';
import type { KeyRecord } from '../../src/keys/types.js';
import { HotspotError } from '../../src/util/errors.js';

/**
 * One vector. With `error`: the template does not compile (`stage` compile), the record does not encode (encode) or
 * the key does not decode (decode), with that code and, when given, that field. Otherwise: the template encodes
 * `record` to `key` (hex) and decodes `key` to `decoded`, or does not decode when `decoded` is absent.
 */
export interface GoldenVector {
  readonly template: string;
  readonly record: Readonly<Record<string, string>>;
  readonly key: string;
  /** The record a reader gets back (text as is, longs in decimal); absent when the template does not decode. */
  readonly decoded?: Readonly<Record<string, string>>;
  readonly stage?: 'compile' | 'encode' | 'decode';
  /** The error code both implementations give. */
  readonly error?: string;
  /** The field the error names. */
  readonly field?: string;
}

/** The file's sections: `hashCode` holds `String.hashCode` values, every other section vectors. */
export const golden = JSON.parse(readFileSync(new URL('./functions.json', import.meta.url), 'utf8')) as { hashCode: { input: string; hash: number }[] } & Record<
  string,
  GoldenVector[]
>;

/** The vectors of a section; throws for a section the file lacks (a renamed section must not pass silently). */
export function vectors(section: string): GoldenVector[] {
  const list = golden[section];
  if (!Array.isArray(list) || list.length === 0) throw new Error(`test/golden/functions.json has no section "${section}"`);
  return list;
}

/** Every section made of vectors, by name. */
export function vectorSections(): string[] {
  return Object.keys(golden).filter((k) => golden[k]?.some((v) => typeof (v as Partial<GoldenVector>).template === 'string'));
}

/**
 * What is wrong with one vector here, or `undefined` when the TypeScript side agrees with the JDK: the key must
 * match byte for byte; with `decoded`, decoding the key must give that record (values compared as text); without
 * it, the template must not be decodable; an error vector must fail at its stage with its code and field. The same
 * rule as the JVM's GoldenCheck.
 */
export function checkVector(v: GoldenVector): string | undefined {
  if (v.error !== undefined) return checkError(v);
  let t: ReturnType<typeof compileTemplate>;
  let key: string;
  try {
    t = compileTemplate(v.template);
    key = toHex(t.encode(v.record as KeyRecord));
  } catch (err) {
    return `expected key ${v.key}, got ${String(err)}`;
  }
  if (key !== v.key) return `expected key ${v.key}, got ${key}`;
  if (v.decoded === undefined) return t.decodable ? 'the vector has no decoded record, but the template decodes' : undefined;
  let back: Record<string, string>;
  try {
    back = Object.fromEntries(Object.entries(t.decode(fromHex(v.key))).map(([k, x]) => [k, String(x)]));
  } catch (err) {
    return `expected to decode to ${JSON.stringify(v.decoded)}, got ${String(err)}`;
  }
  const sorted = (r: Readonly<Record<string, string>>) => JSON.stringify(Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1))));
  return sorted(back) === sorted(v.decoded) ? undefined : `expected to decode to ${sorted(v.decoded)}, got ${sorted(back)}`;
}

/** An error vector: the stage must throw a HotspotError with the vector's code and field. */
function checkError(v: GoldenVector): string | undefined {
  const want = `${v.error}${v.field === undefined ? '' : ` (field ${v.field})`}`;
  try {
    const t = compileTemplate(v.template);
    if (v.stage === 'encode') t.encode(v.record as KeyRecord);
    else if (v.stage === 'decode') t.decode(fromHex(v.key));
  } catch (err) {
    if (!(err instanceof HotspotError)) return `expected ${want}, got ${String(err)}`;
    const got = `${err.code}${v.field === undefined ? '' : ` (field ${err.where.field})`}`;
    return got === want ? undefined : `expected ${want}, got ${got}: ${err.message}`;
  }
  return `expected ${want} at ${v.stage}, got no error`;
}

/** The first failing vector of a section as `template record: problem`, or `undefined`. */
export function firstMismatch(section: string): string | undefined {
  for (const v of vectors(section)) {
    const problem = checkVector(v);
    if (problem !== undefined) return `${v.template} ${JSON.stringify(v.record)}: ${problem}`;
  }
  return undefined;
}
