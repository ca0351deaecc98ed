/**
 * Headless Chromium (Debian's `chromium` package) driven by playwright-core, for the report's browser tests and
 * benchmark. Each launch gets a fresh profile directory; nothing is fetched from the network.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserContext, type Page, chromium } from 'playwright-core';

/** Where Debian installs Chromium. */
export const CHROMIUM = '/usr/bin/chromium';

/** True when the Chromium binary is installed. */
export const haveChromium = existsSync(CHROMIUM);

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Launches Chromium with a fresh profile and the given time zone (IANA name, UTC by default, so no test depends on the
 * machine's zone); `close` shuts it down and removes the profile.
 */
export async function launchChromium(viewport = { width: 1400, height: 1000 }, timezoneId = 'UTC'): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'report-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport, timezoneId });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Writes `html` to a fresh temporary file and opens it in a new Chromium page, waiting until the report's script says
 * it is ready (`body[data-ready=true]`). `errors` collects the page's uncaught script errors.
 */
export async function openReportPage(html: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const file = join(mkdtempSync(join(tmpdir(), 'report-page-')), 'report.html');
  writeFileSync(file, html);
  const { context, close } = await launchChromium();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('body[data-ready=true]', { timeout: 60_000 });
  return { page, errors, close };
}

/**
 * Hovers the report's key-space heatmap at fractions `fx`, `fy` (0 to 1) of its width and height and reads back the
 * pixel there as [r, g, b] (0 to 255) and the hover text the page then shows.
 */
export function heatmapCell(page: Page, fx: number, fy: number): Promise<{ rgb: number[]; tip: string }> {
  return page.evaluate(`(() => {
    const cv = document.querySelector('canvas.heatmap'), rect = cv.getBoundingClientRect();
    const fx = ${fx}, fy = ${fy};
    const px = Math.floor(fx * cv.width), py = Math.floor(fy * cv.height);
    cv.dispatchEvent(new MouseEvent('mousemove', { clientX: rect.left + fx * rect.width, clientY: rect.top + fy * rect.height }));
    return { rgb: [...cv.getContext('2d').getImageData(px, py, 1, 1).data].slice(0, 3), tip: document.querySelector('.tip').textContent };
  })()`) as Promise<{ rgb: number[]; tip: string }>;
}
