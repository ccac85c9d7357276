import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium (package `chromium`, installed by scripts/setup.sh), or another one named by RXADK_CHROMIUM. */
export const CHROMIUM_PATH = process.env['RXADK_CHROMIUM'] ?? '/usr/bin/chromium';

/** The flags this machine needs: headless, no sandbox (root), no GPU, and no background network traffic. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function requireChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install Debian's package (apt-get install -y chromium; scripts/setup.sh does it) or set RXADK_CHROMIUM.`);
  }
}

/** Starts Debian's Chromium headless through playwright-core (a fresh temporary profile per launch). */
export async function launchChromium(): Promise<Browser> {
  requireChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, timeout: 60_000, args: FLAGS });
}

/** A headless Chromium with a profile folder of its own; `close` ends it and removes the folder. */
export interface ChromiumProfile {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Starts Chromium with a new empty user-data dir (for tests that reload pages and keep storage). */
export async function launchChromiumProfile(viewport = { width: 1440, height: 900 }): Promise<ChromiumProfile> {
  requireChromium();
  const profile = mkdtempSync(join(tmpdir(), 'rxadk-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: FLAGS, viewport, timeout: 30_000 });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
