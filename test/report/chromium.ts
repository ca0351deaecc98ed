/**
 * Headless Chromium (Debian's `chromium` package) driven by playwright-core, for the report's browser tests and
 * benchmark. Each launch gets a fresh profile directory; nothing is fetched from the network.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

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
