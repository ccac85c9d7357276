// rxadk's own dev UI in live text mode (issue 27): the Live box opens one WS /run_live
// conversation, typed messages go out over it, the answers stream into the chat; in headless
// Chromium, Gemini (the real @google/genai live client) against GeminiLiveStandIn.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { firstValueFrom } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { Gemini } from '../../lib/models/gemini.js';
import type { DevServer } from '../../lib/server/dev-server.js';
import { GeminiLiveStandIn, type GeminiLiveStep } from '../../lib/testing/gemini-live-stand-in.js';
import { type DevUiFixture, startDevUi } from '../support/dev-ui-fixture.js';

const OUT = join('test-output', 'dev-ui', 'live');
const text = (t: string): GeminiLiveStep => ({ send: { serverContent: { modelTurn: { parts: [{ text: t }] } } } });
const turnComplete: GeminiLiveStep = { send: { serverContent: { turnComplete: true } } };

describe("rxadk's own dev UI, live text mode (headless Chromium, Gemini Live stand-in)", () => {
  let fixture: DevUiFixture;
  let server: DevServer;
  let page: Page;
  let standIn: GeminiLiveStandIn;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    standIn = await GeminiLiveStandIn.start({ connections: [[
      { await: 'clientContent' }, text('Bonjour'), text(' le monde.'), turnComplete,
      { await: 'clientContent' }, text('Encore.'), turnComplete,
    ]] });
    const model = new Gemini({ model: 'gemini-live-2.5-flash-preview', apiKey: 'test-key', httpOptions: { baseUrl: standIn.baseUrl } });
    fixture = await startDevUi([{ name: 'voice', rootAgent: new LlmAgent({ name: 'voice_agent', model }), plugins: [] }], 'voice');
    ({ server, page } = fixture);
  }, 90_000);

  afterAll(async () => {
    await page?.screenshot({ path: join(OUT, 'live-text.png') }).catch(() => undefined);
    await fixture?.close();
    await standIn?.close();
  });

  it('ticking Live opens one conversation: typed messages go out over it, answers stream in; unticking closes it, and the session holds the turns', async () => {
    await page.selectOption('[data-testid=app-select]', 'voice');
    await page.click('[data-testid=new-session]');
    await page.waitForFunction(() => /session=/.test(location.search));
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    await page.check('[data-testid=live-mode]');
    const say = async (message: string) => {
      await page.fill('[data-testid=message]', message);
      await page.press('[data-testid=message]', 'Enter');
    };
    await say('Hello');
    const answers = page.locator('[data-testid=bubble][data-author=voice_agent]');
    await answers.filter({ hasText: 'Bonjour le monde.' }).waitFor();
    await say('Again');
    await answers.filter({ hasText: 'Encore.' }).waitFor();
    expect(await page.locator('[data-streaming=true]').count()).toBe(0);
    expect(await page.locator('[data-testid=bubble][data-author=user]').count()).toBe(2); // each typed message once
    await page.locator('#session-details', { hasText: /Events\s*4/ }).waitFor(); // read again at each turnComplete
    expect(standIn.connections).toHaveLength(1);
    expect(standIn.connections[0]!.setup).toMatchObject({ generationConfig: { responseModalities: ['TEXT'] } });
    expect(standIn.received('clientContent')).toEqual([
      { turns: [{ role: 'user', parts: [{ text: 'Hello' }] }], turnComplete: true },
      { turns: [{ role: 'user', parts: [{ text: 'Again' }] }], turnComplete: true },
    ]);
    await page.uncheck('[data-testid=live-mode]');
    await standIn.until((s) => s.connections[0]!.closed);
    const session = await firstValueFrom(server.runners.sessionService.getSession({ appName: 'voice', userId: 'user', sessionId }));
    expect(session!.events.map((e) => [e.author, e.content?.parts?.[0]?.text])).toEqual([
      ['user', 'Hello'],
      ['voice_agent', 'Bonjour le monde.'],
      ['user', 'Again'],
      ['voice_agent', 'Encore.'],
    ]);
    expect(await answers.count()).toBe(2);
    expect(fixture.pageErrors).toEqual([]);
  }, 60_000);
});
