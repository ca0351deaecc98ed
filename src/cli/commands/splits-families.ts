/**
 * Column families for `splits --format shell`, as `--family 'd:VERSIONS=1,TTL=7776000,COMPRESSION=SNAPPY'` options or
 * a `--families` file in YAML or JSON (JSON is YAML): a mapping of family name to attributes,
 *
 * ```yaml
 * d: { VERSIONS: 1, TTL: 7776000, COMPRESSION: SNAPPY, BLOOMFILTER: ROW, DATA_BLOCK_ENCODING: FAST_DIFF }
 * m: { VERSIONS: 1, TTL: 31536000 }
 * ```
 * Attribute names are HBase's (`HColumnDescriptor` / the shell), checked against {@link FAMILY_ATTRIBUTES}; errors name
 * the file, line and `family.ATTRIBUTE`. The result feeds the shell adapter's `createTableCommand`.
 */
import { isMap, isScalar, LineCounter } from 'yaml';
import type { ShellFamilySpec } from '../../hbase/shell/index.js';
import { HotspotError, type InputLocation } from '../../util/errors.js';
import { printable } from '../../util/input-text.js';
import { checkYamlDocument, parseYamlDocument } from '../../util/yaml-guard.js';
import { readTextFile } from '../read-text.js';
import { own } from '../../util/own.js';
import { JAVA_INT_MAX, MAX_BLOCKSIZE_BYTES, MIN_BLOCKSIZE_BYTES, TTL_FOREVER_SECONDS, readJavaInt } from '../../lint/rules/family-values.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Attribute =
  | { readonly field: 'versions' | 'ttlSeconds' | 'blockSizeBytes'; readonly kind: 'int'; readonly min: number; readonly max: number }
  | { readonly field: 'compression' | 'bloomFilter' | 'dataBlockEncoding'; readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly field: 'inMemory' | 'blockCache'; readonly kind: 'flag' };

/**
 * The column-family attributes accepted, by HBase name, with their allowed values: the ranges a `create` gets past
 * HBase 2.6 with (`ColumnFamilyDescriptorBuilder.setMaxVersions` refuses fewer than 1 version, every number is a Java
 * int, `TableDescriptorChecker` refuses a TTL that is not positive and a BLOCKSIZE outside 1 KiB to 16 MiB), so the
 * statement printed is one HBase takes.
 */
export const FAMILY_ATTRIBUTES: Readonly<Record<string, Attribute>> = {
  VERSIONS: { field: 'versions', kind: 'int', min: 1, max: JAVA_INT_MAX },
  TTL: { field: 'ttlSeconds', kind: 'int', min: 1, max: TTL_FOREVER_SECONDS },
  BLOCKSIZE: { field: 'blockSizeBytes', kind: 'int', min: MIN_BLOCKSIZE_BYTES, max: MAX_BLOCKSIZE_BYTES },
  COMPRESSION: { field: 'compression', kind: 'enum', values: ['NONE', 'SNAPPY', 'GZ', 'LZO', 'LZ4', 'ZSTD', 'BZIP2', 'LZMA'] },
  BLOOMFILTER: { field: 'bloomFilter', kind: 'enum', values: ['NONE', 'ROW', 'ROWCOL', 'ROWPREFIX_FIXED_LENGTH'] },
  DATA_BLOCK_ENCODING: { field: 'dataBlockEncoding', kind: 'enum', values: ['NONE', 'PREFIX', 'DIFF', 'FAST_DIFF', 'ROW_INDEX_V1'] },
  IN_MEMORY: { field: 'inMemory', kind: 'flag' },
  BLOCKCACHE: { field: 'blockCache', kind: 'flag' },
};

const FAMILY_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
/** `HConstants.RECOVERED_EDITS_DIR`: the one name of the allowed characters HBase refuses for a column family. */
const RECOVERED_EDITS = 'recovered.edits';

/**
 * Checks one attribute and sets it on `spec`: whole numbers for `VERSIONS`, `TTL` (seconds; `FOREVER`, HBase's
 * default, leaves it unset) and `BLOCKSIZE`, upper-case names for the enums, `true`/`false` for the flags.
 * @throws HotspotError `FAMILY_ATTRIBUTE_INVALID` naming the family, the attribute and the allowed values.
 */
export function setFamilyAttribute(spec: Mutable<ShellFamilySpec>, name: string, value: unknown, where: InputLocation = {}): void {
  const key = name.trim().toUpperCase();
  const attr = own(FAMILY_ATTRIBUTES, key);
  const fail = (why: string) => new HotspotError('FAMILY_ATTRIBUTE_INVALID', `column family "${spec.name}": ${why}`, { field: `${spec.name}.${printable(key, 40)}`, ...where });
  if (!attr) throw fail(`unknown attribute "${printable(name, 40)}"; known: ${Object.keys(FAMILY_ATTRIBUTES).join(', ')}`);
  const text = String(value).trim();
  // The value as quoted in messages: on one printable line, cut short.
  const shown = printable(text, 40);
  if (attr.kind === 'enum') {
    const found = attr.values.find((v) => v === text.toUpperCase());
    if (!found) throw fail(`${key} "${shown}" is not one of ${attr.values.join(', ')}`);
    spec[attr.field] = found;
  } else if (attr.kind === 'flag') {
    if (!/^(true|false)$/i.test(text)) throw fail(`${key} "${shown}" is not true or false`);
    spec[attr.field] = text.toLowerCase() === 'true';
  } else if (key === 'TTL' && text.toUpperCase() === 'FOREVER') {
    delete spec.ttlSeconds;
  } else {
    // decimal digits within a Java int, as HBase reads them (Integer.parseInt): Number would also take 0x10, 1e3, 1.0
    const read = readJavaInt(text);
    const n = 'value' in read ? read.value : Number.NaN;
    if (!(n >= attr.min && n <= attr.max)) {
      throw fail(`${key} "${shown}" must be a whole number from ${attr.min} to ${attr.max}${key === 'TTL' ? ' (seconds; FOREVER is the largest)' : key === 'BLOCKSIZE' ? ' (bytes: 1 KiB to 16 MiB, as HBase\'s table checks allow)' : ''}`);
    }
    spec[attr.field] = n;
  }
}

function familyNamed(name: string, where: InputLocation): Mutable<ShellFamilySpec> {
  if (name === RECOVERED_EDITS) {
    // ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName refuses the name of the region's recovered-edits folder.
    throw new HotspotError('FAMILY_NAME_INVALID', `column family name "${name}" is the name HBase keeps for a region's recovered edits folder, which it refuses for a family; choose another name`, where);
  }
  if (!FAMILY_NAME.test(name)) {
    throw new HotspotError('FAMILY_NAME_INVALID', `column family name "${printable(name, 40)}" is not valid; use letters, digits, '_', '-' and '.' (short names like d save bytes in every cell)`, where);
  }
  return { name };
}

/**
 * Parses `--family 'd:VERSIONS=1,TTL=7776000,COMPRESSION=SNAPPY'` (the name alone is allowed: `--family d`).
 * @throws HotspotError `FAMILY_NAME_INVALID`, `FAMILY_ATTRIBUTE_INVALID` (also for an item without `=`).
 */
export function parseFamilyOption(text: string): ShellFamilySpec {
  const colon = text.indexOf(':');
  const spec = familyNamed(colon < 0 ? text : text.slice(0, colon), { field: '--family' });
  for (const item of (colon < 0 ? '' : text.slice(colon + 1)).split(',').filter((s) => s.trim() !== '')) {
    const eq = item.indexOf('=');
    if (eq < 0) {
      throw new HotspotError('FAMILY_ATTRIBUTE_INVALID', `--family "${text}": "${item}" is not NAME=VALUE; write e.g. d:VERSIONS=1,TTL=7776000`, { field: '--family' });
    }
    setFamilyAttribute(spec, item.slice(0, eq), item.slice(eq + 1), { field: '--family' });
  }
  return spec;
}

/** Parses the text of a families file. @throws HotspotError `FAMILIES_FILE_INVALID` and the attribute errors, with file and line. */
export function parseFamiliesText(text: string, file: string): ShellFamilySpec[] {
  const lineCounter = new LineCounter();
  // Plain errors: pretty ones quote each error's line again, quadratic in a long line full of errors.
  const doc = parseYamlDocument(text, file, { lineCounter, prettyErrors: false });
  const at = (node: unknown): InputLocation => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return range ? { file, line: lineCounter.linePos(range[0]).line } : { file };
  };
  const firstError = doc.errors[0];
  if (firstError) {
    throw new HotspotError('FAMILIES_FILE_INVALID', `not valid YAML/JSON: ${firstError.message.split('\n')[0] ?? ''}`, { file, line: lineCounter.linePos(firstError.pos[0]).line });
  }
  checkYamlDocument(doc, file, (offset) => ({ line: lineCounter.linePos(offset).line }), 'FAMILIES_FILE_INVALID');
  if (!isMap(doc.contents)) {
    throw new HotspotError('FAMILIES_FILE_INVALID', 'expected a mapping of column family name to attributes, e.g. d: {VERSIONS: 1, TTL: 7776000}', { file, line: 1 });
  }
  return doc.contents.items.map((pair) => {
    const spec = familyNamed(String(isScalar(pair.key) ? pair.key.value : pair.key), at(pair.key));
    if (pair.value === null || (isScalar(pair.value) && pair.value.value === null)) return spec;
    if (!isMap(pair.value)) {
      throw new HotspotError('FAMILIES_FILE_INVALID', `column family "${spec.name}": expected a mapping of attributes, e.g. {VERSIONS: 1}`, { ...at(pair.key), field: spec.name });
    }
    for (const attr of pair.value.items) {
      setFamilyAttribute(spec, String(isScalar(attr.key) ? attr.key.value : attr.key), isScalar(attr.value) ? attr.value.value : attr.value, at(attr.key));
    }
    return spec;
  });
}

/** Reads and parses a families file. @throws HotspotError `FILE_READ` when it cannot be read. */
export async function readFamiliesFile(file: string): Promise<ShellFamilySpec[]> {
  return parseFamiliesText(await readTextFile(file, 'families file'), file);
}
