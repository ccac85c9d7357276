import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { of } from 'rxjs';
import type { Page } from 'playwright-core';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { App } from '../../lib/apps/app.js';
import type { AgentApp } from '../../lib/server/agent-apps.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { type DevUiFixture, startDevUi } from '../support/dev-ui-fixture.js';
import { RecordingSummarizer } from '../apps/support.js';

const OUT = join('test-output', 'dev-ui', 'compaction');

/** An app that compacts after every turn, with an instant summarizer. */
function compactingApp(): AgentApp {
  const model = new ScriptedLlm(Array.from({ length: 10 }, (_, i) => ({ content: { role: 'model', parts: [{ text: `answer ${i + 1}` }] } })));
  const summarizer = new RecordingSummarizer((events, summary) =>
    of({ ...summary, actions: { ...summary.actions, compaction: { ...summary.actions.compaction!, compactedContent: { role: 'model', parts: [{ text: `The user said ${events.filter((e) => e.author === 'user').length} thing(s).` }] } } } }),
  );
  const app = new App({ name: 'compacting', rootAgent: new LlmAgent({ name: 'compacting_agent', model }), eventsCompaction: { compactionInterval: 1, overlapSize: 0, summarizer } });
  return { name: 'compacting', rootAgent: app.rootAgent, plugins: [], app };
}

async function say(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid=message]', text);
  await page.press('[data-testid=message]', 'Enter');
  await page.waitForSelector('#status[data-busy=false]', { state: 'attached' });
}

describe("rxadk's dev UI shows a compaction as a summary row, in headless Chromium", () => {
  let fixture: DevUiFixture;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    fixture = await startDevUi([compactingApp()], 'compacting');
  }, 90_000);

  afterAll(() => fixture?.close());

  it('a reopened session lists every raw event and each compaction as one summary row, with no empty user bubble', async () => {
    const { page, pageErrors } = fixture;
    await page.selectOption('[data-testid=app-select]', 'compacting');
    await page.click('[data-testid=new-session]');
    await page.waitForFunction(() => /session=/.test(location.search));
    await say(page, 'first question');
    await say(page, 'second question');
    await page.reload();
    await page.locator('[data-testid=compaction]').nth(1).waitFor();
    await page.screenshot({ path: join(OUT, 'summary-rows.png') });
    const log = await page.$$eval('#chat-log [data-testid=bubble], #chat-log [data-testid=compaction]', (nodes) =>
      nodes
        .map((node) => (node.matches('[data-testid=compaction]') ? `summary: ${node.querySelector('.text')?.textContent}` : `${node.getAttribute('data-author')}: ${node.querySelector('.text')?.textContent}`)),
    );
    expect(log).toEqual([
      'user: first question',
      'compacting_agent: answer 1',
      'summary: The user said 1 thing(s).',
      'user: second question',
      'compacting_agent: answer 2',
      'summary: The user said 1 thing(s).',
    ]);
    expect(await page.locator('[data-testid=compaction] .compaction-label').first().textContent()).toMatch(/^Summary of the conversation/);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
