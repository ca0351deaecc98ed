/**
 * The before/after pair of the compare tests (test/fix/compare.test.ts): four regions, "b" on rs2 taking 4,000 of
 * 4,300 writes a minute; after the fix "b" is split, its daughters on rs2 and rs5 taking 2,000 each. Written as
 * load-series files, with the RegionServer latency readings of each side (copies of a real 2.6.4 sub=Server bean with
 * the server name and some 99th percentiles changed).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatLoadSeries } from '../../src/model/index.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';

export const rs = (n: number): string => `rs${n}.example.com,16020,${n}`;
export const BEFORE_LAYOUT: Layout[] = [['a', '', 'tenant0025', rs(1)], ['b', 'tenant0025', 'tenant0050', rs(2)], ['c', 'tenant0050', 'tenant0075', rs(3)], ['d', 'tenant0075', '', rs(4)]];
export const AFTER_LAYOUT: Layout[] = [BEFORE_LAYOUT[0]!, ['b1', 'tenant0025', 'tenant0042|user-05', rs(2)], ['b2', 'tenant0042|user-05', 'tenant0050', rs(5)], BEFORE_LAYOUT[2]!, BEFORE_LAYOUT[3]!];
/** Writes per region per one-minute interval, four intervals on each side. */
export const BEFORE_WRITES = [100, 4000, 100, 100];
export const AFTER_WRITES = [100, 2000, 2000, 100, 100];

/** A fresh directory with before.ndjson, after.ndjson and the latency readings. */
export function writePair(): { dir: string; before: string; after: string; latencyBefore: string[]; latencyAfter: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'report-compare-'));
  const put = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const before = put('before.ndjson', formatLoadSeries(steadySeries(BEFORE_LAYOUT, repeat(4, BEFORE_WRITES))));
  const after = put('after.ndjson', formatLoadSeries(steadySeries(AFTER_LAYOUT, repeat(4, AFTER_WRITES))));
  const bean = (JSON.parse(readFileSync(new URL('../fixtures/jmx/server-2.6.4.json', import.meta.url), 'utf8')) as { beans: Record<string, unknown>[] }).beans[0] as Record<string, unknown>;
  const jmx = (name: string, server: string, p99: Record<string, number>): string => {
    const b: Record<string, unknown> = { ...bean, 'tag.serverName': server };
    for (const [op, v] of Object.entries(p99)) b[`${op}_99th_percentile`] = v;
    return put(name, JSON.stringify({ beans: [b] }));
  };
  // before: rs2 (the busiest) 48 ms PutBatch p99 against 4, 5, 6 (median 5); after: rs2 9 ms against 4, 5, 5, 7 (median 5)
  const latencyBefore = [[1, 4], [2, 48], [3, 5], [4, 6]].map(([n, p]) => jmx(`b${n}.json`, rs(n as number), { PutBatch: p as number }));
  const latencyAfter = [[1, 4], [2, 9], [3, 5], [4, 5], [5, 7]].map(([n, p]) => jmx(`a${n}.json`, rs(n as number), { PutBatch: p as number }));
  return { dir, before, after, latencyBefore, latencyAfter };
}

/** The page data embedded in a report (`<script id="report-data">`). */
export function pageData(html: string): { panels: { title: string; segKey: number[]; keys: string[]; serverRates: number[][]; fair: number[] }[]; serverMax?: number } {
  const m = /<script id="report-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!m?.[1]) throw new Error('no report data in the page');
  return JSON.parse(m[1]) as ReturnType<typeof pageData>;
}

/** The HTML of the proof table's row `figure` (`hottest-region`, `busiest-server`, `p99-PutBatch`), empty when absent. */
export function figureRow(html: string, figure: string): string {
  const at = html.indexOf(`<tr data-figure="${figure}">`);
  return at < 0 ? '' : html.slice(at, html.indexOf('</tr>', at));
}
