import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import { App } from '../../lib/apps/app.js';
import type { AgentApp } from '../../lib/server/agent-apps.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { type DevUiFixture, startDevUi } from '../support/dev-ui-fixture.js';
import { text } from '../support/llm.js';

const OUT = join('test-output', 'dev-ui', 'resume');

/** A resumable app: a sequence of three agents whose second one's model fails once. */
function flakyPipeline(calls: Record<string, number>): AgentApp {
  const counted = (name: string, model: ScriptedLlm) => {
    const original = model.generateContent.bind(model);
    model.generateContent = (request, stream) => ((calls[name] = (calls[name] ?? 0) + 1), original(request, stream));
    return new LlmAgent({ name, model });
  };
  const pipeline = new SequentialAgent({
    name: 'pipeline',
    subAgents: [counted('a', new ScriptedLlm([text('A done.')])), counted('b', new ScriptedLlm([new Error('model down'), text('B done.')])), counted('c', new ScriptedLlm([text('C done.')]))],
  });
  const app = new App({ name: 'pipeline_app', rootAgent: pipeline, resumability: { isResumable: true } });
  return { name: 'pipeline_app', rootAgent: app.rootAgent, plugins: [], app };
}

async function bubbles(page: Page): Promise<string[]> {
  return page.$$eval('#chat-log [data-testid=bubble]', (nodes) => nodes.map((node) => `${node.getAttribute('data-author')}: ${node.querySelector('.text')?.textContent}`));
}

describe("rxadk's dev UI resumes an unfinished invocation, in headless Chromium", () => {
  let fixture: DevUiFixture;
  const calls: Record<string, number> = {};

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    fixture = await startDevUi([flakyPipeline(calls)], 'pipeline_app');
  }, 90_000);

  afterAll(() => fixture?.close());

  it('offers Resume when the last invocation has no endOfAgent for its root (also after a reload); Resume carries it on and the button goes away', async () => {
    const { page, pageErrors } = fixture;
    await page.selectOption('[data-testid=app-select]', 'pipeline_app');
    await page.click('[data-testid=new-session]');
    await page.waitForFunction(() => /session=/.test(location.search));
    await page.fill('[data-testid=message]', 'go');
    await page.press('[data-testid=message]', 'Enter');
    await page.waitForSelector('#status[data-busy=false]', { state: 'attached' });
    const resume = page.locator('[data-testid=resume-invocation]');
    await resume.waitFor({ state: 'visible' });
    expect(await bubbles(page)).toEqual(['user: go', 'a: A done.']);

    await page.reload();
    await resume.waitFor({ state: 'visible' });
    const invocationId = await resume.getAttribute('data-invocation');
    expect(invocationId).toMatch(/^e-/);
    await page.screenshot({ path: join(OUT, 'resume-offered.png') });

    await resume.click();
    await page.waitForFunction(() => document.querySelectorAll('#chat-log [data-testid=bubble]').length >= 4);
    await page.waitForSelector('#status[data-busy=false]', { state: 'attached' });
    await resume.waitFor({ state: 'hidden' });
    expect(await bubbles(page)).toEqual(['user: go', 'a: A done.', 'b: B done.', 'c: C done.']);
    expect(calls).toEqual({ a: 1, b: 2, c: 1 });
    await page.screenshot({ path: join(OUT, 'resumed.png') });

    // the session's events: every one in the first invocation, the root's endOfAgent last
    const session = (await (await fetch(`${fixture.server.url}/apps/pipeline_app/users/user/sessions/${new URL(page.url()).searchParams.get('session')}`)).json()) as {
      events: Array<{ invocationId: string; author: string; actions: { endOfAgent?: boolean } }>;
    };
    expect(new Set(session.events.map((event) => event.invocationId))).toEqual(new Set([invocationId]));
    expect(session.events.at(-1)).toMatchObject({ author: 'pipeline', actions: { endOfAgent: true } });
    await page.reload();
    await page.locator('#chat-log [data-testid=bubble]').nth(3).waitFor();
    expect(await resume.isHidden()).toBe(true);
    expect(pageErrors.filter((error) => !/500|model down/.test(error))).toEqual([]);
  }, 60_000);
});
