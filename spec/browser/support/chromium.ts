import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); `npx playwright install` is not used. */
export const CHROMIUM_PATH = process.env['RXADK_CHROMIUM'] ?? '/usr/bin/chromium';

/**
 * Starts Debian's Chromium headless through playwright-core, with the flags this machine needs
 * (no sandbox as root, no GPU, no background network traffic). Playwright gives every launch a
 * fresh, temporary user-data-dir. Fails with a clear message when Chromium is not installed.
 *
 * @example
 * ```ts
 * const browser = await launchChromium();
 * const page = await browser.newPage();
 * await browser.close();
 * ```
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: run "apt-get install -y chromium" (scripts/setup.sh does).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    timeout: 60_000,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
