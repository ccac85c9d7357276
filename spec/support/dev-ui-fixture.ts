import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import type { AgentApp } from '../../lib/server/agent-apps.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { Gemini } from '../../lib/models/gemini.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import { builtDevUi } from './built-dev-ui.js';
import { launchChromiumProfile, type ChromiumProfile } from './chromium.js';

/** rxadk's dev UI, built into a folder, served over some apps, open in headless Chromium. */
export interface DevUiFixture {
  server: DevServer;
  chromium: ChromiumProfile;
  page: Page;
  /** Gemini's stand-in behind the `slow` app: one chunk, then a minute of nothing. */
  standIn: GeminiStandIn;
  /** Page errors and console errors, as they happen. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** `slow`: Gemini (the real client) against `standIn`. */
export function slowApp(standIn: GeminiStandIn): AgentApp {
  const model = new Gemini({ model: 'gemini-2.5-flash', apiKey: 'test-key', httpOptions: { baseUrl: standIn.baseUrl } });
  return { name: 'slow', rootAgent: new LlmAgent({ name: 'slow_agent', model }), plugins: [] };
}

/**
 * Serves the dev UI (built once per set of inputs: {@link builtDevUi}) over `apps` and `slow` (eval sets in `evalsDir`, else in a temporary
 * folder removed on close, as `rxadk web` keeps them in the agents folder), and opens the page once
 * `firstApp` is listed.
 */
export async function startDevUi(apps: AgentApp[], firstApp: string, options: { evalsDir?: string } = {}): Promise<DevUiFixture> {
  const uiDir = builtDevUi();
  const chunk = (text: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text }] } }] });
  const standIn = await GeminiStandIn.start({ script: [{ chunks: [chunk('Let me think'), chunk(' for a minute.')], chunkDelayMs: 60_000 }] });
  const ownEvalsDir = options.evalsDir === undefined ? mkdtempSync(join(tmpdir(), 'rxadk-dev-ui-')) : undefined;
  const server = await firstValueFrom(DevServer.start({ apps: appSourceOf([...apps, slowApp(standIn)]), port: 0, ui: uiDir, evalsDir: options.evalsDir ?? ownEvalsDir }));
  const chromium = await launchChromiumProfile();
  const page = await chromium.context.newPage();
  const pageErrors: string[] = [];
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
  await page.goto(server.url);
  await page.waitForSelector(`[data-testid=app-select] option[value=${firstApp}]`, { state: 'attached' });
  const close = async (): Promise<void> => {
    await chromium.close();
    await lastValueFrom(server.close(), { defaultValue: undefined });
    await standIn.close();
    if (ownEvalsDir) rmSync(ownEvalsDir, { recursive: true, force: true });
  };
  return { server, chromium, page, standIn, pageErrors, close };
}

/** The rows of the timeline's last turn: the hook, `event:partial` / `event:final`, or the row kind. */
export function lastTurnRows(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid=turn]:last-of-type li.row', (rows) =>
    rows.map((row) => (row.getAttribute('data-kind') === 'event' ? `event:${row.hasAttribute('data-partial') ? 'partial' : 'final'}` : row.getAttribute('data-hook') ?? row.getAttribute('data-kind') ?? '?')),
  );
}
