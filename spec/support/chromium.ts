import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium-options.mjs';

export { CHROMIUM_PATH };

function requireChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install Debian's package (apt-get install -y chromium; scripts/setup.sh does it) or set RXADK_CHROMIUM.`);
  }
}

/**
 * A headless Debian Chromium through playwright-core: a connection to the run's shared browser
 * when the slow lanes' global set-up started one (scripts/jest-chromium-setup.mjs), else a new
 * browser with a fresh temporary profile. Either way `close()` ends what this suite opened: its
 * contexts and pages, and the browser it started.
 */
export async function launchChromium(): Promise<Browser> {
  requireChromium();
  const shared = process.env['RXADK_CHROMIUM_WS'];
  if (shared) return chromium.connect(shared, { timeout: 60_000 });
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, timeout: 60_000, args: [...CHROMIUM_FLAGS] });
}

/** A browser context of its own on {@link launchChromium}'s browser; `close` ends both. */
export interface ChromiumProfile {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A new browser context (empty storage, kept across reloads of its pages, for tests that reload
 * pages and keep storage) on {@link launchChromium}'s browser.
 */
export async function launchChromiumProfile(viewport = { width: 1440, height: 900 }): Promise<ChromiumProfile> {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport });
  return {
    context,
    close: async () => {
      await context.close();
      await browser.close();
    },
  };
}
