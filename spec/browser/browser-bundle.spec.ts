import { stop as stopEsbuild } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { type BrowserBundle, buildBrowserBundle } from '../../browser/build-browser-bundle.js';
import { NodeOnlyImportError } from '../../browser/node-only-import-error.js';
import type { PageApi } from '../../browser/page-api.js';
import { launchChromium } from '../support/chromium.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';

const OUT = resolve('test-output/browser/bundle');
const SCREENSHOT = resolve('test-output/browser/rxadk-in-the-browser.png');

describe('the root entry, bundled for the browser', () => {
  let bundle: BrowserBundle;
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    bundle = await buildBrowserBundle({ outDir: OUT });
    server = await serveDirectory(OUT);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stopEsbuild(); // esbuild's service process would keep Jest alive
  });

  it('holds the whole root entry and ScriptedLlm, and no Node-only import', () => {
    expect(bundle.sources).toEqual(
      expect.arrayContaining(['lib/index.ts', 'lib/runner/runner.ts', 'lib/models/gemini.ts', 'lib/testing/scripted-llm.ts', 'browser/main.ts']),
    );
    expect(bundle.sources.filter((file) => /lib\/(sqlite|postgres|files|mcp|config|cli|services)\//.test(file))).toEqual([]);
    expect(bundle.packages).toEqual(expect.arrayContaining(['rxjs', '@google/genai', 'ajv', 'nanoid']));
    // (the openai and Anthropic SDKs mention `import('node:buffer')` in an error message's prose: not an import)
    expect(readFileSync(bundle.file, 'utf8')).not.toMatch(/(?<!`import\()["']node:[a-z_]/);
  });

  it('fails, naming the importer, when a Node-only module is reachable (rxadk/files reads the disk)', async () => {
    const entry = join(OUT, '..', 'node-only-entry.ts');
    mkdirSync(join(OUT, '..'), { recursive: true });
    writeFileSync(entry, `export { InMemoryRunner } from '${resolve('lib/index.js')}';\nexport { FileArtifactService } from '${resolve('lib/files/index.js')}';\n`);
    const failure = await buildBrowserBundle({ outDir: join(OUT, '..', 'node-only'), entryPoint: entry, withPage: false }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NodeOnlyImportError);
    const found = (failure as NodeOnlyImportError).imports;
    expect(found.map((i) => i.module)).toEqual(expect.arrayContaining(['node:fs/promises', 'node:path']));
    expect(found.every((i) => i.how === 'unresolved' && i.importer?.startsWith('lib/files/'))).toBe(true);
    expect((failure as Error).message).toMatch(/Node-only modules:\n {2}- node:[\w/]+ \(imported by lib\/files\/[\w-]+\.ts:\d+\)/);
  });

  it('runs an agent in the page: a tool call, a streamed answer, a confirmation approved with a click', async () => {
    await page.goto(server!.url);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'waiting for confirmation', null, { timeout: 20_000 });
    const beforeApproval = await renderedEvents(page);
    expect(beforeApproval).toEqual([
      'user: What is the weather in Paris?',
      'travel_agent: call get_weather({"city":"Paris"})',
      'travel_agent: get_weather returned {"city":"Paris","sky":"sunny","temp":22}',
      '~ travel_agent: It is ',
      '~ travel_agent: sunny in ',
      '~ travel_agent: Paris, 22°C.',
      'travel_agent: It is sunny in Paris, 22°C.',
      'user: Book me a trip to Paris.',
      'travel_agent: call book_trip({"city":"Paris"})',
      expect.stringMatching(/^travel_agent: call adk_request_confirmation\(\{"originalFunctionCall":\{.*"name":"book_trip".*\}\)$/),
      'travel_agent: book_trip returned {"error":"This tool call requires confirmation, please approve or reject."}',
    ]);
    expect(await page.locator('#confirmation').textContent()).toContain('book_trip({"city":"Paris"}) asks for confirmation');

    await page.click('#approve');
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'done', null, { timeout: 20_000 });
    expect((await renderedEvents(page)).slice(beforeApproval.length)).toEqual([
      'user: (confirmation answer)',
      'travel_agent: book_trip returned {"booked":true,"city":"Paris"}',
      '~ travel_agent: Booked: ',
      '~ travel_agent: enjoy Paris!',
      'travel_agent: Booked: enjoy Paris!',
    ]);
    expect(JSON.parse((await page.locator('#state').textContent()) ?? '{}')).toEqual({ model_calls: 4, last_answer: 'Booked: enjoy Paris!' });
    expect(await page.locator('#confirmation button').count()).toBe(0);
    expect(errors).toEqual([]);
    mkdirSync(resolve('test-output/browser'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  });

  it('cancels in the page too: unsubscribing fires the running tool\'s abort signal and stores nothing more', async () => {
    const outcome = await page.evaluate(() => {
      const { FunctionTool, InMemoryRunner, LlmAgent, ScriptedLlm, simplifyEvent } = (window as unknown as { rxadk: PageApi }).rxadk;
      let aborted = false;
      const forever = new FunctionTool({
        name: 'wait_forever',
        description: 'Never finishes on its own.',
        execute: (_args, ctx) => {
          ctx.abortSignal.addEventListener('abort', () => void (aborted = true));
          return new Promise(() => undefined);
        },
      });
      const model = new ScriptedLlm([{ content: { role: 'model', parts: [{ functionCall: { name: 'wait_forever', args: {} } }] } }]);
      const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'waiter', model, tools: [forever] }), autoCreateSession: true });
      const seen: string[] = [];
      const turn = { userId: 'u', sessionId: 's', newMessage: { role: 'user', parts: [{ text: 'go' }] } };
      const subscription = runner.runAsync(turn).subscribe((event) => seen.push(simplifyEvent(event)));
      const abortedBefore = aborted;
      subscription.unsubscribe();
      return { seen, abortedBefore, aborted, model: model.callCount };
    });
    expect(outcome).toEqual({ seen: ['waiter: call wait_forever({})'], abortedBefore: false, aborted: true, model: 1 });
  });
});

/** The turns' headings and their events, in page order. */
function renderedEvents(page: Page): Promise<string[]> {
  return page.$$eval('#events h3, #events li', (items) => items.map((item) => item.textContent ?? ''));
}
