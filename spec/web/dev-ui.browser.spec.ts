import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AgentApp } from '../../lib/server/agent-apps.js';
import type { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import { type DevUiFixture, lastTurnRows, startDevUi } from '../support/dev-ui-fixture.js';

const OUT = join('test-output', 'dev-ui');

/** The demo apps, offline: their modules pick DemoLlm when GEMINI_API_KEY is empty at import time. */
async function demoApps(): Promise<AgentApp[]> {
  process.env['GEMINI_API_KEY'] = '';
  process.env['GOOGLE_API_KEY'] = '';
  const weather = await import('../../examples/apps/weather/agent.js');
  const hr = await import('../../examples/apps/hr/agent.js');
  return [
    { name: 'weather', rootAgent: weather.rootAgent, plugins: [] },
    { name: 'hr', rootAgent: hr.rootAgent, plugins: [] },
  ];
}

/** True when `expected` appears in `actual` in this order (other items may come between). */
function inOrder(actual: readonly string[], expected: readonly string[]): boolean {
  let at = 0;
  for (const item of actual) if (item === expected[at]) at++;
  return at === expected.length;
}

async function openApp(page: Page, app: string): Promise<string> {
  await page.selectOption('[data-testid=app-select]', app);
  await page.click('[data-testid=new-session]');
  const id = page.locator('[data-testid=session-id]');
  await id.waitFor();
  return (await id.textContent()) ?? '';
}

async function say(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid=message]', text);
  await page.press('[data-testid=message]', 'Enter');
}

describe('rxadk web: the dev UI in headless Chromium', () => {
  let fixture: DevUiFixture;
  let page: Page;
  let standIn: GeminiStandIn;
  let pageErrors: string[];

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    fixture = await startDevUi(await demoApps(), 'weather');
    ({ page, standIn, pageErrors } = fixture);
  }, 90_000);

  afterAll(() => fixture?.close());

  it('weather: creates a session, streams the answer, and shows the timeline with the callbacks in order', async () => {
    const sessionId = await openApp(page, 'weather');
    expect(sessionId).not.toBe('');
    expect(await page.getAttribute(`[data-session-id="${sessionId}"]`, 'class')).toContain('selected');

    await say(page, 'What is the weather in Paris?');

    const answer = page.locator('[data-testid=bubble][data-author=weather_agent][data-streaming=false]');
    await answer.waitFor();
    expect(await answer.locator('.text').textContent()).toBe('It is sunny in Paris, 23°C.');
    // the text arrived in several partial events, appended to the bubble as they came
    expect(Number(await answer.getAttribute('data-chunks'))).toBeGreaterThan(1);
    expect(await page.locator('[data-testid=tool-call]').last().textContent()).toBe('→ get_weather({"city":"Paris"})');
    expect(await page.locator('[data-testid=tool-result]').last().textContent()).toContain('"weather":"sunny"');

    await page.waitForSelector('#status[data-busy=false]', { state: 'attached' });
    const rows = await lastTurnRows(page);
    expect(
      inOrder(rows, [
        'onUserMessage', 'beforeRun', 'beforeAgent',
        'beforeModel', 'afterModel', 'onEvent', 'event:final',      // the model asks for get_weather
        'beforeTool', 'afterTool', 'onEvent', 'event:final',        // the tool's response
        'beforeModel', 'onEvent', 'event:partial', 'onEvent', 'event:partial', // the answer, streamed
        'afterModel', 'onEvent', 'event:final', 'afterAgent', 'afterRun',
      ]),
    ).toBe(true);
    expect(rows.indexOf('beforeTool')).toBeGreaterThan(rows.indexOf('afterModel'));
    const timelineText = await page.locator('[data-testid=turn]:last-of-type').innerText();
    expect(timelineText).toContain('stateDelta: {"turns":1}');
    expect(timelineText).toContain('functionCall: get_weather({"city":"Paris"})');
    expect(timelineText).toContain('callbacks ×1');

    await page.waitForFunction(() => document.querySelector('[data-testid=state]')?.textContent?.includes('"turns": 1'));
    await page.$eval('[data-testid=timeline]', (timeline) => timeline.scrollTo(0, 0)); // show the turn from its start
    await page.screenshot({ path: join(OUT, 'weather.png') });
  }, 60_000);

  it('hr: a confirmation request shows Approve / Reject; approving runs the tool and shows its result', async () => {
    await openApp(page, 'hr');
    await say(page, 'I need 3 days off for a family trip');

    const card = page.locator('[data-testid=confirmation]');
    await card.waitFor();
    expect(await card.locator('.hint').textContent()).toBe('Approve 3 day(s) off (a family trip)?');
    await page.screenshot({ path: join(OUT, 'hr-confirmation.png') });

    await card.locator('button[data-action=approve]').click();

    const result = page.locator('[data-testid=tool-result]', { hasText: '"status":"approved"' });
    await result.waitFor();
    expect(await result.textContent()).toBe('↩ request_vacation: {"status":"approved","days":3}');
    await page.locator('[data-testid=bubble][data-author=hr_assistant]', { hasText: 'Approved: enjoy your 3 days off!' }).waitFor();
    expect(await card.getAttribute('data-answer')).toBe('approved');
    expect(await card.locator('button[data-action=approve]').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid=bubble][data-author=user]').last().textContent()).toBe('✓ Approved');

    expect(await page.locator('[data-testid=turn]:last-of-type .said').textContent()).toBe('“approved”');
    const rows = await lastTurnRows(page);
    expect(inOrder(rows, ['onUserMessage', 'beforeAgent', 'beforeTool', 'afterTool', 'onEvent', 'event:final', 'beforeModel', 'afterModel', 'afterRun'])).toBe(true);
    await page.screenshot({ path: join(OUT, 'hr-approved.png') });
  }, 60_000);

  it('a stored session reopens with its chat, its timeline and the confirmation already answered', async () => {
    const sessionId = (await page.locator('[data-testid=session-id]').textContent())!;
    await page.reload();
    await page.waitForSelector('[data-testid=app-select] option[value=hr]', { state: 'attached' });
    await page.selectOption('[data-testid=app-select]', 'hr');
    await page.click(`[data-session-id="${sessionId}"]`);

    await page.locator('[data-testid=bubble]', { hasText: 'Approved: enjoy your 3 days off!' }).waitFor();
    expect(await page.locator('[data-testid=turn]').count()).toBe(2);
    const card = page.locator('[data-testid=confirmation]');
    expect(await card.getAttribute('data-answer')).toBe('approved');
    expect(await card.locator('button[data-action=approve]').isDisabled()).toBe(true);
    const rows = await lastTurnRows(page);
    expect(rows).toContain('afterTool');
    // the streamed chunks are not stored, but their onEvent entries bring them back
    expect(rows).toContain('event:partial');

    // "streamed chunks" unchecked hides the partial rows
    const partialRow = page.locator('[data-testid=turn]:last-of-type li.row[data-partial]').first();
    expect(await partialRow.isVisible()).toBe(true);
    await page.uncheck('#show-partials');
    expect(await partialRow.isVisible()).toBe(false);
    await page.check('#show-partials');
  }, 60_000);

  it('Stop cancels a running turn: the connection closes and the model request is aborted', async () => {
    const sessionId = await openApp(page, 'slow');
    await say(page, 'Take your time');
    await page.locator('[data-testid=bubble][data-author=slow_agent][data-streaming=true]', { hasText: 'Let me think' }).waitFor();
    expect(await page.isEnabled('[data-testid=stop]')).toBe(true);

    await page.click('[data-testid=stop]');

    await standIn.whenDisconnected(1);
    expect(standIn.disconnects).toBe(1);
    await page.locator('.note', { hasText: 'Stopped' }).waitFor();
    expect(await page.isEnabled('[data-testid=send]')).toBe(true);
    await page.waitForFunction(() => document.querySelector('[data-testid=event-count]')?.textContent === '1');
    expect(await page.textContent(`[data-session-id="${sessionId}"] .id`)).toBe(sessionId);
  }, 60_000);

  it('the page logged no errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
