/**
 * Randomized cluster events (moves, splits, merges, RegionServer restarts and crashes, missing snapshots, clock skew)
 * over a uniform and a one-hot-row workload, 100 seeds each, from a model that imports nothing from src/
 * (test/fixtures/incidents/random-events.mjs): no negative or non-finite rate; on the uniform workload no hotspot
 * shape, no hot server or region and no hotspot or co-location finding; the hot row's region named hot now after
 * every event.
 */
import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { computeRates, parseLoadSeries } from '../../src/model/index.js';

interface EventSeries {
  readonly text: string;
  readonly applied: readonly string[];
  readonly hotStartKey: string | null;
  readonly hotServer: string | null;
}
type Generator = (seed: number, workload: 'uniform' | 'hot-row') => EventSeries;

const modelUrl = new URL('../fixtures/incidents/random-events.mjs', import.meta.url).href;
const SEEDS = 100;

describe('randomized cluster events', () => {
  it(`${SEEDS} uniform and ${SEEDS} one-hot-row sequences: rates stay sound, uniform is no hotspot, the hot row is found`, async () => {
    const { randomEventSeries } = (await import(modelUrl)) as { randomEventSeries: Generator };
    const failures: string[] = [];
    for (const workload of ['uniform', 'hot-row'] as const) {
      for (let seed = 1; seed <= SEEDS; seed++) {
        const run = randomEventSeries(seed, workload);
        const series = parseLoadSeries(run.text, `seed ${seed}`);
        const rates = computeRates(series);
        for (const iv of rates.intervals) {
          for (const r of iv.regions) {
            for (const x of [r.reads ?? 0, r.writes ?? 0, r.requests, r.requestsPerSec]) {
              if (!Number.isFinite(x) || x < 0) failures.push(`${workload} seed ${seed}: region ${r.encodedName} rate ${x}`);
            }
          }
        }
        const d = detectHotspots(series);
        const named = d.regions.find((r) => r.encodedName === d.now.region);
        if (workload === 'uniform') {
          const flagged = [
            ...(d.shape === 'none' ? [] : [`shape ${d.shape}`]),
            ...d.servers.filter((s) => s.hot).map((s) => `hot server ${s.server}`),
            ...d.regions.filter((r) => r.hot).map((r) => `hot region "${r.startKey}"`),
            ...d.findings.filter((f) => ['region-hotspot', 'server-hotspot', 'co-location'].includes(f.kind)).map((f) => f.kind),
          ];
          if (flagged.length > 0) failures.push(`uniform seed ${seed} [${run.applied.join(', ')}]: ${flagged.join('; ')}`);
        }
        if (workload === 'hot-row' && (d.shape === 'none' || named?.startKey !== run.hotStartKey)) {
          failures.push(`hot-row seed ${seed} [${run.applied.join(', ')}]: shape ${d.shape}, named "${named?.startKey}" want "${run.hotStartKey}"`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
