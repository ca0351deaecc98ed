/**
 * `--families file`: column families for `splits --format shell` from YAML or JSON (JSON is YAML), a mapping of family
 * name to its attributes:
 *
 * ```yaml
 * d: { VERSIONS: 1, TTL: 7776000, COMPRESSION: SNAPPY, BLOOMFILTER: ROW, DATA_BLOCK_ENCODING: FAST_DIFF }
 * m: { VERSIONS: 1, TTL: 31536000 }
 * ```
 * Errors name the file, line and `family.ATTRIBUTE`.
 */
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { checkFamilyName, familyAttribute, type FamilySpec } from '../../report/shell-create.js';
import { HotspotError } from '../../util/errors.js';
import { readTextFile } from '../read-text.js';

/** Parses the text of a families file. @throws HotspotError `FAMILIES_FILE_INVALID` and the attribute errors, with file and line. */
export function parseFamiliesText(text: string, file: string): FamilySpec[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const lineOf = (node: unknown) => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return range ? lineCounter.linePos(range[0]).line : undefined;
  };
  const at = (node: unknown) => {
    const line = lineOf(node);
    return line === undefined ? { file } : { file, line };
  };
  const firstError = doc.errors[0];
  if (firstError) {
    throw new HotspotError('FAMILIES_FILE_INVALID', `not valid YAML/JSON: ${firstError.message.split('\n')[0] ?? ''}`, { file, line: firstError.linePos?.[0].line ?? 1 });
  }
  if (!isMap(doc.contents)) {
    throw new HotspotError('FAMILIES_FILE_INVALID', 'expected a mapping of column family name to attributes, e.g. d: {VERSIONS: 1, TTL: 7776000}', { file, line: 1 });
  }
  return doc.contents.items.map((pair) => {
    const name = checkFamilyName(String(isScalar(pair.key) ? pair.key.value : pair.key), at(pair.key));
    const attributes = new Map<string, string | number>();
    if (pair.value === null || (isScalar(pair.value) && pair.value.value === null)) return { name, attributes };
    if (!isMap(pair.value)) {
      throw new HotspotError('FAMILIES_FILE_INVALID', `column family "${name}": expected a mapping of attributes, e.g. {VERSIONS: 1}`, { ...at(pair.key), field: name });
    }
    for (const attr of pair.value.items) {
      const key = String(isScalar(attr.key) ? attr.key.value : attr.key);
      const value = isScalar(attr.value) ? attr.value.value : attr.value;
      attributes.set(key.toUpperCase(), familyAttribute(name, key, value, at(attr.key)));
    }
    return { name, attributes };
  });
}

/** Reads and parses a families file. @throws HotspotError `FILE_READ` when it cannot be read. */
export async function readFamiliesFile(file: string): Promise<FamilySpec[]> {
  return parseFamiliesText(await readTextFile(file, 'families file'), file);
}
