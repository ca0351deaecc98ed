// The heatmap's axes, legend, key-sample placement and zoom in headless Chromium, the browser's zone pinned to
// Asia/Kolkata (UTC+05:30, no daylight saving) so local times differ from UTC by a known offset.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { utf8Bytes } from '../../src/bytes/index.js';
import type { KeySample } from '../../src/model/index.js';
import { seriesReport } from '../../src/report/html/build.js';
import { CHROMIUM, haveChromium, launchChromium } from './chromium.js';
import { fixtureSeries } from './fixture.js';

if (!haveChromium) console.warn(`report browser tests skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

const T0 = 1_700_000_000_000; // 2023-11-14T22:13:20Z = 2023-11-15 03:43:20 in Kolkata
// Region ['', 'm') idle on rs1, region ['m', '') on rs2 taking 600 writes a minute (10/s) over 8 intervals: a tail.
const series = fixtureSeries('tail', [
  { start: '', server: 'rs1.lan,16020,1', writes: Array(9).fill(0) },
  { start: 'm', server: 'rs2.lan,16020,1', writes: Array.from({ length: 9 }, (_, t) => t * 600) },
], 9);
// 8 write samples per interval, each standing for 75 writes, keys m000..m063 increasing with time: the write front.
const PER = 8;
const samples: KeySample[] = Array.from({ length: 8 * PER }, (_, k) => ({
  timeMs: T0 + Math.floor(k / PER) * 60_000 + 1_000 + (k % PER) * 1_000,
  key: utf8Bytes(`m${String(k).padStart(3, '0')}`),
  op: 'write',
  weight: 75,
}));

/** The report's palette at fraction n of the scale, computed from its five colour stops (a model of the page's LUT). */
function paletteAt(n: number): number[] {
  const stops = [[16, 18, 40], [70, 20, 110], [180, 40, 90], [245, 120, 30], [255, 245, 90]];
  const f = Math.round(n * 255) / 255 * 4;
  const a = Math.min(3, Math.floor(f));
  const w = f - a;
  return [0, 1, 2].map((c) => Math.round((stops[a]?.[c] ?? 0) * (1 - w) + (stops[a + 1]?.[c] ?? 0) * w));
}
/** Fraction of the log scale (5 decades) for value v against the largest value max. */
const logScale = (v: number, max: number): number => Math.log1p(v / max * 1e5) / Math.log1p(1e5);

describe.skipIf(!haveChromium)('report axes, legend, sample placement and zoom (zone pinned to Asia/Kolkata)', () => {
  let close: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const requests: string[] = [];

  async function open(html: string): Promise<Page> {
    const file = join(mkdtempSync(join(tmpdir(), 'report-axes-')), 'report.html');
    writeFileSync(file, html);
    const p = await context.newPage();
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(pathToFileURL(file).href);
    await p.waitForSelector('body[data-ready=true]', { timeout: 60_000 });
    return p;
  }
  const texts = (p: Page, selector: string): Promise<string[]> => p.locator(selector).allTextContents();
  const canvasSize = (): Promise<{ w: number; h: number }> =>
    page.evaluate(`(() => { const c = document.querySelector('canvas.heatmap'); return { w: c.width, h: c.height }; })()`);
  const pixel = (x: number, y: number): Promise<number[]> =>
    page.evaluate(`[...document.querySelector('canvas.heatmap').getContext('2d').getImageData(${x}, ${y}, 1, 1).data].slice(0, 3)`);

  beforeAll(async () => {
    ({ context, close } = await launchChromium({ width: 1400, height: 1000 }, 'Asia/Kolkata'));
    context.on('request', (r) => requests.push(r.url()));
    page = await open(seriesReport(series, { samples }));
  }, 120_000);
  afterAll(async () => close?.());

  it('draws the tail as a diagonal: each interval\'s sampled keys lit, the other intervals\' key positions dark', async () => {
    expect(errors).toEqual([]);
    const { w, h } = await canvasSize();
    // equal row heights: row 'm' covers the lower half; its 64 distinct sampled keys sit at (k + 0.5) / 64 of it.
    const yOf = (k: number): number => Math.floor((0.5 + 0.5 * (k + 0.5) / 64) * h);
    // each sample carries 75 of the interval's 600 writes: 1.25 writes/s against the largest cell, 10 writes/s
    const lit = paletteAt(logScale(1.25, 10));
    const dark = paletteAt(0);
    for (let t = 0; t < 8; t++) {
      const x = Math.floor((t + 0.5) / 8 * w);
      for (let i = 0; i < PER; i++) expect(await pixel(x, yOf(t * PER + i))).toEqual(lit);
      // where interval t + 4's keys lie, nothing was written in interval t; the idle region above shows no load
      for (let i = 0; i < PER; i++) expect(await pixel(x, yOf(((t + 4) % 8) * PER + i))).toEqual(dark);
      expect(await pixel(x, Math.floor(h / 4))).toEqual(dark);
    }
    expect(await page.textContent('.placement')).toContain('8 of 16 region-intervals placed by samples');
  });

  it('says on hover how many samples placed the load, and names the region, server, rates and finding', async () => {
    const { w, h } = await canvasSize();
    const box = await page.locator('canvas.heatmap').boundingBox();
    if (!box) throw new Error('no heatmap');
    const x = box.x + (2.5 / 8) * box.width;
    const y = box.y + (Math.floor((0.5 + 0.5 * (2 * PER + 3 + 0.5) / 64) * h) + 0.5) * box.height / h;
    await page.mouse.move(x, y);
    const tip = (await page.textContent('.tip')) ?? '';
    expect(w).toBeGreaterThan(0);
    expect(tip).toContain('start key: "m"  end key: ""');
    expect(tip).toContain('server: rs2.lan,16020,1');
    expect(tip).toContain('placed by 8 key samples of this region in this interval; 1 of them at this height (13% of its write rate)');
    // 10 writes/s of a 10 writes/s table with 2 regions: fair share 5 writes/s, so 2×
    expect(tip).toContain('share of table: 100.0%  (2.0× the fair share of 2 regions)');
    expect(tip).toMatch(/finding: hot region: 100\.0% of the table's requests/);
  });

  it('writes time ticks as HH:MM with the date where it changes, in the viewer\'s zone or UTC', async () => {
    // 8 one-minute intervals from 03:43:20 (Kolkata) over a canvas about 1,000 px wide: a tick every minute
    const local = await texts(page, '.times .tick');
    expect(local).toEqual(['03:442023-11-15', '03:45', '03:46', '03:47', '03:48', '03:49', '03:50', '03:51']);
    expect(await texts(page, '.times .tick .date')).toEqual(['2023-11-15']);
    expect(await page.textContent('.zone')).toMatch(/^time \(Asia\/(Kolkata|Calcutta)\)$/);
    await page.selectOption('select[data-control=zone]', 'utc');
    expect(await texts(page, '.times .tick .clock')).toEqual(['22:14', '22:15', '22:16', '22:17', '22:18', '22:19', '22:20', '22:21']);
    expect(await texts(page, '.times .tick .date')).toEqual(['2023-11-14']);
    expect(await page.textContent('.zone')).toBe('time (UTC)');
    await page.selectOption('select[data-control=zone]', 'local');
  });

  it('labels the keys from the region boundaries and the colour with the metric, its unit and scale', async () => {
    expect(await texts(page, '.keys .key')).toEqual(['(table start)', 'm', '(table end)']);
    expect(await page.textContent('.legend-title')).toBe('Colour: write rate (writes/s), logarithmic over 5 decades');
    // the largest cell is 10 writes/s: ticks at 0 and 10^-4 ... 1 of it
    expect(await texts(page, '.legend-ticks .ltick')).toEqual(['0', '0.001', '0.01', '0.1', '1', '10']);
    await page.selectOption('select[data-control=metric]', 'fair');
    expect(await page.textContent('.legend-title')).toMatch(/^Colour: multiple of fair share \(× \(region requests\/s ÷ \(table requests\/s ÷ regions\)\)\)/);
    expect(await texts(page, '.legend-ticks .ltick')).toEqual(['0×', '0.0002×', '0.002×', '0.02×', '0.2×', '2×']);
    await page.selectOption('select[data-control=metric]', 'writes');
    // server names shortened to the host (the shared domain dropped), the full name on hover
    const legend = page.locator('.servers .u-legend .u-series');
    expect(await legend.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^rs2/), expect.stringMatching(/^rs1/)]));
    expect(await page.locator('.servers .u-legend .u-series[title="rs2.lan,16020,1"]').count()).toBe(1);
  });

  it('zooms to a dragged box: the visible time and key range change on the heatmap and the server chart; reset restores', async () => {
    const full = await page.textContent('.range');
    expect(full).toMatch(/^Showing 2023-11-15 03:43:20 to 2023-11-15 03:51:20 \(Asia\/(Kolkata|Calcutta)\), keys \(table start\) to \(table end\)$/);
    const box = await page.locator('canvas.heatmap').boundingBox();
    if (!box) throw new Error('no heatmap');
    // intervals 2.4 to 5.6 (03:45:44 to 03:48:56), the lower 40% of the key space (row 'm' only)
    await page.mouse.move(box.x + 0.3 * box.width, box.y + 0.6 * box.height);
    await page.mouse.down();
    await page.mouse.move(box.x + 0.5 * box.width, box.y + 0.8 * box.height);
    await page.mouse.move(box.x + 0.7 * box.width, box.y + 0.999 * box.height);
    await page.mouse.up();
    expect(await page.textContent('.range')).toMatch(/^Showing 2023-11-15 03:45:4\d to 2023-11-15 03:48:5\d \(.*\), keys "m" to \(table end\)$/);
    const ticks = await texts(page, '.times .tick .clock');
    expect(ticks.length).toBeGreaterThan(2);
    for (const t of ticks) expect(t >= '03:45:44' && t <= '03:48:56').toBe(true);
    expect(await texts(page, '.keys .key')).not.toContain('(table start)');
    const chart = (await page.evaluate('(() => { const x = hotspotReport.panels[0].plot.scales.x; return [x.min, x.max]; })()')) as number[];
    expect(chart[0]).toBeCloseTo((T0 + 2.4 * 60_000) / 1000, -1);
    expect(chart[1]).toBeCloseTo((T0 + 5.6 * 60_000) / 1000, -1);
    await page.click('[data-action=reset]');
    expect(await page.textContent('.range')).toBe(full);
    // drilling into the prefix "m" shows its row over the whole time
    await page.fill('input.prefix', 'm');
    await page.click('[data-action=drill]');
    expect(await page.textContent('.range')).toMatch(/03:43:20 to 2023-11-15 03:51:20 \(.*\), keys "m" to \(table end\)$/);
    await page.click('[data-action=reset]');
  });

  it('without key samples paints each region whole and says so; more than 9 servers fold into an "others" band', async () => {
    const many = fixtureSeries('wide', Array.from({ length: 12 }, (_, i) => ({
      start: i === 0 ? '' : String.fromCharCode(97 + i),
      server: `rs${String(i).padStart(2, '0')}.dc1.example.com,16020,1`,
      writes: [0, (i + 1) * 60, (i + 1) * 120],
    })), 3);
    const other = await open(seriesReport(many));
    expect(await other.textContent('.placement')).toMatch(/^No key samples: each region's whole key range is painted/);
    const labels = await other.locator('.servers .u-legend .u-series').allTextContents();
    // the 8 busiest (rs11 ... rs04) as lines, then the others' band (4 servers) and the fair share
    expect(labels.map((l) => l.replace(/:.*$/, '').trim()).slice(1)).toEqual(['rs11', 'rs10', 'rs09', 'rs08', 'rs07', 'rs06', 'rs05', 'rs04',
      'others (4 servers)', 'others', 'fair share']);
    expect(errors).toEqual([]);
    await other.close();
  });

  it('draws one row written again and again as a horizontal line at the full rate', async () => {
    const row = samples.map((x) => ({ ...x, key: utf8Bytes('mq') }));
    const other = await open(seriesReport(series, { samples: row }));
    const { w, h } = (await other.evaluate(`(() => { const c = document.querySelector('canvas.heatmap'); return { w: c.width, h: c.height }; })()`)) as { w: number; h: number };
    const at = (x: number, y: number): Promise<number[]> =>
      other.evaluate(`[...document.querySelector('canvas.heatmap').getContext('2d').getImageData(${x}, ${y}, 1, 1).data].slice(0, 3)`);
    // one distinct key in row 'm' (the lower half): the middle of that row; all 600 writes a minute there
    const y = Math.floor(0.75 * h);
    for (let t = 0; t < 8; t++) {
      const x = Math.floor((t + 0.5) / 8 * w);
      expect(await at(x, y)).toEqual(paletteAt(1));
      expect(await at(x, y - 3)).toEqual(paletteAt(0));
      expect(await at(x, y + 3)).toEqual(paletteAt(0));
    }
    await other.close();
  });

  it('loads nothing but the file itself: no network when viewed', () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
  });
});
