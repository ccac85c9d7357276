import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AgentApp } from '../../lib/server/agent-apps.js';
import { type DevUiFixture, startDevUi } from '../support/dev-ui-fixture.js';

const OUT = join('test-output', 'browser');
const UI_DIR = join('test-output', 'dev-ui-evals', 'ui');

/** The weather demo app, offline: its module picks DemoLlm when no provider key is set at import time. */
async function weatherApp(): Promise<AgentApp> {
  for (const key of ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OLLAMA_HOST']) process.env[key] = '';
  const weather = await import('../../examples/apps/weather/agent.js');
  return { name: 'weather', rootAgent: weather.rootAgent, plugins: [] };
}

/** Answers the open dialog titled `title` with `value`, and waits for it to close. */
async function answerDialog(page: Page, title: string, value: string): Promise<void> {
  const dialog = page.locator('[data-testid=dialog]', { has: page.locator('h3', { hasText: title }) });
  await dialog.locator('[data-testid=dialog-input]').fill(value);
  await dialog.locator('[data-testid=dialog-confirm]').click();
  await dialog.waitFor({ state: 'detached' });
}

describe("rxadk web: the dev UI's evals (save a session as an eval case, run a set, read its result) in headless Chromium", () => {
  let fixture: DevUiFixture;
  let page: Page;
  let evalsDir: string;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    evalsDir = mkdtempSync(join(tmpdir(), 'rxadk-dev-ui-evals-'));
    fixture = await startDevUi(UI_DIR, [await weatherApp()], 'weather', { evalsDir });
    page = fixture.page;
  }, 90_000);

  afterAll(async () => {
    await fixture?.close();
    rmSync(evalsDir, { recursive: true, force: true });
  });

  afterEach(() => expect(fixture.pageErrors.splice(0)).toEqual([]));

  it('saves the open session as a case of a new eval set, which the panel then lists', async () => {
    await expect(page.locator('[data-testid=save-eval-case]').isDisabled()).resolves.toBe(true);
    await page.getByText('none: save a session as an eval case').waitFor();
    await page.selectOption('[data-testid=app-select]', 'weather');
    await page.click('[data-testid=new-session]');
    await page.locator('[data-testid=session-id]').waitFor();
    await page.fill('[data-testid=message]', 'What is the weather in Paris?');
    await page.press('[data-testid=message]', 'Enter');
    await page.locator('[data-testid=chat-log]').getByText('It is sunny in Paris, 23°C.').waitFor();
    await page.click('[data-testid=save-eval-case]');
    await answerDialog(page, 'Save this session as an eval case', 'smoke');
    await answerDialog(page, 'A case of smoke', 'paris');
    await page.locator('#status', { hasText: 'Saved this session as eval case paris of smoke.' }).waitFor();
    await page.locator('[data-eval-set=smoke]', { hasText: '1 case' }).waitFor();
    const file = JSON.parse(readFileSync(join(evalsDir, 'weather', 'smoke.evalset.json'), 'utf8')) as { eval_cases: Array<{ eval_id: string; conversation: Array<{ user_content: { parts: Array<{ text: string }> } }> }> };
    expect(file.eval_cases.map((c) => [c.eval_id, c.conversation[0]?.user_content.parts[0]?.text])).toEqual([['paris', 'What is the weather in Paris?']]);
  });

  it('saving the same case id again says why it cannot', async () => {
    await page.click('[data-testid=save-eval-case]');
    await answerDialog(page, 'Save this session as an eval case', 'smoke');
    await answerDialog(page, 'A case of smoke', 'paris');
    await page.locator('#status', { hasText: 'Could not save the eval case: Eval id "paris" already exists in eval set "smoke".' }).waitFor();
    // the browser logs the refused request itself
    expect(fixture.pageErrors.splice(0)).toEqual([expect.stringContaining('status of 400 (Bad Request)')]);
    await page.screenshot({ path: join(OUT, 'dev-ui-evals-saved.png') });
  });
});
