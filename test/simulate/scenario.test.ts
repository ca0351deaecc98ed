import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { SimCluster } from '../../src/simulate/cluster.js';
import { prepareDesigns } from '../../src/simulate/design.js';
import { parseScenario } from '../../src/simulate/scenario/parse.js';
import { scenarioFailure } from '../support/scenario.js';

const caseStudy = readFileSync(new URL('../../examples/case-study.yaml', import.meta.url), 'utf8');

/** The case study with one line replaced, to build a bad file whose broken line we know. */
function withLine(match: string, replacement: string): string {
  expect(caseStudy).toContain(match);
  return caseStudy.replace(match, replacement);
}
function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}
const failure = (text: string) => scenarioFailure(text, 'case-study.yaml');

describe('parseScenario on the case study', () => {
  const scenario = parseScenario(caseStudy, 'case-study.yaml');
  it('reads the cluster, table, workload and designs', () => {
    expect(scenario.cluster).toEqual({ regionServers: 10, addServers: [{ atMs: 12 * 3_600_000, count: 2 }], balancer: 'region-count', balancerIntervalMs: 300_000 });
    expect(scenario.startMs).toBe(Date.UTC(2024, 5, 1));
    expect(scenario.durationMs).toBe(86_400_000);
    expect(scenario.table.splitPolicy).toEqual({ kind: 'stepping', flushSizeBytes: 134_217_728, maxFileSizeBytes: 10_737_418_240 });
    expect(scenario.workload.writeRatePerSec * 86_400).toBeCloseTo(4e9, -7);
    expect(scenario.workload.reads[0]).toEqual({ name: 'last 24 hours of one device', kind: 'time-range', ratePerSec: 200, rangeMs: 86_400_000 });
    expect(scenario.designs.map((d) => d.name)).toEqual(['timestamp-first', 'salted device + reverse time']);
  });
  it('pre-splits design 1 with HexStringSplit into 30 regions and design 2 into 64 regions on 16 salt buckets', () => {
    const [first, second] = prepareDesigns(scenario);
    expect(first?.splits).toHaveLength(29);
    // HexStringSplit(30): split i = i * 0xFFFFFFFF / 30 as 8 hex digits (hand computed: 0xFFFFFFFF / 30 = 143165576.5 → 0x08888888).
    expect(toStringBinary(first?.splits[0] ?? new Uint8Array())).toBe('08888888');
    expect(second?.splits).toHaveLength(63);
    const bucketStarts = second?.splits.map((k) => toStringBinary(k)).filter((k) => k.length === 2);
    expect(bucketStarts).toEqual(Array.from({ length: 15 }, (_, i) => (i + 1).toString(16).padStart(2, '0')));
  });
});

describe('bad scenario files name the file, line and field', () => {
  it('rejects an unknown field', () => {
    const text = withLine('  rowSizeBytes: 200', '  rowSizeBytes: 200\n  rowSize: 100');
    const err = failure(text);
    expect(err.code).toBe('SCENARIO_UNKNOWN_FIELD');
    expect(err.message).toBe(`case-study.yaml:${lineOf(text, 'rowSize:')} (table.rowSize): unknown field "rowSize"; known fields here: name, rowSizeBytes, preSplit, splitPolicy`);
  });
  it('rejects a negative write rate', () => {
    const text = withLine('writeRatePerSec: 46296 ', 'writeRatePerSec: -5 ');
    const err = failure(text);
    expect(err.message).toBe(`case-study.yaml:${lineOf(text, 'writeRatePerSec: -5')} (workload.writeRatePerSec): must be a positive number, got -5`);
  });
  it('names .inf, .nan and 1e400 as what they are (they were shown as null)', () => {
    for (const [value, shown] of [['.inf', 'a number past the range of a double (±1.8e308)'], ['1e400', 'a number past the range of a double (±1.8e308)'], ['.nan', 'NaN (not a number)']]) {
      const text = withLine('writeRatePerSec: 46296 ', `writeRatePerSec: ${value} `);
      const err = failure(text);
      expect(err.code).toBe('SCENARIO_INVALID');
      expect(err.message).toBe(`case-study.yaml:${lineOf(text, `writeRatePerSec: ${value}`)} (workload.writeRatePerSec): must be a positive number, got ${shown}`);
    }
  });
  it('rejects a template that does not compile, naming the design', () => {
    const text = withLine("template: '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}'", "template: '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)'");
    const err = failure(text);
    expect(err.message.startsWith(`case-study.yaml:${lineOf(text, "template: '{salt")} (designs[1].template): template "`)).toBe(true);
  });
  it('rejects a template reading a field the workload does not have', () => {
    const text = withLine("{date(ts,\"yyyyMMddHHmmss\")}-{deviceId}", '{date(time,"yyyyMMddHHmmss")}-{deviceId}');
    const err = failure(text);
    expect(err.code).toBe('TEMPLATE_UNKNOWN_FIELD');
    expect(err.message).toContain('the workload provides deviceId and ts');
    expect(err.message).toContain(`case-study.yaml:${lineOf(text, 'date(time')} (designs[0].template)`);
  });
  it('rejects a wrong kind, a missing section, one design and bad YAML', () => {
    expect(failure(withLine('balancer: region-count', 'balancer: by-load')).message).toContain('(cluster.balancer): must be one of region-count, request-aware, none, got "by-load"');
    expect(failure(caseStudy.replace(/\ncluster:[\s\S]*?\ntable:/, '\ntable:')).message).toBe('case-study.yaml:5 (cluster): is required') // the top-level mapping starts on line 5;
    expect(failure(caseStudy.replace(/\n {2}- name: salted[\s\S]*$/, '\n')).message).toContain('(designs): needs two or more designs to compare, got 1');
    expect(failure('name: [unclosed').code).toBe('SCENARIO_YAML');
    expect(failure(withLine('duration: 24h', 'duration: soon')).message).toContain(':7 (duration): must be a duration');
    expect(failure(withLine('popularity: uniform', 'popularity: { kind: zipf }')).message).toContain('(workload.entities.popularity.exponent): is required');
  });
});

describe('a pre-split that assigns its regions to servers (preSplit.servers)', () => {
  // the case study's first design pre-split by listed points instead, 3 regions on 10 servers
  const assigned = (servers: string, splits = "['4', '8']") => withLine('  preSplit: { algorithm: hex, regions: 30 }', `  preSplit: { splits: ${splits}, servers: ${servers} }`);
  it('reads one server per region, numbered from 1 (rs01), kept 0-based, and places each region there', () => {
    const text = assigned('[7, 7, 2]');
    const scenario = parseScenario(text, 'case-study.yaml');
    expect(scenario.table.preSplit).toEqual({ kind: 'list', splits: ['4', '8'], servers: [6, 6, 1] });
    const [first] = prepareDesigns(scenario);
    expect(first?.assignment).toEqual([6, 6, 1]);
    const cluster = new SimCluster('t', first?.splits ?? [], 10, 0, 0, first?.assignment);
    // regions ['', '4'), ['4', '8'), ['8', ''): rs07, rs07, rs02 (round-robin would give rs01, rs02, rs03)
    expect(cluster.regions.map((r) => cluster.servers[r.server]?.slice(0, 4))).toEqual(['rs07', 'rs07', 'rs02']);
    expect(new SimCluster('t', first?.splits ?? [], 10, 0).regions.map((r) => r.server)).toEqual([0, 1, 2]);
  });
  it('refuses a count other than one per region, a server outside the cluster, servers without splits and unsorted splits', () => {
    let text = assigned('[1, 2]');
    expect(failure(text).message).toBe(`case-study.yaml:${lineOf(text, 'servers:')} (table.preSplit.servers): must give one server per region: 2 split points make 3 regions, got 2 servers`);
    text = assigned('[1, 11, 2]');
    expect(failure(text).message).toBe(`case-study.yaml:${lineOf(text, 'servers:')} (table.preSplit.servers[1]): must be at most 10, got 11`);
    expect(failure(assigned('[0, 1, 2]')).message).toContain('(table.preSplit.servers[0]): must be at least 1, got 0');
    text = withLine('  preSplit: { algorithm: hex, regions: 30 }', '  preSplit: { algorithm: hex, regions: 30, servers: [1] }');
    expect(failure(text).message).toContain('(table.preSplit.servers): only goes with splits');
  });
  it('refuses split points given with servers out of byte order or repeated, at the offending point and naming it', () => {
    const why = 'split points given with servers must be distinct and in ascending byte order, so that each server names the region it is listed for';
    // '8' (0x38) > '4' (0x34): splits[1] is below splits[0]; 'c' (0x63) is above '4', so splits[2] is in order
    let text = assigned('[1, 2, 3, 4]', "['8', '4', 'c']");
    let err = failure(text);
    expect(err.code).toBe('SCENARIO_PRESPLIT');
    expect(err.where).toEqual({ file: 'case-study.yaml', line: lineOf(text, "splits: ['8'"), field: 'table.preSplit.splits[1]' });
    expect(err.message).toBe(`case-study.yaml:${lineOf(text, "splits: ['8'")} (table.preSplit.splits[1]): ${why}: "4" (splits[1]) sorts before "8" (splits[0]); list them as ["4", "8", "c"] with the servers in that order`);
    // '4' twice: splits[2] equals splits[0] (and is below splits[1] '8')
    err = failure(assigned('[1, 2, 3, 4]', "['4', '8', '4']"));
    expect(err.where.field).toBe('table.preSplit.splits[2]');
    expect(err.message).toContain(`${why}: "4" (splits[2]) repeats "4" (splits[0]); list them as ["4", "8"] with the servers in that order`);
    // a block list: each point on its own line, the error on the first offending one ('\x10' is byte 0x10, below 'a' 0x61)
    text = withLine('  preSplit: { algorithm: hex, regions: 30 }', "  preSplit:\n    splits:\n      - 'a'\n      - 'a'\n      - '\\x10'\n    servers: [1, 2, 3, 4]");
    err = failure(text);
    expect(err.where).toEqual({ file: 'case-study.yaml', line: lineOf(text, "splits:") + 2, field: 'table.preSplit.splits[1]' });
    expect(err.message).toContain(`${why}: "a" (splits[1]) repeats "a" (splits[0]); "\\x10" (splits[2]) sorts before "a" (splits[1]); list them as ["\\x10", "a"]`);
  });
  it("places an error of the table's pre-split at the table's preSplit line, naming the design that takes it", () => {
    // The timestamp-first design has no preSplit of its own: it takes the table's perSaltBucket, which needs a salt.
    // The error said "(designs[0].preSplit)" at the design's template line, a field the file does not have.
    const text = withLine('  preSplit: { algorithm: hex, regions: 30 }', '  preSplit: { perSaltBucket: 2 }');
    const err = failure(text);
    expect(err.code).toBe('SCENARIO_PRESPLIT');
    expect(err.where).toEqual({ file: 'case-study.yaml', line: lineOf(text, 'preSplit: { perSaltBucket: 2 }'), field: 'table.preSplit' });
    expect(err.message).toBe(`case-study.yaml:21 (table.preSplit): design "timestamp-first" (designs[0]) takes the table's pre-split: preSplit perSaltBucket needs a salt part such as {salt(id,16)} in the template "{date(ts,"yyyyMMddHHmmss")}-{deviceId}"; give the design a preSplit of its own`);
    // A design's own preSplit keeps its own field.
    expect(failure(withLine('    preSplit: { perSaltBucket: 4 }', '    preSplit: { perSaltBucket: 4 }\n  - name: plain\n    template: \'{deviceId}_{ts}\'\n    preSplit: { perSaltBucket: 2 }')).where.field).toBe('designs[2].preSplit');
  });
  it('keeps listed split points without servers in any order, sorted once and each once', () => {
    const [first] = prepareDesigns(parseScenario(withLine('  preSplit: { algorithm: hex, regions: 30 }', "  preSplit: { splits: ['8', '4', 'c', '4'] }"), 'case-study.yaml'));
    expect(first?.splits.map((k) => toStringBinary(k))).toEqual(['4', '8', 'c']);
  });
  it('names the split point holding a malformed escape', () => {
    const text = withLine('  preSplit: { algorithm: hex, regions: 30 }', "  preSplit: { splits: ['4', 'a\\xZZ'] }");
    const err = failure(text);
    expect(err.code).toBe('KEY_ESCAPE_INVALID');
    expect(err.message).toContain(`case-study.yaml:${lineOf(text, "splits: ['4'")} (table.preSplit.splits[1]): split point: bad escape "\\xZZ"`);
  });
  it('refuses a direct assignment that does not give one known server per region', () => {
    expect(() => new SimCluster('t', [new Uint8Array([0x34])], 2, 0, 0, [0, 2])).toThrow(/region assignment needs one server index from 0 to 1 per region \(2\), got \[0, 2\]/);
  });
});
