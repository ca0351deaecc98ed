// A detection's regions held in columns and built into rows when read: the result lists the same rows, in the same
// place among its fields, whichever way they are reached.
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { detectHotspots, resultHotRegions, resultRegionNamed } from '../../src/analysis/detect/index.js';
import type { DetectResult, RegionLoadShare } from '../../src/analysis/detect/types.js';
import { readLoadSeriesFile } from '../../src/model/index.js';
import { placedSeries } from './replica-series.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/series/${name}`, import.meta.url));

/** The fields of a detection result, in the order its JSON has always listed them. */
const FIELDS = [
  'table', 'window', 'k', 'fairServerShare', 'fairRegionShare', 'hottestServerShare', 'hottestServerWriteShare', 'hottestRegionShare', 'spread',
  'shape', 'alternatives', 'evidence', 'decidedBy', 'findings', 'servers', 'regions', 'timeline', 'events', 'now', 'story',
];

/** Results of a table with read replicas (one read through its replica) and of a hex-presplit tail. */
async function results(): Promise<DetectResult[]> {
  const servers = ['rs1,16020,1', 'rs2,16020,1', 'rs3,16020,1'];
  const replicated = placedSeries(Array.from({ length: 9 }, (_, i) => [servers[i % 3] as string, servers[(i + 1) % 3] as string, 1000] as const), false, (i) => (i === 4 ? 60_000 : 0));
  return [
    detectHotspots(replicated),
    detectHotspots(await readLoadSeriesFile(fixture('tail-hex-presplit.ndjson'))),
    detectHotspots(await readLoadSeriesFile(fixture('uniform-salted.ndjson'))),
  ];
}

describe('a detection result\'s regions', () => {
  it('keep their place among the fields, and read as the same rows through JSON, a spread copy and again', async () => {
    for (const result of await results()) {
      expect(Object.keys(result)).toEqual(FIELDS);
      const hot = resultHotRegions(result);
      const rows = result.regions;
      expect(result.regions).toBe(rows);
      expect(JSON.parse(JSON.stringify(result)).regions).toEqual(JSON.parse(JSON.stringify(rows)));
      expect({ ...result }.regions).toBe(rows);
      // a row built alone before the whole list is the list's own object
      expect(hot).toEqual(rows.filter((r) => r.hot || r.hotIntervals > 0));
      for (const r of hot) expect(rows.includes(r)).toBe(true);
      for (const r of rows.slice(0, 5)) expect(resultRegionNamed(result, r.encodedName)).toBe(r);
      expect(resultRegionNamed(result, 'no-such-region')).toBeUndefined();
    }
  });

  it('show as their rows in util.inspect (console.log), not as an accessor, before and after they are read', async () => {
    const [, tail] = await results();
    const r = tail as DetectResult;
    const shown = inspect(r, { depth: 3 });
    expect(shown).not.toContain('[Getter/Setter]');
    // the first row's encoded name, printed where the regions are
    const first = r.regions[0]?.encodedName as string;
    expect(shown).toContain(`encodedName: '${first}'`);
    expect(Object.keys(r)).toEqual(FIELDS);
    expect(inspect(r, { depth: 3 })).toBe(shown);
  });

  it('show in util.inspect with the depth left where the result stands, as a plain object there shows', async () => {
    const [, tail] = await results();
    const r = tail as DetectResult;
    // Node's default depth is 2: an object nested three deep is [Object]
    expect(inspect({ a: { b: { c: r } } })).toBe('{ a: { b: { c: [Object] } } }');
    // one level down with depth 1, the result's fields show one level deep, as a plain copy of them does
    const [, again] = await results();
    const plain = { ...(again as DetectResult) };
    expect(inspect({ wrap: r }, { depth: 1 })).toBe(inspect({ wrap: plain }, { depth: 1 }));
    expect(inspect({ wrap: r }, { depth: 1 })).toContain('regions: [Array]');
    // an object made with a result as its prototype has no fields of its own: {}
    const [, third] = await results();
    expect(inspect(Object.create(third as DetectResult))).toBe('{}');
  });

  it('name the replica read through, hot now, and the others not; the primaries each a fair share', async () => {
    const [replicated] = await results();
    const r = replicated as DetectResult;
    const hot = resultHotRegions(r);
    expect(hot.map((x) => [x.replicaId, x.hotNow, x.startKey])).toEqual([[1, true, 'e']]);
    expect(r.regions.filter((x) => x.replicaId === undefined)).toHaveLength(9);
    expect(r.regions.filter((x) => x.replicaId === 1)).toHaveLength(9);
    expect(r.regions.every((x) => x.lastSeenMs === r.window.endMs)).toBe(true);
  });

  it('of a result whose rows are replaced by a caller are found among those rows', async () => {
    const [, tail] = await results();
    const copy: DetectResult = { ...(tail as DetectResult), regions: (tail as DetectResult).regions.slice(0, 2) };
    expect(resultHotRegions(copy)).toEqual(copy.regions.filter((x) => x.hot || x.hotIntervals > 0));
    expect(resultRegionNamed(copy, copy.regions[1]?.encodedName as string)).toBe(copy.regions[1]);
  });

  it('can be assigned by a caller, before or after they are read, and are then found among the rows assigned', async () => {
    const [, tail] = await results();
    const before = tail as DetectResult;
    const first = detectHotspots(await readLoadSeriesFile(fixture('tail-hex-presplit.ndjson')));
    const hotName = resultHotRegions(first)[0]?.encodedName as string;
    // assigned before any read: a plain field again, in its place
    const none: RegionLoadShare[] = [];
    (first as { regions: readonly RegionLoadShare[] }).regions = none;
    expect(first.regions).toBe(none);
    expect(Object.keys(first)).toEqual(FIELDS);
    expect(resultHotRegions(first)).toEqual([]);
    expect(resultRegionNamed(first, hotName)).toBeUndefined();
    // assigned after a read: the rows left out are not found
    const rows = before.regions;
    const kept = rows.filter((r) => r.encodedName !== hotName);
    (before as { regions: readonly RegionLoadShare[] }).regions = kept;
    expect(resultHotRegions(before)).toEqual(kept.filter((x) => x.hot || x.hotIntervals > 0));
    expect(resultHotRegions(before).some((r) => r.encodedName === hotName)).toBe(false);
    expect(resultRegionNamed(before, hotName)).toBeUndefined();
  });
});
