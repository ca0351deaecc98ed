/**
 * Index definitions (`lint --indexes FILE`, `docs/indexes.md`) as lint input: each index table is one more table
 * whose rowkey is the index key template, so the key rules judge it like any other key (a time-like lead is a
 * monotonic tail, a `category` lead a hot range). A unique index is read with a point get, a non-unique one with a
 * prefix scan on its indexed fields.
 *
 * @module
 */
import type { IndexDefinition } from '../index-tables/definition.js';
import { keyDesign } from './key-design.js';
import type { AccessPattern, LintSubject } from './model.js';

/**
 * One table and one rowkey design per index (the table named after the index table, with no families, since the
 * definition does not describe them, and its pre-split unknown), with the indexed fields' types as field types.
 * @param file - the definitions' file, for the places of findings.
 */
export function indexesForLint(indexes: readonly IndexDefinition[], file: string): Partial<LintSubject> {
  return {
    tables: indexes.map((d) => {
      const place = { file, line: d.line ?? 1, column: 1 };
      return { name: d.indexTable, families: [], attributes: {}, splits: { kind: 'unknown' } as const, place };
    }),
    keys: indexes.map((d) => keyDesign(d.key, indexAccess(d), indexFieldTypes(d), d.indexTable, { origin: `index ${d.name}`, place: { file, line: d.line ?? 1, column: 1 } })),
  };
}

/** How an index is read: a point get on its indexed fields (unique) or a prefix scan on them (non-unique). */
export function indexAccess(d: IndexDefinition): AccessPattern[] {
  const names = d.fields.map((f) => f.name);
  return [d.unique ? { kind: 'point-get', fields: names } : { kind: 'prefix-scan', fields: names }];
}

/** The indexed fields' declared types by name; `undefined` when none is declared. */
export function indexFieldTypes(d: IndexDefinition): Record<string, string> | undefined {
  const types = d.fields.flatMap((f) => (f.type === undefined ? [] : [[f.name, f.type] as const]));
  return types.length === 0 ? undefined : Object.fromEntries(types);
}
