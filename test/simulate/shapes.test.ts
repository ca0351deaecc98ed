/**
 * One scenario per hotspot shape, each simulated and analysed by the same detection that reads a live cluster: the
 * first design of each file is built to produce its shape, the second is a contrast.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/simulate/scenario/parse.js';
import { simulateScenario, type ScenarioOutcome } from '../../src/simulate/simulate.js';

function run(name: string): ScenarioOutcome {
  const text = readFileSync(new URL(`../fixtures/scenarios/${name}.yaml`, import.meta.url), 'utf8');
  return simulateScenario(parseScenario(text, `${name}.yaml`));
}

describe('each shape from a scenario built to produce it', () => {
  it('a global counter row → single-row, whatever the rows\' key', () => {
    const outcome = run('single-row');
    for (const d of outcome.designs) {
      expect(d.detection.shape).toBe('single-row');
      // 5000 increments/s on one row against 200 writes/s spread over 4 servers: 5000 + 200/4 of 5200 ≈ 97%
      expect(d.detection.hottestServerShare).toBeGreaterThan(0.95);
    }
  });

  it('one big tenant prefix → hot-range; salting the events first spreads it', () => {
    const [tenantFirst, salted] = run('hot-range').designs;
    expect(tenantFirst?.detection.shape).toBe('hot-range');
    // the hot tenant's 90% lands in the first region, on one of 4 servers: at least 90% there
    expect(tenantFirst?.detection.hottestServerShare).toBeGreaterThan(0.9);
    expect(salted?.detection.shape).toBe('none');
  });

  it('a timestamp-first key → monotonic-tail, one server taking every write of each interval; a hash prefix → none', () => {
    const [tail, hashed] = run('monotonic-tail').designs;
    expect(tail?.detection.shape).toBe('monotonic-tail');
    expect(tail?.run.splits.length).toBeGreaterThan(0);
    // An interval in which the tail region was moved right after being split shows no requests: its counter restarted
    // at 0 on the new server and reached the same value as before, which the rate step reads as no change.
    const timeline = tail?.detection.timeline ?? [];
    const busy = timeline.filter((t) => t.requestsPerSec > 0);
    expect(busy.length).toBeGreaterThan(0.9 * timeline.length);
    for (const t of busy) expect(t.hottestServerWriteShare).toBeGreaterThan(0.99);
    expect(hashed?.detection.shape).toBe('none');
  });

  it('a uniform hash over matching pre-splits → none, within 1 point of the fair share', () => {
    for (const d of run('uniform-hash').designs) {
      expect(d.detection.shape).toBe('none');
      expect(Math.abs(d.detection.hottestServerShare - d.detection.fairServerShare)).toBeLessThan(0.01);
      // "latest 10 of one device" with the device leading the key: one scan, one region, 10 rows
      expect(d.reads[0]).toMatchObject({ scans: 1, regions: 1, rpcs: 1, rowsScanned: 10, rowsReturned: 10, exact: true });
    }
  });
}, 120_000);
