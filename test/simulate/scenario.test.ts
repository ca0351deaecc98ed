import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
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
