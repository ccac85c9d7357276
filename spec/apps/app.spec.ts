import { lastValueFrom, toArray } from 'rxjs';
import { App, validateAppName } from '../../lib/apps/app.js';
import { activeEventsCompaction } from '../../lib/apps/active-events-compaction.js';
import { AppConfigError } from '../../lib/apps/app-config-error.js';
import { CompactionConfigError } from '../../lib/compaction/compaction-config-error.js';
import { LlmEventSummarizer } from '../../lib/compaction/llm-event-summarizer.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { FnAgent } from '../support/fn-agent.js';
import { echoAgent, message, RecordingSummarizer } from './support.js';

describe('App', () => {
  it('keeps ADK\'s fields in camelCase: name, rootAgent, plugins, resumability (stored), eventsCompaction', () => {
    const { agent } = echoAgent();
    const plugin = createPlugin({ name: 'p' });
    const app = new App({ name: 'support', rootAgent: agent, plugins: [plugin], resumability: { isResumable: true }, eventsCompaction: { compactionInterval: 3, overlapSize: 1 } });
    expect(app).toMatchObject({ name: 'support', rootAgent: agent, plugins: [plugin], resumability: { isResumable: true }, eventsCompaction: { compactionInterval: 3, overlapSize: 1 } });
    expect(new App({ name: 'a', rootAgent: agent }).plugins).toEqual([]);
  });

  it('refuses a name that is not an identifier, or "user", and a missing root agent', () => {
    const { agent } = echoAgent();
    expect(() => new App({ name: 'my-app', rootAgent: agent })).toThrow(AppConfigError);
    expect(() => new App({ name: 'user', rootAgent: agent })).toThrow(/reserved/);
    expect(() => validateAppName('9lives')).toThrow(AppConfigError);
    expect(() => new App({ name: 'a', rootAgent: undefined as never })).toThrow(/needs a rootAgent/);
  });

  it('refuses a half-given or out-of-range compaction config, and one with no model to summarise with', () => {
    const { agent } = echoAgent();
    expect(() => new App({ name: 'a', rootAgent: agent, eventsCompaction: { compactionInterval: 2 } })).toThrow(/go together/);
    expect(() => new App({ name: 'a', rootAgent: agent, eventsCompaction: { tokenThreshold: 10 } })).toThrow(/go together/);
    expect(() => new App({ name: 'a', rootAgent: agent, eventsCompaction: {} })).toThrow(/needs a trigger/);
    expect(() => new App({ name: 'a', rootAgent: agent, eventsCompaction: { compactionInterval: 0, overlapSize: 0 } })).toThrow(CompactionConfigError);
    expect(() => new App({ name: 'a', rootAgent: agent, eventsCompaction: { tokenThreshold: 10, eventRetentionSize: -1 } })).toThrow(/≥ 0/);
    const custom = new FnAgent({ name: 'custom', body: () => [] as never });
    expect(() => new App({ name: 'a', rootAgent: custom, eventsCompaction: { compactionInterval: 1, overlapSize: 0 } })).toThrow(/not an LlmAgent/);
    expect(() => new App({ name: 'a', rootAgent: custom, eventsCompaction: { compactionInterval: 1, overlapSize: 0, summarizer: new RecordingSummarizer() } })).not.toThrow();
  });

  it('summarises with an LlmEventSummarizer on the root agent\'s model unless given a summarizer or a model', () => {
    const { agent } = echoAgent();
    const byDefault = activeEventsCompaction(new App({ name: 'a', rootAgent: agent, eventsCompaction: { compactionInterval: 1, overlapSize: 0 } }))!;
    expect(byDefault.summarizer).toBeInstanceOf(LlmEventSummarizer);
    const mine = new RecordingSummarizer();
    expect(activeEventsCompaction(new App({ name: 'a', rootAgent: agent, eventsCompaction: { compactionInterval: 1, overlapSize: 0, summarizer: mine } }))!.summarizer).toBe(mine);
    expect(activeEventsCompaction(new App({ name: 'a', rootAgent: agent }))).toBeUndefined();
  });
});

describe('Runner with an app', () => {
  const sessionService = () => new InMemorySessionService();

  it('takes the app\'s name, root agent and plugins; appName may rename it', async () => {
    const { agent } = echoAgent();
    const seen: string[] = [];
    const app = new App({ name: 'support', rootAgent: agent, plugins: [createPlugin({ name: 'p', beforeRunCallback: (ctx) => void seen.push(ctx.session.appName) })] });
    const runner = new Runner({ app, sessionService: sessionService(), autoCreateSession: true });
    expect([runner.appName, runner.agent, runner.app]).toEqual(['support', agent, app]);
    const events = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: message('hi') }).pipe(toArray()));
    expect(events.map(simplifyEvent)).toEqual(['agent: a1']);
    expect(seen).toEqual(['support']);
    expect(new Runner({ app, appName: 'deployed_name', sessionService: sessionService() }).appName).toBe('deployed_name');
    expect(new InMemoryRunner({ app }).appName).toBe('support');
  });

  it('refuses an app with an agent or plugins beside it, and neither an app nor appName and agent', () => {
    const { agent } = echoAgent();
    const app = new App({ name: 'support', rootAgent: agent });
    expect(() => new Runner({ app, agent, sessionService: sessionService() })).toThrow(/agent is not/);
    expect(() => new Runner({ app, plugins: [createPlugin({ name: 'p' })], sessionService: sessionService() })).toThrow(/plugins are not/);
    expect(() => new Runner({ agent, sessionService: sessionService() })).toThrow(AppConfigError);
    expect(() => new Runner({ appName: 'x', sessionService: sessionService() })).toThrow(/either app, or both appName and agent/);
  });
});
