import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import type { AgentApp } from '../../lib/server/agent-apps.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { Gemini } from '../../lib/models/gemini.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { findAdkWeb } from '../../lib/server/find-adk-web.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import { launchChromium } from '../support/chromium.js';
import { adkWebPage } from './support/adk-web-page.js';
import { notesApp } from '../support/notes-app.js';

const OUT = join('test-output', 'adk-web');

/** The answers rxadk documents as not built (eval sets, results and metrics, the builder): 501. */
const DOCUMENTED_501 = /\/(dev\/)?apps\/[^/]+\/(eval_sets|eval-sets|eval_results|eval-results|eval_metrics|metrics-info|builder)(\/|\?|$)/;

/** The demo apps, offline: their modules pick DemoLlm when no provider key is set at import time. */
async function demoApps(): Promise<AgentApp[]> {
  for (const key of ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OLLAMA_HOST']) process.env[key] = '';
  const weather = await import('../../examples/apps/weather/agent.js');
  const hr = await import('../../examples/apps/hr/agent.js');
  return [
    { name: 'weather', rootAgent: weather.rootAgent, plugins: [] },
    { name: 'hr', rootAgent: hr.rootAgent, plugins: [] },
    notesApp,
  ];
}

const STORY = 'Once upon a time there was a fox.';

/** `story`: Gemini (the real client) against a stand-in that streams the story in three chunks, each once the page shows the one before. */
function storyApp(standIn: GeminiStandIn): AgentApp {
  const model = new Gemini({ model: 'gemini-2.5-flash', apiKey: 'test-key', httpOptions: { baseUrl: standIn.baseUrl } });
  return { name: 'story', rootAgent: new LlmAgent({ name: 'storyteller', model }), plugins: [] };
}

async function say(page: Page, text: string): Promise<void> {
  const box = page.locator('textarea').first();
  await box.fill(text);
  await box.press('Enter');
}

/** Opens `app` afresh (adk-web starts a session with the first message, and puts its id in the URL). */
async function openApp(page: Page, server: DevServer, app: string): Promise<void> {
  await page.goto(`${server.url}/dev-ui/?app=${app}`);
  await page.locator('textarea').first().waitFor();
}

function sessionIdOf(page: Page): string {
  return new URL(page.url()).searchParams.get('session') ?? '';
}

const SUITE = "Google's adk-web (@google/adk-devtools 2.0.0) on rxadk web, in headless Chromium";

describe(SUITE, () => {
  let server: DevServer;
  let browser: Browser;
  let page: Page;
  let standIn: GeminiStandIn;
  const problems: string[] = [];
  const answered501: string[] = [];

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    const adkWeb = findAdkWeb([process.cwd()]);
    if (!adkWeb) throw new Error('adk-web is not installed: scripts/setup.sh unpacks @google/adk-devtools@2.0.0 into node_modules.');
    const chunk = (text: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text }] } }] });
    // the next chunk goes out once the page shows the text so far: each partial state is on screen
    // before the next one, however loaded the machine is (a clock let them merge under load)
    const shown = ['Once upon', 'Once upon a time'];
    const nextChunk = (sent: number) =>
      page.waitForFunction((text) => document.body.innerText.includes(text), shown[sent - 1]!, { timeout: 20_000 });
    standIn = await GeminiStandIn.start({ script: [{ chunks: [chunk('Once upon'), chunk(' a time'), chunk(' there was a fox.')], nextChunk }] });
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf([...(await demoApps()), storyApp(standIn)]), port: 0, adkWeb }));
    browser = await launchChromium();
    page = await adkWebPage(browser, problems);
    page.on('response', (response) => {
      if (response.status() < 400) return;
      if (response.status() === 501 && DOCUMENTED_501.test(response.url())) answered501.push(response.url());
      else problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 501/.test(message.text())) problems.push(`console: ${message.text()}`);
    });
  });

  afterEach(async () => {
    const title = (expect.getState().currentTestName ?? 'test').slice(SUITE.length + 1);
    const name = title.replace(/\W+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
    await page.screenshot({ path: join(OUT, `${name}.png`) });
    expect(problems.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await lastValueFrom(server.close(), { defaultValue: undefined });
    await standIn?.close();
  });

  it('loads at /dev-ui/ (/ redirects there) and shows rxadk\'s version', async () => {
    await page.goto(server.url);
    expect(new URL(page.url()).pathname).toBe('/dev-ui/');
    await openApp(page, server, 'weather');
    await page.getByText('0.1.0').first().waitFor();
    expect(answered501.length).toBeGreaterThan(0); // eval sets and the builder: the documented 501s
  });

  it('chats with token streaming: the answer grows chunk by chunk, then is whole', async () => {
    await openApp(page, server, 'story');
    await page.click('button[aria-label="More options"]');
    await page.click('[role=menuitem]:has-text("Streaming")');
    await page.keyboard.press('Escape');
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(/Once upon[^\n]*/.exec(document.body.innerText)?.[0] ?? '')).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const request = page.waitForRequest((r) => r.url().endsWith('/run_sse'));
    await say(page, 'Tell me a story.');
    expect(JSON.parse((await request).postData() ?? '{}')).toMatchObject({ appName: 'story', streaming: true });
    await page.getByText(STORY).first().waitFor();
    const seen = new Set(await page.evaluate(() => (window as unknown as { seen: string[] }).seen));
    expect(seen.has('Once upon')).toBe(true);
    expect(seen.has('Once upon a time')).toBe(true);
  });

  it('chats with a tool, and draws the agent graph of the selected event', async () => {
    await openApp(page, server, 'weather');
    await say(page, 'What is the weather in Paris?');
    await page.getByText('It is sunny in Paris, 23°C.').first().waitFor();
    // Drawn by adk-web from rxadk's DOT (build_graph_image, events/{id}/graph)
    await page.locator('svg text', { hasText: 'get_weather' }).first().waitFor();
    await page.locator('svg text', { hasText: 'weather_agent' }).first().waitFor();
  });

  it('lists the session with today\'s date', async () => {
    await page.click('button[mattooltip="Select a session"]');
    const today = new Date().toLocaleDateString('en-US');
    await page.locator('.session-item .session-date').first().waitFor();
    const dates = await page.locator('.session-item .session-date').allTextContents();
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => date.startsWith(today))).toBe(true);
  });

  it('renames the session: PATCH stores the display name, and the list shows it', async () => {
    const id = sessionIdOf(page);
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/sessions/${id}`));
    const edit = page.locator('app-inline-edit').first();
    await edit.locator('button[aria-label="Edit"]').click();
    await edit.locator('input:not([readonly])').fill('Paris weather');
    await edit.locator('input').press('Enter');
    expect((await patched).status()).toBe(200);
    const session = (await (await fetch(`${server.url}/apps/weather/users/user/sessions/${id}`)).json()) as { state: Record<string, { displayName?: string }> };
    expect(session.state['__session_metadata__']?.displayName).toBe('Paris weather');
    await page.reload();
    await page.click('button[mattooltip="Select a session"]');
    await page.locator('.session-item', { hasText: 'Paris weather' }).first().waitFor();
    await page.click('.mat-drawer-backdrop');
  });

  it('shows the run\'s spans in the Traces tab', async () => {
    await page.click('button:has-text("Traces")');
    for (const name of ['weather_agent', 'call_llm', 'get_weather']) await page.getByText(name, { exact: true }).first().waitFor();
    await expect(page.getByText(/Total latency: 0us/).count()).resolves.toBe(0);
    await page.click('button:has-text("Events")');
  });

  it('approves the hr confirmation', async () => {
    await openApp(page, server, 'hr');
    await say(page, 'I need 3 days off for a family trip');
    await page.getByText('Approve 3 day(s) off (a family trip)?').waitFor();
    await page.getByText('Confirmed', { exact: true }).click();
    await page.click('button.form-submit-button');
    await page.getByText('Approved: enjoy your 3 days off!').waitFor();
  });

  it('rejects the hr confirmation', async () => {
    await openApp(page, server, 'hr');
    await say(page, 'I need 2 days off for a move');
    await page.getByText('Approve 2 day(s) off (a move)?').waitFor();
    await page.click('button.form-submit-button');
    await page.getByText('Your request was rejected.').waitFor();
  });

  it('shows an artifact with its versions', async () => {
    await openApp(page, server, 'notes');
    await say(page, 'note: buy milk');
    await page.getByText('Saved version 0 of notes.txt.').waitFor();
    await say(page, 'note: buy bread');
    await page.getByText('Saved version 1 of notes.txt.').waitFor();
    await page.click('[role=tab]:has-text("Artifacts")');
    await page.locator('app-artifact-tab').getByText('buy bread').waitFor();
    await page.locator('app-artifact-tab mat-select').first().click();
    await page.click('mat-option:has-text("0")');
    await page.locator('app-artifact-tab').getByText('buy milk').waitFor();
  });
});
