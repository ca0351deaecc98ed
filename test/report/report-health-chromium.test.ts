// The report's health panel in headless Chromium: a hand-written health JSON (test/fixtures/jmx/health/
// report-health.json: rs2 fails three items, rs1 passes one and has one not measured) is shown per server, failing
// first, in the status colours, with values, thresholds, reasons and causes as written in that file.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseHealthReportJson } from '../../src/health/index.js';
import { seriesReport } from '../../src/report/html/build.js';
import { CHROMIUM, haveChromium, openReportPage } from './chromium.js';
import { fixtureSeries } from './fixture.js';

if (!haveChromium) console.warn(`report health panel browser tests skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

const HEALTH = 'report-health.json';
const health = parseHealthReportJson(readFileSync(new URL(`../fixtures/jmx/health/${HEALTH}`, import.meta.url), 'utf8'), HEALTH);
const series = fixtureSeries('events', ['', 'm'].map((start, i) => ({ start, server: `rs${i + 1}.lan,16020,1`, writes: [0, 60, 120] })), 3);

describe.skipIf(!haveChromium)('report health panel in headless Chromium', () => {
  let close: () => Promise<void>;
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    ({ page, errors, close } = await openReportPage(seriesReport(series, { health })));
  }, 120_000);
  afterAll(async () => close?.());

  /** Rows of the panel as [server, status, item, value, threshold] in page order (evaluated in the page). */
  async function rows(): Promise<string[][]> {
    return page.evaluate(`[...document.querySelectorAll('#health tr[data-status]')].map((tr) => {
      let h = tr.closest('table').previousElementSibling;
      return [h.textContent, tr.dataset.status, tr.dataset.item, tr.querySelector('.value').textContent, tr.querySelector('.threshold').textContent];
    })`);
  }

  it('lists the server with failures first, its failing items with their values and thresholds, then the rest', async () => {
    expect(errors).toEqual([]);
    expect(await page.textContent('#health .summary')).toMatch(/^3 failing, 1 passing, 2 not measured/);
    expect(await rows()).toEqual([
      ['rs2.lan,16020,1', 'fail', 'block-cache-hit-ratio', '75 %', '≥ 95 %'],
      ['rs2.lan,16020,1', 'fail', 'gc-pause', '6200 ms', '< 5000 ms'],
      ['rs2.lan,16020,1', 'fail', 'rpc-call-queue', '3 calls', '≤ 0 calls'],
      ['rs1.lan,16020,1', 'not-measured', 'compaction-queue', '–', '≤ 10 compactions'],
      ['rs1.lan,16020,1', 'pass', 'block-cache-hit-ratio', '99.5 %', '≥ 95 %'],
      ['cluster', 'not-measured', 'disk', '–', '≤ 80 %'],
    ]);
  });

  it('colours the status by verdict and lists causes with their lint finding under the failing item', async () => {
    const colour = (sel: string): Promise<string> => page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(sel)})).color`);
    expect(await colour('#health tr.fail td.status')).toBe('rgb(255, 92, 92)');
    expect(await colour('#health tr.pass td.status')).toBe('rgb(92, 209, 122)');
    expect(await colour('#health tr.not-measured td.status')).toBe('rgb(176, 160, 96)');
    expect(await page.textContent('#health tr[data-item="gc-pause"] .causes')).toBe('-XX:MaxGCPauseMillis = 6000 ms (hbase-env.sh:3) lint GC_PAUSE_TARGET (error): the GC pause target is 6000 ms');
    expect(await page.textContent('#health tr[data-item="rpc-call-queue"] .reason')).toBe('calls queued between 3 and 4 over 2 samples' + 'hbase.regionserver.handler.count = 10 (hbase-site.xml:17)');
    expect(await page.textContent('#health')).toContain('http://rs9:16030: timed out after 3333 ms');
  });

  it('leaves the heatmap panel in place beside it', async () => {
    expect(await page.locator('main .panel canvas.heatmap').count()).toBe(1);
  });
});
