// rxadk/ag-ui's AdkAgent in the browser: bundled by esbuild for the browser platform (no Node
// built-in may be reached), it runs an agent in the page and @ag-ui/client applies its events.
import { build, stop as stopEsbuild } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';

const OUT = resolve('test-output/browser/adk-agent-page');

describe('AdkAgent (rxadk/ag-ui) in the browser, in Chromium', () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    await build({ entryPoints: [resolve('spec/browser/support/adk-agent-page.ts')], bundle: true, platform: 'browser', format: 'esm', outfile: join(OUT, 'page.js'), logLevel: 'silent' });
    writeFileSync(join(OUT, 'index.html'), '<!doctype html><html><body><pre id="result"></pre><script type="module" src="page.js"></script></body></html>');
    server = await serveDirectory(OUT);
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stopEsbuild();
  });

  it('runs a turn with a tool in the page: lifecycle, tool and streamed text events, the messages and the state', async () => {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server!.url);
    await page.waitForFunction(() => document.getElementById('result')?.textContent !== '', null, { timeout: 20_000 });
    const result = JSON.parse((await page.textContent('#result'))!) as { types: string[]; messages: unknown[]; state: unknown; error?: string };
    expect(errors).toEqual([]);
    expect(result.error).toBeUndefined();
    expect(result.types[0]).toBe('RUN_STARTED');
    expect(result.types.at(-1)).toBe('RUN_FINISHED');
    expect(result.types).toEqual(expect.arrayContaining(['STATE_SNAPSHOT', 'STEP_STARTED', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'STATE_DELTA', 'STEP_FINISHED']));
    expect(result.types.filter((type) => type === 'TEXT_MESSAGE_CONTENT')).toHaveLength(2);
    expect(result.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'assistant', content: 'Sunny in Paris.' }),
        expect.objectContaining({ role: 'tool', content: expect.stringContaining('sunny') }),
      ]),
    );
    expect(result.state).toEqual({ asked: 'Paris' });
  });
});
