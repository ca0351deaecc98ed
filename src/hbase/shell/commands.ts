/**
 * Builders for `hbase shell` command lines (Ruby source), validated and binary-safe. Feed their output to
 * {@link runShellCommands}.
 */
import { compareBytes, toStringBinary, utf8Bytes } from '../../bytes/index.js';
import { isLegalTableName } from '../../regions/region-name.js';
import { HBaseShellError } from './errors.js';
import { rubyBytes, rubyName, rubyToBytesBinary } from './ruby.js';

const FAMILY_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
const ENUM_RE = /^[A-Z][A-Z0-9_]*$/;
const ENCODED_REGION_RE = /^[0-9a-f]{32}$/;
const SERVER_NAME_RE = /^[^,\s]+,\d+,\d+$/;

/**
 * Whether `name` is a RegionServer name as `move` needs it, `host,port,startcode` (HBase's `ServerName` form); a
 * `host:port` address has no start code and the shell's `move` cannot parse it.
 */
export function isServerName(name: string): boolean {
  return SERVER_NAME_RE.test(name);
}

function invalid(message: string, field: string): HBaseShellError {
  return new HBaseShellError('SHELL_ARGUMENT_INVALID', message, { field });
}

/**
 * Checks a table name for a shell command line (`table` or `namespace:table`; the rule is the regions layer's
 * `isLegalTableName`), so nothing but a name reaches the Ruby source.
 * @param field - the option or field the name came from, named in the error.
 * @returns the name.
 * @throws {@link HBaseShellError} `SHELL_ARGUMENT_INVALID`
 */
export function checkTableName(table: string, field = 'table'): string {
  if (!isLegalTableName(table)) {
    throw invalid(
      `"${table}" is not a valid HBase table name: use letters, digits and _ (then also . and -), optionally prefixed by "namespace:"`,
      field,
    );
  }
  return table;
}

/** One column family of {@link CreateTableSpec}. Unset options keep HBase's defaults. */
export interface ShellFamilySpec {
  /** Family name: letters, digits, `_`, `-` and `.` (not first). */
  readonly name: string;
  /** Maximum versions kept (`VERSIONS`), ≥ 1. */
  readonly versions?: number;
  /** Time to live in seconds (`TTL`), ≥ 1. */
  readonly ttlSeconds?: number;
  /** Compression codec name as HBase spells it (`COMPRESSION`), e.g. `NONE`, `SNAPPY`, `GZ`, `LZ4`, `ZSTD`. */
  readonly compression?: string;
  /** Bloom filter type (`BLOOMFILTER`), e.g. `NONE`, `ROW`, `ROWCOL`. */
  readonly bloomFilter?: string;
  /** Data block encoding (`DATA_BLOCK_ENCODING`), e.g. `NONE`, `PREFIX`, `FAST_DIFF`, `ROW_INDEX_V1`. */
  readonly dataBlockEncoding?: string;
  /** HFile block size in bytes (`BLOCKSIZE`), 1 KiB to 16 MiB. */
  readonly blockSizeBytes?: number;
  /** Whether reads may populate the block cache (`BLOCKCACHE`). */
  readonly blockCache?: boolean;
  /** Block cache in-memory priority (`IN_MEMORY`). */
  readonly inMemory?: boolean;
  /**
   * Other family settings as the shell names them, written `KEY => 'value'` after the ones above, e.g.
   * `{KEEP_DELETED_CELLS: 'TRUE', MIN_VERSIONS: '1', REPLICATION_SCOPE: '1', IS_MOB: 'true', MOB_THRESHOLD: '102400'}`.
   */
  readonly attributes?: Readonly<Record<string, string>>;
}

/** Input of {@link createTableCommand}. */
export interface CreateTableSpec {
  /** Table name, see {@link checkTableName}. */
  readonly table: string;
  /** At least one family, by name or with options. */
  readonly families: readonly (string | ShellFamilySpec)[];
  /**
   * Split points: N distinct, non-empty keys give N + 1 regions. Bytes, or strings taken as UTF-8. Given in any order;
   * the command lists them sorted in HBase byte order.
   */
  readonly splits?: readonly (Uint8Array | string)[];
  /** Region replicas (`REGION_REPLICATION`), ≥ 1. */
  readonly regionReplication?: number;
  /** Table settings as the shell names them, written `KEY => 'value'`, e.g. `{MAX_FILESIZE: '21474836480', DURABILITY: 'ASYNC_WAL'}`. */
  readonly tableAttributes?: Readonly<Record<string, string>>;
}

const ATTRIBUTE_KEY = /^[A-Z][A-Z0-9_]*$/;

/** `KEY => 'value'` pairs, keys checked (upper-case shell names), values quoted. */
function attributePairs(attributes: Readonly<Record<string, string>> | undefined, field: string): string[] {
  return Object.entries(attributes ?? {}).map(([k, v]) => {
    if (!ATTRIBUTE_KEY.test(k)) throw invalid(`"${k}" is not a setting name as the shell writes them (upper case, e.g. MIN_VERSIONS)`, `${field}.${k}`);
    return `${k} => ${rubyName(v)}`;
  });
}

function positiveInt(value: number, field: string, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${value} is not an integer between ${min} and ${max}`, field);
  }
  return value;
}

function enumValue(value: string, field: string): string {
  if (!ENUM_RE.test(value)) throw invalid(`"${value}" is not an HBase option value (upper-case, e.g. NONE)`, field);
  return value;
}

function familyHash(spec: string | ShellFamilySpec, i: number): string {
  const f: ShellFamilySpec = typeof spec === 'string' ? { name: spec } : spec;
  const at = `families[${i}]`;
  if (!FAMILY_RE.test(f.name)) {
    throw invalid(`"${f.name}" is not a valid column family name: use letters, digits, _, - and . (not first)`, `${at}.name`);
  }
  const parts = [`NAME => ${rubyName(f.name)}`];
  if (f.versions !== undefined) parts.push(`VERSIONS => ${positiveInt(f.versions, `${at}.versions`)}`);
  if (f.ttlSeconds !== undefined) parts.push(`TTL => ${positiveInt(f.ttlSeconds, `${at}.ttlSeconds`, 1, 2 ** 31 - 1)}`);
  if (f.compression !== undefined) parts.push(`COMPRESSION => '${enumValue(f.compression, `${at}.compression`)}'`);
  if (f.bloomFilter !== undefined) parts.push(`BLOOMFILTER => '${enumValue(f.bloomFilter, `${at}.bloomFilter`)}'`);
  if (f.dataBlockEncoding !== undefined) {
    parts.push(`DATA_BLOCK_ENCODING => '${enumValue(f.dataBlockEncoding, `${at}.dataBlockEncoding`)}'`);
  }
  if (f.blockSizeBytes !== undefined) {
    parts.push(`BLOCKSIZE => ${positiveInt(f.blockSizeBytes, `${at}.blockSizeBytes`, 1024, 16 * 1024 * 1024)}`);
  }
  if (f.blockCache !== undefined) parts.push(`BLOCKCACHE => ${f.blockCache}`);
  if (f.inMemory !== undefined) parts.push(`IN_MEMORY => ${f.inMemory}`);
  parts.push(...attributePairs(f.attributes, `${at}.attributes`));
  return `{${parts.join(', ')}}`;
}

/**
 * Sorts split points in HBase byte order and checks them: none empty, no duplicates.
 * @returns the split points as bytes, sorted.
 * @throws {@link HBaseShellError} `SHELL_ARGUMENT_INVALID` naming the offending split point.
 */
export function normalizeSplits(splits: readonly (Uint8Array | string)[]): Uint8Array[] {
  const keys = splits.map((s, i) => {
    const bytes = typeof s === 'string' ? utf8Bytes(s) : s;
    if (bytes.length === 0) throw invalid('a split point cannot be empty (the first region already starts at the empty key)', `splits[${i}]`);
    return bytes;
  });
  keys.sort(compareBytes);
  for (let i = 1; i < keys.length; i++) {
    if (compareBytes(keys[i - 1] as Uint8Array, keys[i] as Uint8Array) === 0) {
      throw invalid(`split point "${toStringBinary(keys[i] as Uint8Array)}" is given twice; remove the duplicate`, 'splits');
    }
  }
  return keys;
}

/**
 * `create 'T', {NAME => 'd', ...}, SPLITS => [...]`. Split points are written as `toStringBinary` text, which the
 * shell parses with `Bytes.toBytesBinary`, so any byte (0x00, 0xFF, `\`) arrives exactly.
 * @example createTableCommand({ table: 't', families: ['d'], splits: [Uint8Array.of(0xff)] })
 *   // create "t", {NAME => "d"}, SPLITS => ["\\xFF"]
 * @throws {@link HBaseShellError} `SHELL_ARGUMENT_INVALID` for a bad table or family name, option or split point.
 */
export function createTableCommand(spec: CreateTableSpec): string {
  checkTableName(spec.table);
  if (spec.families.length === 0) throw invalid('a table needs at least one column family', 'families');
  const args = [rubyName(spec.table), ...spec.families.map(familyHash)];
  const options: string[] = [];
  if (spec.splits !== undefined && spec.splits.length > 0) {
    options.push(`SPLITS => [${normalizeSplits(spec.splits).map(rubyToBytesBinary).join(', ')}]`);
  }
  if (spec.regionReplication !== undefined) {
    options.push(`REGION_REPLICATION => ${positiveInt(spec.regionReplication, 'regionReplication', 1, 64)}`);
  }
  options.push(...attributePairs(spec.tableAttributes, 'tableAttributes'));
  if (options.length > 0) args.push(`{${options.join(', ')}}`);
  return `create ${args.join(', ')}`;
}

/** `disable 'T'`. @throws {@link HBaseShellError} `SHELL_ARGUMENT_INVALID` for a bad table name. */
export function disableTableCommand(table: string): string {
  return `disable ${rubyName(checkTableName(table))}`;
}

/** `drop 'T'` (the table must be disabled first). @throws {@link HBaseShellError} `SHELL_ARGUMENT_INVALID`. */
export function dropTableCommand(table: string): string {
  return `drop ${rubyName(checkTableName(table))}`;
}

/**
 * `split 'T'[, point]`: asks HBase to split a table's regions (at their midpoints), or the region holding `splitPoint`
 * at exactly that key. The split point is passed as raw bytes (the shell uses `to_java_bytes` here).
 * @throws {@link HBaseShellError} `SHELL_ARGUMENT_INVALID` for a bad table name or an empty split point.
 */
export function splitCommand(table: string, splitPoint?: Uint8Array | string): string {
  const head = `split ${rubyName(checkTableName(table))}`;
  if (splitPoint === undefined) return head;
  const bytes = typeof splitPoint === 'string' ? utf8Bytes(splitPoint) : splitPoint;
  if (bytes.length === 0) throw invalid('a split point cannot be empty', 'splitPoint');
  return `${head}, ${rubyBytes(bytes)}`;
}

/**
 * `move 'ENCODED', 'host,port,startcode'`: moves a region to a server, or to a random one when `serverName` is left out.
 * @param encodedRegionName - the 32 lower-case hex characters of the region (REST `/<table>/regions` name tail).
 * @param serverName - `ServerName` form `host,port,startcode`, as in `/status/cluster` or `list_regions`.
 * @throws {@link HBaseShellError} `SHELL_ARGUMENT_INVALID` for a malformed name.
 */
export function moveRegionCommand(encodedRegionName: string, serverName?: string): string {
  if (!ENCODED_REGION_RE.test(encodedRegionName)) {
    throw invalid(`"${encodedRegionName}" is not an encoded region name (32 lower-case hex characters)`, 'encodedRegionName');
  }
  if (serverName === undefined) return `move ${rubyName(encodedRegionName)}`;
  if (!isServerName(serverName)) {
    throw invalid(`"${serverName}" is not a server name; write it as host,port,startcode`, 'serverName');
  }
  return `move ${rubyName(encodedRegionName)}, ${rubyName(serverName)}`;
}

/** `balance_switch true|false`: turns the balancer on or off; returns the previous state as the command's value. */
export function balanceSwitchCommand(enabled: boolean): string {
  return `balance_switch ${enabled}`;
}

/** `flush 'T'`: writes the table's memstores to store files. @throws {@link HBaseShellError} `SHELL_ARGUMENT_INVALID`. */
export function flushTableCommand(table: string): string {
  return `flush ${rubyName(checkTableName(table))}`;
}
