import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AgentApp } from '../../lib/server/agent-apps.js';
import type { DevServer } from '../../lib/server/dev-server.js';
import { type DevUiFixture, lastTurnRows, startDevUi } from '../support/dev-ui-fixture.js';
import { notesApp } from '../support/notes-app.js';

const OUT = join('test-output', 'dev-ui', 'fixes');
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The weather demo app (offline) and `notes` (artifacts); the fixture adds `slow`. */
async function apps(): Promise<AgentApp[]> {
  for (const key of ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OLLAMA_HOST']) process.env[key] = '';
  const weather = await import('../../examples/apps/weather/agent.js');
  return [{ name: 'weather', rootAgent: weather.rootAgent, plugins: [] }, notesApp];
}

async function openApp(page: Page, app: string): Promise<string> {
  await page.selectOption('[data-testid=app-select]', app);
  await page.click('[data-testid=new-session]');
  await page.waitForFunction(() => /session=/.test(location.search));
  return new URL(page.url()).searchParams.get('session')!;
}

async function say(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid=message]', text);
  await page.press('[data-testid=message]', 'Enter');
  await page.waitForSelector('#status[data-busy=false]', { state: 'attached' });
}

describe("rxadk's own dev UI, its fixes (issue 15), in headless Chromium", () => {
  let fixture: DevUiFixture;
  let server: DevServer;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    fixture = await startDevUi(await apps(), 'weather');
    ({ server, page, pageErrors } = fixture);
  }, 90_000);

  afterEach(async () => {
    const title = (expect.getState().currentTestName ?? 'test').replace(/^.*?in headless Chromium /, '');
    await page.screenshot({ path: join(OUT, `${title.replace(/\W+/g, '-').replace(/^-|-$/g, '').slice(0, 50)}.png`) });
  });

  afterAll(() => fixture?.close());

  it('deep links: the URL names the app and the session, and a reload reopens them', async () => {
    const sessionId = await openApp(page, 'weather');
    await say(page, 'What is the weather in Paris?');
    expect(new URL(page.url()).search).toBe(`?app=weather&session=${sessionId}`);
    await page.reload();
    await page.locator('[data-testid=session-id]', { hasText: sessionId }).waitFor();
    expect(await page.inputValue('[data-testid=app-select]')).toBe('weather');
    await page.locator('[data-testid=bubble][data-author=weather_agent]', { hasText: 'It is sunny in Paris, 23°C.' }).waitFor();
  });

  it('a reopened session shows each streamed answer once, final, after its last chunk', async () => {
    // the session above was reopened from the server: stored events + recorded hooks
    const answers = page.locator('[data-testid=bubble][data-author=weather_agent]');
    expect(await answers.count()).toBe(1);
    expect(await answers.first().locator('.text').textContent()).toBe('It is sunny in Paris, 23°C.');
    expect(await page.locator('[data-streaming=true]').count()).toBe(0);
    const rows = await lastTurnRows(page);
    expect(rows.filter((row) => row === 'event:partial').length).toBeGreaterThan(1);
    expect(rows.lastIndexOf('event:final')).toBeGreaterThan(rows.lastIndexOf('event:partial'));
  });

  it('the inspector shows a row\'s raw event, and the model request and response behind it', async () => {
    const answerRow = page.locator('[data-testid=turn]:last-of-type li.row[data-kind=event]:not([data-partial])').last();
    const eventId = (await answerRow.getAttribute('data-event-id'))!;
    expect(eventId).toBeTruthy();
    await answerRow.click();
    const raw = JSON.parse((await page.locator('[data-testid=inspector-raw]').textContent())!) as { id: string; author: string };
    expect(raw).toMatchObject({ id: eventId, author: 'weather_agent' });
    expect(await page.locator('[data-testid=inspector]').textContent()).toContain(`Event ${eventId}`);
    await page.locator('[data-testid=inspector-model-request]').waitFor();
    expect(await page.locator('[data-testid=inspector-model-request]').textContent()).toContain('What is the weather in Paris?');
    expect(await page.locator('[data-testid=inspector-model-response]').textContent()).toContain('It is sunny in Paris, 23°C.');
    await page.locator('[data-testid=turn]:last-of-type li.row[data-kind=event]', { hasText: 'functionResponse' }).first().click();
    await page.locator('[data-testid=inspector-tool-response]').waitFor();
    expect(await page.locator('[data-testid=inspector-tool-response]').textContent()).toContain('sunny');
    await page.locator('[data-testid=turn]:last-of-type li.row[data-hook=beforeTool]').click();
    expect(await page.locator('[data-testid=inspector-raw]').textContent()).toContain('"hook": "beforeTool"');
    await page.locator('[data-testid=inspector-tool-arguments]', { hasText: 'Paris' }).waitFor();
    // a model step (its hook rows) opens the request and the response of that model call
    await page.locator('[data-testid=turn]:last-of-type li.row[data-hook=afterModel]:not([data-partial])').first().click();
    expect(await page.locator('[data-testid=inspector-raw]').textContent()).toContain('"hook": "afterModel"');
    await page.locator('[data-testid=inspector-model-response]', { hasText: 'get_weather' }).waitFor();
    expect(await page.locator('[data-testid=inspector-model-request]').textContent()).toContain('What is the weather in Paris?');
    await page.locator('[data-testid=turn]:last-of-type li.row[data-hook=beforeModel]').last().click();
    await page.locator('[data-testid=inspector-model-response]', { hasText: 'It is sunny in Paris, 23°C.' }).waitFor();
    expect(await page.locator('[data-testid=inspector-model-request]').textContent()).toContain('"temp": 23');
    expect(await page.locator('li.row.selected').count()).toBe(1);
    // from the keyboard: Enter on a focused row
    await page.locator('[data-testid=turn]:last-of-type li.row[data-hook=afterTool]').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=inspector-raw]', { hasText: '"hook": "afterTool"' }).waitFor();
  });

  it('rename: the display name shows in the list and the panel, and stays after a reload', async () => {
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    await page.click('[data-testid=rename-session]');
    await page.fill('[data-testid=dialog-input]', 'Paris trip');
    await page.click('[data-testid=dialog-confirm]');
    await page.locator(`[data-session-id="${sessionId}"] [data-testid=session-name]`, { hasText: 'Paris trip' }).waitFor();
    expect(await page.textContent('[data-testid=session-display-name]')).toBe('Paris trip');
    await page.reload();
    await page.locator(`[data-session-id="${sessionId}"] [data-testid=session-name]`, { hasText: 'Paris trip' }).waitFor();
    const stored = (await (await fetch(`${server.url}/apps/weather/users/user/sessions/${sessionId}`)).json()) as { state: Record<string, unknown> };
    expect(stored.state['__session_metadata__']).toEqual({ displayName: 'Paris trip' });
  });

  it('delete asks first: Cancel keeps the session, Delete removes it', async () => {
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    await page.click('[data-testid=delete-session]');
    await page.locator('[data-testid=dialog]').waitFor();
    await page.click('[data-testid=dialog-cancel]');
    await page.locator('[data-testid=dialog]').waitFor({ state: 'detached' });
    expect(await page.locator(`[data-session-id="${sessionId}"]`).count()).toBe(1);
    expect((await fetch(`${server.url}/apps/weather/users/user/sessions/${sessionId}`)).status).toBe(200);
    await page.click('[data-testid=delete-session]');
    await page.click('[data-testid=dialog-confirm]');
    await page.locator(`[data-session-id="${sessionId}"]`).waitFor({ state: 'detached' });
    expect((await fetch(`${server.url}/apps/weather/users/user/sessions/${sessionId}`)).status).toBe(404);
    expect(new URL(page.url()).search).toBe('?app=weather');
  });

  it('artifacts open in a viewer with their versions: text, JSON and images', async () => {
    await openApp(page, 'notes');
    await say(page, 'note: buy milk');
    await say(page, 'note: buy bread');
    await say(page, `file: data.json application/json ${Buffer.from('{"city":"Paris","temp":23}').toString('base64')}`);
    await say(page, `file: pixel.png image/png ${PIXEL_PNG}`);
    await page.click('[data-artifact="notes.txt"]');
    await page.locator('[data-testid=artifact-text]', { hasText: 'buy bread' }).waitFor();
    expect(await page.inputValue('[data-testid=artifact-version]')).toBe('1');
    await page.selectOption('[data-testid=artifact-version]', '0');
    await page.locator('[data-testid=artifact-text]', { hasText: 'buy milk' }).waitFor();
    await page.click('[data-artifact="data.json"]');
    await page.locator('[data-testid=artifact-text]', { hasText: '"city": "Paris"' }).waitFor();
    await page.click('[data-artifact="pixel.png"]');
    await page.locator('[data-testid=artifact-image]').waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid=artifact-image]') as HTMLImageElement | null)?.naturalWidth === 1);
    // an open artifact stays open through the next turn, at its new latest version
    await page.click('[data-artifact="notes.txt"]');
    await page.locator('[data-testid=artifact-text]', { hasText: 'buy bread' }).waitFor();
    await say(page, 'note: buy eggs');
    await page.locator('[data-testid=artifact-text]', { hasText: 'buy eggs' }).waitFor();
    expect(await page.inputValue('[data-testid=artifact-version]')).toBe('2');
    expect(await page.locator('[data-testid=artifact-version] option').count()).toBe(3);
  });

  it('Stop: the bubble loses its cursor and is marked cancelled, and the timeline says so', async () => {
    await openApp(page, 'slow');
    await page.fill('[data-testid=message]', 'Take your time');
    await page.press('[data-testid=message]', 'Enter');
    await page.locator('[data-testid=bubble][data-author=slow_agent][data-streaming=true]').waitFor();
    await page.click('[data-testid=stop]');
    await page.locator('[data-testid=bubble][data-author=slow_agent][data-cancelled=true]').waitFor();
    expect(await page.locator('[data-streaming=true]').count()).toBe(0);
    expect((await lastTurnRows(page)).at(-1)).toBe('cancelled');
    // reopened (the chunk comes back from the recorded hooks): still one bubble, no cursor, cancelled
    await page.reload();
    await page.locator('[data-testid=bubble][data-author=slow_agent][data-cancelled=true]', { hasText: 'Let me think' }).waitFor();
    expect(await page.locator('[data-testid=bubble][data-author=slow_agent]').count()).toBe(1);
    expect(await page.locator('[data-streaming=true]').count()).toBe(0);
    expect((await lastTurnRows(page)).at(-1)).toBe('cancelled');
  });

  it('a deep link to a session that is gone says so, and leaves the session closed', async () => {
    await page.goto(`${server.url}/?app=weather&session=gone-for-good`);
    await page.locator('[data-testid=chat-log] .error', { hasText: 'gone-for-good' }).waitFor();
    expect(await page.inputValue('[data-testid=app-select]')).toBe('weather');
    expect(await page.isDisabled('[data-testid=message]')).toBe(true);
    expect(await page.isDisabled('[data-testid=delete-session]')).toBe(true);
    // the browser logs each 404 it fetched (session, trace, artifacts) as a console error: only those
    const notFound = pageErrors.filter((error) => /status of 404/.test(error));
    expect(notFound.length).toBeGreaterThan(0);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !notFound.includes(error)));
  });

  it('with no session open, the first message creates one and is sent in it (as adk-web does)', async () => {
    const sessionsOf = async () => (await (await fetch(`${server.url}/apps/weather/users/user/sessions`)).json()) as { id: string }[];
    const before = (await sessionsOf()).map((session) => session.id);
    await page.goto(`${server.url}/?app=weather`);
    await page.waitForSelector('[data-testid=app-select] option[value=weather]', { state: 'attached' });
    expect(await page.isEnabled('[data-testid=message]')).toBe(true);
    expect(await page.getAttribute('[data-testid=message]', 'placeholder')).toMatch(/start a new session/);
    expect(await page.isDisabled('[data-testid=delete-session]')).toBe(true);
    await page.fill('[data-testid=message]', 'What is the weather in Paris?');
    await page.press('[data-testid=message]', 'Enter');
    await page.press('[data-testid=message]', 'Enter'); // again, while the session is made or once the composer is empty: no second session
    await page.locator('[data-testid=bubble][data-author=weather_agent]', { hasText: 'It is sunny in Paris, 23°C.' }).waitFor();
    await page.waitForSelector('#status[data-busy=false]', { state: 'attached' });

    const created = (await sessionsOf()).map((session) => session.id).filter((id) => !before.includes(id));
    expect(created).toHaveLength(1);
    expect(new URL(page.url()).search).toBe(`?app=weather&session=${created[0]}`);
    await page.locator(`[data-session-id="${created[0]}"].selected`).waitFor();
    expect(await page.textContent('[data-testid=session-id]')).toBe(created[0]);
    expect(await page.inputValue('[data-testid=message]')).toBe('');
    expect(await page.getAttribute('[data-testid=message]', 'placeholder')).toBe('Type a message… (Enter sends)');
    expect(await page.locator('[data-testid=turn]').count()).toBe(1);
    const stored = (await (await fetch(`${server.url}/apps/weather/users/user/sessions/${created[0]}`)).json()) as { events: { author: string; content?: { parts?: { text?: string }[] } }[] };
    const userTexts = stored.events.filter((event) => event.author === 'user').map((event) => event.content?.parts?.[0]?.text);
    expect(userTexts).toEqual(['What is the weather in Paris?']);
    expect(stored.events.at(-1)?.content?.parts?.[0]?.text).toBe('It is sunny in Paris, 23°C.');
  });

  it('when that session cannot be created, the error shows and the message stays in the composer', async () => {
    await page.goto(`${server.url}/?app=weather`);
    await page.waitForSelector('[data-testid=app-select] option[value=weather]', { state: 'attached' });
    await page.route('**/apps/weather/users/user/sessions', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"the store is down"}' }) : route.fallback(),
    );
    try {
      const logged = page.waitForEvent('console', (message) => /status of 503/.test(message.text()));
      await page.fill('[data-testid=message]', 'Hello?');
      await page.press('[data-testid=message]', 'Enter');
      await page.locator('[data-testid=chat-log] .error', { hasText: 'the store is down' }).waitFor();
      await logged;
      expect(await page.inputValue('[data-testid=message]')).toBe('Hello?');
      expect(await page.isEnabled('[data-testid=send]')).toBe(true);
      expect(new URL(page.url()).search).toBe('?app=weather');
    } finally {
      await page.unroute('**/apps/weather/users/user/sessions');
    }
    // the browser logs the failed request as a console error: only that one
    const refused = pageErrors.filter((error) => /status of 503/.test(error));
    expect(refused).toHaveLength(1);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !refused.includes(error)));
  });

  it('the page logged no errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
