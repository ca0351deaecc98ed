import { describe, expect, it } from 'vitest';
import { parseShellScript } from '../../src/lint/shell/script.js';
import type { HotspotError } from '../../src/util/errors.js';
import { errorOf as errorOfRun, fixture } from './helpers.js';

const errorOf = (text: string): HotspotError => errorOfRun(() => parseShellScript(text, 's.hbase'));

describe('parseShellScript', () => {
  it('reads family shorthand over continued lines', () => {
    const [t] = parseShellScript(fixture('ten-families.hbase'), 'ten.hbase');
    expect(t?.name).toBe('customer');
    expect(t?.families.map((f) => f.name)).toEqual(['profile', 'address', 'payment', 'orders', 'logins', 'coupons', 'friends', 'clicks', 'options', 'scratch']);
    expect(t?.families[5]?.place).toEqual({ file: 'ten.hbase', line: 3, column: 8 });
    expect(t?.splits).toEqual({ kind: 'none' });
  });

  it('reads family hashes, NUMREGIONS/SPLITALGO and applies alter in order', () => {
    const [t] = parseShellScript(fixture('metrics.hbase'), 'm.hbase');
    expect(t?.families.map((f) => [f.name, f.attributes])).toEqual([
      ['r', { VERSIONS: '1', COMPRESSION: 'SNAPPY', BLOOMFILTER: 'ROW', TTL: '5184000' }],
      ['h', { VERSIONS: '1', COMPRESSION: 'LZ4', BLOOMFILTER: 'ROW', TTL: '34560000' }],
    ]);
    expect(t?.splits).toMatchObject({ kind: 'algorithm', numRegions: 32, algorithm: 'HexStringSplit' });
  });

  it('reads SPLITS arrays, SPLITS_FILE, namespaces, parentheses, ; and comments', () => {
    const tables = parseShellScript(
      [
        "create 'ns:events', 'd', SPLITS => ['10', '20', # tens",
        "  'a0']  # hex",
        "disable 'ns:events'; create('logs', {NAME => \"l\"}, SPLITS_FILE => 'splits.txt')",
        "alter 'ns:events', NAME => 'd', METHOD => 'delete'",
        "alter 'ns:events', {NAME => 'e', BLOOMFILTER => 'ROWCOL'}, MAX_FILESIZE => 21474836480",
      ].join('\n'),
      'x.hbase',
    );
    expect(tables.map((t) => t.name)).toEqual(['ns:events', 'logs']);
    expect(tables[0]?.splits).toEqual({ kind: 'points', points: ['10', '20', 'a0'], place: { file: 'x.hbase', line: 1, column: 26 } });
    expect(tables[0]?.families.map((f) => f.name)).toEqual(['e']);
    expect(tables[0]?.attributes).toEqual({ MAX_FILESIZE: '21474836480' });
    expect(tables[1]?.splits).toMatchObject({ kind: 'file', file: 'splits.txt' });
  });

  // Ruby integer literals (the shell is JRuby): 0x10 is 16, 0b101 is 5, 0o17 and 017 are 15 (a leading 0 is octal),
  // 0d17 is 17, +5 is 5; Integer#to_s writes each in decimal, which the shell hands to Integer.valueOf or to_s.
  it('reads Ruby integer literals as the values Ruby gives them', () => {
    const [t] = parseShellScript("create 't', {NAME => 'd', VERSIONS => 0x10, TTL => 0100, BLOCKSIZE => 0b10000000000, MIN_VERSIONS => +2, DFS_REPLICATION => 0d3}, SPLITS => [017, -0o7, 1_000, 0]", 's.hbase');
    expect(t?.families[0]?.attributes).toEqual({ VERSIONS: '16', TTL: '64', BLOCKSIZE: '1024', MIN_VERSIONS: '2', DFS_REPLICATION: '3' });
    expect(t?.splits).toMatchObject({ kind: 'points', points: ['15', '-7', '1000', '0'] });
  });

  it('rejects an octal literal with a digit 8 or 9 at its place, as Ruby does', () => {
    const err = errorOf("create 't', {NAME => 'd', TTL => 09}");
    expect(err.code).toBe('LINT_SHELL_SYNTAX');
    expect(err.message).toBe('s.hbase:1:34: invalid octal number 09: a number with a leading 0 is octal in Ruby (digits 0 to 7); drop the leading 0');
  });

  it('rejects an unterminated hash at its opening brace', () => {
    const err = errorOf("create 't',\n  {NAME => 'd', VERSIONS => 1,\n   TTL => 10\n");
    expect(err.code).toBe('LINT_SHELL_SYNTAX');
    expect(err.where).toEqual({ file: 's.hbase', line: 2, column: 3 });
    expect(err.message).toContain("add '}'");
  });

  it('rejects NUMREGIONS past 100,000 at its value (10^8 hung lint, computing every split point)', () => {
    const err = errorOf("create 't', 'd',\n  {NUMREGIONS => 100000000, SPLITALGO => 'HexStringSplit'}");
    expect(err.code).toBe('LINT_SHELL_ARGUMENT');
    expect(err.message).toBe('s.hbase:2:18: NUMREGIONS must be a whole number of regions, at least 2 and at most 100000');
    expect(parseShellScript("create 't', 'd', {NUMREGIONS => 100000, SPLITALGO => 'HexStringSplit'}", 's.hbase')[0]?.splits).toMatchObject({ numRegions: 100_000 });
  });

  it('takes one pre-split per hash as admin.rb does: SPLITS_FILE over SPLITS over NUMREGIONS/SPLITALGO, the latter then unchecked', () => {
    const splits = (text: string) => parseShellScript(text, 's.hbase')[0]?.splits;
    // SPLITS first or last in the hash, the table starts with 3 regions, not NUMREGIONS' 16
    expect(splits("create 't', 'd', {SPLITS => ['a', 'b'], NUMREGIONS => 16, SPLITALGO => 'HexStringSplit'}")).toEqual({ kind: 'points', points: ['a', 'b'], place: { file: 's.hbase', line: 1, column: 19 } });
    expect(splits("create 't', 'd', {NUMREGIONS => 16, SPLITALGO => 'HexStringSplit', SPLITS => ['a', 'b']}")).toMatchObject({ kind: 'points', points: ['a', 'b'] });
    // the ignored NUMREGIONS is never checked: 1 region or a lone NUMREGIONS are not errors there
    expect(splits("create 't', 'd', {SPLITS => ['a'], NUMREGIONS => 1}")).toMatchObject({ kind: 'points', points: ['a'] });
    // a SPLITS_FILE's lines replace SPLITS (arg[SPLITS] = lines of the file)
    expect(splits("create 't', 'd', {SPLITS => ['a'], SPLITS_FILE => 'p.txt'}")).toEqual({ kind: 'file', file: 'p.txt', place: { file: 's.hbase', line: 1, column: 36 } });
    // in separate hashes each one sets the pre-split, the last one winning
    expect(splits("create 't', 'd', {SPLITS => ['a']}, {NUMREGIONS => 4, SPLITALGO => 'UniformSplit'}")).toMatchObject({ kind: 'algorithm', numRegions: 4 });
  });

  it('models a table the script only alters as existing: pre-split unknown, deleted families listed', () => {
    const [t] = parseShellScript("alter 'events', {NAME => 'd', TTL => 86400}, {NAME => 'x', METHOD => 'delete'}\nalter 'events', 'delete' => 'y'", 's.hbase');
    expect(t).toMatchObject({ name: 'events', splits: { kind: 'unknown' }, altered: true, deletedFamilies: ['x', 'y'] });
    expect(t?.families.map((f) => f.name)).toEqual(['d']);
    // a table the script creates is not marked, whatever alters follow
    expect(parseShellScript("create 'events', 'd'\nalter 'events', {NAME => 'd', TTL => 1}", 's.hbase')[0]).not.toHaveProperty('altered');
  });

  it('rejects an unknown attribute at its key', () => {
    const err = errorOf("create 't', {NAME => 'd', TTl => 10}");
    expect(err.code).toBe('LINT_SHELL_UNKNOWN_ATTRIBUTE');
    expect(err.message).toBe("s.hbase:1:27: unknown column family attribute TTl in family 'd'");
  });

  it('rejects a family attribute given as a table option', () => {
    const err = errorOf("create 't', 'd', VERSIONS => 3");
    expect(err.code).toBe('LINT_SHELL_UNKNOWN_ATTRIBUTE');
    expect(err.where).toEqual({ file: 's.hbase', line: 1, column: 18 });
  });

  it.each([
    ["create 't', 'd", 1, 13, 'unterminated string'],
    ["create 't', {NAME => 'd'}]", 1, 26, 'closes nothing'],
    ["create 't', {NAME => 'd']", 1, 25, "does not close the hash"],
    ["create 't', {NAME 'd'}", 1, 19, "expected '=>'"],
    ["create 't', \\ # note\n 'd'", 1, 13, 'line continuation'],
    ["create 't' 'd'", 1, 12, "expected ','"],
    ["create 't', {NAME => 'd', VERSIONS => 'all'}", 1, 39, 'whole number'],
    ["create 't', 'd', {NUMREGIONS => 8, SPLITALGO => 'RandomSplit'}", 1, 49, 'unknown SPLITALGO'],
    ["create 't', 'd', {NUMREGIONS => 8}", 1, 19, 'go together'],
    ['create 42', 1, 8, 'table name'],
    ["create 't', 'd', @x", 1, 18, "unexpected character '@'"],
  ])('rejects %j at %i:%i', (text, line, column, words) => {
    const err = errorOf(text);
    expect(err.where).toMatchObject({ line, column });
    expect(err.message).toContain(words);
  });
});
