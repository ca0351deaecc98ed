/**
 * Secondary indexes in a scenario (`indexes:`): each index table is simulated as a design of its own, written by every
 * main write, and judged by the same detection as the main designs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mergeSubjects } from '../../src/lint/load.js';
import { lintSubject } from '../../src/lint/run.js';
import { parseScenarioForLint } from '../../src/lint/scenario.js';
import { prepareDesigns, simulatedDesigns } from '../../src/simulate/design.js';
import { parseScenario } from '../../src/simulate/scenario/parse.js';
import { simulateScenario } from '../../src/simulate/simulate.js';
import { isHotspotError } from '../../src/util/errors.js';

const TEXT = readFileSync(new URL('../fixtures/scenarios/indexed.yaml', import.meta.url), 'utf8');

describe('scenario indexes', () => {
  it('adds one design per index after the main designs: the key, then _ and the entity for a non-unique index; a salted key pre-split at its 16 buckets', () => {
    const scenario = parseScenario(TEXT, 'indexed.yaml');
    const extra = simulatedDesigns(scenario).slice(2);
    expect(extra).toEqual([
      { name: 'index by_time', template: '{ts}_{deviceId}', templateLine: 26, preSplit: { kind: 'none' }, index: 'by_time', field: 'indexes[0]' },
      { name: 'index by_time_salted', template: '{salt(ts,16)}_{ts}_{deviceId}', templateLine: 32, preSplit: { kind: 'salt-buckets', regionsPerBucket: 1 }, index: 'by_time_salted', field: 'indexes[1]' },
    ]);
    // 16 buckets "00".."0f": 15 split points, the first "01"
    const prepared = prepareDesigns(scenario)[3];
    expect(prepared?.splits.length).toBe(15);
    expect(Buffer.from(prepared?.splits[0] ?? []).toString()).toBe('01');
  });

  it('an index on the write time is a monotonic tail; salted over the time it is not', () => {
    const outcome = simulateScenario(parseScenario(TEXT, 'indexed.yaml'));
    expect(outcome.designs.map((d) => [d.name, d.detection.shape])).toEqual([
      ['hashed device', 'none'],
      ['hashed device, long time', 'none'],
      ['index by_time', 'monotonic-tail'],
      ['index by_time_salted', 'none'],
    ]);
    // an index table serves no read of the scenario's workload
    expect(outcome.designs[2]?.reads).toEqual([]);
  });

  it('lint reads the index tables of a scenario like its designs', () => {
    const subject = parseScenarioForLint(TEXT, 'indexed.yaml');
    expect(subject.tables?.map((t) => t.name)).toEqual(['readings[hashed device]', 'readings[hashed device, long time]', 'readings[index by_time]', 'readings[index by_time_salted]']);
  });

  it('refuses an index on a field the workload does not write, naming the line and the index key', () => {
    const bad = TEXT.replace('fields: {ts: epochMs}\n    unique: false\n  - name', 'fields: {status: category}\n    unique: false\n  - name');
    let caught: unknown;
    try {
      prepareDesigns(parseScenario(bad, 'indexed.yaml'));
    } catch (err) {
      caught = err;
    }
    expect(isHotspotError(caught) && caught.code).toBe('TEMPLATE_UNKNOWN_FIELD');
    expect((caught as Error).message).toMatch(/^indexed\.yaml:26 \(indexes\[0\]\.key\): template "\{status\}_\{deviceId\}": .*\(the workload provides deviceId and ts\)$/);
  });
});

describe('lint of a scenario with indexes', () => {
  it('flags the time index as a monotonic tail and nothing on its salted twin', () => {
    const findings = lintSubject(mergeSubjects([parseScenarioForLint(TEXT, 'indexed.yaml')]));
    const keyFindings = findings.filter((f) => f.code.startsWith('KEY_')).map((f) => `${f.code} ${f.path}`);
    expect(keyFindings).toEqual(['KEY_MONOTONIC_FIRST key {ts}_{deviceId} (index by_time)']);
  });
});
