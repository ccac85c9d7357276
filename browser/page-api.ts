import type * as rxadk from '../lib/index.js';
import type { ScriptedLlm, simplifyEvent } from '../lib/testing/index.js';

/**
 * What the browser page exposes as `window.rxadk`: the whole root entry plus `ScriptedLlm` and
 * `simplifyEvent`, so a test (or a console) can run more of rxadk inside the page.
 *
 * @example
 * ```ts
 * const seen = await page.evaluate(() => Object.keys((window as unknown as { rxadk: PageApi }).rxadk).length);
 * ```
 */
export type PageApi = typeof rxadk & { ScriptedLlm: typeof ScriptedLlm; simplifyEvent: typeof simplifyEvent };
