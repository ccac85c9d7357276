// How the tests start Debian's Chromium: its path and the flags this machine needs. Used by
// spec/support/chromium.ts and by the slow lanes' global set-up (scripts/jest-chromium-setup.mjs).

/** Debian's Chromium (package `chromium`, installed by scripts/setup.sh), or another one named by RXADK_CHROMIUM. */
export const CHROMIUM_PATH = process.env.RXADK_CHROMIUM ?? '/usr/bin/chromium';

/** Headless, no sandbox (root), no GPU, and no background network traffic. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
