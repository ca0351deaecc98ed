// A report built from a load series recorded off a real HBase 2.6.4: the REST gateway's recorded answers for table
// live_fx (6 regions over 3 RegionServers, see test/fixtures/shell/record.ts) are replayed on loopback, `detect --rest
// --record` writes the series, and `report` renders it in headless Chromium.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseLoadSeries } from '../../src/model/index.js';
import { runCapture } from '../cli/run-cli.js';
import { type FixtureServer, liveFxRoutes, serveFixtures } from '../sources/fixture-server.js';
import { haveChromium, launchChromium } from './chromium.js';

let server: FixtureServer | undefined;
afterEach(async () => server?.stop());

describe.skipIf(!haveChromium)('report of a real HBase recording', () => {
  it('renders one heatmap cell per region and interval, without script errors', async () => {
    server = await serveFixtures(liveFxRoutes());
    const dir = mkdtempSync(join(tmpdir(), 'report-real-'));
    const seriesFile = join(dir, 'series.ndjson');
    const htmlFile = join(dir, 'report.html');
    const detect = await runCapture(['detect', '--rest', server.url, '--table', 'live_fx', '--interval', '1500ms', '--snapshots', '2', '--record', seriesFile, '--json']);
    expect(detect.code).toBe(0);
    const series = parseLoadSeries(readFileSync(seriesFile, 'utf8'), seriesFile);
    expect(series.snapshots.map((s) => s.regions.length)).toEqual([6, 6]);

    const report = await runCapture(['report', seriesFile, '-o', htmlFile]);
    expect(report.code).toBe(0);
    const { context, close } = await launchChromium();
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(htmlFile).href);
      await page.waitForSelector('body[data-ready=true]', { timeout: 60_000 });
      expect(errors).toEqual([]);
      // 6 regions that never split, 2 snapshots: 6 key-space rows x 1 interval
      expect(await page.getAttribute('canvas.heatmap', 'data-cells')).toBe('6');
    } finally {
      await close();
    }
  }, 120_000);
});
