import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

/**
 * A page for adk-web in its own browser context, as every adk-web spec opens one: 1440 × 900
 * (unless `options` says otherwise), English, Google's web fonts (linked by adk-web's
 * index.html, and out of reach here) answered empty, 15 s for each wait, and each page error
 * pushed to `problems`.
 */
export async function adkWebPage(browser: Browser, problems: string[], options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', ...options });
  await context.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.fulfill({ status: 200, body: '' }));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return page;
}
