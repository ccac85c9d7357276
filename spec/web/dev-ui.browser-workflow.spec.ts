import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Event } from '../../lib/events/event.js';
import { type DevUiFixture, startDevUi } from '../support/dev-ui-fixture.js';
import { rootAgent as triage } from '../fixtures/workflows/triage/agent.js';

const OUT = join('test-output', 'dev-ui');

/** The data-ids of the graph's lit nodes and clusters. */
async function litParts(page: Page): Promise<{ nodes: string[]; clusters: string[] }> {
  return {
    nodes: await page.$$eval('[data-testid=app-graph] g.graph-node.lit', (nodes) => nodes.map((node) => node.getAttribute('data-id') ?? '')),
    clusters: await page.$$eval('[data-testid=app-graph] g.graph-cluster.lit', (clusters) => clusters.map((cluster) => cluster.getAttribute('data-id') ?? '')),
  };
}

describe("rxadk's dev UI draws a workflow app and lights an event's node (headless Chromium)", () => {
  let ui: DevUiFixture;
  let sessionId = '';
  const missing: string[] = [];

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    ui = await startDevUi([{ name: 'triage', rootAgent: triage, plugins: [] }], 'triage');
    ui.page.on('response', (response) => response.status() >= 400 && missing.push(`${response.status()} ${new URL(response.url()).pathname}`));
  }, 120_000);

  // A function node's event has no model or tool span: the inspector's span look-up answers 404
  // (and says so), which Chromium logs; nothing else may fail.
  afterEach(() => {
    const spanLookups = missing.splice(0).filter((line) => !/^404 \/dev\/apps\/triage\/debug\/trace\/[^/]+$/.test(line));
    expect(spanLookups).toEqual([]);
    expect(ui.pageErrors.splice(0).filter((error) => !/status of 404/.test(error))).toEqual([]);
  });

  afterAll(async () => {
    await ui?.close();
  });

  it('draws the graph: START, every node by kind, the nested workflow as a box, edges labelled with their routes', async () => {
    const { page } = ui;
    await page.selectOption('[data-testid=app-select]', 'triage');
    await page.locator('[data-testid=app-graph] g.graph-node[data-id=classify]').waitFor();
    const nodes = await page.$$eval('[data-testid=app-graph] g.graph-node', (all) => all.map((node) => `${node.getAttribute('data-id')}:${node.getAttribute('class')?.replace('graph-node kind-', '')}:${node.querySelector('text')?.textContent}`));
    expect(nodes.sort()).toEqual(
      ['__START__:start:START', 'classify:function:classify', 'escalate:function:escalate', 'research:start:START', 'research/gather:function:gather', 'research/rank:function:rank', 'shout:worker:shout ×4', 'open_ticket:tool:open_ticket', 'merge:join:merge', 'writer:agent:writer', 'tool:lookup:tool:lookup'].sort(),
    );
    expect(await page.$$eval('[data-testid=app-graph] g.graph-cluster', (all) => all.map((cluster) => `${cluster.getAttribute('data-id')}:${cluster.querySelector('text')?.textContent}`))).toEqual(['research:research']);
    const labels = await page.$$eval('[data-testid=app-graph] g.graph-edge text', (all) => all.map((text) => text.textContent));
    expect(labels).toEqual(expect.arrayContaining(['routine', 'urgent | default']));
    // the nested workflow sits inside its box, and the flow runs left to right
    const box = (selector: string) => page.locator(`[data-testid=app-graph] ${selector}`).first().boundingBox();
    const [cluster, rank, classify, merge] = await Promise.all([box('g.graph-cluster[data-id=research] rect'), box('g.graph-node[data-id="research/rank"]'), box('g.graph-node[data-id=classify]'), box('g.graph-node[data-id=merge]')]);
    expect(rank!.x).toBeGreaterThan(cluster!.x);
    expect(rank!.x + rank!.width).toBeLessThan(cluster!.x + cluster!.width);
    expect(classify!.x).toBeLessThan(cluster!.x);
    expect(merge!.x).toBeGreaterThan(cluster!.x + cluster!.width);
    expect(await litParts(page)).toEqual({ nodes: [], clusters: [] });
  });

  it('lights the node of the event row opened: a nested node with its box, then a top-level agent node', async () => {
    const { page, server } = ui;
    await page.click('[data-testid=new-session]');
    sessionId = (await page.locator('[data-testid=session-id]').textContent()) ?? '';
    await page.fill('[data-testid=message]', 'a routine question');
    await page.press('[data-testid=message]', 'Enter');
    await page.locator('[data-testid=bubble][data-author=writer]', { hasText: 'Findings written.' }).waitFor();
    const session = (await (await fetch(`${server.url}/apps/triage/users/user/sessions/${sessionId}`)).json()) as { events: Event[] };
    const idOf = (path: string) => session.events.find((event) => event.nodeInfo?.path === path && event.output !== undefined)?.id ?? 'none';

    await page.click(`[data-testid=timeline] li.row[data-event-id="${idOf('triage@1/research@1/rank@1')}"]`);
    expect(await litParts(page)).toEqual({ nodes: ['research/rank'], clusters: ['research'] });
    await page.locator('[data-testid=app-graph]').screenshot({ path: join(OUT, 'workflow-graph-rank.png') });

    await page.click(`[data-testid=timeline] li.row[data-event-id="${session.events.find((event) => event.author === 'writer')?.id}"]`);
    expect(await litParts(page)).toEqual({ nodes: ['writer'], clusters: [] });

    await page.click(`[data-testid=timeline] li.row[data-event-id="${idOf('triage@1/shout@1/upper@1')}"]`);
    expect(await litParts(page)).toEqual({ nodes: ['shout'], clusters: [] });
    await page.screenshot({ path: join(OUT, 'workflow.png') });
  });
});
