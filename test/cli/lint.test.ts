import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startServer } from '../hbase/rest/local-server.js';
import { fixture, fixturePath } from '../lint/helpers.js';
import { runCapture } from './run-cli.js';

interface JsonFinding {
  code: string;
  severity: string;
  path: string;
  message: string;
  fix: string;
  location?: string;
  regions?: { total: number; neverWritten: number };
}

async function lintJson(...args: string[]): Promise<{ code: number; findings: JsonFinding[] }> {
  const run = await runCapture(['lint', ...args, '--json']);
  expect(run.err).toBe('');
  return { code: run.code, findings: (JSON.parse(run.out) as { findings: JsonFinding[] }).findings };
}

const codes = (findings: readonly JsonFinding[]): string[] => findings.map((f) => `${f.severity} ${f.code}`);
const METRICS_KEY = '{salt(concat(metric,"_",deviceId),32)}_{metric}_{deviceId}_{reverseTs(ts)}';

describe('lint: the playbook examples give what a reviewer expects, and nothing more', () => {
  it('ten families: too many families, no retention, no compression, long names', async () => {
    const { code, findings } = await lintJson(fixturePath('ten-families.hbase'));
    expect(codes(findings)).toEqual(['error CF_COUNT', 'warning CF_RETENTION', 'warning CF_COMPRESSION', 'info CF_NAME_LONG']);
    expect(findings[0]?.message).toContain('has 10 column families');
    expect(findings[0]?.location).toBe(`${fixturePath('ten-families.hbase')}:2:1`);
    expect(code).toBe(1);
  });

  it('a file creating default:t1 and --table t1 (or the other way round) are one table: the key\'s split checks run', async () => {
    // 16 salts "00".."0f" (then "_") all sort before the split points 'a' and 'b': 2 of the 3 regions never see a key
    const dir = mkdtempSync(join(tmpdir(), 'lint-default-ns-'));
    const file = join(dir, 'ddl.hbase');
    writeFileSync(file, "create 'default:t1', 'd', SPLITS => ['a', 'b']\n");
    for (const table of ['t1', 'default:t1']) {
      const { findings } = await lintJson(file, '--template', '{salt(id,16)}_{id}', '--table', table);
      expect(findings.find((f) => f.code === 'SPLIT_ALPHABET')?.regions).toEqual({ total: 3, neverWritten: 2 });
    }
  });

  it('two families: only the compression the example leaves out', async () => {
    const { code, findings } = await lintJson(fixturePath('two-families.hbase'));
    expect(codes(findings)).toEqual(['warning CF_COMPRESSION']);
    expect(findings[0]?.message).toBe("table 'customer': families 'p', 'h' are not compressed");
    expect(code).toBe(0);
  });

  it('metrics table with its salted key over 32 HexStringSplit regions: 28 of them never see a key', async () => {
    // The 32 salts "00".."1f" (then "_") sort into HexStringSplit's first four regions: the points step by
    // 0x08000000, so "00_".."07_" < "08000000", "08_".."0f_" < "10000000", and so on up to "18_".."1f_".
    const { code, findings } = await lintJson(fixturePath('metrics.hbase'), '--template', METRICS_KEY, '--access', 'time-range:metric+deviceId,latest-n:metric+deviceId', '--servers', '3');
    expect(codes(findings)).toEqual(['error SPLIT_ALPHABET']);
    expect(findings[0]).toMatchObject({ regions: { total: 32, neverWritten: 28 }, location: `${fixturePath('metrics.hbase')}:5:22` });
    expect(findings[0]?.message).toContain("table 'metrics' is split into 32 regions over a key starting with");
    expect(code).toBe(1);
  });

  it('refuses a --table the files do not create (the split checks would be skipped without a word)', async () => {
    const run = await runCapture(['lint', fixturePath('metrics.hbase'), '--template', METRICS_KEY, '--table', 'metric']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('--table metric: the files given create no such table (they create "metrics")');
  });

  it('the same table split on its salt buckets, time-range and newest-first reads: clean', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lint-')), 'metrics.hbase');
    const points = Array.from({ length: 31 }, (_v, i) => `'${(i + 1).toString(16).padStart(2, '0')}'`);
    writeFileSync(file, `create 'metrics', {NAME => 'r', VERSIONS => 1, COMPRESSION => 'SNAPPY', TTL => 7776000}, SPLITS => [${points.join(', ')}]\n`);
    const { code, findings } = await lintJson(file, '--template', METRICS_KEY, '--access', 'time-range:metric+deviceId,latest-n:metric+deviceId', '--servers', '3');
    expect(findings).toEqual([]);
    expect(code).toBe(0);
  });

  it('timestamp-first event key: one error', async () => {
    const { code, findings } = await lintJson('--template', '{date(ts,"yyyyMMddHHmmss")}_{eventType}', '--access', 'point-get');
    expect(codes(findings)).toEqual(['error KEY_MONOTONIC_FIRST']);
    expect(code).toBe(1);
  });

  it('compaction settings, cache and memstore settings, G1 JVM options: clean', async () => {
    const { code, findings } = await lintJson(fixturePath('compaction-site.xml'), fixturePath('cache-site.xml'), fixturePath('regionserver-env.sh'));
    expect(findings).toEqual([]);
    expect(code).toBe(0);
  });

  it('daily major compaction for TTL clean-up: automatic compaction; the unset throughput bounds are HBase\'s throttling defaults', async () => {
    const { findings } = await lintJson(fixturePath('ttl-site.xml'));
    expect(codes(findings)).toEqual(['warning MAJOR_COMPACTION_AUTO']);
    expect(findings[0]?.location).toBe(`${fixturePath('ttl-site.xml')}:10:5`);
  });
});

describe('lint: output and exit status', () => {
  it('groups findings by severity with the fix', async () => {
    const run = await runCapture(['lint', fixturePath('ten-families.hbase')]);
    expect(run.out.split('\n').filter((l) => /^\S/.test(l))).toEqual(['error (1)', 'warning (2)', 'info (1)', '1 error(s), 2 warning(s), 1 info']);
    expect(run.out).toContain('    fix: merge families with the same access pattern');
    expect(run.code).toBe(1);
  });

  it('fails a TTL and VERSIONS HBase refuses, at the alter that set them (exit 1)', async () => {
    // TableDescriptorChecker refuses TTL <= 0; ColumnFamilyDescriptorBuilder.setMaxVersions refuses VERSIONS <= 0.
    const file = join(mkdtempSync(join(tmpdir(), 'lint-')), 'events.hbase');
    writeFileSync(file, "create 'events', {NAME => 'd', VERSIONS => 1, TTL => 86400, COMPRESSION => 'SNAPPY'}\nalter 'events', {NAME => 'd', TTL => -1, VERSIONS => 0}\n");
    const { code, findings } = await lintJson(file);
    expect(findings.map((f) => [f.severity, f.code, f.location, f.message])).toEqual([
      ['error', 'CF_SETTING_INVALID', `${file}:2:31`, "table 'events': family 'd' has TTL -1; HBase refuses a TTL that is not positive"],
      ['error', 'CF_SETTING_INVALID', `${file}:2:42`, "table 'events': family 'd' has VERSIONS 0; HBase refuses fewer than 1 version"],
    ]);
    expect(code).toBe(1);
  });

  it.each([
    ['unterminated hash', 'bad.hbase', "create 't',\n  {NAME => 'd'\n", ":2:3: unterminated hash: '{' is never closed; add '}'"],
    ['unknown attribute', 'bad.hbase', "create 't', {NAME => 'd', COMPRESION => 'SNAPPY'}\n", ":1:27: unknown column family attribute COMPRESION in family 'd'"],
    ['bad XML', 'bad.xml', '<configuration>\n  <property><name>x</name><value>1</value></propety>\n</configuration>\n', ':2:43: closing tag </propety> does not match <property> opened at line 2 column 3'],
  ])('%s exits 2 with file:line:column on stderr', async (_what, name, text, expected) => {
    const file = join(mkdtempSync(join(tmpdir(), 'lint-')), name);
    writeFileSync(file, text);
    const run = await runCapture(['lint', file]);
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.err).toBe(`${file}${expected}\n`);
  });

  it('needs at least one input', async () => {
    const run = await runCapture(['lint']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('nothing to lint');
  });

  it('rejects an unknown file kind and an unknown access pattern', async () => {
    expect((await runCapture(['lint', 'schema.txt'])).err).toContain('cannot tell what schema.txt holds');
    const run = await runCapture(['lint', '--template', '{id}', '--access', 'newest:id']);
    expect(run.code).toBe(2);
    expect(run.err).toContain("unknown access pattern 'newest'");
  });

  it('--help lists every rule of the catalogue', async () => {
    const run = await runCapture(['lint', '--help']);
    const { RULES } = await import('../../src/lint/rules/index.js');
    for (const r of RULES) expect(run.out).toContain(r.code);
  });

  it('rejects --access without --template, and bad --servers / --writes', async () => {
    expect((await runCapture(['lint', fixturePath('metrics.hbase'), '--access', 'point-get'])).err).toContain('--access describes a rowkey: give it with --template');
    expect((await runCapture(['lint', fixturePath('metrics.hbase'), '--servers', '0'])).err).toContain('--servers "0" must be a whole number of at least 1');
    expect((await runCapture(['lint', fixturePath('metrics.hbase'), '--writes', 'lots'])).err).toContain('--writes "lots" is not a write rate');
  });

  it('reads --writes in the forms people type', async () => {
    const { parseWritesPerSec } = await import('../../src/cli/commands/lint.js');
    expect(['60000/s', '60000', '60k/s', '1.5M/s'].map((t) => parseWritesPerSec(t))).toEqual([60000, 60000, 60000, 1500000]);
  });

  it('--rules lists the catalogue, --json as data', async () => {
    const run = await runCapture(['lint', '--rules', '--json']);
    const rules = (JSON.parse(run.out) as { rules: { code: string; severity: string; why: string }[] }).rules;
    expect(rules.map((r) => r.code)).toContain('CF_COUNT');
    expect(rules.find((r) => r.code === 'HEAP_CACHE_MEMSTORE')?.severity).toBe('error');
  });
});

describe('lint --rest', () => {
  let server: LocalServer;
  beforeAll(async () => {
    const body = fixture('customer-schema.json');
    server = await startServer((req, res) => {
      if (req.url === '/customer/schema') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      } else if (req.url === '/customer/regions') {
        // Two regions split at 'm' (base64 "bQ==").
        const region = (start: string, end: string, id: number): object => ({ endKey: end, id, location: 'rs1:16020', name: `customer,,${id}.0123456789abcdef0123456789abcdef.`, startKey: start });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'customer', Region: [region('', 'bQ==', 1), region('bQ==', '', 2)] }));
      } else res.writeHead(404).end();
    });
  });
  afterAll(() => server.close());

  it("lints a live table's schema from the REST gateway", async () => {
    const { code, findings } = await lintJson('--rest', server.url, '--table', 'customer');
    expect(codes(findings)).toEqual(['warning CF_COMPRESSION', 'warning CF_BLOOM_NONE', 'info CF_NAME_LONG']);
    expect(findings[0]?.path).toBe('customer/profile');
    expect(server.requests.map((r) => r.url).slice(0, 2)).toEqual(['/customer/schema', '/customer/regions']);
    expect(code).toBe(0);
  });

  it('judges the live region boundaries against the stated servers', async () => {
    const { code, findings } = await lintJson('--rest', server.url, '--table', 'customer', '--servers', '4');
    expect(findings[0]).toMatchObject({ code: 'PRESPLIT_NONE', message: "table 'customer' starts with 2 regions for 4 RegionServers; at least 4 are needed so every server takes writes" });
    expect(code).toBe(1);
  });

  it('needs --table', async () => {
    const run = await runCapture(['lint', '--rest', server.url]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('--rest needs --table');
  });
});

describe('lint: wide rows', () => {
  it('flags a flat-wide sensor row with the growth that makes it unsplittable', async () => {
    // 0.2 cells/s x 40 B = 691,200 B/day; 10 GiB / 691,200 B = 15,534.46 days; no TTL.
    const { code, findings } = await lintJson(fixturePath('sensor-wide.yaml'));
    expect(codes(findings)).toEqual(['error WIDE_ROW_UNSPLITTABLE']);
    expect(findings[0]?.message).toBe(
      "rows of 'sensor_wide' (key {sensorId}) grow 0.66 MiB/day (0.2 qualifiers/s x 40 B) and reach the region size 10240 MiB after 15534.5 days; with no TTL and no time bucket any growth ends there",
    );
    expect(code).toBe(1);
  });
});

describe('lint: scenario files', () => {
  const scenario = (name: string): string => new URL(`../fixtures/scenarios/${name}`, import.meta.url).pathname;

  it('lints each design of a scenario with its own pre-split, servers and write rate (not as a wide-row description)', async () => {
    // 8 HexStringSplit regions over {salt(userId,16)}: the salts "00".."0f" all sort below "20000000"; 4 servers
    // want 40-120 regions; the md5 design spreads over all 8.
    const { code, findings } = await lintJson(scenario('single-row.yaml'));
    expect(codes(findings)).toEqual(['error SPLIT_ALPHABET', 'warning PRESPLIT_TOO_FEW', 'warning PRESPLIT_TOO_FEW']);
    expect(findings[0]).toMatchObject({ path: 'events[salted user]', regions: { total: 8, neverWritten: 7 }, location: `${scenario('single-row.yaml')}:25:1` });
    expect(findings.map((f) => f.path)).toEqual(['events[salted user]', 'events[hashed user]', 'events[salted user]']);
    expect(findings[1]?.message).toBe("table 'events[hashed user]' starts with 8 regions for 4 RegionServers (25 writes/s per region at 200 writes/s); the playbook's formula gives 40-120");
    expect(code).toBe(1);
  });

  it('reads the reads as access patterns and the entity ids as numbers when they have no fixed width', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-'));
    const file = join(dir, 'orders.yaml');
    writeFileSync(
      file,
      [
        'name: orders',
        'start: 2024-06-01T00:00:00Z',
        'duration: 1h',
        'cluster: { regionServers: 2 }',
        'table: { name: orders, rowSizeBytes: 200, preSplit: none }',
        'workload:',
        '  entities: { field: orderId, count: 1000, idFormat: "%d" }',
        '  writeRatePerSec: 100',
        '  reads: [{ name: newest, kind: latest, limit: 10, ratePerSec: 5 }]',
        'designs:',
        "  - { name: tenant first, template: 'shop_{orderId}_{reverseTs(ts)}' }",
        "  - { name: padded, template: 'shop_{pad(orderId,10)}_{reverseTs(ts)}' }",
        '',
      ].join('\n'),
    );
    const { findings } = await lintJson(file);
    expect(codes(findings)).toEqual(['error PRESPLIT_NONE', 'error PRESPLIT_NONE', 'warning KEY_UNPADDED_NUMBER']);
    // 1,000 ids fit a Java int, so the 10-digit pad holds every one of them
    expect(findings[2]?.message).toBe('{orderId} writes orderId (int) without a fixed width: keys sort 1, 10, 100, 2');
  });
  it("types workload.fields by their generators: an unpadded sequence or a three-value choice leading the key is flagged", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-'));
    const file = join(dir, 'fields.yaml');
    writeFileSync(
      file,
      [
        'name: fields',
        'start: 2024-06-01T00:00:00Z',
        'duration: 1h',
        'cluster: { regionServers: 2 }',
        'table: { name: t, rowSizeBytes: 200, preSplit: { algorithm: uniform, regions: 4 } }',
        'workload:',
        '  entities: { field: user, count: 1000, idFormat: "u%04d" }',
        '  fields:',
        '    orderNo: { kind: sequence, start: 1, step: 1 }',
        '    tenant: { kind: choice, values: [t1, t2, t3], weights: [8, 1, 1] }',
        '    shard: { kind: random, min: 0, max: 3 }',
        '  writeRatePerSec: 100',
        'designs:',
        "  - { name: sequence first, template: '{orderNo}_{user}' }",
        "  - { name: tenant first, template: '{tenant}_{user}' }",
        "  - { name: shard first, template: '{shard}_{user}' }",
        '',
      ].join('\n'),
    );
    const { findings } = await lintJson(file);
    const keyCodes = findings.filter((f) => f.code.startsWith('KEY_')).map((f) => `${f.code} ${f.path}`);
    // each names the design and the line its template is on (designs are the file's lines 14-16)
    expect(keyCodes).toEqual([
      "KEY_MONOTONIC_FIRST key {orderNo}_{user} (design 'sequence first')",
      "KEY_CATEGORY_FIRST key {tenant}_{user} (design 'tenant first')",
      "KEY_UNPADDED_NUMBER key {orderNo}_{user} (design 'sequence first')",
    ]);
    expect(findings.filter((f) => f.code.startsWith('KEY_')).map((f) => f.location)).toEqual([`${file}:14:1`, `${file}:15:1`, `${file}:14:1`]);
  });

  it('names the file, line and field of a bad scenario', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lint-')), 'bad.yaml');
    writeFileSync(file, 'name: x\nstart: 2024-06-01T00:00:00Z\nduration: 1h\ncluster: { regionServers: 0 }\ntable: { name: t, rowSizeBytes: 1 }\nworkload: { entities: { field: id, count: 1, idFormat: "%d" }, writeRatePerSec: 1 }\ndesigns: []\n');
    const run = await runCapture(['lint', file]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`${file}:4 (cluster.regionServers): must be a positive integer, got 0`);
  });
});

describe('--fields names', () => {
  it('refuses a typed field the key does not read (a misspelt name turned its checks off)', async () => {
    const explain = await runCapture(['key', 'explain', '{orderId}_{ts}', '--fields', 'orderID:sequence']);
    expect([explain.code, explain.err]).toEqual([2, "hbase-hotspot: --fields: 'orderID' is not a field of the key (it reads 'orderId', 'ts'); check the spelling\n"]);
    const lint = await runCapture(['lint', '--template', '{orderId}_{ts}', '--fields', 'orderID:sequence']);
    expect(lint.code).toBe(2);
    expect(lint.err).toContain("'orderID' is not a field of the key");
  });
});
