import { lastValueFrom, materialize, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { BasePlugin } from '../../lib/plugins/base-plugin.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { TracePlugin } from '../../lib/server/trace-plugin.js';
import { TraceStore } from '../../lib/server/trace-store.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';

const user = (text: string) => ({ role: 'user', parts: [{ text }] });
const text = (value: string): LlmResponse => ({ content: { role: 'model', parts: [{ text: value }] } });
const ref = { appName: 'app', userId: 'u', sessionId: 's' };

function run(runner: InMemoryRunner, message: string, runConfig = {}) {
  return lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user(message), runConfig }).pipe(materialize(), toArray()));
}

describe('TracePlugin', () => {
  it('registered first, it records a hook even when a later plugin answers it (and names that plugin)', async () => {
    class Cache extends BasePlugin {
      constructor() {
        super('cache');
      }
      override beforeModelCallback(): LlmResponse {
        return text('from the cache');
      }
    }
    const traces = new TraceStore();
    const cache = new Cache();
    const model = new ScriptedLlm([]);
    const agent = new LlmAgent({ name: 'agent', model, beforeModelCallback: [() => undefined, () => undefined] });
    const runner = new InMemoryRunner({ appName: 'app', agent, plugins: [new TracePlugin(traces, [cache]), cache], autoCreateSession: true });

    await run(runner, 'hi');

    expect(model.requests).toHaveLength(0);
    const beforeModel = traces.tracesOf(ref).find((e) => e.hook === 'beforeModel');
    expect(beforeModel).toMatchObject({ agent: 'agent', plugins: ['cache'], callbacks: 2 });
  });

  it('records the error hooks: a failing tool (onToolError) and a failing model (onModelError, then onRunError)', async () => {
    const traces = new TraceStore();
    const explode = new FunctionTool({ name: 'explode', description: 'fails', execute: () => { throw new Error('kaboom'); } });
    const model = new ScriptedLlm([
      { content: { role: 'model', parts: [{ functionCall: { name: 'explode', args: {} } }] } },
      new Error('model down'),
    ]);
    const runner = new InMemoryRunner({ appName: 'app', agent: new LlmAgent({ name: 'agent', model, tools: [explode] }), plugins: [new TracePlugin(traces)], autoCreateSession: true });

    const notifications = await run(runner, 'go');

    expect(notifications.at(-1)?.kind).toBe('E');
    const entries = traces.tracesOf(ref);
    expect(entries.find((e) => e.hook === 'onToolError')).toMatchObject({ tool: 'explode', error: expect.stringMatching(/kaboom/) });
    expect(entries.find((e) => e.hook === 'onModelError')).toMatchObject({ agent: 'agent', error: expect.stringMatching(/model down/) });
    expect(entries.at(-1)).toMatchObject({ hook: 'onRunError', error: expect.stringMatching(/model down/) });
    expect(entries.map((e) => e.hook)).not.toContain('afterRun');
  });

  it('streamed chunks are marked partial in afterModel and onEvent entries', async () => {
    const traces = new TraceStore();
    const model = new ScriptedLlm([[text('Hel'), text('lo')]]);
    const runner = new InMemoryRunner({ appName: 'app', agent: new LlmAgent({ name: 'agent', model }), plugins: [new TracePlugin(traces)], autoCreateSession: true });

    await run(runner, 'hi', { streamingMode: 'sse' });

    const events = traces.tracesOf(ref).filter((e) => e.hook === 'onEvent');
    expect(events.map((e) => [e.partial ?? false, e.detail])).toEqual([
      [true, 'Hel'],
      [true, 'lo'],
      [false, 'Hello'],
    ]);
  });
});
