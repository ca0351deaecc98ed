import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { parseKeySamples, parseLoadSeries } from '../../src/model/index.js';
import { seriesReport } from '../../src/report/html/build.js';
import { CHROMIUM, haveChromium, launchChromium } from './chromium.js';
import { encoded, fixtureSeries } from './fixture.js';

if (!haveChromium) console.warn(`report browser tests skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

// 6 regions, 5 snapshots a minute apart = 4 intervals. Every region takes 60 writes a minute (1/s) except region
// "d" (index 3) in interval 2 (snapshots 2 -> 3), which takes 60,000 (1,000/s): the hottest cell. Region "b" is idle.
const starts = ['', 'b', 'c', 'd', 'e', 'f'];
const cumulative = (i: number): number[] => {
  if (i === 1) return [0, 0, 0, 0, 0];
  const per = [60, 60, i === 3 ? 60_000 : 60, 60];
  return [0, ...per.map((_, t) => per.slice(0, t + 1).reduce((a, b) => a + b, 0))];
};
const series = fixtureSeries('events', starts.map((start, i) => ({ start, server: `rs${i % 3}.lan,16020,1`, writes: cumulative(i) })), 5);

describe.skipIf(!haveChromium)('report in headless Chromium', () => {
  let close: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-page-'));
    const file = join(dir, 'report.html');
    writeFileSync(file, seriesReport(series));
    ({ context, close } = await launchChromium());
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready=true]', { timeout: 60_000 });
  }, 120_000);
  afterAll(async () => close?.());

  /** Centre of heatmap cell (row, column) in page coordinates, equal row heights. */
  async function cellCentre(row: number, column: number): Promise<{ x: number; y: number; px: number; py: number }> {
    // evaluated in the page (the test's own type-check has no DOM library)
    return page.evaluate(`(() => {
      const cv = document.querySelector('canvas.heatmap');
      const rect = cv.getBoundingClientRect();
      const fx = (${column} + 0.5) / 4, fy = (${row} + 0.5) / 6;
      return { x: rect.left + fx * rect.width, y: rect.top + fy * rect.height, px: Math.floor(fx * cv.width), py: Math.floor(fy * cv.height) };
    })()`);
  }

  async function pixel(px: number, py: number): Promise<number[]> {
    return page.evaluate(`[...document.querySelector('canvas.heatmap').getContext('2d').getImageData(${px}, ${py}, 1, 1).data].slice(0, 3)`);
  }

  it('renders one cell per key range and interval, without script errors', async () => {
    expect(errors).toEqual([]);
    expect(await page.getAttribute('canvas.heatmap', 'data-cells')).toBe(String(6 * 4));
    expect(await page.textContent('.panel .aggregated')).toBe('6 key-space rows x 4 intervals, one cell each.');
    expect(await page.locator('.servers .uplot').count()).toBe(1);
  });

  it('paints the hottest cell (region "d", interval 3) with the top colour and an idle cell with the bottom one', async () => {
    const hot = await cellCentre(3, 2);
    expect(await pixel(hot.px, hot.py)).toEqual([255, 245, 90]);
    const idle = await cellCentre(1, 2);
    expect(await pixel(idle.px, idle.py)).toEqual([16, 18, 40]);
    // a cell at 1 write/s next to the hot one: on the default log scale (5 decades) 1/1000 of the top is 40% up the
    // palette, above the bottom colour; on the linear scale it rounds to the bottom colour (0.255 of 255 steps)
    const cool = await cellCentre(3, 1);
    expect(await pixel(cool.px, cool.py)).not.toEqual([16, 18, 40]);
    await page.selectOption('select[data-control=scale]', 'linear');
    expect(await pixel(cool.px, cool.py)).toEqual([16, 18, 40]);
    expect(await pixel(hot.px, hot.py)).toEqual([255, 245, 90]);
    await page.selectOption('select[data-control=scale]', 'log');
  });

  it('shows the region, its keys, server and rates on hover', async () => {
    const hot = await cellCentre(3, 2);
    await page.mouse.move(hot.x, hot.y);
    const tip = await page.textContent('.panel .tip');
    expect(tip).toContain(`events,d,1700000000000.${encoded(3)}.`);
    expect(tip).toContain('start key: "d"  end key: "e"');
    expect(tip).toContain('server: rs0.lan,16020,1');
    expect(tip).toMatch(/writes\/s: 1,000 /);
    // 1,000 of 1,000 + 4 × 1 writes/s
    expect(tip).toContain(`share of table: ${(100 * 1000 / 1004).toFixed(1)}%`);
    expect(tip).toContain('2023-11-14T22:15:20.000Z to 2023-11-14T22:16:20.000Z');
  });

  it('switches the colour to share of the table and the rows to key-space share', async () => {
    await page.selectOption('select[data-control=metric]', 'share');
    const hot = await cellCentre(3, 2);
    expect(await pixel(hot.px, hot.py)).toEqual([255, 245, 90]);
    await page.selectOption('select[data-control=heights]', 'keyspace');
    // bounds b..f are evenly spaced: every row keeps the same height, so the same cell is under the same pixel
    expect(await pixel(hot.px, hot.py)).toEqual([255, 245, 90]);
  });

  it('renders a redacted report of a timestamp-first table with key samples; hover shows stand-ins, not the keys', async () => {
    const fixture = (name: string): string => readFileSync(new URL(`../fixtures/series/${name}`, import.meta.url), 'utf8');
    const tail = parseLoadSeries(fixture('tail-hex-presplit.ndjson'), 'tail-hex-presplit.ndjson');
    const samples = parseKeySamples(fixture('tail-hex-presplit.samples.ndjson'), 'tail-hex-presplit.samples.ndjson');
    const dir = mkdtempSync(join(tmpdir(), 'report-page-'));
    const file = join(dir, 'redacted.html');
    writeFileSync(file, seriesReport(tail, { samples, redact: true }));
    const other = await context.newPage();
    const pageErrors: string[] = [];
    other.on('pageerror', (e) => pageErrors.push(e.message));
    await other.goto(pathToFileURL(file).href);
    await other.waitForSelector('body[data-ready=true]', { timeout: 60_000 });
    expect(pageErrors).toEqual([]);
    const box = await other.locator('canvas.heatmap').boundingBox();
    expect(box).not.toBeNull();
    const text: string[] = [];
    for (const f of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      await other.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) * f);
      text.push((await other.textContent('.panel .tip')) ?? '');
    }
    const tips = text.join('\n');
    expect(tips).toContain('start key: "');
    for (const original of ['1fffffff', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'sensor-0000']) expect(tips).not.toContain(original);
    expect(await other.textContent('body')).not.toContain('20240601120');
    await other.close();
  }, 120_000);
});
