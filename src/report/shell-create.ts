/**
 * The `hbase shell` statement that creates a pre-split table:
 * `create 'T', {NAME => 'd', VERSIONS => 1, ...}, SPLITS => ["01_", ...]`, with column-family settings checked
 * against a catalogue of the attributes the shell takes.
 */
import { toStringBinary } from '../bytes/index.js';
import { HotspotError, type InputLocation } from '../util/errors.js';

/** A column family and its settings, attribute name (upper case) to value. */
export interface FamilySpec {
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string | number>;
}

type AttributeKind = { readonly kind: 'int'; readonly min: number } | { readonly kind: 'enum'; readonly values: readonly string[] } | { readonly kind: 'ttl' };

/** Column-family attributes accepted, with their allowed values (`HColumnDescriptor` / `ColumnFamilyDescriptorBuilder`). */
export const FAMILY_ATTRIBUTES: Readonly<Record<string, AttributeKind>> = {
  VERSIONS: { kind: 'int', min: 1 },
  MIN_VERSIONS: { kind: 'int', min: 0 },
  TTL: { kind: 'ttl' },
  BLOCKSIZE: { kind: 'int', min: 1024 },
  COMPRESSION: { kind: 'enum', values: ['NONE', 'SNAPPY', 'GZ', 'LZO', 'LZ4', 'ZSTD', 'BZIP2', 'LZMA'] },
  BLOOMFILTER: { kind: 'enum', values: ['NONE', 'ROW', 'ROWCOL', 'ROWPREFIX_FIXED_LENGTH'] },
  DATA_BLOCK_ENCODING: { kind: 'enum', values: ['NONE', 'PREFIX', 'DIFF', 'FAST_DIFF', 'ROW_INDEX_V1'] },
  IN_MEMORY: { kind: 'enum', values: ['true', 'false'] },
  BLOCKCACHE: { kind: 'enum', values: ['true', 'false'] },
};

const FAMILY_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * Checks one family attribute and returns its normalised value: a number for `VERSIONS`, `MIN_VERSIONS`,
 * `BLOCKSIZE` and `TTL` in seconds (or the text `FOREVER`), upper-case text for enums (`true`/`false` for flags).
 * @throws HotspotError `FAMILY_ATTRIBUTE_INVALID` naming the family, the attribute and the allowed values.
 */
export function familyAttribute(family: string, name: string, value: unknown, where: InputLocation = {}): string | number {
  const key = name.toUpperCase();
  const spec = FAMILY_ATTRIBUTES[key];
  const fail = (why: string) => new HotspotError('FAMILY_ATTRIBUTE_INVALID', `column family "${family}": ${why}`, { field: `${family}.${key}`, ...where });
  if (!spec) throw fail(`unknown attribute "${name}"; known: ${Object.keys(FAMILY_ATTRIBUTES).join(', ')}`);
  const text = String(value).trim();
  if (spec.kind === 'enum') {
    const found = spec.values.find((v) => v.toUpperCase() === text.toUpperCase());
    if (!found) throw fail(`${key} "${text}" is not one of ${spec.values.join(', ')}`);
    return found;
  }
  if (spec.kind === 'ttl' && text.toUpperCase() === 'FOREVER') return 'FOREVER';
  const n = Number(text);
  const min = spec.kind === 'int' ? spec.min : 1;
  if (text === '' || !Number.isSafeInteger(n) || n < min) {
    throw fail(`${key} "${text}" must be a whole number >= ${min}${spec.kind === 'ttl' ? ' (seconds) or FOREVER' : ''}`);
  }
  return n;
}

/** Checks a column family name. @throws HotspotError `FAMILY_NAME_INVALID`. */
export function checkFamilyName(name: string, where: InputLocation = {}): string {
  if (!FAMILY_NAME.test(name)) {
    throw new HotspotError('FAMILY_NAME_INVALID', `column family name "${name}" is not valid; use letters, digits, '_', '-' and '.' (short names like d save bytes in every cell)`, where);
  }
  return name;
}

/**
 * Parses `--family 'd:VERSIONS=1,TTL=7776000,COMPRESSION=SNAPPY'` (the name alone is allowed: `--family d`).
 * @throws HotspotError `FAMILY_NAME_INVALID`, `FAMILY_ATTRIBUTE_INVALID` (also for an item without `=`).
 */
export function parseFamilyOption(text: string): FamilySpec {
  const colon = text.indexOf(':');
  const name = checkFamilyName(colon < 0 ? text : text.slice(0, colon), { field: '--family' });
  const attributes = new Map<string, string | number>();
  const rest = colon < 0 ? '' : text.slice(colon + 1);
  for (const item of rest.split(',').filter((s) => s.trim() !== '')) {
    const eq = item.indexOf('=');
    if (eq < 0) {
      throw new HotspotError('FAMILY_ATTRIBUTE_INVALID', `--family "${text}": "${item}" is not NAME=VALUE; write e.g. d:VERSIONS=1,TTL=7776000`, { field: '--family' });
    }
    const attr = item.slice(0, eq).trim().toUpperCase();
    attributes.set(attr, familyAttribute(name, attr, item.slice(eq + 1), { field: '--family' }));
  }
  return { name, attributes };
}

/**
 * A split point as a Ruby double-quoted string for `SPLITS => [...]`. The shell passes every entry through
 * `Bytes.toBytesBinary`, so the entry is the key's `toStringBinary` text, with the Ruby specials escaped: the
 * backslash of each `\xNN` is doubled, and `"` and `#` are backslash-escaped. (A raw Ruby escape such as `"a\xFF"`
 * does not work for bytes >= 0x80: JRuby hands Java U+FFFD and the shell creates the split point `a\xFD`, as a real
 * hbase shell 2.4 against HBase 2.6 shows; `"a\\xFF"` creates `a\xFF`.)
 * @example rubySplitLiteral(Uint8Array.of(0x30, 0x00)) // '"0\\\\x00"' (the shell reads 0\x00)
 */
export function rubySplitLiteral(key: Uint8Array): string {
  return `"${toStringBinary(key).replace(/[\\"#]/g, (c) => `\\${c}`)}"`;
}

const quote = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/**
 * The `create` statement for `table` with its families and split points, one line.
 * @throws HotspotError `FAMILY_MISSING` when no family is given, `FAMILY_DUPLICATE` for a family given twice.
 */
export function renderCreateStatement(table: string, families: readonly FamilySpec[], splits: readonly Uint8Array[]): string {
  if (families.length === 0) {
    throw new HotspotError('FAMILY_MISSING', `no column family for table "${table}"; add --family 'd:VERSIONS=1,COMPRESSION=SNAPPY' or --families file.yaml`);
  }
  const seen = new Set<string>();
  const specs = families.map((f) => {
    if (seen.has(f.name)) throw new HotspotError('FAMILY_DUPLICATE', `column family "${f.name}" is given twice; give each family once`);
    seen.add(f.name);
    const attrs = [...f.attributes].map(([k, v]) => `${k} => ${typeof v === 'number' ? v : quote(v)}`);
    return `{${[`NAME => ${quote(f.name)}`, ...attrs].join(', ')}}`;
  });
  return `create ${quote(table)}, ${specs.join(', ')}, SPLITS => [${splits.map(rubySplitLiteral).join(', ')}]`;
}
