// The live page in headless Chromium (zone pinned to Asia/Tokyo, UTC+9, no daylight saving): `serve` follows a series
// file; a snapshot appended to the file shows on the open page within two intervals, without a reload, with its time
// and figures, the heatmap's new column and the refreshed findings.
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { type RunningServe, startServe, writeSeriesFile } from '../cli/serve-run.js';
import { CHROMIUM, haveChromium, launchChromium } from './chromium.js';
import { fixtureSeries } from './fixture.js';

if (!haveChromium) console.warn(`live page browser test skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

const INTERVAL_MS = 2000;
// 1,700,000,000,000 ms = 2023-11-14T22:13:20Z = 2023-11-15 07:13:20 in Tokyo; snapshots 60 s apart.
// Region ['', 'm') on rs1 takes 600 writes a minute (10/s); ['m', '') on rs2 60 a minute (1/s), then 6,000 (100/s).
const series = fixtureSeries('t', [
  { start: '', server: 'rs1.lan,16020,1', writes: [0, 600, 1200, 1800, 2400] },
  { start: 'm', server: 'rs2.lan,16020,1', writes: [0, 60, 120, 180, 6180] },
], 5);
/** The brightest colour of the report's scale (its last stop): the largest value shown. */
const BRIGHTEST = [255, 245, 90];

describe.skipIf(!haveChromium)('the live page (serve), zone pinned to Asia/Tokyo', () => {
  let close: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let serve: RunningServe;
  let rest: string[];
  let file: string;
  const errors: string[] = [];

  const pixel = (fx: number, fy: number): Promise<number[]> =>
    page.evaluate(`(() => { const c = document.querySelector('canvas.heatmap'); return [...c.getContext('2d').getImageData(Math.floor(${fx} * c.width), Math.floor(${fy} * c.height), 1, 1).data].slice(0, 3); })()`);

  beforeAll(async () => {
    ({ file, rest } = writeSeriesFile(series, 4));
    serve = await startServe([file, '--port', '0', '--interval', `${INTERVAL_MS}ms`]);
    ({ context, close } = await launchChromium({ width: 1400, height: 1000 }, 'Asia/Tokyo'));
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(serve.url);
    await page.waitForSelector('body[data-ready=true][data-version="1"]', { timeout: 60_000 });
  }, 120_000);
  afterAll(async () => {
    await close?.();
    await serve?.stop();
  });

  it('opens on the series as written: four snapshots, the last interval\'s figures in the status line', async () => {
    const status = await page.textContent('#live-status');
    expect(status).toContain(`Live: 4 snapshots from ${file}, read every 2 s; the last at 2023-11-15 07:16:20 (Asia/Tokyo).`);
    // 600 + 60 writes over 60 s = 11/s; rs1 10/s of them
    expect(status).toContain('Table t, 07:15:20 to 07:16:20: 11 requests/s (11 writes/s); busiest server rs1.lan with 10 requests/s (91%; fair share 50% of 2 servers); ' +
      'hottest region for writes: the one from "" on rs1.lan, 10 writes/s (91% of the table\'s; fair share 50% of 2 regions).');
    expect(await page.textContent('.range')).toBe('Showing 2023-11-15 07:13:20 to 2023-11-15 07:16:20 (Asia/Tokyo), keys (table start) to (table end)');
    // rs1's region is the largest cell of the last interval: the top half of the right edge is the brightest colour
    expect(await pixel(0.995, 0.25)).toEqual(BRIGHTEST);
    expect(await pixel(0.995, 0.75)).not.toEqual(BRIGHTEST);
  });

  it('shows an appended snapshot within two intervals, in place, keeping the viewer\'s choices', async () => {
    await page.selectOption('select[data-control=metric]', 'requests');
    await page.evaluate('window.notReloaded = true');
    appendFileSync(file, rest[0] ?? '');
    const appended = performance.now();
    await page.waitForSelector('body[data-snapshots="5"]', { timeout: 2 * INTERVAL_MS });
    expect(performance.now() - appended).toBeLessThanOrEqual(2 * INTERVAL_MS);
    expect(await page.evaluate('window.notReloaded')).toBe(true);
    expect(await page.evaluate('window.hotspotReport.state.metric')).toBe('requests');
    expect(await page.inputValue('select[data-control=metric]')).toBe('requests');

    const status = await page.textContent('#live-status');
    expect(status).toContain('Live: 5 snapshots');
    expect(status).toContain('the last at 2023-11-15 07:17:20 (Asia/Tokyo).');
    // the appended interval: 600 + 6,000 writes over 60 s = 110/s, rs2 100/s of them (91%)
    expect(status).toContain('Table t, 07:16:20 to 07:17:20: 110 requests/s (110 writes/s); busiest server rs2.lan with 100 requests/s (91%; fair share 50% of 2 servers); ' +
      'hottest region for writes: the one from "m" on rs2.lan, 100 writes/s (91% of the table\'s; fair share 50% of 2 regions).');
    // the heatmap and server chart have the new interval, and its totals
    expect(await page.evaluate('window.hotspotReport.panels[0].T')).toBe(4);
    expect(await page.evaluate('window.hotspotReport.panels[0].d.totals')).toEqual([11, 11, 11, 110]);
    expect(await page.textContent('.range')).toBe('Showing 2023-11-15 07:13:20 to 2023-11-15 07:17:20 (Asia/Tokyo), keys (table start) to (table end)');
    // the time ticks run to the new end (07:17:20): the last whole half minute is 07:17:00
    expect((await page.locator('.times .tick .clock').allTextContents()).at(-1)).toBe('07:17:00');
    // now rs2's region is the largest cell of the last interval: the bottom half of the right edge is the brightest
    expect(await pixel(0.995, 0.75)).toEqual(BRIGHTEST);
    expect(await pixel(0.995, 0.25)).not.toEqual(BRIGHTEST);
    // the findings are redone over the window: rs2 has (180 + 6,000) of (2,400 + 6,180) requests = 72.0%
    const findings = await page.textContent('.findings');
    expect(findings).toContain('rs2.lan,16020,1');
    expect(findings).toContain(`${((6180 / 8580) * 100).toFixed(1)}%`);
    expect(errors).toEqual([]);
  });
});
