import { describe, expect, it } from 'vitest';
import { parseRestSchema } from '../../src/lint/rest-schema.js';
import { lintSubject } from '../../src/lint/run.js';
import { parseShellScript } from '../../src/lint/shell/script.js';
import { errorOf } from './helpers.js';
import { shell, site, subject } from './subjects.js';

// Expected values come from HBase 2.6's own checks, not from the code under test:
// - ColumnFamilyDescriptorBuilder.setMaxVersions throws "Maximum versions must be positive" for VERSIONS <= 0
//   (admin.rb calls it with Integer.valueOf of the shell value, so the shell stops there);
// - TableDescriptorChecker.sanityCheck refuses getTimeToLive() <= 0 ("TTL for column family d must be positive."),
//   getBlocksize() < 1024 or > 16 * 1024 * 1024, getMinVersions() < 0, getMinVersions() > getMaxVersions() and
//   getDFSReplication() < 0;
// - HConstants.FOREVER is Integer.MAX_VALUE = 2147483647, and ColumnFamilyDescriptorBuilder.DEFAULT_MAX_VERSIONS is 1;
// - PrettyPrinter.valueOf(text, TIME_INTERVAL) (the shell's TTL strings) reads FOREVER as 2147483647, a number as
//   itself, '1 DAY' as 86400 and text its interval pattern does not match as 0.

/** The CF_SETTING_INVALID findings for one family hash written on line 2 of a `create`. */
function findings(family: string) {
  const s = subject(shell(`create 't',\n  {NAME => 'd', ${family}, COMPRESSION => 'SNAPPY'}`));
  return lintSubject(s).filter((f) => f.code === 'CF_SETTING_INVALID');
}

/** Asserts that each setting (written first in the family hash, column 17) draws exactly its message. */
function refused(cases: readonly (readonly [string, string])[]): void {
  it.each(cases)('%s is an error naming the family and the setting', (setting, message) => {
    expect(one(setting, 17)).toBe(message);
  });
}

/** Asserts that none of `settings` draws a finding. */
function passes(settings: readonly string[]): void {
  it.each(settings)('%s passes', (setting) => {
    expect(findings(setting)).toEqual([]);
  });
}

/** The one finding for `family`, asserted to be an error at the setting's place. */
function one(family: string, column: number) {
  const all = findings(family);
  expect(all).toHaveLength(1);
  expect(all[0]).toMatchObject({ code: 'CF_SETTING_INVALID', severity: 'error', path: 't/d', location: `s.hbase:2:${column}` });
  return all[0]?.message;
}

describe('CF_SETTING_INVALID: TTL (TableDescriptorChecker: TTL must be positive)', () => {
  refused([
    ['TTL => -1', "table 't': family 'd' has TTL -1; HBase refuses a TTL that is not positive"],
    ['TTL => 0', "table 't': family 'd' has TTL 0; HBase refuses a TTL that is not positive"],
    ["TTL => '-1'", "table 't': family 'd' has TTL -1; HBase refuses a TTL that is not positive"],
    // PrettyPrinter: '1 WEEK' does not match the interval pattern, so the sum of its parts is 0.
    ["TTL => '1 WEEK'", "table 't': family 'd' has TTL '1 WEEK', which HBase reads as 0 seconds (not a number, FOREVER or an interval such as '1 DAY 12 HOURS'); HBase refuses a TTL that is not positive"],
    // a value quoted in a finding is cut to 40 characters on one printable line, as every quoted input is
    [`TTL => '${'x'.repeat(50)}'`, `table 't': family 'd' has TTL '${'x'.repeat(40)}…', which HBase reads as 0 seconds (not a number, FOREVER or an interval such as '1 DAY 12 HOURS'); HBase refuses a TTL that is not positive`],
    // 2^31 = 2147483648 does not fit the Java int setTimeToLive parses it into.
    ['TTL => 2147483648', "table 't': family 'd' has TTL 2147483648, which is beyond a Java int (at most 2147483647 seconds, FOREVER); HBase refuses it"],
    // PrettyPrinter throws "Malformed TTL string" when the seconds and the units disagree (2 days = 172800 s).
    ["TTL => '86400 SECONDS (2 DAYS)'", "table 't': family 'd' has TTL '86400 SECONDS (2 DAYS)', which is a malformed interval: 86400 seconds stated, 172800 in the units that follow; HBase refuses it"],
  ]);

  passes(['TTL => 1', 'TTL => 2147483647', "TTL => 'FOREVER'", "TTL => 'forever'", "TTL => '1 DAY'", "TTL => '86400 SECONDS (1 DAY)'"]);
});

describe('CF_SETTING_INVALID: VERSIONS and MIN_VERSIONS', () => {
  refused([
    ['VERSIONS => -1', "table 't': family 'd' has VERSIONS -1; HBase refuses fewer than 1 version"],
    ['VERSIONS => 0', "table 't': family 'd' has VERSIONS 0; HBase refuses fewer than 1 version"],
    ["VERSIONS => '0'", "table 't': family 'd' has VERSIONS 0; HBase refuses fewer than 1 version"],
    ['VERSIONS => 2147483648', "table 't': family 'd' has VERSIONS 2147483648, which is beyond a Java int (-2147483648 to 2147483647); HBase refuses it"],
  ]);

  it('reports MIN_VERSIONS below 0 and above VERSIONS (the checker compares with >)', () => {
    expect(one('VERSIONS => 3, MIN_VERSIONS => -1', 32)).toBe("table 't': family 'd' has MIN_VERSIONS -1; HBase refuses a negative MIN_VERSIONS");
    expect(one('VERSIONS => 3, MIN_VERSIONS => 4', 32)).toBe(
      "table 't': family 'd' has MIN_VERSIONS 4 above VERSIONS 3; HBase refuses MIN_VERSIONS greater than VERSIONS",
    );
    // DEFAULT_MAX_VERSIONS is 1 when VERSIONS is not set.
    expect(one('TTL => 86400, MIN_VERSIONS => 2', 31)).toBe(
      "table 't': family 'd' has MIN_VERSIONS 2 above VERSIONS 1 (HBase's default); HBase refuses MIN_VERSIONS greater than VERSIONS",
    );
  });

  passes(['VERSIONS => 1', 'VERSIONS => 2147483647', 'VERSIONS => 3, MIN_VERSIONS => 0', 'VERSIONS => 3, MIN_VERSIONS => 3', "VERSIONS => '+2'"]);

  it('reports each refused setting of a family on its own', () => {
    const all = findings('VERSIONS => 0, TTL => -1');
    expect(all.map((f) => [f.location, f.message])).toEqual([
      ['s.hbase:2:32', "table 't': family 'd' has TTL -1; HBase refuses a TTL that is not positive"],
      ['s.hbase:2:17', "table 't': family 'd' has VERSIONS 0; HBase refuses fewer than 1 version"],
    ]);
  });
});

describe('CF_SETTING_INVALID: BLOCKSIZE (1 KiB to 16 MiB) and DFS_REPLICATION', () => {
  it.each([
    ['BLOCKSIZE => 1023', 1023],
    ['BLOCKSIZE => 16777217', 16777217],
    ['BLOCKSIZE => 0', 0],
    ['BLOCKSIZE => -1', -1],
  ])('%s is an error', (setting, bytes) => {
    expect(one(setting, 17)).toBe(`table 't': family 'd' has BLOCKSIZE ${bytes}; HBase refuses a block size outside 1024 to 16777216 bytes (1 KiB to 16 MiB)`);
  });

  passes(['BLOCKSIZE => 1024', 'BLOCKSIZE => 65536', 'BLOCKSIZE => 16777216', 'DFS_REPLICATION => 0', 'DFS_REPLICATION => 3']);

  // ColumnFamilyDescriptorBuilder.setBlocksize(String) reads a string with PrettyPrinter.valueOf(BYTE) (HBASE-25519)
  passes(["BLOCKSIZE => '64KB'", "BLOCKSIZE => '1 MB'", "BLOCKSIZE => '16MB'", "BLOCKSIZE => '65536 B (64KB)'"]);

  it('reads a BLOCKSIZE string as a size, and text that is none as 0 bytes', () => {
    expect(one("BLOCKSIZE => '32MB'", 17)).toBe(
      "table 't': family 'd' has BLOCKSIZE '32MB', which HBase reads as 33554432 bytes; HBase refuses a block size outside 1024 to 16777216 bytes (1 KiB to 16 MiB)",
    );
    expect(one("BLOCKSIZE => '64 kilobytes'", 17)).toBe(
      "table 't': family 'd' has BLOCKSIZE '64 kilobytes', which HBase reads as 0 bytes (not a number or a size such as '64KB'); HBase refuses a block size outside 1024 to 16777216 bytes (1 KiB to 16 MiB)",
    );
  });

  it('reports a negative DFS_REPLICATION (0 is the file system default)', () => {
    expect(one('DFS_REPLICATION => -1', 17)).toBe(
      "table 't': family 'd' has DFS_REPLICATION -1; HBase refuses a negative replication (0 keeps the file system's default)",
    );
  });
});

describe('CF_SETTING_INVALID: names of codecs, bloom types and encodings (admin.rb, HBase 2.6 enums)', () => {
  // admin.rb upper-cases COMPRESSION, COMPRESSION_COMPACT, BLOOMFILTER and KEEP_DELETED_CELLS and raises ArgumentError
  // for a name the enum lacks ("Compression SNAPPYY is not supported"); DATA_BLOCK_ENCODING and IN_MEMORY_COMPACTION
  // go to valueOf as written, which throws IllegalArgumentException ("No enum constant ...FAST_DIF").
  refused([
    ["BLOOMFILTER => 'ROWS'", "table 't': family 'd' has BLOOMFILTER 'ROWS', which is not one of NONE, ROW, ROWCOL, ROWPREFIX_FIXED_LENGTH; the shell refuses it"],
    ["COMPRESSION_COMPACT => 'snapy'", "table 't': family 'd' has COMPRESSION_COMPACT 'snapy', which is not one of LZO, GZ, NONE, SNAPPY, LZ4, BZIP2, ZSTD, LZMA, BROTLI; the shell refuses it"],
    ["DATA_BLOCK_ENCODING => 'fast_diff'", "table 't': family 'd' has DATA_BLOCK_ENCODING 'fast_diff', which is not one of NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1 (the shell takes it as written: use 'FAST_DIFF'); the shell refuses it"],
    // PREFIX_TREE was removed in HBase 2.0
    ["DATA_BLOCK_ENCODING => 'PREFIX_TREE'", "table 't': family 'd' has DATA_BLOCK_ENCODING 'PREFIX_TREE', which is not one of NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1; the shell refuses it"],
    ["KEEP_DELETED_CELLS => 'yes'", "table 't': family 'd' has KEEP_DELETED_CELLS 'yes', which is not one of FALSE, TRUE, TTL; the shell refuses it"],
    ["IN_MEMORY_COMPACTION => 'basic'", "table 't': family 'd' has IN_MEMORY_COMPACTION 'basic', which is not one of NONE, BASIC, EAGER, ADAPTIVE (the shell takes it as written: use 'BASIC'); the shell refuses it"],
  ]);

  passes([
    "BLOOMFILTER => 'rowcol'", "BLOOMFILTER => 'ROWPREFIX_FIXED_LENGTH'", "COMPRESSION_COMPACT => 'zstd'", "DATA_BLOCK_ENCODING => 'ROW_INDEX_V1'",
    'KEEP_DELETED_CELLS => true', "KEEP_DELETED_CELLS => 'ttl'", "IN_MEMORY_COMPACTION => 'ADAPTIVE'",
  ]);

  it('a live table\'s schema is not judged by the shell\'s names: its cluster took them', () => {
    const schema = parseRestSchema('{"name":"t","ColumnSchema":[{"name":"d","VERSIONS":"1","COMPRESSION":"SNAPPY","BLOOMFILTER":"ROWPREFIX_DELIMITED"}]}', 't.json');
    expect(lintSubject(subject({ tables: [schema] })).filter((f) => f.code === 'CF_SETTING_INVALID')).toEqual([]);
  });

  it('an unknown COMPRESSION is refused at its place, in a create or an alter', () => {
    const s = subject(shell("create 't', {NAME => 'd', VERSIONS => 1, COMPRESSION => 'snappyy'}\nalter 't', {NAME => 'd', COMPRESSION => 'lz4'}"));
    expect(lintSubject(s).filter((f) => f.code === 'CF_SETTING_INVALID').map((f) => [f.location, f.message])).toEqual([
      ['s.hbase:1:42', "table 't': family 'd' has COMPRESSION 'snappyy', which is not one of LZO, GZ, NONE, SNAPPY, LZ4, BZIP2, ZSTD, LZMA, BROTLI; the shell refuses it: this statement fails, whatever later ones set"],
    ]);
  });
});

describe('a script that only alters an existing table', () => {
  const codes = (script: string): string[][] =>
    lintSubject(subject(shell(script), { workload: { servers: 4 } })).map((f) => [f.code, f.message]);

  it('does not judge what it does not write: the pre-split, an unwritten COMPRESSION, VERSIONS or TTL', () => {
    // admin.rb's alter starts from the table's descriptor: the family keeps its other settings, the table its regions
    expect(codes("alter 'events', {NAME => 'd', TTL => 86400}")).toEqual([]);
    expect(codes("alter 'events', {NAME => 'd', MIN_VERSIONS => 2}")).toEqual([]);
  });

  it('still judges what it writes', () => {
    expect(codes("alter 'events', {NAME => 'd', COMPRESSION => 'NONE', TTL => 0}")).toEqual([
      ['CF_SETTING_INVALID', "table 'events': family 'd' has TTL 0; HBase refuses a TTL that is not positive"],
      ['CF_COMPRESSION', "table 'events': family 'd' is not compressed"],
    ]);
    expect(codes("alter 'events', {NAME => 'd', VERSIONS => 1, MIN_VERSIONS => 2}")).toEqual([
      ['CF_SETTING_INVALID', "table 'events': family 'd' has MIN_VERSIONS 2 above VERSIONS 1; HBase refuses MIN_VERSIONS greater than VERSIONS"],
    ]);
  });
});

describe('CF_SETTING_INVALID over other inputs', () => {
  it('points at the alter that set the value, not the create', () => {
    const s = subject(shell("create 't', {NAME => 'd', TTL => 86400}\nalter 't', {NAME => 'd', TTL => -1}"));
    const all = lintSubject(s).filter((f) => f.code === 'CF_SETTING_INVALID');
    expect(all.map((f) => [f.location, f.message])).toEqual([['s.hbase:2:26', "table 't': family 'd' has TTL -1; HBase refuses a TTL that is not positive"]]);
  });

  // HMaster runs TableDescriptorChecker.sanityCheck on the descriptor of every create and modify (alter), and the
  // shell stops at the first failing statement: a refused value fails the statement that wrote it, whatever follows.
  it('reports a refused value a later alter replaces, at the statement that wrote it', () => {
    const s = subject(shell("create 't', {NAME => 'd', TTL => 0, VERSIONS => 1}\nalter 't', {NAME => 'd', TTL => 86400}"));
    const all = lintSubject(s).filter((f) => f.code === 'CF_SETTING_INVALID');
    expect(all.map((f) => [f.location, f.message])).toEqual([
      ['s.hbase:1:27', "table 't': family 'd' has TTL 0; HBase refuses a TTL that is not positive: this statement fails, whatever later ones set"],
    ]);
  });

  it('reports a refused value of a family a later alter deletes, and each statement that writes one', () => {
    const script = [
      "create 't', {NAME => 'd', VERSIONS => 0}, {NAME => 'e', VERSIONS => 1}",
      "alter 't', {NAME => 'd', METHOD => 'delete'}",
      "alter 't', {NAME => 'e', BLOCKSIZE => 512}",
      "alter 't', {NAME => 'e', BLOCKSIZE => 512}",
    ].join('\n');
    const all = lintSubject(subject(shell(script))).filter((f) => f.code === 'CF_SETTING_INVALID');
    expect(all.map((f) => [f.path, f.location])).toEqual([['t/e', 's.hbase:3:26'], ['t/e', 's.hbase:4:26'], ['t/d', 's.hbase:1:27']]);
    expect(all[2]?.message).toBe("table 't': family 'd' has VERSIONS 0; HBase refuses fewer than 1 version: this statement fails, whatever later ones set");
    expect(all[1]?.message).toBe("table 't': family 'e' has BLOCKSIZE 512; HBase refuses a block size outside 1024 to 16777216 bytes (1 KiB to 16 MiB)");
  });

  it('reports MIN_VERSIONS above VERSIONS at the alter that lowered VERSIONS below it', () => {
    const s = subject(shell("create 't', {NAME => 'd', VERSIONS => 5, MIN_VERSIONS => 3}\nalter 't', {NAME => 'd', VERSIONS => 2}"));
    const all = lintSubject(s).filter((f) => f.code === 'CF_SETTING_INVALID');
    expect(all.map((f) => [f.location, f.message])).toEqual([['s.hbase:2:26', "table 't': family 'd' has MIN_VERSIONS 3 above VERSIONS 2; HBase refuses MIN_VERSIONS greater than VERSIONS"]]);
  });

  it('judges a REST schema file, at the family', () => {
    const text = '{"name": "t",\n "ColumnSchema": [\n  {"name": "d", "VERSIONS": "0", "TTL": "-1", "BLOCKSIZE": "65536"}]}';
    const all = lintSubject(subject({ tables: [parseRestSchema(text, 't.json')] })).filter((f) => f.code === 'CF_SETTING_INVALID');
    expect(all.map((f) => [f.severity, f.location, f.message])).toEqual([
      ['error', 't.json:3:12', "table 't': family 'd' has TTL -1; HBase refuses a TTL that is not positive"],
      ['error', 't.json:3:12', "table 't': family 'd' has VERSIONS 0; HBase refuses fewer than 1 version"],
    ]);
  });

  it('still refuses a shell value that is not a whole number at its place', () => {
    for (const [text, column, words] of [
      ["create 't', {NAME => 'd', VERSIONS => 1.5}", 39, "VERSIONS of family 'd' must be a whole number"],
      ["create 't', {NAME => 'd', TTL => 1.5}", 34, "TTL of family 'd' must be a whole number of seconds, FOREVER or an interval such as '1 DAY'"],
    ] as const) {
      const err = errorOf(() => parseShellScript(text, 's.hbase'));
      expect(err.code).toBe('LINT_SHELL_ARGUMENT');
      expect(err.where).toMatchObject({ line: 1, column });
      expect(err.message).toContain(words);
    }
  });
});

// TableDescriptorChecker.sanityCheck: logWarn is set when conf.getBoolean("hbase.table.sanity.checks", true) is false
// (the table's values over hbase-site.xml; Configuration.getBoolean reads "false" trimmed in any case, other text as
// the default) or when the table's own value is not Boolean.valueOf true; warnOrThrowExceptionForFailure then only
// logs. VERSIONS below 1 is refused by setMaxVersions in the shell, before the master, whatever the switch says.
describe('CF_SETTING_INVALID with the master sanity checks turned off (hbase.table.sanity.checks)', () => {
  const bad = "{NAME => 'd', TTL => 0, BLOCKSIZE => 512, MIN_VERSIONS => 2, DFS_REPLICATION => -1, COMPRESSION => 'SNAPPY'}";
  const codes = (...parts: Parameters<typeof subject>) => lintSubject(subject(...parts)).filter((f) => f.code === 'CF_SETTING_INVALID');

  it('takes what the master only logs when the table turns the checks off (METADATA or CONFIGURATION)', () => {
    for (const hash of ['METADATA', 'CONFIGURATION']) {
      expect(codes(shell(`create 't', ${bad}, ${hash} => {'hbase.table.sanity.checks' => 'false'}`))).toEqual([]);
    }
    // Boolean.valueOf: anything but "true" (any case) turns them off on the table
    expect(codes(shell(`create 't', ${bad}, METADATA => {'hbase.table.sanity.checks' => 'no'}`))).toEqual([]);
  });

  it('takes them when hbase-site.xml turns the checks off and the table does not turn them on', () => {
    expect(codes(shell(`create 't', ${bad}`), site({ 'hbase.table.sanity.checks': ' FALSE ' }))).toEqual([]);
    // the table's value is over the site's: "true" on the table keeps them
    expect(codes(shell(`create 't', ${bad}, METADATA => {'hbase.table.sanity.checks' => 'TRUE'}`), site({ 'hbase.table.sanity.checks': 'false' }))).toHaveLength(4);
    // Configuration.getBoolean keeps the default (true) for text that is neither true nor false
    expect(codes(shell(`create 't', ${bad}`), site({ 'hbase.table.sanity.checks': 'no' }))).toHaveLength(4);
  });

  it('still refuses what the shell refuses before the master: VERSIONS below 1, a number it cannot read', () => {
    const off = "METADATA => {'hbase.table.sanity.checks' => 'false'}";
    const all = codes(shell(`create 't', {NAME => 'd', VERSIONS => 0, TTL => 2147483648}, ${off}`));
    expect(all.map((f) => f.message)).toEqual([
      "table 't': family 'd' has TTL 2147483648, which is beyond a Java int (at most 2147483647 seconds, FOREVER); HBase refuses it",
      "table 't': family 'd' has VERSIONS 0; HBase refuses fewer than 1 version",
    ]);
  });

  it('takes them in a REST schema of a live table that has the checks off', () => {
    const text = '{"name": "t", "hbase.table.sanity.checks": "false",\n "ColumnSchema": [\n  {"name": "d", "VERSIONS": "1", "TTL": "0", "BLOCKSIZE": "512"}]}';
    expect(codes({ tables: [parseRestSchema(text, 't.json')] })).toEqual([]);
  });
});
