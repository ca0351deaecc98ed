// The HTML report at size: a table of 10,000 regions over 500 snapshots (5 million heatmap cells), with a hot key
// range and a region moving between servers. Reports the time to build the file and its size, then in headless
// Chromium (Debian's chromium via playwright-core) the first render (page load to heatmap drawn), a hover (mouse move
// to tooltip text) and a redraw after switching the colour. Targets (issue 8): first render in a few seconds, hover
// under 200 ms. Measured, never asserted. The same table is then measured with 200,000 key samples walking through
// the hot range (a write front; thinned to the 100,000 a report embeds), whose regions are drawn where their
// samples fell: the peer shows what placing samples costs.
// --small (CI): 1,000 regions over 50 snapshots.
// Usage: npx tsx bench/report.bench.ts [--small]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { KeySample, LoadSeries, RegionLoad } from '../src/model/index.js';
import { seriesReport } from '../src/report/html/build.js';
import { CHROMIUM, haveChromium, launchChromium } from '../test/report/chromium.js';

const small = process.argv.includes('--small');
const REGIONS = small ? 1_000 : 10_000;
const SNAPSHOTS = small ? 50 : 500;
const SERVERS = 20;
const table = 'bench';

function key(i: number): Uint8Array {
  return new TextEncoder().encode(i === 0 ? '' : (i * Math.floor(0xffffffff / REGIONS)).toString(16).padStart(8, '0'));
}

/** Writes per region per snapshot: 10 everywhere, 200 in regions 4,000–4,099 (scaled), growing in time. */
function series(): LoadSeries {
  const keys = Array.from({ length: REGIONS + 1 }, (_, i) => (i === REGIONS ? new Uint8Array(0) : key(i)));
  const hotFrom = Math.floor(REGIONS * 0.4);
  const hotTo = hotFrom + Math.floor(REGIONS / 100);
  const names = keys.slice(0, REGIONS).map((k, i) => ({ encoded: i.toString(16).padStart(32, '0'), text: `${table},${new TextDecoder().decode(k)},1700000000000.${i.toString(16).padStart(32, '0')}.` }));
  const snapshots = Array.from({ length: SNAPSHOTS }, (_, t) => ({
    timeMs: 1_700_000_000_000 + t * 60_000,
    table,
    regions: names.map((n, i): RegionLoad => {
      const w = t * (i >= hotFrom && i < hotTo ? 200 + t : 10);
      return {
        name: n.text, encodedName: n.encoded, startKey: keys[i] ?? new Uint8Array(0), endKey: keys[i + 1] ?? new Uint8Array(0),
        server: `rs${(i + (i === 7 && t > SNAPSHOTS / 2 ? 1 : 0)) % SERVERS}.bench,16020,1`,
        readRequests: t * 3, writeRequests: w, requests: w + t * 3, storeSizeBytes: 0,
      };
    }),
  }));
  return { table, source: { kind: 'recorded', intervalMs: 60_000 }, snapshots };
}

/** 200,000 (small: 20,000) write samples, in time order, whose keys walk through the hot range: a write front. */
function frontSamples(): KeySample[] {
  const perInterval = Math.floor((small ? 20_000 : 200_000) / (SNAPSHOTS - 1));
  const from = Math.floor(REGIONS * 0.4) * Math.floor(0xffffffff / REGIONS);
  const span = Math.floor(REGIONS / 100) * Math.floor(0xffffffff / REGIONS);
  const total = perInterval * (SNAPSHOTS - 1);
  return Array.from({ length: total }, (_, n) => {
    const t = Math.floor(n / perInterval);
    return {
      timeMs: 1_700_000_000_000 + t * 60_000 + 1 + Math.floor((n % perInterval) * 59_000 / perInterval),
      key: new TextEncoder().encode(`${(from + Math.floor(n * span / total)).toString(16).padStart(8, '0')}-row`),
      op: 'write',
      weight: 1,
    };
  });
}

/** Opens one report in headless Chromium and prints its first render, hover and redraw times. */
async function measure(file: string): Promise<void> {
  const { context, close } = await launchChromium({ width: 1400, height: 1000 });
  try {
    const page = await context.newPage();
    const start = performance.now();
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready=true]', { timeout: 300_000 });
    console.log(`  first render (navigation to heatmap drawn): ${((performance.now() - start) / 1000).toFixed(2)} s`);
    const hoverMs = await page.evaluate(`(() => {
      const cv = document.querySelector('canvas.heatmap'), rect = cv.getBoundingClientRect(), times = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        cv.dispatchEvent(new MouseEvent('mousemove', { clientX: rect.left + rect.width * (i + 0.5) / 20, clientY: rect.top + rect.height * 0.4 + i }));
        document.querySelector('.tip').textContent.length;
        times.push(performance.now() - t0);
      }
      return Math.max(...times);
    })()`);
    console.log(`  hover (mouse move to tooltip text, worst of 20): ${(hoverMs as number).toFixed(2)} ms`);
    const redrawStart = performance.now();
    await page.selectOption('select[data-control=metric]', 'share');
    console.log(`  redraw after switching the colour to share of table: ${((performance.now() - redrawStart) / 1000).toFixed(2)} s`);
    console.log(`  page says: ${await page.textContent('.panel .aggregated')}`);
  } finally {
    await close();
  }
}

console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${REGIONS} regions x ${SNAPSHOTS} snapshots`);
const dir = mkdtempSync(join(tmpdir(), 'report-bench-'));
const load = series();
const samples = frontSamples();
for (const [label, options] of [['without key samples', {}], [`with ${samples.length.toLocaleString('en-US')} key samples`, { samples }]] as const) {
  const start = performance.now();
  const html = seriesReport(load, options);
  console.log(`${label}: build ${((performance.now() - start) / 1000).toFixed(1)} s, file ${(html.length / 2 ** 20).toFixed(1)} MiB`);
  const file = join(dir, 'report.html');
  writeFileSync(file, html);
  if (haveChromium) await measure(file);
  else console.log(`  browser timings skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`);
}
rmSync(dir, { recursive: true, force: true });
