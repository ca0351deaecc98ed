// A region that splits later is drawn over the two key-range rows of its daughters; before the split it shows its
// own rate in both rows (where inside it the writes landed is unknown), with the hover saying so. The byte widths of
// the two rows differ (['', 'm') against ['m', end)), so a rate spread by key-space width would colour them apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { utf8Bytes } from '../../src/bytes/index.js';
import type { LoadSeries, RegionLoad } from '../../src/model/index.js';
import { seriesReport } from '../../src/report/html/build.js';
import { CHROMIUM, haveChromium, heatmapCell, openReportPage } from './chromium.js';
import { encoded } from './fixture.js';

if (!haveChromium) console.warn(`report browser tests skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

const T0 = 1_700_000_000_000;
const region = (i: number, start: string, end: string, writes: number): RegionLoad => ({
  name: `t,${start},${T0 + i}.${encoded(i)}.`, encodedName: encoded(i), startKey: utf8Bytes(start), endKey: utf8Bytes(end),
  server: 'rs0.lan,16020,1', readRequests: 0, writeRequests: writes, requests: writes, storeSizeBytes: 0,
});
// Region 0 covers the table and takes 6,000 writes a minute; after snapshot 2 it is split at "m" into regions 1 and 2,
// which take 60 a minute each. Four snapshots: intervals 0 and 1 before the split, 2 after.
const series: LoadSeries = {
  table: 't',
  source: { kind: 'recorded', description: 'fixture', intervalMs: 60_000 },
  snapshots: [
    { timeMs: T0, table: 't', regions: [region(0, '', '', 0)] },
    { timeMs: T0 + 60_000, table: 't', regions: [region(0, '', '', 6000)] },
    { timeMs: T0 + 120_000, table: 't', regions: [region(0, '', '', 12_000)] },
    { timeMs: T0 + 180_000, table: 't', regions: [region(1, '', 'm', 60), region(2, 'm', '', 60)] },
  ],
};

describe.skipIf(!haveChromium)('a region drawn over the rows of its later daughters', () => {
  let close: () => Promise<void>;
  let page: Page;
  beforeAll(async () => {
    ({ page, close } = await openReportPage(seriesReport(series)));
  }, 120_000);
  afterAll(async () => close?.());

  const at = (row: number, column: number) => heatmapCell(page, (column + 0.5) / 3, (row + 0.5) / 2);

  it('shows the parent\'s whole rate in both rows before the split, and says so on hover', async () => {
    expect(await page.getAttribute('canvas.heatmap', 'data-cells')).toBe(String(2 * 3));
    const upper = await at(0, 0);
    const lower = await at(1, 0);
    expect(upper.rgb).toEqual(lower.rgb);
    expect(upper.rgb).toEqual([255, 245, 90]);
    expect(upper.tip).toContain(`t,,${T0}.${encoded(0)}.`);
    expect(upper.tip).toMatch(/writes\/s: 100 /);
    expect(upper.tip).toContain('(the region spans 2 rows here; each shows its whole rate)');
    // After the split each daughter has its own row and its own 1 write/s.
    const after = await at(1, 2);
    expect(after.tip).toContain(`t,m,${T0 + 2}.${encoded(2)}.`);
    expect(after.rgb).not.toEqual(upper.rgb);
  });
});
