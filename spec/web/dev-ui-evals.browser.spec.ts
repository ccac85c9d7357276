import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AgentApp } from '../../lib/server/agent-apps.js';
import { type DevUiFixture, startDevUi } from '../support/dev-ui-fixture.js';

const OUT = join('test-output', 'browser');

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
    fixture = await startDevUi([await weatherApp()], 'weather', { evalsDir });
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

  it("runs the set from the panel: the new result opens, with each metric's score, threshold and pass/fail", async () => {
    await page.click('[data-eval-set=smoke] [data-testid=run-eval-set]');
    await page.locator('#status', { hasText: 'Ran eval set smoke.' }).waitFor();
    await page.locator('[data-testid=eval-result-item].pass', { hasText: 'smoke · 1/1 passed' }).waitFor();
    await page.locator('[data-testid=eval-result] tr[data-case=paris]', { hasText: 'paris PASSED' }).waitFor();
    const rows = page.locator('[data-testid=eval-result] tr[data-eval-id=paris]');
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)));
    expect(cells).toEqual([
      ['tool_trajectory_avg_score', '1.0000', '1', 'PASSED'],
      ['response_match_score', '1.0000', '0.8', 'PASSED'],
    ]);
    await page.screenshot({ path: join(OUT, 'dev-ui-evals-result.png') });
  });

  it('a run that fails shows the failed metric; an earlier result opens on a click', async () => {
    const set = JSON.parse(readFileSync(join(evalsDir, 'weather', 'smoke.evalset.json'), 'utf8')) as { eval_cases: Array<{ conversation: Array<{ final_response: unknown }> }> };
    set.eval_cases[0]!.conversation[0]!.final_response = { role: 'model', parts: [{ text: 'Snow in Oslo.' }] };
    const put = await fetch(`${fixture.server.url}/dev/apps/weather/eval_sets/smoke/evals/paris`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(set.eval_cases[0]) });
    expect(put.status).toBe(200);
    await page.click('[data-eval-set=smoke] [data-testid=run-eval-set]');
    await page.locator('[data-testid=eval-result-item].fail', { hasText: 'smoke · 0/1 passed' }).waitFor();
    await page.locator('[data-testid=eval-result] tr[data-metric=response_match_score] td.fail:last-child', { hasText: 'FAILED' }).waitFor();
    // the earlier, passing result opens on a click
    await page.locator('[data-testid=eval-result-item].pass').click();
    await page.locator('[data-testid=eval-result-item].pass.selected').waitFor();
    await page.locator('[data-testid=eval-result] tr[data-metric=response_match_score] td.pass:last-child', { hasText: 'PASSED' }).waitFor();
  });
});
