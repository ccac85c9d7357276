import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildAngularExample, EXAMPLE_DIST } from '../../scripts/build-angular-example.mjs';
import { launchChromium } from '../support/chromium.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';

const SHOTS = resolve('test-output/browser');

interface Bubble {
  role: string;
  author: string;
  text: string;
}

/** The transcript as the user sees it. */
function transcript(page: Page): Promise<Bubble[]> {
  return page.$$eval('[data-testid="message"]', (items) =>
    items.map((item) => ({
      role: item.getAttribute('data-role') ?? '',
      author: item.querySelector('.author')?.textContent?.trim() ?? '',
      text: item.querySelector('.text')?.textContent?.trim() ?? '',
    })),
  );
}

async function send(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid="input"]', text);
  await page.click('[data-testid="send"]');
}

const status = (page: Page, value: string) =>
  page.waitForFunction((expected) => document.querySelector('[data-testid="status"]')?.textContent?.trim() === expected, value, { timeout: 20_000 });

describe('examples/angular-chat (built with ng build, in Chromium)', () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    await buildAngularExample();
    server = await serveDirectory(EXAMPLE_DIST);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 900, height: 800 } });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="input"]', { timeout: 20_000 });
    mkdirSync(SHOTS, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('answers a message, streaming the text into the bubble', async () => {
    // Record every text the agent's bubble shows, to see the answer grow chunk by chunk.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { agentTexts: string[] }).agentTexts = seen;
      new MutationObserver(() => {
        const bubbles = document.querySelectorAll('[data-role="agent"] .text');
        const text = bubbles[bubbles.length - 1]?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.querySelector('[data-testid="transcript"]')!, { subtree: true, childList: true, characterData: true });
    });
    await send(page, 'hello');
    await status(page, 'done');
    const answer = 'Hello! I am an offline model running inside this page. Try "research black holes".';
    expect(await transcript(page)).toEqual([
      { role: 'user', author: 'you', text: 'hello' },
      { role: 'agent', author: 'assistant', text: answer },
    ]);
    const texts = await page.evaluate(() => (window as unknown as { agentTexts: string[] }).agentTexts);
    expect(texts.at(-1)).toBe(answer);
    expect(texts.some((text) => text.length < answer.length && answer.startsWith(text))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/angular-chat-answer.png` });
  }, 60_000);

  it('Cancel during a slow answer unsubscribes the turn: the tool sees its abort signal, nothing more arrives, the chat goes on', async () => {
    await send(page, 'research black holes');
    await page.waitForSelector('[data-role="tool"]:has-text("⚙ research({\\"topic\\":\\"black holes\\"})")', { timeout: 20_000 });
    expect(await page.locator('[data-testid="status"]').textContent()).toBe('answering');
    await page.screenshot({ path: `${SHOTS}/angular-chat-running.png` });
    await page.click('[data-testid="cancel"]');
    await status(page, 'stopped');
    expect(await page.locator('[data-testid="activity"] li').allTextContents()).toEqual([
      'research "black holes": abort signal fired, the tool stopped',
    ]);
    expect(await page.locator('[data-testid="cancel"]').count()).toBe(0);
    expect((await transcript(page)).slice(2)).toEqual([
      { role: 'user', author: 'you', text: 'research black holes' },
      { role: 'tool', author: 'assistant', text: '⚙ research({"topic":"black holes"})' },
      { role: 'notice', author: 'rxadk', text: 'Stopped: the turn was unsubscribed.' },
    ]);

    await send(page, 'thanks');
    await status(page, 'done');
    const after = await transcript(page);
    expect(after.at(-1)).toEqual({
      role: 'agent',
      author: 'assistant',
      text: 'You said "thanks". I am an offline rule model; try "hello" or "research black holes".',
    });
    // the cancelled call is answered first (whole turns), never with the tool's result
    expect(after.filter((bubble) => /Here is what I found|research:/.test(bubble.text))).toEqual([
      { role: 'tool', author: 'assistant', text: '↳ research: {"error":"The call was interrupted before it finished."}' },
    ]);
    expect(errors).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/angular-chat-cancelled.png`, fullPage: true });
  }, 60_000);
});
