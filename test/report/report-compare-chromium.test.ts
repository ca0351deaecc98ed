import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runCapture } from '../cli/run-cli.js';
import { CHROMIUM, haveChromium, openReportPage } from './chromium.js';
import { AFTER_WRITES, BEFORE_WRITES, writePair } from './report-compare-fixture.js';

if (!haveChromium) console.warn(`before/after browser tests skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

// The fix of the compare tests: before, region b takes 4,000 writes a minute on rs2; after the split, its daughters
// take 2,000 each on rs2 and rs5. Each side's highest write rate, computed here from the fixture's own numbers:
const beforeMax = Math.max(...BEFORE_WRITES) / 60; // 66.7 writes/s
const afterMax = Math.max(...AFTER_WRITES) / 60; // 33.3 writes/s
// the highest server rate of either side: rs2 before, holding b alone (no reads in the fixture)
const serverMax = Math.max(...BEFORE_WRITES, ...AFTER_WRITES) / 60;

describe.skipIf(!haveChromium)('before/after page in headless Chromium (time zone UTC)', () => {
  let page: Page;
  let errors: string[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const pair = writePair();
    const file = join(pair.dir, 'page.html');
    const r = await runCapture(['report', pair.before, pair.after, '-o', file, '--latency-before', ...pair.latencyBefore, '--latency-after', ...pair.latencyAfter]);
    expect(r.code).toBe(0);
    ({ page, errors, close } = await openReportPage(readFileSync(file, 'utf8')));
  }, 120_000);
  afterAll(async () => close?.());

  const texts = async (selector: string): Promise<string[]> => page.locator(selector).allTextContents();

  it('titles the sides Before and After, each keyed by its own region boundaries', async () => {
    expect(errors).toEqual([]);
    expect(await texts('.panel h2')).toEqual(['Before', 'After']);
    const keys = await texts('.panel .keys');
    expect(keys[0]).not.toContain('user-05');
    expect(keys[1]).toContain('tenant0042|user-05');
  });

  it('draws both heatmaps on one colour scale: the legend tops out at the larger side\'s highest rate on both', async () => {
    expect(beforeMax).toBeGreaterThan(afterMax);
    const tops = await page.evaluate('[...document.querySelectorAll(".legend-ticks")].map((t) => t.lastElementChild.textContent)');
    expect(tops).toEqual(['66.7', '66.7']); // beforeMax to three figures, on the after side too (alone it would read 33.3)
    const max = (await page.evaluate('hotspotReport.max')) as number;
    expect(max).toBeCloseTo(beforeMax, 2);
    expect(await page.textContent('.legend-title')).toBe('Colour: write rate (writes/s), logarithmic over 5 decades');
  });

  it('the after side\'s hottest cell is below the top colour, the before side\'s is the top colour', async () => {
    // the brightest pixel of each heatmap: before reaches the palette's top, after (half the rate) does not
    const brightest = (await page.evaluate(`[...document.querySelectorAll('canvas.heatmap')].map((cv) => {
      const px = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
      let best = [0, 0, 0];
      for (let o = 0; o < px.length; o += 4) if (px[o] + px[o + 1] + px[o + 2] > best[0] + best[1] + best[2]) best = [px[o], px[o + 1], px[o + 2]];
      return best;
    })`)) as number[][];
    expect(brightest[0]).toEqual([255, 245, 90]);
    expect(brightest[1]).not.toEqual([255, 245, 90]);
  });

  it('draws both server charts on one y-axis, from 0 to the highest server rate of either side plus a twentieth', async () => {
    const scales = (await page.evaluate('hotspotReport.panels.map((p) => [p.plot.scales.y.min, p.plot.scales.y.max])')) as number[][];
    expect(scales[0]?.[0]).toBe(0);
    expect(scales[1]?.[0]).toBe(0);
    expect(scales[0]?.[1]).toBeCloseTo(serverMax * 1.05, 6);
    expect(scales[1]?.[1]).toBeCloseTo(serverMax * 1.05, 6);
  });

  it('shows the proof at the top: compare\'s verdict, shares against fair shares, p99', async () => {
    expect(await page.textContent('.verdict')).toBe('Verdict: improved — the load moved toward the fair share, but a hot region or RegionServer remains.');
    const cells = async (figure: string): Promise<string[]> => texts(`tr[data-figure=${figure}] td`);
    // 4,000 of 4,300 writes = 93.0% against 1/4; 2,000 of 4,300 = 46.5% against 1/5
    const region = await cells('hottest-region');
    // both still hot: b takes 4,000 against its peers' 100 each; b1 takes 2,000 against its peers' average of 575
    // the rates are the same in every interval, so the median interval's hottest region has the window's share
    expect(region[0]).toMatch(/^93\.0% = 3\.72× its fair share 25\.0% \(1 ÷ 4 regions\)interval by interval: the hottest region took 93\.0% of that interval's requests \(median, 3\.7× fair\)hot at the window's end: region b \["tenant0025", "tenant0050"\) on rs2/);
    expect(region[1]).toMatch(/^46\.5% = 2\.33× its fair share 20\.0% \(1 ÷ 5 regions\)interval by interval: the hottest region took 46\.5% of that interval's requests \(median, 2\.3× fair\)hot at the window's end: region b[12] /);
    const server = await cells('busiest-server');
    expect(server[0]).toMatch(/^93\.0% = 3\.72× its fair share 25\.0% \(1 ÷ 4 servers\)rs2\.example\.com,16020,2, 66\.7 requests\/s$/);
    expect(server[1]).toMatch(/^46\.5% = 2\.33× its fair share 20\.0% \(1 ÷ 5 servers\)rs[25]\.example\.com,16020,[25], 33\.3 requests\/s$/);
    const p99 = await cells('p99-PutBatch');
    expect(p99).toEqual(['48.0 ms on the busiest RegionServer, peers\' median 5.0 ms', '9.0 ms on the busiest RegionServer, peers\' median 5.0 ms']);
    // above the heatmaps
    const [proofTop, heatmapTop] = (await page.evaluate('[document.querySelector(".proof").getBoundingClientRect().top, document.querySelector("canvas.heatmap").getBoundingClientRect().top]')) as number[];
    expect(proofTop).toBeLessThan(heatmapTop as number);
  });
});
