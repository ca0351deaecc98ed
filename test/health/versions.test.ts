// /jmx answers of HBase 2.4.18 and 2.5.11, derived (not recorded): see fixtures/jmx/health/README.md for how they
// were made from those versions' metric source classes. Expected values are worked out from the figures written in
// the fixtures: 2.4.18 has 900 hits and 100 misses in the window (90%), 3 flushes of 300,000,000 bytes; 2.5.11 has
// 990 hits and 10 misses (99%), 5 flushes of 50,000,000 bytes, a compaction queue of 11 then 12.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultCatalogue, evaluateHealth, parseHealthReading, type HealthReport } from '../../src/health/index.js';

const text = (name: string): string => readFileSync(new URL(`../fixtures/jmx/health/${name}.derived.json`, import.meta.url), 'utf8');

function window(version: string): HealthReport {
  const files = [`rs-${version}-before`, `rs-${version}-after`, `master-${version}`];
  return evaluateHealth(files.map((f, i) => ({ timeMs: i * 10_000, readings: [parseHealthReading(text(f), f)], failures: [] })), defaultCatalogue());
}

const summary = (r: HealthReport): [string, string, number | null, string][] => r.items.map((i) => [i.item, i.server, i.value, i.status]);

describe('HBase 2.4 and 2.5 answers (derived from their metric sources)', () => {
  it('2.4.18: parses the sub=Server, sub=IPC and sub=AssignmentManager beans and measures every RegionServer item', () => {
    const rs = 'rs24.example.com,16020,1700000000000';
    expect(summary(window('2.4.18'))).toEqual([
      ['block-cache-hit-ratio', rs, 90, 'fail'],
      ['gc-pause', rs, 0, 'pass'],
      ['memstore-flush-size', rs, 100_000_000, 'pass'],
      ['compaction-queue', rs, 0, 'pass'],
      ['store-files', rs, 3, 'pass'],
      ['updates-blocked', rs, 0, 'pass'],
      ['rpc-call-queue', rs, 0, 'pass'],
      ['regions-in-transition', 'master24.example.com,16000,1699999990000', 0, 'pass'],
      ['disk', 'cluster', null, 'not-measured'],
    ]);
  });

  it('2.5.11: the same items; small flushes and a queue above 10 in both samples fail', () => {
    const rs = 'rs25.example.com,16020,1710000000000';
    const r = window('2.5.11');
    expect(summary(r).slice(0, 4)).toEqual([
      ['block-cache-hit-ratio', rs, 99, 'pass'],
      ['gc-pause', rs, 0, 'pass'],
      ['memstore-flush-size', rs, 10_000_000, 'fail'],
      ['compaction-queue', rs, 11, 'fail'],
    ]);
    expect(r.items.filter((i) => i.status === 'not-measured').map((i) => i.item)).toEqual(['disk']);
  });

  it('the attributes each version lacks are absent from its answer (2.4 has no memStoreHeapSize; neither has blockBytesScannedCount)', () => {
    const metrics = (f: string): Readonly<Record<string, number>> => parseHealthReading(text(f), f).regionServers[0]?.metrics ?? {};
    expect(metrics('rs-2.4.18-after')['memStoreHeapSize']).toBeUndefined();
    expect(metrics('rs-2.5.11-after')['memStoreHeapSize']).toBe(256);
    for (const v of ['2.4.18', '2.5.11']) {
      expect(metrics(`rs-${v}-after`)['blockBytesScannedCount']).toBeUndefined();
      expect(metrics(`rs-${v}-after`)['ScanBlockBytesScanned_num_ops']).toBeUndefined();
    }
  });

  it('a metric health reads, missing from an answer, is not-measured with the reason naming it', () => {
    // Stand-in for a version without it: the 2.4.18 answers with maxStoreFileCount and the pause metrics dropped.
    const drop = (f: string): string => {
      const json = JSON.parse(text(f)) as { beans: Record<string, unknown>[] };
      for (const b of json.beans) for (const k of Object.keys(b)) if (k === 'maxStoreFileCount' || k.startsWith('PauseTimeWithGc_')) delete b[k];
      return JSON.stringify(json);
    };
    const r = evaluateHealth(['rs-2.4.18-before', 'rs-2.4.18-after'].map((f, i) => ({ timeMs: i, readings: [parseHealthReading(drop(f), f)], failures: [] })), defaultCatalogue());
    const get = (item: string): { status: string; reason: string } | undefined => r.items.find((i) => i.item === item);
    expect(get('store-files')).toMatchObject({ status: 'not-measured', reason: 'this HBase has no maxStoreFileCount in sub=Server' });
    expect(get('gc-pause')).toMatchObject({ status: 'not-measured', reason: 'this HBase has no PauseTimeWithGc_num_ops in sub=Server' });
  });
});
