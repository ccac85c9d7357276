import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import type { AgentApp } from '../../lib/server/agent-apps.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { findAdkWeb } from '../../lib/server/find-adk-web.js';
import { launchChromium } from '../support/chromium.js';
import { adkWebPage } from './support/adk-web-page.js';

const OUT = join('test-output', 'browser');

/** The weather demo app, offline: its module picks DemoLlm when no provider key is set at import time. */
async function weatherApp(): Promise<AgentApp> {
  for (const key of ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OLLAMA_HOST']) process.env[key] = '';
  const weather = await import('../../examples/apps/weather/agent.js');
  return { name: 'weather', rootAgent: weather.rootAgent, plugins: [] };
}

const SUITE = "Google's adk-web (@google/adk-devtools 2.0.0): the Evals tab on rxadk web, in headless Chromium";

describe(SUITE, () => {
  let server: DevServer;
  let browser: Browser;
  let page: Page;
  let evalsDir: string;
  const problems: string[] = [];
  const evalRequests: string[] = [];

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    evalsDir = mkdtempSync(join(tmpdir(), 'rxadk-adk-web-evals-'));
    const adkWeb = findAdkWeb([process.cwd()]);
    if (!adkWeb) throw new Error('adk-web is not installed: scripts/setup.sh unpacks @google/adk-devtools@2.0.0 into node_modules.');
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf([await weatherApp()]), evalsDir, port: 0, adkWeb }));
    browser = await launchChromium();
    page = await adkWebPage(browser, problems);
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('request', (request) => {
      if (/\/dev\/apps\/weather\/(eval|metrics)/.test(request.url())) evalRequests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    // the builder is the one thing rxadk answers 501 (documented); nothing else may fail
    page.on('response', (response) => {
      if (response.status() >= 400 && !(response.status() === 501 && /\/builder(\?|$)/.test(response.url()))) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 501/.test(message.text())) problems.push(`console: ${message.text()}`);
    });
  });

  afterEach(async () => {
    const title = (expect.getState().currentTestName ?? 'test').slice(SUITE.length + 1);
    const name = title.replace(/\W+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
    await page.screenshot({ path: join(OUT, `adk-web-evals-${name}.png`) });
    expect(problems.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await lastValueFrom(server.close(), { defaultValue: undefined });
    rmSync(evalsDir, { recursive: true, force: true });
  });

  it('creates an eval set from the Evals tab (POST eval-sets with the execution modes); the set is stored as ADK stores it', async () => {
    await page.goto(`${server.url}/dev-ui/?app=weather`);
    const box = page.locator('textarea').first();
    await box.fill('What is the weather in Paris?');
    await box.press('Enter');
    await page.getByText('It is sunny in Paris, 23°C.').first().waitFor();
    await page.click('[role=tab]:has-text("Evals")');
    await page.getByText('Create Evaluation Set', { exact: true }).click();
    const dialog = page.locator('mat-dialog-container');
    await dialog.locator('input').fill('smoke');
    await dialog.locator('button:has-text("Create")').click();
    await page.getByText('smoke', { exact: true }).first().waitFor();
    expect(evalRequests).toContain('POST /dev/apps/weather/eval-sets');
    expect(existsSync(join(evalsDir, 'weather', 'smoke.evalset.json'))).toBe(true);
  });

  it('adds the current session to the set as a case', async () => {
    await page.getByText('smoke', { exact: true }).first().click();
    await page.click('button:has-text("From Current Session")');
    const dialog = page.locator('mat-dialog-container');
    await dialog.locator('input').fill('paris');
    await dialog.locator('button:has-text("Create")').click();
    await page.getByText('paris', { exact: true }).first().waitFor();
    const set = JSON.parse(readFileSync(join(evalsDir, 'weather', 'smoke.evalset.json'), 'utf8')) as { eval_cases: Array<{ eval_id: string }> };
    expect(set.eval_cases.map((c) => c.eval_id)).toEqual(['paris']);
  });

  it("runs the set (run_eval with the dialog's metrics) and shows each metric's score and pass/fail", async () => {
    // a second case whose expected answer is wrong, made over the API from the same session: it must fail
    const sessionId = new URL(page.url()).searchParams.get('session') ?? '';
    const added = await fetch(`${server.url}/dev/apps/weather/eval_sets/smoke/add_session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ evalId: 'wrong', sessionId, userId: 'user' }) });
    expect(added.status).toBe(200);
    const wrong = (await (await fetch(`${server.url}/dev/apps/weather/eval_sets/smoke/evals/wrong`)).json()) as { conversation: Array<{ finalResponse: unknown }> };
    wrong.conversation[0]!.finalResponse = { role: 'model', parts: [{ text: 'Heavy rain over Rome all week.' }] };
    expect((await fetch(`${server.url}/dev/apps/weather/eval_sets/smoke/evals/wrong`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(wrong) })).status).toBe(200);
    await page.locator('button', { has: page.locator('mat-icon', { hasText: /^refresh$/ }) }).first().click();
    await page.getByText('wrong', { exact: true }).waitFor();

    const run = page.waitForResponse((r) => r.url().endsWith('/dev/apps/weather/eval_sets/smoke/run_eval'));
    await page.click('button:has-text("Run All")');
    await page.locator('mat-dialog-container').getByText('EVALUATION METRICS').waitFor();
    await page.locator('mat-dialog-container button:has-text("Start")').click();
    const answer = await run;
    expect(JSON.parse(answer.request().postData() ?? '{}')).toEqual({
      evalIds: ['paris', 'wrong'],
      evalMetrics: [
        { metricName: 'tool_trajectory_avg_score', threshold: 1 },
        { metricName: 'response_match_score', threshold: 0.7 },
      ],
    });
    const rows = (await answer.json()) as Array<{ evalId: string; finalEvalStatus: number; overallEvalMetricResults: Array<{ metricName: string; score: number; evalStatus: number }> }>;
    const byCase = new Map(rows.map((row) => [row.evalId, row]));
    expect(byCase.get('paris')!.finalEvalStatus).toBe(1);
    expect(byCase.get('paris')!.overallEvalMetricResults.map((m) => [m.metricName, m.score, m.evalStatus])).toEqual([
      ['tool_trajectory_avg_score', 1, 1],
      ['response_match_score', 1, 1],
    ]);
    expect(byCase.get('wrong')!.finalEvalStatus).toBe(2);
    expect(byCase.get('wrong')!.overallEvalMetricResults.map((m) => [m.metricName, m.evalStatus])).toEqual([
      ['tool_trajectory_avg_score', 1],
      ['response_match_score', 2],
    ]);
    // the run history: one pass, one fail; per case how many metrics passed
    await page.getByText('1 PASS').first().waitFor();
    await page.getByText('1 FAIL').first().waitFor();
    await page.locator('.status-card__history-case', { hasText: 'paris' }).getByText('2/2').waitFor();
    await page.locator('.status-card__history-case', { hasText: 'wrong' }).getByText('1/2').waitFor();
  });

  it("opens a result: the eval session, with each metric's score against its threshold", async () => {
    const opened = page.waitForResponse((r) => /\/apps\/weather\/users\/user\/sessions\/___eval___session___/.test(r.url()));
    await page.locator('.status-card__history-case', { hasText: 'wrong' }).click();
    expect((await opened).status()).toBe(200);
    await page.getByText('It is sunny in Paris, 23°C.').first().waitFor();
    // the score of each metric against its threshold: "Tool Trajectory 1.00 / 1.00", "Response Match 0.00 / 0.70"
    const scores = /Tool Trajectory\s*1\.00\s*\/\s*1\.00[\s\S]*Response Match\s*0\.00\s*\/\s*0\.70/;
    await page.waitForFunction((pattern) => new RegExp(pattern).test(document.body.innerText), scores.source);
    expect((await (await fetch(`${server.url}/dev/apps/weather/eval_results`)).json()) as string[]).toHaveLength(1);
  });
});
