/**
 * Snapshots held in columns: the version 1 reader hands out snapshots whose regions are built from columns when first
 * read, and the rate step reads two such snapshots of the same regions from their columns. Both must give exactly
 * what snapshots of region objects give: the same regions, the same rates and the same events.
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LoadSnapshot, type RegionLoad, computeRates, formatLoadSeries, parseLoadSeries } from '../../src/model/index.js';
import { formatLoadSeriesV2 } from '../../src/model/series-v2-write.js';
import { columnarSnapshot, snapshotColumns } from '../../src/model/snapshot-columns.js';
import { region, series, snap, validated } from './builders.js';

const parsed = (text: string) => parseLoadSeries(text, 's.ndjson');

/** Two snapshots of the same three regions, one known only by its sum, one moved to another server. */
const SERIES = series([
  snap(60_000, [
    region('a', '', 'g', 'rs1,16020,1', 3, 4, 10),
    { ...region('b', 'g', 'p', 'rs2,16020,1', 0, 0), readRequests: null, writeRequests: null, requests: 12 },
    region('c', 'p', '', 'rs1,16020,1', 0, 9, 0),
  ]),
  snap(120_000, [
    region('a', '', 'g', 'rs1,16020,1', 5, 4, 11),
    { ...region('b', 'g', 'p', 'rs2,16020,1', 0, 0), readRequests: null, writeRequests: null, requests: 20 },
    region('c', 'p', '', 'rs2,16020,1', 2, 19, 0),
  ]),
]);

describe('snapshots held in columns', () => {
  it('build their regions when first read, then keep them, as plain objects equal to the written ones', () => {
    const read = parsed(formatLoadSeries(SERIES));
    const [first, second] = read.snapshots;
    const columns = snapshotColumns(first as never);
    expect(columns?.length).toBe(3);
    expect(columns?.encodedNames).toEqual(['a', 'b', 'c']);
    expect(columns?.readRequests).toEqual([3, null, 0]);
    expect(columns?.requests).toEqual([7, 12, 9]);
    // before its regions are read, the snapshot has them as a property like any other
    expect(Object.keys(second as object)).toEqual(['timeMs', 'table', 'regions']);
    expect(JSON.parse(JSON.stringify(second))).toEqual(JSON.parse(JSON.stringify(SERIES.snapshots[1])));
    expect(first?.regions).toBe(first?.regions);
    expect(read).toEqual(SERIES);
    expect({ ...second }).toEqual(SERIES.snapshots[1]);
  });

  it('share the arrays of names and keys between two snapshots of the same regions, not the servers when one moved', () => {
    const read = parsed(formatLoadSeries(SERIES));
    const [a, b] = read.snapshots.map((s) => snapshotColumns(s));
    expect(b?.encodedNames).toBe(a?.encodedNames);
    expect(b?.names).toBe(a?.names);
    expect(b?.startKeys).toBe(a?.startKeys);
    expect(b?.endKeys).toBe(a?.endKeys);
    expect(b?.servers).not.toBe(a?.servers);
    expect(b?.servers).toEqual(['rs1,16020,1', 'rs2,16020,1', 'rs2,16020,1']);
    // one index of names, asked for by position when needed
    expect(b?.index).toBe(a?.index);
    expect(b?.index.positions.get('c')).toBe(2);
  });

  it('give the rates and events that the same snapshots of region objects give', () => {
    const text = formatLoadSeries(SERIES);
    const fromColumns = computeRates(parsed(text));
    expect(fromColumns).toEqual(computeRates(validated(text)));
    // c moved from rs1 to rs2: its counters restarted, so its later value is its count since the reset
    expect(fromColumns.events.map((e) => `${e.kind} ${e.region ?? e.server}`)).toEqual(['region-moved c', 'counter-reset c']);
    expect(fromColumns.intervals[0]?.regions.map((r) => [r.encodedName, r.reads, r.writes, r.requests, r.basis])).toEqual([
      ['a', 2, 0, 2, 'delta'],
      ['b', null, null, 8, 'delta'],
      ['c', 2, 19, 21, 'since-reset'],
    ]);
    // none of the snapshots' regions was built to compute them
    const read = parsed(text);
    const built = read.snapshots.map((s) => typeof Object.getOwnPropertyDescriptor(s, 'regions')?.get === 'function');
    computeRates(read);
    expect(read.snapshots.map((s) => typeof Object.getOwnPropertyDescriptor(s, 'regions')?.get === 'function')).toEqual(built);
    expect(built).toEqual([true, true]);
  });

  it('become plain snapshots once their regions are read or assigned, shown by util.inspect as such', () => {
    const text = formatLoadSeries(SERIES);
    const read = parsed(text);
    const [first, second] = read.snapshots as [LoadSnapshot, LoadSnapshot];
    expect(inspect(first, { depth: 0 })).toBe("{ timeMs: 60000, table: 't', regions: [Array] }");
    expect(snapshotColumns(first)).toBeUndefined();
    // assigned, the regions are what was assigned, and the rate step reads them
    expect(snapshotColumns(second)).toBeDefined();
    const [a, b, c] = SERIES.snapshots[1]?.regions as RegionLoad[];
    const moved = { ...(c as RegionLoad), server: 'rs3,16020,1' };
    (second as { regions: readonly RegionLoad[] }).regions = [a as RegionLoad, b as RegionLoad, moved];
    expect(snapshotColumns(second)).toBeUndefined();
    expect(second.regions[2]?.server).toBe('rs3,16020,1');
    const rates = computeRates(read);
    expect(rates.intervals[0]?.regions[2]?.server).toBe('rs3,16020,1');
    expect(rates).toEqual(computeRates(series([SERIES.snapshots[0] as LoadSnapshot, { ...(SERIES.snapshots[1] as LoadSnapshot), regions: second.regions }])));
  });

  it('redefined with Object.defineProperty, or deleted, their regions are no longer read from the columns', () => {
    const text = formatLoadSeries(SERIES);
    const [a, b, c] = SERIES.snapshots[1]?.regions as RegionLoad[];
    const moved = { ...(c as RegionLoad), server: 'rs3,16020,1' };
    const read = parsed(text);
    const second = read.snapshots[1] as LoadSnapshot;
    Object.defineProperty(second, 'regions', { value: [a, b, moved], configurable: true, enumerable: true, writable: true });
    expect(snapshotColumns(second)).toBeUndefined();
    const rates = computeRates(read);
    // region c was on rs1 in the first snapshot: it moved to rs3, where the interval's 21 requests count
    expect(rates.intervals[0]?.regions.map((r) => r.server)).toEqual(['rs1,16020,1', 'rs2,16020,1', 'rs3,16020,1']);
    expect(rates.intervals[0]?.regions[2]?.requests).toBe(21);
    expect(rates.events.filter((e) => e.kind === 'region-moved').map((e) => [e.region, e.fromServer, e.server])).toEqual([['c', 'rs1,16020,1', 'rs3,16020,1']]);
    const gone = parsed(text);
    delete (gone.snapshots[1] as { regions?: unknown }).regions;
    expect(snapshotColumns(gone.snapshots[1] as LoadSnapshot)).toBeUndefined();
  });

  it('frozen or sealed before their regions are read, give them, their rates and util.inspect as plain snapshots do', () => {
    const text = formatLoadSeries(SERIES);
    const [a, b, c] = SERIES.snapshots[1]?.regions as RegionLoad[];
    for (const lock of [Object.freeze, Object.seal]) {
      const read = parsed(text);
      const plain = validated(text);
      for (const s of [...read.snapshots, ...plain.snapshots]) lock(s);
      expect(snapshotColumns(read.snapshots[0] as LoadSnapshot)).toBeDefined();
      expect(computeRates(read)).toEqual(computeRates(SERIES));
      const [first, second] = read.snapshots as [LoadSnapshot, LoadSnapshot];
      expect(first.regions.map((r) => r.requests)).toEqual([7, 12, 9]);
      expect(first.regions).toBe(first.regions);
      expect(read).toEqual(SERIES);
      expect(inspect(second, { depth: 0 })).toBe("{ timeMs: 120000, table: 't', regions: [Array] }");
      expect(inspect(second, { depth: 0 })).toBe(inspect(plain.snapshots[1], { depth: 0 }));
      expect(Object.isFrozen(second)).toBe(Object.isFrozen(plain.snapshots[1]));
      // a frozen snapshot's regions are read-only; a sealed one's may be assigned, as on a plain snapshot
      const assign = (s: LoadSnapshot) => () => {
        (s as { regions: readonly RegionLoad[] }).regions = [a as RegionLoad, b as RegionLoad];
      };
      if (lock === Object.freeze) {
        expect(assign(second)).toThrow(TypeError);
        expect(assign(plain.snapshots[1] as LoadSnapshot)).toThrow(TypeError);
        expect(second.regions.map((r) => r.encodedName)).toEqual(['a', 'b', 'c']);
      } else {
        assign(second)();
        expect(second.regions).toEqual([a, b]);
        expect(second.regions.map((r) => r.server)).toEqual(['rs1,16020,1', 'rs2,16020,1']);
        expect(c?.server).toBe('rs2,16020,1');
      }
    }
  });

  it('version 2: the names and keys are the same arrays until a region opens or closes, the servers until one moves', () => {
    const text = formatLoadSeriesV2(series([...SERIES.snapshots, snap(180_000, SERIES.snapshots[1]?.regions.slice(0, 2) as RegionLoad[])]));
    const read = parsed(text);
    const [a, b, c] = read.snapshots.map((s) => snapshotColumns(s));
    expect(b?.encodedNames).toBe(a?.encodedNames);
    expect(b?.startKeys).toBe(a?.startKeys);
    expect(b?.servers).not.toBe(a?.servers);
    expect(c?.encodedNames).toEqual(['a', 'b']);
    expect(c?.servers).toEqual(['rs1,16020,1', 'rs2,16020,1']);
    expect(read).toEqual(series([...SERIES.snapshots, snap(180_000, SERIES.snapshots[1]?.regions.slice(0, 2) as RegionLoad[])]));
    // a region missing from a snapshot is closed, and opened again under a new id when it is back: ids are then out of
    // key order, and the columns are still in key order
    const [x, y, z] = SERIES.snapshots[1]?.regions as RegionLoad[];
    const back = series([...SERIES.snapshots, snap(180_000, [x as RegionLoad, z as RegionLoad]), snap(240_000, [x as RegionLoad, y as RegionLoad, z as RegionLoad])]);
    const v2 = formatLoadSeriesV2(back);
    expect(v2).toContain('{"open":3,');
    const reread = parsed(v2);
    expect(snapshotColumns(reread.snapshots[3] as LoadSnapshot)?.encodedNames).toEqual(['a', 'b', 'c']);
    expect(computeRates(reread)).toEqual(computeRates(back));
    expect(reread).toEqual(back);
  });

  it('a hand-made snapshot in columns reads as its regions', () => {
    const s = columnarSnapshot(5, 't', {
      length: 1, names: ['t,,1.x.'], encodedNames: ['x'], startKeys: [new Uint8Array(0)], endKeys: [new Uint8Array(0)], servers: ['rs1,16020,1'],
      readRequests: [null], writeRequests: [null], requests: [4], storeSizeBytes: [0], index: { unique: true, positions: new Map([['x', 0]]) },
    });
    expect(s).toEqual({ timeMs: 5, table: 't', regions: [{ ...region('x', '', '', 'rs1,16020,1', 0, 0), readRequests: null, writeRequests: null, requests: 4 }] });
  });

  it('give the rates of region objects for any series of moves, restarts, resets, sums and changed regions', () => {
    const servers = ['rs1,16020,1', 'rs1,16020,2', 'rs2,16020,1', 'rs1:16020', 'rs2:16020'];
    const reading = fc.record({
      server: fc.nat({ max: servers.length - 1 }),
      reads: fc.nat({ max: 50 }),
      writes: fc.nat({ max: 50 }),
      split: fc.boolean(),
      size: fc.nat({ max: 1000 }),
      present: fc.oneof({ arbitrary: fc.constant(true), weight: 6 }, { arbitrary: fc.constant(false), weight: 1 }),
    });
    let steadyPairs = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(fc.array(reading, { minLength: 6, maxLength: 6 }), { minLength: 2, maxLength: 5 }), (n, snapshots) => {
        const key = (i: number) => (i === 0 ? '' : String.fromCharCode(0x60 + i));
        const generated = series(snapshots.map((readings, s) => snap(60_000 * (s + 1), readings.slice(0, n).flatMap((r, i): RegionLoad[] => {
          if (!r.present) return [];
          const load = region(`r${i}`, key(i), i === n - 1 ? '' : key(i + 1), servers[r.server] as string, r.reads, r.writes, r.size);
          return [r.split ? load : { ...load, readRequests: null, writeRequests: null }];
        }))));
        const text = formatLoadSeries(generated);
        const fast = parsed(text);
        for (let s = 1; s < fast.snapshots.length; s++) {
          const [a, b] = [snapshotColumns(fast.snapshots[s - 1] as never), snapshotColumns(fast.snapshots[s] as never)];
          if (a && b && a.encodedNames === b.encodedNames) steadyPairs++;
        }
        const expected = computeRates(validated(text));
        expect(computeRates(fast)).toEqual(expected);
        // version 2: every snapshot line of one table without metrics is held in columns
        const v2 = parsed(formatLoadSeriesV2(generated));
        expect(v2.snapshots.every((s) => snapshotColumns(s) !== undefined)).toBe(true);
        expect(computeRates(v2)).toEqual(expected);
      }),
      { numRuns: 400, seed: 31 },
    );
    // most pairs list the same regions and are read from the columns
    expect(steadyPairs).toBeGreaterThan(200);
  });
});
