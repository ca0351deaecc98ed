// Version 1 -> 2 -> 1 gives back the same bytes: on every series fixture, on recorded simulations of every scenario
// fixture, and on random series with moves, splits, merges, counter resets, time gaps and regions missing a while.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LoadSeries, type LoadSnapshot, type RegionLoad, formatSeries, parseLoadSeries } from '../../src/model/index.js';
import { prepareDesigns } from '../../src/simulate/design.js';
import { simulateDesign } from '../../src/simulate/engine.js';
import { parseScenario } from '../../src/simulate/scenario/parse.js';

const dir = (sub: string) => fileURLToPath(new URL(`../fixtures/${sub}/`, import.meta.url));

/** v1 text -> model -> v2 text -> model -> v1 text, and the two models equal. */
function roundTrip(v1: string, file: string): string {
  const first = parseLoadSeries(v1, file);
  const v2 = formatSeries(first, 2);
  const second = parseLoadSeries(v2, `${file} (v2)`);
  expect(second).toEqual(first);
  expect(formatSeries(second, 2)).toBe(v2);
  return formatSeries(second, 1);
}

describe('version 1 -> 2 -> 1', () => {
  const fixtures = readdirSync(dir('series')).filter((f) => f.endsWith('.ndjson') && !f.includes('malformed') && !f.includes('samples') && !f.includes('-v2'));

  it.each(fixtures)('gives back %s byte for byte', (name) => {
    const text = readFileSync(`${dir('series')}${name}`, 'utf8');
    expect(text).toContain('"version":1');
    expect(roundTrip(text, name)).toBe(text);
  });

  it('reads the version 2 fixtures back to the same model', () => {
    for (const name of readdirSync(dir('series')).filter((f) => f.endsWith('-v2.ndjson') && !f.includes('malformed'))) {
      const s = parseLoadSeries(readFileSync(`${dir('series')}${name}`, 'utf8'), name);
      expect(parseLoadSeries(formatSeries(s, 2), name)).toEqual(s);
    }
  });

  const scenarios = readdirSync(dir('scenarios')).filter((f) => f.endsWith('.yaml'));
  it.each(scenarios)('gives back the recorded simulation of %s byte for byte', (name) => {
    const scenario = parseScenario(readFileSync(`${dir('scenarios')}${name}`, 'utf8'), name);
    for (const design of prepareDesigns(scenario)) {
      const run = simulateDesign(scenario, design, { representatives: 256 });
      const v1 = formatSeries(run.series, 1);
      expect(roundTrip(v1, `${name} ${design.spec.name}`)).toBe(v1);
    }
  }, 60_000);
});

// ---- random series ----------------------------------------------------------------------------------------------

/** A region of the random series' state; `bounds` are 16-bit key positions (0 = the table's start or end). */
interface State {
  id: number;
  start: number;
  end: number;
  server: number;
  reads: number;
  writes: number;
  size: number;
  sumOnly: boolean;
}

const key = (n: number): Uint8Array => (n === 0 ? new Uint8Array(0) : Uint8Array.of(n >> 8, n & 0xff));
const encoded = (id: number): string => id.toString(16).padStart(32, '0');

/** One step's events: per region a counter change or a reset, and at most one move, split, merge or absence. */
const stepArb = fc.record({
  gapSteps: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 5 })),
  // Whole counts only: a load series refuses fractional counters (docs/load-series.md).
  adds: fc.array(fc.oneof(fc.nat(5000), fc.constant(0), fc.nat(100)), { minLength: 8, maxLength: 8 }),
  event: fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.record({ kind: fc.constant('reset' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('move' as const), at: fc.nat(), to: fc.nat(4) }),
    fc.record({ kind: fc.constant('split' as const), at: fc.nat(), point: fc.double({ min: 0.1, max: 0.9, noNaN: true }) }),
    fc.record({ kind: fc.constant('merge' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('absent' as const), at: fc.nat() }),
  ),
});

type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

function randomSeries(initial: number, steps: Step[], sumOnly: boolean[]): LoadSeries {
  let nextId = 0;
  const width = Math.floor(0xffff / initial);
  let regions: State[] = Array.from({ length: initial }, (_, i) => ({
    id: nextId++, start: i * width, end: i === initial - 1 ? 0 : (i + 1) * width, server: i % 3, reads: 0, writes: 0, size: 0, sumOnly: sumOnly[i] ?? false,
  }));
  const fresh = (start: number, end: number, server: number): State => ({ id: nextId++, start, end, server, reads: 0, writes: 0, size: 0, sumOnly: false });
  const load = (r: State): RegionLoad => ({
    name: `t,${r.start},1.${encoded(r.id)}.`, encodedName: encoded(r.id), startKey: key(r.start), endKey: key(r.end), server: `rs${r.server},16020,1`,
    readRequests: r.sumOnly ? null : r.reads, writeRequests: r.sumOnly ? null : r.writes, requests: r.reads + r.writes, storeSizeBytes: r.size,
  });
  const snapshots: LoadSnapshot[] = [];
  let timeMs = 1_717_243_200_000;
  for (const step of steps) {
    regions.forEach((r, i) => {
      const add = step.adds[i % step.adds.length] ?? 0;
      r.writes += add;
      r.reads += Number.isInteger(add) ? add >> 1 : 0;
      r.size += Number.isInteger(add) ? add * 200 : 0;
    });
    const e = step.event;
    let absent: State | undefined;
    if (e.kind !== 'none') {
      const i = e.at % regions.length;
      const r = regions[i] as State;
      const end = r.end === 0 ? 0x10000 : r.end;
      if (e.kind === 'reset') Object.assign(r, { reads: 0, writes: 1 });
      else if (e.kind === 'move') Object.assign(r, { server: e.to, reads: 0, writes: 0 });
      else if (e.kind === 'absent') absent = r;
      else if (e.kind === 'split' && end - r.start >= 2) {
        const point = Math.min(end - 1, Math.max(r.start + 1, Math.floor(r.start + (end - r.start) * e.point)));
        regions.splice(i, 1, fresh(r.start, point, r.server), fresh(point, r.end, r.server));
      } else if (e.kind === 'merge' && i + 1 < regions.length) {
        const next = regions[i + 1] as State;
        regions.splice(i, 2, fresh(r.start, next.end, r.server));
      }
    }
    snapshots.push({ timeMs, table: 't', regions: regions.filter((r) => r !== absent).map(load) });
    timeMs += 60_000 * step.gapSteps;
  }
  return { table: 't', source: { kind: 'recorded', intervalMs: 60_000 }, snapshots };
}

describe('random series', () => {
  it('version 1 -> 2 -> 1 gives back the same bytes, with moves, splits, merges, resets, gaps and absences', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(stepArb, { minLength: 1, maxLength: 30 }), fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), (initial, steps, sumOnly) => {
        const v1 = formatSeries(randomSeries(initial, steps, sumOnly), 1);
        expect(roundTrip(v1, 'random')).toBe(v1);
      }),
      { numRuns: 300 },
    );
  });

  it('version 2 keeps every optional metric of every region, unknown ones included', () => {
    const metricArb = fc.option(fc.oneof(fc.nat(1 << 30), fc.double({ min: 0, max: 1, noNaN: true })), { nil: undefined });
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 12 }), fc.array(fc.tuple(metricArb, metricArb, fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined })), { minLength: 1, maxLength: 40 }), (steps, values) => {
        const base = randomSeries(3, steps, []);
        let n = 0;
        const series: LoadSeries = {
          ...base, metrics: ['memstoreSizeBytes', 'storeFileCount', 'locality'],
          snapshots: base.snapshots.map((s) => ({
            ...s,
            regions: s.regions.map((r) => {
              const [mem, files, locality] = values[n++ % values.length] ?? [];
              const metrics = { ...(mem === undefined ? {} : { memstoreSizeBytes: mem }), ...(files === undefined ? {} : { storeFileCount: files }), ...(locality === undefined ? {} : { locality }) };
              return Object.keys(metrics).length > 0 ? { ...r, metrics } : r;
            }),
          })),
        };
        expect(parseLoadSeries(formatSeries(series, 2), 'random')).toEqual(series);
      }),
      { numRuns: 150 },
    );
  });
});

describe('version 2, many regions', () => {
  it('reads back counters near 2^53 of hundreds of regions of two tables, opened anew, moved and closed, and their metrics', () => {
    // 3 + 2 columns a region, over 700 region ids: each id's last values kept from one snapshot to the next
    const regionOf = (table: string, count: number, i: number, generation: number, s: number): RegionLoad => {
      const start = i === 0 ? new Uint8Array(0) : Uint8Array.of(i >> 8, i & 0xff);
      const end = i === count - 1 ? new Uint8Array(0) : Uint8Array.of((i + 1) >> 8, (i + 1) & 0xff);
      // near 2^52 each (reads + writes under 2^53), the size near 2^53; they fall by 2^51 in snapshot 2 (a reset)
      const near = (top: number, k: number) => top - ((i * 7 + k + s * 3) % 5) - (s === 2 && top > 2 ** 51 ? 2 ** 51 : 0);
      const readRequests = near(2 ** 52, 0);
      const writeRequests = near(2 ** 52 - 1, 1);
      return {
        name: `${table},${i},${generation}.${table}${i}g${generation}.`, encodedName: `${table}${i}g${generation}`, startKey: start, endKey: end,
        server: `rs${(i + s) % 4},16020,1`, table, readRequests, writeRequests, requests: readRequests + writeRequests, storeSizeBytes: near(Number.MAX_SAFE_INTEGER, 2),
        metrics: { memstoreSizeBytes: near(2 ** 40, 3), locality: ((i + s) % 10) / 10 },
      };
    };
    const series: LoadSeries = {
      table: 't', tables: ['t', 'u'], source: { kind: 'recorded', intervalMs: 60_000 }, metrics: ['memstoreSizeBytes', 'locality'],
      snapshots: [0, 1, 2, 3].map((s) => ({
        timeMs: 60_000 * (s + 1),
        table: 't',
        // 200 regions of t and 150 of u; from snapshot 1 on, a third of t's are new regions (another generation), and
        // from snapshot 2 on a third of u's
        regions: [
          ...Array.from({ length: 200 }, (_, i) => regionOf('t', 200, i, s > 0 && i % 3 === s % 3 ? s : 0, s)),
          ...Array.from({ length: 150 }, (_, i) => regionOf('u', 150, i, s > 1 && i % 3 === 0 ? s : 0, s)),
        ],
      })),
    };
    const text = formatSeries(series, 2);
    expect(text.split('\n').filter((l) => l.startsWith('{"open":')).length).toBeGreaterThan(600);
    expect(parseLoadSeries(text, 'big.ndjson')).toEqual(series);
  });
});
