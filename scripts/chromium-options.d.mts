// Types of scripts/chromium-options.mjs, for the specs that use it.

/** Debian's Chromium, or another one named by RXADK_CHROMIUM. */
export const CHROMIUM_PATH: string;
/** Headless, no sandbox (root), no GPU, and no background network traffic. */
export const CHROMIUM_FLAGS: readonly string[];
