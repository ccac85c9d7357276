// Jest's ESM loader cannot link a package's internal chunks on a first dynamic import() ("request
// for './version-….mjs' is not in cache"): load what POST /ag-ui/{app} imports lazily here first.
// Node itself loads them on the first request.
import '@ag-ui/core/schemas';
import '@ag-ui/encoder';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { buildAgUiChat } from '../../examples/ag-ui-chat/build.mjs';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { launchChromium } from '../support/chromium.js';

const SHOTS = resolve('test-output/browser');

function transcript(page: Page): Promise<{ role: string; lines: string[] }[]> {
  return page.$$eval('[data-testid="message"]', (items) =>
    items.map((item) => ({ role: item.getAttribute('data-role') ?? '', lines: Array.from(item.querySelectorAll('p')).map((p) => p.textContent ?? '') })),
  );
}

describe('examples/ag-ui-chat: @ag-ui/client\'s HttpAgent in Chromium against rxadk web\'s POST /ag-ui/{app}', () => {
  let server: DevServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    for (const key of ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OLLAMA_HOST']) delete process.env[key];
    const weather = await import('../../examples/apps/weather/agent.js');
    const ui = await buildAgUiChat(resolve('.tmp/ag-ui-chat'));
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf([{ name: 'weather', rootAgent: weather.rootAgent, plugins: weather.plugins }]), port: 0, ui }));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 900, height: 640 } });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await lastValueFrom(server.close(), { defaultValue: undefined });
  });

  it('shows the tool call, its result, the streamed answer and the state the client applied from the JSON Patches', async () => {
    await page.goto(`${server!.url}/?app=weather`);
    await page.fill('[data-testid="input"]', 'What is the weather in Paris?');
    await page.click('[data-testid="send"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.textContent !== 'running', undefined, { timeout: 20_000 }).catch(() => undefined);
    expect({ status: await page.textContent('[data-testid="status"]'), errors }).toEqual({ status: 'done', errors: [] });
    expect(await transcript(page)).toEqual([
      { role: 'user', lines: ['What is the weather in Paris?'] },
      { role: 'assistant', lines: ['get_weather({"city":"Paris"})'] },
      { role: 'tool', lines: ['→ {"city":"Paris","temp":23,"weather":"sunny"}'] },
      { role: 'assistant', lines: ['It is sunny in Paris, 23°C.'] },
    ]);
    const shown = JSON.parse((await page.textContent('[data-testid="state"]'))!) as Record<string, unknown>;
    const sessions = await firstValueFrom(server!.runners.sessionService.listSessions({ appName: 'weather', userId: 'user' }));
    const session = await firstValueFrom(server!.runners.sessionService.getSession({ appName: 'weather', userId: 'user', sessionId: sessions.sessions[0]!.id }));
    expect(shown).toEqual(session!.state);
    expect(shown).toMatchObject({ turns: 1 });
    await page.screenshot({ path: `${SHOTS}/ag-ui-chat-weather.png` });
    expect(errors).toEqual([]);
  }, 60_000);
});
