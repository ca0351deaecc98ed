// Screenshot of an HTML report in headless Chromium (the README's docs/report.png):
//   node scripts/report-screenshot.mjs report.html docs/report.png [--zone UTC] [--hover 0.55,0.5] [--zoom 0.4,0.6,0,1]
//     [--size 1600x1200]
// Builds nothing: make the report first, e.g. `hbase-hotspot report examples/case-study.yaml -o report.html`, or give
// the address `hbase-hotspot serve` printed (http://...) for the live page.
// The before/after picture (docs/report-before-after.png) is the case study's two designs as a before/after page:
//   hbase-hotspot simulate examples/case-study.yaml --record out
//   (cd out && hbase-hotspot report 1-timestamp-first.series.ndjson 2-salted-device-reverse-time.series.ndjson \
//     --samples-before 1-timestamp-first.samples.ndjson --samples-after 2-salted-device-reverse-time.samples.ndjson -o before-after.html)
//   node scripts/report-screenshot.mjs out/before-after.html docs/report-before-after.png --hover none --size 1600x1480
// --zone: the browser's time zone (IANA name; UTC by default, so the picture does not depend on the machine).
// --zoom: every panel's view as fractions of the whole (time from, to; key space from, to), as a drag would set it.
// --hover: where the pointer rests on the first heatmap, as fractions of its width and height, so the hover text
// shows (default 0.7,0.985); a negative height puts it on the brightest pixel of that column (the hottest spot);
// `none` leaves the pointer off the page (no hover text).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const argv = process.argv.slice(2);
function option(name, fallback) {
  const at = argv.indexOf(name);
  if (at < 0) return fallback;
  const value = argv[at + 1];
  if (value === undefined) {
    console.error(`${name} needs a value`);
    process.exit(2);
  }
  argv.splice(at, 2);
  return value;
}
function numbers(name, text, count) {
  const list = text.split(/[,x]/).map(Number);
  if (list.length !== count || list.some((n) => !Number.isFinite(n))) {
    console.error(`${name}: expected ${count} numbers, got "${text}"`);
    process.exit(2);
  }
  return list;
}
const zone = option('--zone', 'UTC');
const hoverText = option('--hover', '0.7,0.985');
const hover = hoverText === 'none' ? null : numbers('--hover', hoverText, 2);
const zoomText = option('--zoom', '');
const zoom = zoomText ? numbers('--zoom', zoomText, 4) : null;
const [width, height] = numbers('--size', option('--size', '1400x1050'), 2);
const [input, output] = argv;
if (!input || !output) {
  console.error('usage: node scripts/report-screenshot.mjs report.html out.png [--zone UTC] [--hover fx,fy | --hover none] [--zoom t0,t1,k0,k1] [--size WxH]');
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), 'report-shot-'));
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args, viewport: { width, height }, timezoneId: zone });
try {
  const page = await context.newPage();
  await page.goto(/^https?:\/\//.test(input) ? input : pathToFileURL(resolve(input)).href);
  await page.waitForSelector('body[data-ready=true]', { timeout: 120_000 });
  if (zoom) {
    await page.evaluate(`hotspotReport.panels.forEach((p) => p.setView({ ta: ${zoom[0]} * p.T, tb: ${zoom[1]} * p.T, va: ${zoom[2]}, vb: ${zoom[3]} }))`);
  }
  const box = await page.locator('canvas.heatmap').first().boundingBox();
  let fy = hover?.[1] ?? 0;
  if (hover && fy < 0) {
    fy = await page.evaluate(`(() => {
      const cv = document.querySelector('canvas.heatmap'), x = Math.floor(${hover[0]} * cv.width);
      const px = cv.getContext('2d').getImageData(x, 0, 1, cv.height).data;
      let best = 0;
      for (let y = 0; y < cv.height; y++) if (px[y * 4] + px[y * 4 + 1] > px[best * 4] + px[best * 4 + 1]) best = y;
      return (best + 0.5) / cv.height;
    })()`);
  }
  if (box && hover) await page.mouse.move(box.x + box.width * hover[0], box.y + box.height * fy);
  await page.screenshot({ path: output });
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
