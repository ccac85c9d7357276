import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { findAdkWeb } from '../../lib/server/find-adk-web.js';
import { launchChromium } from '../support/chromium.js';
import { adkWebPage } from './support/adk-web-page.js';
import { rootAgent as triage } from '../fixtures/workflows/triage/agent.js';

const OUT = join('test-output', 'adk-web');

/**
 * What adk-web drew for one graph node: its title (the DOT id; adk-web replaces it with "Not run
 * in this invocation" on nodes the run did not reach), its label, its shape's stroke width, and
 * whether it marked it not run.
 */
interface DrawnNode {
  title: string;
  label: string;
  strokeWidth: string | null;
  unvisited: boolean;
}

/** The nodes, cluster titles and edge labels of the first rendered graph that has a node titled `name`. */
async function drawnGraph(page: Page, name: string): Promise<{ nodes: DrawnNode[]; clusters: string[]; labels: string[] }> {
  await page.locator('svg g.node > title', { hasText: new RegExp(`^${name}$`) }).first().waitFor({ state: 'attached' });
  return page.evaluate((wanted) => {
    const svg = Array.from(document.querySelectorAll('svg')).find((candidate) => Array.from(candidate.querySelectorAll('g.node > title')).some((title) => title.textContent === wanted))!;
    return {
      nodes: Array.from(svg.querySelectorAll('g.node')).map((node) => ({
        title: node.querySelector(':scope > title')?.textContent ?? '',
        label: Array.from(node.querySelectorAll('text')).map((text) => Array.from(text.childNodes).filter((child) => child.nodeType === Node.TEXT_NODE).map((child) => child.nodeValue).join('')).join(' '),
        strokeWidth: node.querySelector('ellipse, polygon, path, rect')?.getAttribute('stroke-width') ?? null,
        unvisited: node.classList.contains('unvisited-node'),
      })),
      clusters: Array.from(svg.querySelectorAll('g.cluster > title')).map((title) => title.textContent ?? ''),
      labels: Array.from(svg.querySelectorAll('g.edge text')).map((text) => text.textContent?.trim() ?? ''),
    };
  }, name);
}

const byLabel = (nodes: DrawnNode[], label: string): DrawnNode | undefined => nodes.find((node) => node.label === label);

describe("Google's adk-web (@google/adk-devtools 2.0.0) draws a workflow app served by rxadk web, in headless Chromium", () => {
  let server: DevServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    const adkWeb = findAdkWeb([process.cwd()]);
    if (!adkWeb) throw new Error('adk-web is not installed: scripts/setup.sh unpacks @google/adk-devtools@2.0.0 into node_modules.');
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf([{ name: 'triage', rootAgent: triage, plugins: [] }]), port: 0, adkWeb, log: () => undefined }));
    browser = await launchChromium();
    page = await adkWebPage(browser, problems, { viewport: { width: 1600, height: 1000 } });
    page.on('response', (response) => {
      if (response.status() >= 400 && response.status() !== 501) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
  });

  afterEach(() => expect(problems.splice(0)).toEqual([]));

  afterAll(async () => {
    await browser?.close();
    if (server) await lastValueFrom(server.close(), { defaultValue: undefined });
  });

  it('runs the workflow, then draws its graph (routes, a join, a worker, a nested workflow as a cluster) with the classify event\'s node lit', async () => {
    await page.goto(`${server.url}/dev-ui/?app=triage`);
    const box = page.locator('textarea').first();
    await box.fill('a routine question');
    await box.press('Enter');
    await page.getByText('Findings written.').first().waitFor();
    await page.getByText('"a routine question"', { exact: true }).first().click();
    const graph = await drawnGraph(page, 'classify');
    expect(graph.nodes.map((node) => node.label).sort()).toEqual(['START', 'classify', 'escalate', 'START', 'gather', 'rank', 'shout ×4', 'open_ticket', 'merge', 'writer', 'lookup'].sort());
    expect(graph.nodes.map((node) => node.title)).toEqual(expect.arrayContaining(['__START__', 'classify', 'shout', 'merge', 'writer']));
    expect(graph.clusters).toEqual(['cluster_research']);
    expect(graph.labels).toEqual(expect.arrayContaining(['urgent | default', 'routine']));
    expect(byLabel(graph.nodes, 'classify')?.strokeWidth).toBe('4'); // adk-web's mark for the selected event's node
    expect(graph.nodes.find((node) => node.title === '__START__')?.unvisited).toBe(false);
    expect(byLabel(graph.nodes, 'open_ticket')?.unvisited).toBe(true);
    await page.locator('svg', { has: page.locator('g.node > title', { hasText: /^classify$/ }) }).first().screenshot({ path: join(OUT, 'workflow-graph-classify.png') });
  });

  it('lights the agent node of the writer\'s reply, on the path the run took', async () => {
    await page.getByText('Findings written.', { exact: true }).first().click();
    await page.waitForFunction(() => Array.from(document.querySelectorAll('svg g.node')).some((node) => node.querySelector(':scope > title')?.textContent === 'writer' && node.querySelector('polygon, path, ellipse')?.getAttribute('stroke-width') === '4'));
    const graph = await drawnGraph(page, 'writer');
    expect(byLabel(graph.nodes, 'merge')?.unvisited).toBe(false);
    expect(byLabel(graph.nodes, 'escalate')?.unvisited).toBe(true);
    await page.screenshot({ path: join(OUT, 'workflow-writer-event.png') });
  });

  it('draws a nested workflow\'s event on that workflow\'s own graph (build_graph_image\'s triage/research level), its node lit', async () => {
    await page.getByText('"routine"', { exact: true }).first().click(); // the gather event's output: the words
    await page.waitForFunction(() => Array.from(document.querySelectorAll('svg g.node')).some((node) => node.querySelector(':scope > title')?.textContent === 'gather' && node.querySelector('polygon, path, ellipse')?.getAttribute('stroke-width') === '4'));
    const graph = await drawnGraph(page, 'gather');
    expect(graph.nodes.map((node) => node.label)).toEqual(['START', 'gather', 'rank']);
    expect(graph.clusters).toEqual([]);
    await page.locator('svg', { has: page.locator('g.node > title', { hasText: /^gather$/ }) }).first().screenshot({ path: join(OUT, 'workflow-graph-research.png') });
  });
});
