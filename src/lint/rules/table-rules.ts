/**
 * Rules over table and column family descriptors (the playbook's design checklist and anti-pattern 2).
 *
 * @module
 */
import { utf8Bytes } from '../../bytes/index.js';
import type { FamilyModel, LintSubject, TableModel } from '../model.js';
import { TTL_FOREVER_SECONDS, readTtlSeconds } from './family-values.js';
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
