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
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    await context.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.fulfill({ status: 200, body: '' }));
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
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
});
