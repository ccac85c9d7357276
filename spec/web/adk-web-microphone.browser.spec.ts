// adk-web's microphone on rxadk web, in headless Chromium with a fake microphone
// (--use-fake-device-for-media-stream --use-fake-ui-for-media-stream), Gemini Live stand-in as the model.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { Gemini } from '../../lib/models/gemini.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { findAdkWeb } from '../../lib/server/find-adk-web.js';
import { GeminiLiveStandIn } from '../../lib/testing/gemini-live-stand-in.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../support/chromium.js';
import { adkWebPage } from './support/adk-web-page.js';

const OUT = join('test-output', 'adk-web');

describe("adk-web's microphone on rxadk web (Chromium, fake microphone, Gemini Live stand-in)", () => {
  let server: DevServer;
  let browser: Browser;
  let page: Page;
  let standIn: GeminiLiveStandIn;
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    const adkWeb = findAdkWeb([process.cwd()]);
    if (!adkWeb) throw new Error('adk-web is not installed: scripts/setup.sh unpacks @google/adk-devtools@2.0.0 into node_modules.');
    standIn = await GeminiLiveStandIn.start({ connections: [[
      { await: 'realtimeInput' },
      { await: 'realtimeInput' },
      { send: { serverContent: { inputTranscription: { text: 'What time is it?', finished: true } } } },
      { send: { serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: Buffer.alloc(4800).toString('base64') } }] } } } },
      { send: { serverContent: { outputTranscription: { text: 'It is noon.', finished: true } } } },
      { send: { serverContent: { turnComplete: true } } },
    ]] });
    const model = new Gemini({ model: 'gemini-live-2.5-flash-preview', apiKey: 'test-key', httpOptions: { baseUrl: standIn.baseUrl } });
    const apps = appSourceOf([{ name: 'voice', rootAgent: new LlmAgent({ name: 'voice_agent', model }), plugins: [] }]);
    server = await firstValueFrom(DevServer.start({ apps, port: 0, adkWeb, log: () => undefined }));
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      timeout: 60_000,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
    });
    page = await adkWebPage(browser, problems, { permissions: ['microphone'] });
  }, 90_000);

  afterAll(async () => {
    await page?.screenshot({ path: join(OUT, 'microphone.png') }).catch(() => undefined);
    await browser?.close();
    if (server) await lastValueFrom(server.close(), { defaultValue: undefined });
    await standIn?.close();
  });

  it('16 kHz PCM blobs reach the model, its audio plays, the transcriptions show in the chat and are stored', async () => {
    await page.goto(`${server.url}/dev-ui/?app=voice`);
    await page.locator('textarea').first().waitFor();
    await page.locator('app-call-controls button').first().click();
    await standIn.until((s) => s.received('realtimeInput').length >= 2);
    const audio = standIn.received('realtimeInput')[0]!['audio'] as { mimeType: string; data: string };
    expect(audio.mimeType).toMatch(/^audio\/pcm/);
    const bytes = Buffer.from(audio.data, 'base64').length;
    expect(bytes).toBeGreaterThan(0);
    expect(bytes % 2).toBe(0); // 16-bit samples
    expect(standIn.connections).toHaveLength(1);
    await page.getByText('It is noon.').first().waitFor();
    await page.getByText('What time is it?').first().waitFor();
    const sessionId = new URL(page.url()).searchParams.get('session') ?? '';
    const session = await firstValueFrom(server.runners.sessionService.getSession({ appName: 'voice', userId: 'user', sessionId }));
    expect(session?.events.map((e) => [e.author, e.inputTranscription?.text ?? e.outputTranscription?.text])).toEqual([
      ['user', 'What time is it?'],
      ['voice_agent', 'It is noon.'],
    ]);
    expect(problems).toEqual([]);
  }, 60_000);
});
