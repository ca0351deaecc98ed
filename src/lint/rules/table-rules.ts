/**
 * Rules over table and column family descriptors (the playbook's design checklist and anti-pattern 2).
 *
 * @module
 */
import { utf8Bytes } from '../../bytes/index.js';
import type { FamilyModel, LintSubject, SiteProperty, SourcePlace, TableModel } from '../model.js';
import { DEFAULT_VERSIONS, MAX_BLOCKSIZE_BYTES, MIN_BLOCKSIZE_BYTES, type ReadValue, TTL_FOREVER_SECONDS, readJavaInt, readTtlSeconds } from './family-values.js';
import { keysForTable } from './links.js';
import type { Hit, LintRule } from './types.js';

/** Most column families a table should have: flushes are per region, so every family flushes together. */
export const MAX_FAMILIES = 3;
/** Longest family name, bytes, that passes `CF_NAME_LONG`: the name is stored in every cell. */
export const MAX_FAMILY_NAME_BYTES = 4;
/** Compression codecs HBase ships (`Compression.Algorithm`); `NONE` is flagged. */
const CODECS = new Set(['SNAPPY', 'LZ4', 'ZSTD', 'GZ', 'LZO', 'BZIP2', 'LZMA', 'BROTLI']);

/** Runs `pick` over every table's families and reports one hit per table listing the families it picked. */
function perTable(subject: LintSubject, pick: (f: FamilyModel, t: TableModel) => boolean, say: (families: string, t: TableModel, plural: boolean) => string): Hit[] {
  const hits: Hit[] = [];
  for (const t of subject.tables) {
    const bad = t.families.filter((f) => pick(f, t));
    const first = bad[0];
    if (first === undefined) continue;
    const names = bad.map((f) => `'${f.name}'`).join(', ');
    const subject = bad.length === 1 ? `family ${names}` : `families ${names}`;
    hits.push({ path: bad.length === 1 ? `${t.name}/${first.name}` : t.name, message: say(subject, t, bad.length > 1), place: first.place });
  }
  return hits;
}

const upper = (f: FamilyModel, key: string): string | undefined => f.attributes[key]?.toUpperCase();

/** True when a TTL text reads as `HConstants.FOREVER` (`FOREVER`, `2147483647`, `'2147483647 SECONDS'`). */
const isForever = (ttl: string): boolean => {
  const read = readTtlSeconds(ttl);
  return 'value' in read && read.value === TTL_FOREVER_SECONDS;
};

/** A value as a message shows it: numbers bare, other text quoted. */
const shown = (text: string): string => (/^[+-]?\d+$/.test(text) ? text : `'${text}'`);

/** `TableDescriptorChecker.TABLE_SANITY_CHECKS`: the switch that turns the master's refusals into logged warnings. */
const TABLE_SANITY_CHECKS = 'hbase.table.sanity.checks';

/**
 * Whether the master's `TableDescriptorChecker.sanityCheck` refuses a bad descriptor of table `t` (true) or only
 * logs a warning and takes it (false). It takes it when `hbase.table.sanity.checks` is set on the table (METADATA
 * or CONFIGURATION) to anything but `true` in any case (`Boolean.valueOf`), or, when the table does not set it, to
 * `false` in `hbase-site.xml` (`Configuration.getBoolean`: trimmed, any case; other text keeps the default, true).
 */
function sanityChecked(t: TableModel, site: readonly SiteProperty[]): boolean {
  const onTable = t.attributes[TABLE_SANITY_CHECKS];
  if (onTable !== undefined) return onTable.toLowerCase() === 'true';
  let inSite: string | undefined;
  for (const p of site) if (p.name === TABLE_SANITY_CHECKS) inSite = p.value;
  return inSite?.trim().toLowerCase() !== 'false';
}

/**
 * The settings of one family that HBase 2.6 refuses, each a hit at the place the setting was written: VERSIONS
 * below 1 (`ColumnFamilyDescriptorBuilder.setMaxVersions`, which the shell calls), and what the master's
 * `TableDescriptorChecker.sanityCheck` refuses at create and alter: a TTL that is not positive, BLOCKSIZE outside
 * 1 KiB to 16 MiB, MIN_VERSIONS below 0 or above VERSIONS, DFS_REPLICATION below 0; those are left out when
 * `hbase.table.sanity.checks` is off for the table ({@link sanityChecked}: the master then only logs them). A number
 * HBase cannot read (not a whole number, beyond a Java int, a TTL interval whose spellings disagree) is refused too:
 * the shell fails on it before the master sees it.
 */
function refusedSettings(t: TableModel, f: FamilyModel, site: readonly SiteProperty[]): Hit[] {
  const hits: Hit[] = [];
  const at = (key: string): SourcePlace => f.attributePlaces?.[key] ?? f.place;
  const say = (key: string, message: string): void => {
    hits.push({ path: `${t.name}/${f.name}`, message: `table '${t.name}': family '${f.name}' ${message}`, place: at(key) });
  };
  const read = (key: string, how: (text: string) => ReadValue): number | undefined => {
    const text = f.attributes[key];
    if (text === undefined) return undefined;
    const r = how(text);
    if ('value' in r) return r.value;
    say(key, `has ${key} ${shown(text)}, which ${r.unreadable}; HBase refuses it`);
    return undefined;
  };
  const master = sanityChecked(t, site);
  const ttlText = f.attributes['TTL'];
  const ttl = read('TTL', readTtlSeconds);
  if (master && ttlText !== undefined && ttl !== undefined && ttl <= 0) {
    const how = /^[+-]?\d+$/.test(ttlText) ? '' : `, which HBase reads as ${ttl} seconds (not a number, FOREVER or an interval such as '1 DAY 12 HOURS')`;
    say('TTL', `has TTL ${shown(ttlText)}${how}; HBase refuses a TTL that is not positive`);
  }
  const versions = read('VERSIONS', readJavaInt);
  if (versions !== undefined && versions < 1) say('VERSIONS', `has VERSIONS ${versions}; HBase refuses fewer than 1 version`);
  const minVersions = read('MIN_VERSIONS', readJavaInt);
  if (master && minVersions !== undefined && minVersions < 0) say('MIN_VERSIONS', `has MIN_VERSIONS ${minVersions}; HBase refuses a negative MIN_VERSIONS`);
  const max = f.attributes['VERSIONS'] === undefined ? DEFAULT_VERSIONS : versions;
  if (master && minVersions !== undefined && max !== undefined && max >= 1 && minVersions > max) {
    const of = f.attributes['VERSIONS'] === undefined ? `${max} (HBase's default)` : `${max}`;
    say('MIN_VERSIONS', `has MIN_VERSIONS ${minVersions} above VERSIONS ${of}; HBase refuses MIN_VERSIONS greater than VERSIONS`);
  }
  const blockSize = read('BLOCKSIZE', readJavaInt);
  if (master && blockSize !== undefined && (blockSize < MIN_BLOCKSIZE_BYTES || blockSize > MAX_BLOCKSIZE_BYTES)) {
    say('BLOCKSIZE', `has BLOCKSIZE ${blockSize}; HBase refuses a block size outside ${MIN_BLOCKSIZE_BYTES} to ${MAX_BLOCKSIZE_BYTES} bytes (1 KiB to 16 MiB)`);
  }
  const replication = read('DFS_REPLICATION', readJavaInt);
  if (master && replication !== undefined && replication < 0) {
    say('DFS_REPLICATION', `has DFS_REPLICATION ${replication}; HBase refuses a negative replication (0 keeps the file system's default)`);
  }
  return hits;
}

/** Table-scope rules, in catalogue order. */
export const TABLE_RULES: readonly LintRule[] = [
  {
    code: 'CF_COUNT',
    severity: 'error',
    scope: 'table',
    checks: `more than ${MAX_FAMILIES} column families in one table`,
    why: 'a region flushes all its families together, so many families multiply flush I/O and waste memstore',
    fix: `merge families with the same access pattern into ${MAX_FAMILIES} or fewer (e.g. one hot, one cold)`,
    check: (s) =>
      s.tables
        .filter((t) => t.families.length > MAX_FAMILIES)
        .map((t) => ({
          path: t.name,
          message: `table '${t.name}' has ${t.families.length} column families (${t.families.map((f) => f.name).join(', ')}); keep ${MAX_FAMILIES} or fewer`,
          place: t.place,
        })),
  },
  {
    code: 'CF_SETTING_INVALID',
    severity: 'error',
    scope: 'table',
    checks: `column family settings HBase refuses: VERSIONS below 1, a TTL that is not positive, MIN_VERSIONS below 0 or above VERSIONS, BLOCKSIZE outside ${MIN_BLOCKSIZE_BYTES} to ${MAX_BLOCKSIZE_BYTES} bytes, DFS_REPLICATION below 0, numbers beyond a Java int`,
    why: 'the shell refuses VERSIONS below 1 and the master (TableDescriptorChecker) refuses the rest, so the create or alter fails',
    fix: `use VERSIONS => 1 or more, a TTL in seconds above 0 (or FOREVER, ${TTL_FOREVER_SECONDS}), MIN_VERSIONS from 0 to VERSIONS, BLOCKSIZE => 65536 (the default)`,
    check: (s) => s.tables.flatMap((t) => t.families.flatMap((f) => refusedSettings(t, f, s.site))),
  },
  {
    code: 'CF_NAME_LONG',
    severity: 'info',
    scope: 'table',
    checks: `column family names longer than ${MAX_FAMILY_NAME_BYTES} bytes`,
    why: 'the family name is stored in every cell, so long names cost disk, cache and network on every read',
    fix: "use a one- or two-letter family name ('d', 'm') and document what it holds",
    check: (s) =>
      perTable(s, (f) => utf8Bytes(f.name).length > MAX_FAMILY_NAME_BYTES, (fs, t, pl) => `table '${t.name}': ${fs} ${pl ? 'are' : 'is'} longer than ${MAX_FAMILY_NAME_BYTES} bytes`),
  },
  {
    code: 'CF_RETENTION',
    severity: 'warning',
    scope: 'table',
    checks: 'column families with neither VERSIONS nor TTL set',
    why: 'without an explicit version count or TTL data accumulates without bound and regions keep growing',
    fix: "set VERSIONS => 1 and a TTL in seconds where data expires, e.g. {NAME => 'd', VERSIONS => 1, TTL => 7776000}",
    check: (s) =>
      perTable(
        s,
        (f) => f.attributes['VERSIONS'] === undefined && (f.attributes['TTL'] === undefined || isForever(f.attributes['TTL'])),
        (fs, t, pl) => `table '${t.name}': ${fs} set${pl ? '' : 's'} neither VERSIONS nor TTL`,
      ),
  },
  {
    code: 'CF_COMPRESSION',
    severity: 'warning',
    scope: 'table',
    checks: 'column families without compression (COMPRESSION unset or NONE)',
    why: 'uncompressed HFiles take several times the disk and block cache of SNAPPY/LZ4 ones',
    fix: "add COMPRESSION => 'SNAPPY' (or 'LZ4'/'ZSTD') to the family",
    check: (s) =>
      perTable(s, (f) => !CODECS.has(upper(f, 'COMPRESSION') ?? 'NONE'), (fs, t, pl) => `table '${t.name}': ${fs} ${pl ? 'are' : 'is'} not compressed`),
  },
  {
    code: 'CF_BLOOM_NONE',
    severity: 'warning',
    scope: 'table',
    checks: "BLOOMFILTER => 'NONE' on a family that point gets read (or whose access is unknown)",
    why: 'without a bloom filter every get must open every HFile of the store',
    fix: "use BLOOMFILTER => 'ROW' for get-heavy families ('ROWCOL' when gets name columns)",
    check: (s) =>
      perTable(
        s,
        (f, t) => upper(f, 'BLOOMFILTER') === 'NONE' && (keysForTable(s, t).length === 0 || keysForTable(s, t).some((k) => k.access.some((a) => a.kind === 'point-get'))),
        (fs, t, pl) => `table '${t.name}': ${fs} ${pl ? 'have' : 'has'} no bloom filter`,
      ),
  },
  {
    code: 'CF_BLOOM_FIT',
    severity: 'info',
    scope: 'table',
    checks: "BLOOMFILTER => 'ROWCOL' on a table whose stated access is scans only",
    why: 'ROWCOL adds one bloom entry per cell but scans never consult bloom filters',
    fix: "use BLOOMFILTER => 'ROW' (the default) unless gets name single columns",
    check: (s) =>
      perTable(
        s,
        (f, t) => {
          const keys = keysForTable(s, t);
          return upper(f, 'BLOOMFILTER') === 'ROWCOL' && keys.length > 0 && keys.every((k) => k.access.length > 0 && k.access.every((a) => a.kind !== 'point-get'));
        },
        (fs, t, pl) => `table '${t.name}': ${fs} use${pl ? '' : 's'} ROWCOL but the stated access is scans only`,
      ),
  },
];
