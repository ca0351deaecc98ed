import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { computeRates } from '../../src/model/index.js';
import { region, series, snap } from '../model/builders.js';

/** Boundaries a region may take; ranges from any two of them, so snapshots may split, merge, overlap or leave holes. */
const KEYS = ['', 'c', 'f', 'k', 'p', 'u'];

const regionArb = fc.record({
  name: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'),
  from: fc.integer({ min: 0, max: KEYS.length - 1 }),
  to: fc.integer({ min: 0, max: KEYS.length - 1 }),
  server: fc.constantFrom('rs1,16020,1', 'rs1,16020,2', 'rs2,16020,1', 'rs3:16020'),
  reads: fc.nat({ max: 10_000 }),
  writes: fc.nat({ max: 10_000 }),
  size: fc.nat({ max: 1_000_000 }),
});
const snapshotArb = fc.uniqueArray(regionArb, { selector: (r) => r.name, maxLength: 6 });
const seriesArb = fc.tuple(fc.array(snapshotArb, { minLength: 2, maxLength: 8 }), fc.array(fc.integer({ min: 1, max: 120_000 }), { minLength: 8, maxLength: 8 }));

function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const v of value) numbersIn(v, out);
  else if (value && typeof value === 'object' && !(value instanceof Uint8Array)) for (const v of Object.values(value)) numbersIn(v, out);
  return out;
}

describe('rates and detection on arbitrary recorded histories', () => {
  it('never throw, never give a negative count, and keep shares summing to 1', () => {
    fc.assert(
      fc.property(seriesArb, ([snaps, gaps]) => {
        let t = 0;
        const load = series(snaps.map((regions, i) => {
          t += i === 0 ? 0 : (gaps[i] as number);
          const rs = regions.map((r) => region(r.name, KEYS[Math.min(r.from, r.to)] as string, r.from === r.to ? '' : (KEYS[Math.max(r.from, r.to)] as string), r.server, r.reads, r.writes, r.size));
          return snap(t, rs);
        }));
        const rates = computeRates(load);
        for (const iv of rates.intervals) {
          for (const r of iv.regions) expect(Math.min(r.reads ?? 0, r.writes ?? 0, r.requests)).toBeGreaterThanOrEqual(0);
        }
        const result = detectHotspots(load);
        expect(numbersIn(result).every(Number.isFinite)).toBe(true);
        const total = result.servers.reduce((a, s) => a + s.share, 0);
        if (result.servers.some((s) => s.share > 0)) expect(total).toBeCloseTo(1, 9);
        for (const entry of result.timeline) {
          const sum = entry.serverShares.reduce((a, s) => a + s.share, 0);
          if (sum > 0) expect(sum).toBeCloseTo(1, 9);
        }
        expect(result.fairServerShare).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200, seed: 5 },
    );
  }, 60_000);
});
