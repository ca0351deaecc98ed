// The shared golden rowkey vectors (test/golden/functions.json, printed by a JDK: test/golden/java/GoldenKeys.java),
// and the one rule both implementations apply to them: this file for the TypeScript side, the JVM's
// hbasehotspot.keys.GoldenCheck for the Java side (scripts/jvm/golden-check.mjs runs it in `npm test`).
import { readFileSync } from 'node:fs';
import { fromHex, toHex } from '../../src/bytes/index.js';
import { compileTemplate } from '../../src/keys/template/index.js';
import type { KeyRecord } from '../../src/keys/types.js';

/** One vector: the template encodes `record` to `key` (hex); it decodes `key` to `decoded`, or does not decode. */
export interface GoldenVector {
  readonly template: string;
  readonly record: Readonly<Record<string, string>>;
  readonly key: string;
  /** The record a reader gets back (text as is, longs in decimal); absent when the template does not decode. */
  readonly decoded?: Readonly<Record<string, string>>;
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
 * it, the template must not be decodable. The same rule as the JVM's GoldenCheck.
 */
export function checkVector(v: GoldenVector): string | undefined {
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

/** The first failing vector of a section as `template record: problem`, or `undefined`. */
export function firstMismatch(section: string): string | undefined {
  for (const v of vectors(section)) {
    const problem = checkVector(v);
    if (problem !== undefined) return `${v.template} ${JSON.stringify(v.record)}: ${problem}`;
  }
  return undefined;
}
