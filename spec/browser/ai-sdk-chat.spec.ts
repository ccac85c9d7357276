import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { buildAiSdkChat } from '../../examples/ai-sdk-chat/build.mjs';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { launchChromium } from '../support/chromium.js';

const SHOTS = resolve('test-output/browser');

interface Bubble {
  role: string;
  texts: string[];
  tools: string[];
}

function transcript(page: Page): Promise<Bubble[]> {
  return page.$$eval('[data-testid="message"]', (items) =>
    items.map((item) => ({
      role: item.getAttribute('data-role') ?? '',
      texts: Array.from(item.querySelectorAll('.text')).map((text) => text.textContent?.trim() ?? ''),
      tools: Array.from(item.querySelectorAll('[data-testid="tool"], [data-testid="confirmation"]')).map((tool) => tool.textContent?.trim() ?? ''),
    })),
  );
}

async function send(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid="input"]', text);
  await page.click('[data-testid="send"]');
}

const ready = (page: Page, bubbles: number) =>
  page.waitForFunction(
    (count) => document.querySelector('[data-testid="status"]')?.textContent === 'ready' && document.querySelectorAll('[data-testid="message"]').length >= count,
    bubbles,
    { timeout: 20_000 },
  );

describe('examples/ai-sdk-chat: a React page with useChat from @ai-sdk/react (built with esbuild, in Chromium) against rxadk web\'s POST /apps/{app}/chat', () => {
  let server: DevServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    // the offline demo models of the example apps, whatever keys the environment has
    for (const key of ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OLLAMA_HOST']) delete process.env[key];
    const weather = await import('../../examples/apps/weather/agent.js');
    const hr = await import('../../examples/apps/hr/agent.js');
    const ui = await buildAiSdkChat(resolve('.tmp/ai-sdk-chat'));
    const apps = appSourceOf([
      { name: 'weather', rootAgent: weather.rootAgent, plugins: weather.plugins },
      { name: 'hr', rootAgent: hr.rootAgent, plugins: [] },
    ]);
    server = await firstValueFrom(DevServer.start({ apps, port: 0, ui }));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 900, height: 760 } });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await lastValueFrom(server.close(), { defaultValue: undefined });
  });

  it('chats with the weather agent: the streamed answer, the tool call with its result, the state as a data part', async () => {
    await page.goto(`${server!.url}/?app=weather`);
    await page.waitForSelector('[data-testid="input"]');
    await send(page, 'hello');
    await ready(page, 2);
    await send(page, 'What is the weather in Paris?');
    await ready(page, 4);
    const bubbles = await transcript(page);
    expect(bubbles).toEqual([
      { role: 'user', texts: ['hello'], tools: [] },
      { role: 'assistant', texts: ['Hello! Ask me about the weather in any city.'], tools: [] },
      { role: 'user', texts: ['What is the weather in Paris?'], tools: [] },
      { role: 'assistant', texts: ['It is sunny in Paris, 23°C.'], tools: ['get_weather({"city":"Paris"}) → {"city":"Paris","temp":23,"weather":"sunny"}'] },
    ]);
    expect(JSON.parse((await page.textContent('[data-testid="state"]'))!)).toMatchObject({ turns: 2 });
    const sessions = await firstValueFrom(server!.runners.sessionService.listSessions({ appName: 'weather', userId: 'user' }));
    expect(sessions.sessions).toHaveLength(1); // the chat id is the session, of the default user
    await page.screenshot({ path: `${SHOTS}/ai-sdk-chat-weather.png` });
    expect(errors).toEqual([]);
  }, 60_000);

  it('a confirmation waits in the page; Approve (addToolOutput) resumes the turn through sendAutomaticallyWhen', async () => {
    await page.goto(`${server!.url}/?app=hr`);
    await page.waitForSelector('[data-testid="input"]');
    await send(page, 'I need 3 days off for a family trip');
    await page.waitForSelector('[data-testid="approve"]', { timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/ai-sdk-chat-confirmation.png` });
    await page.click('[data-testid="approve"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="transcript"]')?.textContent?.includes('Approved: enjoy your 3 days off!'), undefined, { timeout: 20_000 });
    await ready(page, 2);
    const [, answer] = await transcript(page);
    expect(answer!.texts.at(-1)).toBe('Approved: enjoy your 3 days off!');
    expect(answer!.tools).toContain('request_vacation: approved');
    await page.screenshot({ path: `${SHOTS}/ai-sdk-chat-approved.png` });
    expect(errors).toEqual([]);
  }, 60_000);
});
