// Screenshot of an HTML report in headless Chromium (the README's docs/report.png):
//   node scripts/report-screenshot.mjs report.html docs/report.png
// Builds nothing: make the report first, e.g. `hbase-hotspot report examples/case-study.yaml -o report.html`.
// The pointer rests near the bottom of the first heatmap so the hover text shows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/report-screenshot.mjs report.html out.png');
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), 'report-shot-'));
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args, viewport: { width: 1400, height: 1050 } });
try {
  const page = await context.newPage();
  await page.goto(pathToFileURL(resolve(input)).href);
  await page.waitForSelector('body[data-ready=true]', { timeout: 120_000 });
  const box = await page.locator('canvas.heatmap').first().boundingBox();
  if (box) await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.985);
  await page.screenshot({ path: output });
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
