import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAccess, parseFieldTypes } from '../../src/lint/access.js';
import { inputKind, mergeSubjects, readInput } from '../../src/lint/load.js';
import { lintSubject } from '../../src/lint/run.js';
import { parseWideRows } from '../../src/lint/wide-row.js';
import { errorOf, fixture } from './helpers.js';

describe('parseAccess / parseFieldTypes', () => {
  it('reads comma- or bar-separated patterns with + joined fields', () => {
    expect(parseAccess('latest-n:deviceId|point-get, time-range:metric+deviceId')).toEqual([
      { kind: 'latest-n', fields: ['deviceId'] },
      { kind: 'point-get', fields: [] },
      { kind: 'time-range', fields: ['metric', 'deviceId'] },
    ]);
  });
  it.each([
    ['newest:id', "unknown access pattern 'newest'"],
    ['latest-n', 'latest-n needs the fields'],
    ['point-get:id', 'point-get takes no fields'],
  ])('rejects %j', (text, words) => {
    const err = errorOf(() => parseAccess(text));
    expect(err.code).toBe('LINT_ACCESS');
    expect(err.message).toContain(words);
  });
  it('reads field types and rejects bad ones', () => {
    expect(parseFieldTypes('deviceId:string,ts:epochMs')).toEqual({ deviceId: 'string', ts: 'epochMs' });
    expect(errorOf(() => parseFieldTypes('ts:date')).code).toBe('LINT_FIELDS');
    expect(errorOf(() => parseFieldTypes('a:int,a:long')).message).toContain("'a' is given twice");
    expect(errorOf(() => parseFieldTypes('')).message).toContain('at least one field');
  });
});

describe('parseWideRows', () => {
  it('reads the documented form', () => {
    const [w] = parseWideRows(fixture('sensor-wide.yaml'), 'w.yaml');
    expect(w?.table).toBe('sensor_wide');
    expect(w?.qualifiersPerSecond).toBe(0.2);
    expect(w?.cellBytes).toBe(40);
    expect(w?.key.parts.map((p) => p.kind)).toEqual(['field']);
    expect(w?.place).toEqual({ file: 'w.yaml', line: 2, column: 1 });
  });
  it.each([
    ['table: t\nkey: [1,\n', 'LINT_YAML_SYNTAX', undefined],
    ['table: t\nkey: "{id}"\ncellBytes: 40\n', 'LINT_WIDE_ROW', 'newQualifierEvery'],
    ['table: t\nkey: "{id}"\nnewQualifierEvery: 1s\ncellBytes: -4\n', 'LINT_WIDE_ROW', 'cellBytes'],
    ['table: t\nkey: "{id}"\nnewQualifierEvery: 1s\ncellBytes: 4\ncolour: red\n', 'LINT_WIDE_ROW', 'colour'],
    ['- table: t\n  key: "{id}"\n  qualifiersPerSec: 1\n  newQualifierEvery: 1s\n  cellBytes: 4\n', 'LINT_WIDE_ROW', '0.qualifiersPerSec'],
    ['table: t\nkey: "{id"\nqualifiersPerSec: 1\ncellBytes: 4\n', 'TEMPLATE_SYNTAX', undefined],
  ])('rejects %j', (text, code, field) => {
    const err = errorOf(() => parseWideRows(text, 'w.yaml'));
    expect(err.code).toBe(code);
    if (field !== undefined) expect(err.where.field).toBe(field);
    if (code === 'LINT_WIDE_ROW') expect(err.where.line).toBeGreaterThan(0);
  });
  it.each([
    ['cellBytes: .inf', 'cellBytes', "'cellBytes' must be a positive number at most 2^53 - 1, got a number past the range of a double (±1.8e308)"],
    ['cellBytes: 1e400', 'cellBytes', "'cellBytes' must be a positive number at most 2^53 - 1, got a number past the range of a double (±1.8e308)"],
    ['cellBytes: 9007199254740993', 'cellBytes', "'cellBytes' must be a positive number at most 2^53 - 1, got a number past 2^53 - 1 (read as 9007199254740992)"],
    ['cellBytes: 4\nttlSeconds: .nan', 'ttlSeconds', "'ttlSeconds' must be a positive number at most 2^53 - 1, got NaN (not a number)"],
    ['cellBytes: 4\nqualifiersPerSec: .inf', 'qualifiersPerSec', "'qualifiersPerSec' must be a positive number at most 2^53 - 1, got a number past the range of a double (±1.8e308)"],
    ['cellBytes: 4\nnewQualifierEvery: {a: 1}', 'newQualifierEvery', '\'newQualifierEvery\' must be a duration such as 10s or 1m30s, got {"a":1}'],
  ])('refuses %j with its line, field and value (before, .inf gave rows growing "Infinity MiB/day")', (extra, field, message) => {
    const text = `table: t\nkey: "{id}"\n${extra.includes('ualifier') ? '' : 'newQualifierEvery: 1s\n'}${extra}\n`;
    const err = errorOf(() => parseWideRows(text, 'w.yaml'));
    expect(err.code).toBe('LINT_WIDE_ROW');
    expect(err.where).toMatchObject({ file: 'w.yaml', field, line: expect.any(Number) as unknown });
    expect(err.message).toMatch(new RegExp(`^w\\.yaml:\\d+:\\d+ \\(${field}\\): `));
    expect(err.message.replace(/^.*?\): /, '')).toBe(message);
  });
  it('names the line of a bad field', () => {
    expect(errorOf(() => parseWideRows('table: t\nkey: "{id}"\nnewQualifierEvery: 1s\ncellBytes: -4\n', 'w.yaml')).where).toEqual({
      file: 'w.yaml', field: 'cellBytes', line: 4, column: 12,
    });
  });
});

describe('readInput / mergeSubjects', () => {
  const read = (p: string): string => readFileSync(p, 'utf8');

  it('picks the reader from the extension', () => {
    expect(['a.hbase', 'a.rb', 'a.json', 'hbase-site.xml', 'hbase-env.sh', 'w.yaml', 'w.yml'].map(inputKind)).toEqual(['shell', 'shell', 'schema', 'site', 'env', 'wide-row', 'wide-row']);
    expect(errorOf(() => inputKind('notes.txt')).code).toBe('LINT_INPUT_KIND');
  });

  it('reads a SPLITS_FILE beside the script, one split point per line, as the shell does (line.chomp)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-'));
    // the blank line is an empty split point (which create refuses); the final line end starts no line
    writeFileSync(join(dir, 'splits.txt'), '10\n20\r\n\n30\n');
    writeFileSync(join(dir, 't.hbase'), "create 't', 'd', SPLITS_FILE => 'splits.txt'\n");
    const { tables } = readInput(join(dir, 't.hbase'), read);
    expect(tables?.[0]?.splits).toEqual({ kind: 'points', points: ['10', '20', '', '30'], file: 'splits.txt', place: { file: join(dir, 't.hbase'), line: 1, column: 18 } });
    writeFileSync(join(dir, 'splits.txt'), '10\n20');
    expect(readInput(join(dir, 't.hbase'), read).tables?.[0]?.splits).toMatchObject({ points: ['10', '20'] });
  });

  it('rejects a SPLITS_FILE that cannot be read, at the SPLITS_FILE key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-'));
    writeFileSync(join(dir, 't.hbase'), "create 't', 'd', SPLITS_FILE => 'missing.txt'\n");
    const err = errorOf(() => readInput(join(dir, 't.hbase'), read));
    expect(err.code).toBe('LINT_SPLITS_FILE');
    expect(err.where).toMatchObject({ line: 1, column: 18 });
  });

  it('merges inputs: a later table of the same name wins, site properties accumulate', () => {
    const merged = mergeSubjects([
      { tables: [{ name: 't', families: [], attributes: {}, splits: { kind: 'none' }, place: { file: 'a', line: 1, column: 1 } }] },
      { tables: [{ name: 't', families: [], attributes: { X: '1' }, splits: { kind: 'none' }, place: { file: 'b', line: 1, column: 1 } }] },
      { site: [{ name: 'a', value: '1', place: { file: 's', line: 1, column: 1 } }] },
      { workload: { servers: 3 } },
    ]);
    expect(merged.tables).toHaveLength(1);
    expect(merged.tables[0]?.attributes).toEqual({ X: '1' });
    expect(merged.site).toHaveLength(1);
    expect(merged.workload).toEqual({ servers: 3 });
  });

  it('applies a script that only alters a table on top of the script that creates it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-'));
    writeFileSync(join(dir, 'create.hbase'), "create 'events', {NAME => 'd', VERSIONS => 1, COMPRESSION => 'SNAPPY'}, {NAME => 'a'}, {NAME => 'b'}, {NAME => 'c'}, {NUMREGIONS => 40, SPLITALGO => 'HexStringSplit'}\n");
    writeFileSync(join(dir, 'alter.hbase'), "alter 'events', {NAME => 'd', TTL => 86400}, {NAME => 'c', METHOD => 'delete'}\nalter 'events', NAME => 'e', VERSIONS => 2\n");
    const merged = mergeSubjects([readInput(join(dir, 'create.hbase'), read), readInput(join(dir, 'alter.hbase'), read), { workload: { servers: 4 } }]);
    const [t] = merged.tables;
    // d keeps the create's settings and gains the TTL; c is deleted; e is added; the 40 regions stay
    expect(t?.families.map((f) => [f.name, f.attributes])).toEqual([
      ['d', { VERSIONS: '1', COMPRESSION: 'SNAPPY', TTL: '86400' }],
      ['a', {}],
      ['b', {}],
      ['e', { VERSIONS: '2' }],
    ]);
    expect(t?.splits).toMatchObject({ kind: 'algorithm', numRegions: 40 });
    // 4 families after the alter (d, a, b, e); a and b set neither retention nor compression, e no compression;
    // 40 regions for 4 servers is 10 per server, within the playbook's 10 to 30
    expect(lintSubject(merged).map((f) => [f.code, f.message])).toEqual([
      ['CF_COUNT', "table 'events' has 4 column families (d, a, b, e); keep 3 or fewer"],
      ['CF_RETENTION', "table 'events': families 'a', 'b' set neither VERSIONS nor TTL"],
      ['CF_COMPRESSION', "table 'events': families 'a', 'b', 'e' are not compressed"],
    ]);
  });

  it('keeps a property marked final in an earlier hbase-site.xml against later files, as Hadoop Configuration does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-'));
    writeFileSync(join(dir, 'a.xml'), [
      '<configuration>',
      '<property><name>hfile.block.cache.size</name><value>0.4</value><final>true</final></property>',
      '<property><name>hbase.regionserver.global.memstore.size</name><value>0.4</value></property>',
      '</configuration>',
    ].join('\n'));
    writeFileSync(join(dir, 'b.xml'), '<configuration>\n<property><name>hfile.block.cache.size</name><value>0.5</value></property>\n</configuration>\n');
    const merged = mergeSubjects([readInput(join(dir, 'a.xml'), read), readInput(join(dir, 'b.xml'), read)]);
    // b.xml's 0.5 is ignored: the cache stays 0.4, and 40% + 40% = 80% is within HBase's limit
    expect(merged.site.map((p) => [p.name, p.value, p.place.file])).toEqual([
      ['hfile.block.cache.size', '0.4', join(dir, 'a.xml')],
      ['hbase.regionserver.global.memstore.size', '0.4', join(dir, 'a.xml')],
    ]);
    expect(lintSubject(merged).map((f) => f.code)).not.toContain('HEAP_CACHE_MEMSTORE');
    // without the final mark the later file wins: 50% + 40% = 90%
    writeFileSync(join(dir, 'a.xml'), readFileSync(join(dir, 'a.xml'), 'utf8').replace('<final>true</final>', ''));
    const unmarked = mergeSubjects([readInput(join(dir, 'a.xml'), read), readInput(join(dir, 'b.xml'), read)]);
    expect(lintSubject(unmarked).filter((f) => f.code === 'HEAP_CACHE_MEMSTORE').map((f) => f.message)).toEqual([
      'block cache 0.5 + global memstore 0.4 take 90% of the heap (limit 80%)',
    ]);
  });

  it('does not refuse a later file\'s value that an earlier final property overrides, which HBase never reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-'));
    writeFileSync(join(dir, 'a.xml'), '<configuration>\n<property><name>hfile.block.cache.size</name><value>0.3</value><final>true</final></property>\n</configuration>\n');
    const later = [
      '<configuration>',
      '<property><name>hfile.block.cache.size</name><value>40%</value></property>',
      '<property><name>hbase.hregion.majorcompaction</name><value>0</value></property>',
      '</configuration>',
    ].join('\n');
    writeFileSync(join(dir, 'b.xml'), later);
    const merged = mergeSubjects([readInput(join(dir, 'a.xml'), read), readInput(join(dir, 'b.xml'), read)]);
    // Configuration ignores b.xml's 40% (final 0.3 in a.xml): the cache stays 0.3, read as the Java float 0.3f
    expect(merged.site.map((p) => [p.name, p.value, p.number, p.place.file, p.place.line])).toEqual([
      ['hfile.block.cache.size', '0.3', Math.fround(0.3), join(dir, 'a.xml'), 2],
      ['hbase.hregion.majorcompaction', '0', 0, join(dir, 'b.xml'), 3],
    ]);
    expect(merged.site.some((p) => p.unreadable !== undefined)).toBe(false);
    // without the final mark b.xml's 40% takes effect and is refused at its place (line 2, the <value> at column 46: after <property> 10, <name> 6, the name 22 and </name> 7 characters)
    writeFileSync(join(dir, 'a.xml'), readFileSync(join(dir, 'a.xml'), 'utf8').replace('<final>true</final>', ''));
    const err = errorOf(() => mergeSubjects([readInput(join(dir, 'a.xml'), read), readInput(join(dir, 'b.xml'), read)]));
    expect([err.code, err.where, err.message]).toEqual([
      'LINT_SITE_VALUE',
      { file: join(dir, 'b.xml'), line: 2, column: 46 },
      `${join(dir, 'b.xml')}:2:46: hfile.block.cache.size = '40%' is not a heap fraction between 0 and 1 (e.g. 0.4)`,
    ]);
    // a file read alone is still refused
    expect(errorOf(() => mergeSubjects([readInput(join(dir, 'b.xml'), read)])).code).toBe('LINT_SITE_VALUE');
  });
});
