/**
 * Rules over table and column family descriptors (the playbook's design checklist and anti-pattern 2).
 *
 * @module
 */
import { utf8Bytes } from '../../bytes/index.js';
import type { FamilyModel, FamilyWrite, LintSubject, SiteProperty, SourcePlace, TableModel } from '../model.js';
import { DEFAULT_VERSIONS, FAMILY_ENUMS, MAX_BLOCKSIZE_BYTES, MIN_BLOCKSIZE_BYTES, TTL_FOREVER_SECONDS, isWholeNumberText, readBlockSizeBytes, readJavaInt, readTtlSeconds, refusedEnumValue } from './family-values.js';
import { printable } from '../../util/input-text.js';
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
const shown = (text: string): string => (isWholeNumberText(text) ? text : `'${printable(text, 40)}'`);

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
 * Why HBase 2.6 refuses one family setting, judged alone (`has TTL -1; HBase refuses ...`), or `undefined` when it
 * takes it: VERSIONS below 1 (`ColumnFamilyDescriptorBuilder.setMaxVersions`, which the shell calls), a number HBase
 * cannot read (not a whole number, beyond a Java int, a TTL interval whose spellings disagree: the shell fails on it
 * before the master sees it), and, when `master` (the master's `TableDescriptorChecker.sanityCheck` refuses rather
 * than logs, {@link sanityChecked}), a TTL that is not positive, a negative MIN_VERSIONS, BLOCKSIZE outside 1 KiB to
 * 16 MiB and a negative DFS_REPLICATION; when `script` (a shell script wrote the value), a codec, bloom type or
 * encoding name the shell does not know ({@link refusedEnumValue}).
 */
function refusedValue(key: string, text: string, master: boolean, script: boolean): string | undefined {
  if (Object.prototype.hasOwnProperty.call(FAMILY_ENUMS, key)) {
    // the names are the shell's to refuse: a live table's schema holds what its own cluster took
    const why = script ? refusedEnumValue(key, text) : undefined;
    return why === undefined ? undefined : `has ${key} '${printable(text, 40)}', which ${why}; the shell refuses it`;
  }
  const read = key === 'TTL' ? readTtlSeconds(text) : key === 'BLOCKSIZE' ? readBlockSizeBytes(text) : readJavaInt(text);
  if (!('value' in read)) return `has ${key} ${shown(text)}, which ${read.unreadable}; HBase refuses it`;
  const n = read.value;
  if (key === 'VERSIONS') return n < 1 ? `has VERSIONS ${n}; HBase refuses fewer than 1 version` : undefined;
  if (!master) return undefined;
  if (key === 'TTL' && n <= 0) {
    const how = isWholeNumberText(text) ? '' : `, which HBase reads as ${n} seconds (not a number, FOREVER or an interval such as '1 DAY 12 HOURS')`;
    return `has TTL ${shown(text)}${how}; HBase refuses a TTL that is not positive`;
  }
  if (key === 'MIN_VERSIONS' && n < 0) return `has MIN_VERSIONS ${n}; HBase refuses a negative MIN_VERSIONS`;
  if (key === 'BLOCKSIZE' && (n < MIN_BLOCKSIZE_BYTES || n > MAX_BLOCKSIZE_BYTES)) {
    const how = isWholeNumberText(text) ? `${n}` : `${shown(text)}, which HBase reads as ${n} bytes${n === 0 ? ' (not a number or a size such as \'64KB\')' : ''}`;
    return `has BLOCKSIZE ${how}; HBase refuses a block size outside ${MIN_BLOCKSIZE_BYTES} to ${MAX_BLOCKSIZE_BYTES} bytes (1 KiB to 16 MiB)`;
  }
  if (key === 'DFS_REPLICATION' && n < 0) return `has DFS_REPLICATION ${n}; HBase refuses a negative replication (0 keeps the file system's default)`;
  return undefined;
}

/** The settings {@link refusedValue} judges, in the order their findings are listed (MIN_VERSIONS against VERSIONS comes after MIN_VERSIONS). */
const JUDGED_BEFORE = ['TTL', 'VERSIONS', 'MIN_VERSIONS'];
const JUDGED_AFTER = ['BLOCKSIZE', 'DFS_REPLICATION', ...Object.keys(FAMILY_ENUMS)];

/**
 * The family settings of table `t` that HBase 2.6 refuses, each a hit at the place the setting was written (see
 * {@link refusedValue}; the master's checks are left out when `hbase.table.sanity.checks` is off for the table,
 * {@link sanityChecked}). Over a shell script every value a `create` or `alter` wrote is judged, since HBase judges
 * the descriptor each statement leaves: a refused value fails its statement even when a later one replaces it or
 * deletes the family. MIN_VERSIONS above VERSIONS is judged on the families as the script leaves them, at the later
 * of the two settings (an `alter` lowering VERSIONS below the MIN_VERSIONS a `create` set is the statement that fails).
 */
function refusedSettings(t: TableModel, site: readonly SiteProperty[]): Hit[] {
  const hits: Hit[] = [];
  const master = sanityChecked(t, site);
  const say = (family: string, message: string, place: SourcePlace): void => {
    hits.push({ path: `${t.name}/${family}`, message: `table '${t.name}': family '${family}' ${message}`, place });
  };
  const writes: readonly FamilyWrite[] = t.familyWrites ?? t.families.flatMap((f) =>
    Object.entries(f.attributes).map(([key, value]) => ({ family: f.name, key, value, place: f.attributePlaces?.[key] ?? f.place })));
  const names = [...new Set([...t.families.map((f) => f.name), ...writes.map((w) => w.family)])];
  /** Whether `w` is the value its family holds once every statement has run (not replaced, its family not deleted). */
  const final = (w: FamilyWrite): boolean =>
    t.familyWrites === undefined || t.families.find((f) => f.name === w.family)?.attributePlaces?.[w.key] === w.place;
  for (const name of names) {
    const judge = (keys: readonly string[]): void => {
      for (const key of keys) {
        for (const w of writes) {
          if (w.family !== name || w.key !== key) continue;
          const why = refusedValue(key, w.value, master, t.familyWrites !== undefined);
          if (why !== undefined) say(name, final(w) ? why : `${why}: this statement fails, whatever later ones set`, w.place);
        }
      }
    };
    judge(JUDGED_BEFORE);
    const f = t.families.find((x) => x.name === name);
    const minText = f?.attributes['MIN_VERSIONS'];
    // an unwritten VERSIONS of a table the script only alters is the existing family's, unknown here
    if (f !== undefined && master && minText !== undefined && !(t.altered === true && f.attributes['VERSIONS'] === undefined)) {
      const min = readJavaInt(minText);
      const versionsText = f.attributes['VERSIONS'];
      const max = versionsText === undefined ? { value: DEFAULT_VERSIONS } : readJavaInt(versionsText);
      if ('value' in min && 'value' in max && max.value >= 1 && min.value > max.value) {
        const of = versionsText === undefined ? `${max.value} (HBase's default)` : `${max.value}`;
        // at the later of the two settings: the statement that left the family with MIN_VERSIONS above VERSIONS
        const minAt = f.attributePlaces?.['MIN_VERSIONS'] ?? f.place;
        const maxAt = f.attributePlaces?.['VERSIONS'];
        const at = maxAt !== undefined && (maxAt.line - minAt.line || maxAt.column - minAt.column) > 0 ? maxAt : minAt;
        say(name, `has MIN_VERSIONS ${min.value} above VERSIONS ${of}; HBase refuses MIN_VERSIONS greater than VERSIONS`, at);
      }
    }
    judge(JUDGED_AFTER);
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
    checks: `column family settings HBase refuses: VERSIONS below 1, a TTL that is not positive, MIN_VERSIONS below 0 or above VERSIONS, BLOCKSIZE outside ${MIN_BLOCKSIZE_BYTES} to ${MAX_BLOCKSIZE_BYTES} bytes, DFS_REPLICATION below 0, numbers beyond a Java int, a COMPRESSION, BLOOMFILTER, DATA_BLOCK_ENCODING, KEEP_DELETED_CELLS or IN_MEMORY_COMPACTION name HBase does not know`,
    why: 'the shell refuses VERSIONS below 1 and names it does not know, and the master (TableDescriptorChecker) refuses the rest, so the create or alter fails',
    fix: `use VERSIONS => 1 or more, a TTL in seconds above 0 (or FOREVER, ${TTL_FOREVER_SECONDS}), MIN_VERSIONS from 0 to VERSIONS, BLOCKSIZE => 65536 (the default), a codec, bloom type or encoding HBase names (COMPRESSION => 'SNAPPY', BLOOMFILTER => 'ROW', DATA_BLOCK_ENCODING => 'FAST_DIFF')`,
    check: (s) => s.tables.flatMap((t) => refusedSettings(t, s.site)),
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
        // on a table the script only alters, an unwritten VERSIONS or TTL is the existing family's, unknown here
        (f, t) => f.attributes['VERSIONS'] === undefined && (f.attributes['TTL'] === undefined ? t.altered !== true : isForever(f.attributes['TTL'])),
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
      perTable(
        s,
        // on a table the script only alters, an unwritten COMPRESSION is the existing family's, unknown here
        (f, t) => !CODECS.has(upper(f, 'COMPRESSION') ?? (t.altered === true ? 'SNAPPY' : 'NONE')),
        (fs, t, pl) => `table '${t.name}': ${fs} ${pl ? 'are' : 'is'} not compressed`,
      ),
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
