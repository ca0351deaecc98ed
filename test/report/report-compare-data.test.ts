import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { compareSides, summarize } from '../../src/fix/compare.js';
import { parseLoadSeries } from '../../src/model/index.js';
import { compareAnalysis, compareReport } from '../../src/report/html/compare-page.js';
import { repeat, steadySeries } from '../model/builders.js';
import { AFTER_LAYOUT, AFTER_WRITES, BEFORE_LAYOUT, BEFORE_WRITES, figureRow, pageData } from './report-compare-fixture.js';
import { readFileSync } from 'node:fs';

const before = steadySeries(BEFORE_LAYOUT, repeat(4, BEFORE_WRITES));
const after = steadySeries(AFTER_LAYOUT, repeat(4, AFTER_WRITES));

describe('compareAnalysis', () => {
  it('is compare\'s analysis: the same change record as compareSides over summarize(detectHotspots) of each side', () => {
    const a = compareAnalysis({ series: before }, { series: after });
    expect(a.record).toEqual(compareSides(summarize(detectHotspots(before)), summarize(detectHotspots(after))));
    expect([a.before.panel.title, a.after.panel.title]).toEqual(['Before', 'After']);
    // the hottest region's share: 4,000 of 4,300 before, 2,000 of 4,300 after
    expect(a.record.before.hottestRegion?.share).toBeCloseTo(4000 / 4300, 12);
    expect(a.record.after.hottestRegion?.share).toBeCloseTo(2000 / 4300, 12);
  });

  it('uses the hot factor given, as compare --k does', () => {
    // with k = 25 nothing is hot after (b1's 2,000 is 3.5× its peers' average of 575, and so is its server rs2's; rs2
    // and rs5, the busiest two of five, are each 2,000 against the 100 of the three servers outside them, 20 ×) while
    // b was 4,000 against 100, 40 ×, before: fixed; with the default 3 b1 stays hot: improved. At k = 10 rs2 and rs5
    // stay hot as a group: 2 of 5 servers taking 4,000 of 4,300 is no fix of the load's spread.
    expect(compareAnalysis({ series: before }, { series: after }, 25).record.verdict).toBe('fixed');
    expect(compareAnalysis({ series: before }, { series: after }, 10).record.verdict).toBe('improved');
    expect(compareAnalysis({ series: before }, { series: after }).record.verdict).toBe('improved');
  });

  it('refuses a series of several tables, naming the side and its file', () => {
    const two = parseLoadSeries(readFileSync(new URL('../fixtures/series/two-tables-v2.ndjson', import.meta.url), 'utf8'), 'two-tables-v2.ndjson');
    expect(() => compareAnalysis({ series: before }, { series: two, label: 'two.ndjson' })).toThrow(expect.objectContaining({
      code: 'SERIES_TABLE_REQUIRED', where: { file: 'two.ndjson' }, message: expect.stringMatching(/^two\.ndjson: after: --table: the series holds 2 tables/),
    }));
  });
});

describe('compareReport', () => {
  it('embeds the server axis of both sides and escapes what it shows', () => {
    const html = compareReport({ series: before, label: 'before<1>.ndjson' }, { series: after, label: 'after.ndjson' });
    expect(pageData(html).serverMax).toBeCloseTo(4000 / 60, 9);
    expect(html).toContain('before&#60;1&#62;.ndjson · table t · recorded');
    expect(html).not.toContain('before<1>');
    expect(figureRow(html, 'hottest-region')).toContain('region b ["tenant0025", "tenant0050") on rs2.example.com,16020,2');
  });
});
