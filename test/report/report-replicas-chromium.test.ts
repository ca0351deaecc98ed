// A table with read replicas: each key range is served by its primary and a secondary replica, listed as regions of
// their own with the same start and end keys. The key-space heatmap shows, in each cell, the busier of the regions
// over it (an idle replica drawn after its primary hid the primary's load: the whole table looked idle), the hover
// names that region, and the fair share counts key ranges, not replicas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { utf8Bytes } from '../../src/bytes/index.js';
import type { LoadSeries, RegionLoad } from '../../src/model/index.js';
import { seriesReport } from '../../src/report/html/build.js';
import { CHROMIUM, haveChromium, heatmapCell, openReportPage } from './chromium.js';
import { encoded } from './fixture.js';

if (!haveChromium) console.warn(`report browser tests skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

const T0 = 1_700_000_000_000;
/** Region `i` of range [start, end): replica `replica` (0: the primary) on server rs`server`, `writes` so far. */
const region = (i: number, start: string, end: string, replica: number, server: number, writes: number): RegionLoad => ({
  name: `t,${start},${T0}${replica > 0 ? `_000${replica}` : ''}.${encoded(i)}.`, encodedName: encoded(i), startKey: utf8Bytes(start), endKey: utf8Bytes(end),
  server: `rs${server}.lan,16020,1`, readRequests: 0, writeRequests: writes, requests: writes, storeSizeBytes: 0,
});
// Ranges ['', 'm') and ['m', end): each primary (regions 0 and 2) takes 6,000 writes a minute, each replica (1 and 3)
// nothing. Two snapshots: one interval.
const snapshot = (s: number) => ({
  timeMs: T0 + s * 60_000, table: 't',
  regions: [region(0, '', 'm', 0, 0, 6000 * s), region(1, '', 'm', 1, 1, 0), region(2, 'm', '', 0, 1, 6000 * s), region(3, 'm', '', 1, 0, 0)],
});
const series: LoadSeries = { table: 't', source: { kind: 'recorded', description: 'fixture', intervalMs: 60_000 }, snapshots: [snapshot(0), snapshot(1)] };

describe.skipIf(!haveChromium)('the key-space heatmap of a table with read replicas', () => {
  let close: () => Promise<void>;
  let page: Page;
  beforeAll(async () => {
    ({ page, close } = await openReportPage(seriesReport(series)));
  }, 120_000);
  afterAll(async () => close?.());

  const at = (row: number) => heatmapCell(page, 0.5, (row + 0.5) / 2);

  it('shows each range\'s primary (the busier region), not its idle replica drawn over it', async () => {
    for (const [row, primary] of [[0, 0], [1, 2]] as const) {
      const cell = await at(row);
      // both ranges take the table's top rate, 100 writes/s: the colour of the maximum, as the split test has it
      expect(cell.rgb).toEqual([255, 245, 90]);
      expect(cell.tip).toContain(`.${encoded(primary)}.`);
      expect(cell.tip).toMatch(/writes\/s: 100 /);
      // 100 of the table's 200 requests/s against a fair share of 200 / 2 key ranges
      expect(cell.tip).toContain('(1.0× the fair share of 2 regions)');
    }
  });
});
