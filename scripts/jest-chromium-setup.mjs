// The slow lanes' global set-up (jest.config.ts): one headless Chromium for the whole run, started
// before the first suite of the "slow" project (Jest runs a project's global set-up only when one
// of its suites runs). The browser suites connect to it (spec/support/chromium.ts: each suite gets
// a connection and contexts of its own, closed with it) instead of starting a browser each.
// scripts/jest-chromium-teardown.mjs closes it. Without Chromium installed, nothing is started and
// the browser suites say what to install.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium-options.mjs';

export default async function startSharedChromium() {
  if (!existsSync(CHROMIUM_PATH) || process.env.RXADK_CHROMIUM_WS) return;
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, timeout: 60_000, args: [...CHROMIUM_FLAGS] });
  process.env.RXADK_CHROMIUM_WS = server.wsEndpoint();
  globalThis.rxadkSharedChromium = server;
}
