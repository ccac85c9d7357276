// runLive in the browser bundle: the page's rxadk (bundled by esbuild for the browser) talks to the
// Gemini Live stand-in through @google/genai's browser WebSocket client, in real Chromium.
import { stop as stopEsbuild } from 'esbuild';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildBrowserBundle } from '../../browser/build-browser-bundle.js';
import type { PageApi } from '../../browser/page-api.js';
import { GeminiLiveStandIn } from '../../lib/testing/gemini-live-stand-in.js';
import { launchChromium } from '../support/chromium.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';

const OUT = resolve('test-output/browser/live-bundle');

describe('runLive in the browser bundle (Chromium, against GeminiLiveStandIn)', () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let standIn: GeminiLiveStandIn | undefined;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    await buildBrowserBundle({ outDir: OUT });
    server = await serveDirectory(OUT);
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await standIn?.close();
    await stopEsbuild();
  });

  it('a text turn and a tool call over the browser WebSocket; the socket is closed at the end', async () => {
    standIn = await GeminiLiveStandIn.start({ connections: [[
      { await: 'clientContent' },
      { send: { toolCall: { functionCalls: [{ id: 'w1', name: 'get_weather', args: { city: 'Paris' } }] } } },
      { send: { serverContent: { turnComplete: true } } },
      { await: 'toolResponse' },
      { send: { serverContent: { modelTurn: { parts: [{ text: 'Sunny ' }] } } } },
      { send: { serverContent: { modelTurn: { parts: [{ text: 'in Paris.' }] } } } },
      { send: { serverContent: { turnComplete: true } } },
    ]] });
    await page.goto(server!.url);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'waiting for confirmation', null, { timeout: 20_000 });
    const result = await page.evaluate(async (baseUrl) => {
      const { Gemini, InMemoryRunner, LiveRequestQueue, LlmAgent, FunctionTool } = (window as unknown as { rxadk: PageApi }).rxadk;
      const weather = new FunctionTool({ name: 'get_weather', description: 'Weather.', execute: ({ city }) => ({ city, sky: 'sunny' }) });
      const agent = new LlmAgent({ name: 'voice', model: new Gemini({ model: 'gemini-live-2.5-flash-preview', apiKey: 'test', httpOptions: { baseUrl } }), tools: [weather] });
      const runner = new InMemoryRunner({ agent, appName: 'live', autoCreateSession: true });
      const queue = new LiveRequestQueue();
      const seen: string[] = [];
      let turns = 0;
      queue.sendContent({ role: 'user', parts: [{ text: 'Weather in Paris?' }] }); // held until the connection is up
      await new Promise<void>((done, fail) =>
        runner.runLive({ userId: 'u', sessionId: 's', liveRequestQueue: queue, runConfig: { responseModalities: ['TEXT'] } }).subscribe({
          next: (e) => {
            const part = e.content?.parts?.[0];
            seen.push(`${e.partial ? '~ ' : ''}${e.author}: ${part?.text ?? (part?.functionCall ? `call ${part.functionCall.name}` : part?.functionResponse ? `response ${JSON.stringify(part.functionResponse.response)}` : e.turnComplete ? '(turn complete)' : '?')}`);
            if (e.turnComplete && ++turns === 2) queue.close();
          },
          error: (error: Error) => fail(error),
          complete: () => done(),
        }),
      ).then(() => undefined, (error: Error) => seen.push(`error: ${error.message}`));
      return seen;
    }, standIn.baseUrl);
    expect(result).toEqual([
      'user: Weather in Paris?',
      'voice: call get_weather',
      'voice: response {"city":"Paris","sky":"sunny"}',
      'voice: (turn complete)',
      '~ voice: Sunny ',
      '~ voice: in Paris.',
      'voice: Sunny in Paris.',
      'voice: (turn complete)',
    ]);
    expect(standIn.received('toolResponse')).toEqual([{ functionResponses: [{ id: 'w1', name: 'get_weather', response: { city: 'Paris', sky: 'sunny' } }] }]);
    await standIn.until((s) => s.connections[0]!.closed);
    expect(errors).toEqual([]);
  });
});
