import { lastValueFrom, materialize, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { BasePlugin } from '../../lib/plugins/base-plugin.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { TracePlugin } from '../../lib/server/trace-plugin.js';
import { TraceRecorder } from '../../lib/server/trace-recorder.js';
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
    const recorder = new TraceRecorder();
    const cache = new Cache();
    const model = new ScriptedLlm([]);
    const agent = new LlmAgent({ name: 'agent', model, beforeModelCallback: [() => undefined, () => undefined] });
    const runner = new InMemoryRunner({ appName: 'app', agent, plugins: [new TracePlugin(recorder, [cache]), cache], autoCreateSession: true });

    await run(runner, 'hi');

    expect(model.requests).toHaveLength(0);
    const beforeModel = recorder.tracesOf(ref).find((e) => e.hook === 'beforeModel');
    expect(beforeModel).toMatchObject({ agent: 'agent', plugins: ['cache'], callbacks: 2 });
  });

  it('records the error hooks: a failing tool (onToolError) and a failing model (onModelError, then onRunError)', async () => {
    const recorder = new TraceRecorder();
    const explode = new FunctionTool({ name: 'explode', description: 'fails', execute: () => { throw new Error('kaboom'); } });
    const model = new ScriptedLlm([
      { content: { role: 'model', parts: [{ functionCall: { name: 'explode', args: {} } }] } },
      new Error('model down'),
    ]);
    const runner = new InMemoryRunner({ appName: 'app', agent: new LlmAgent({ name: 'agent', model, tools: [explode] }), plugins: [new TracePlugin(recorder)], autoCreateSession: true });

    const notifications = await run(runner, 'go');

    expect(notifications.at(-1)?.kind).toBe('E');
    const entries = recorder.tracesOf(ref);
    expect(entries.find((e) => e.hook === 'onToolError')).toMatchObject({ tool: 'explode', error: expect.stringMatching(/kaboom/) });
    expect(entries.find((e) => e.hook === 'onModelError')).toMatchObject({ agent: 'agent', error: expect.stringMatching(/model down/) });
    expect(entries.at(-1)).toMatchObject({ hook: 'onRunError', error: expect.stringMatching(/model down/) });
    expect(entries.map((e) => e.hook)).not.toContain('afterRun');
  });

  it('streamed chunks are marked partial in afterModel and onEvent entries', async () => {
    const recorder = new TraceRecorder();
    const model = new ScriptedLlm([[text('Hel'), text('lo')]]);
    const runner = new InMemoryRunner({ appName: 'app', agent: new LlmAgent({ name: 'agent', model }), plugins: [new TracePlugin(recorder)], autoCreateSession: true });

    await run(runner, 'hi', { streamingMode: 'sse' });

    const events = recorder.tracesOf(ref).filter((e) => e.hook === 'onEvent');
    expect(events.map((e) => [e.partial ?? false, e.detail])).toEqual([
      [true, 'Hel'],
      [true, 'lo'],
      [false, 'Hello'],
    ]);
  });
});

describe('TraceRecorder', () => {
  it('numbers entries across invocations, keeps the last N invocations per session, and forgets a session', () => {
    const recorder = new TraceRecorder({ maxInvocationsPerSession: 2 });
    for (const invocationId of ['e-1', 'e-2', 'e-3']) recorder.record(undefined, { ...ref, invocationId, hook: 'beforeRun' });

    const kept = recorder.tracesOf(ref);
    expect(kept.map((e) => [e.invocationId, e.seq])).toEqual([
      ['e-2', 2],
      ['e-3', 3],
    ]);
    expect(recorder.tracesOf({ ...ref, userId: 'other' })).toEqual([]);
    recorder.forget(ref);
    expect(recorder.tracesOf(ref)).toEqual([]);
  });

  it('bounds the entries over all sessions: the least recently used session goes first', () => {
    const recorder = new TraceRecorder({ maxEntries: 4 });
    const at = (sessionId: string) => ({ ...ref, sessionId });
    recorder.record(undefined, { ...at('a'), invocationId: 'a1', hook: 'beforeRun' });
    recorder.record(undefined, { ...at('a'), invocationId: 'a1', hook: 'afterRun' });
    recorder.record(undefined, { ...at('b'), invocationId: 'b1', hook: 'beforeRun' });
    recorder.tracesOf(at('a')); // reading a makes b the least recently used
    recorder.record(undefined, { ...at('c'), invocationId: 'c1', hook: 'beforeRun' });
    recorder.record(undefined, { ...at('c'), invocationId: 'c1', hook: 'afterRun' });
    expect(recorder.size).toBe(4);
    expect(recorder.tracesOf(at('b'))).toEqual([]);
    expect(recorder.tracesOf(at('a')).map((e) => e.hook)).toEqual(['beforeRun', 'afterRun']);
    recorder.forget(at('a'));
    expect(recorder.size).toBe(2);
  });

  it('bounds a single session by its oldest invocations, and a single run by its oldest entries', () => {
    const recorder = new TraceRecorder({ maxEntries: 3 });
    for (const invocationId of ['e-1', 'e-1', 'e-2', 'e-2']) recorder.record(undefined, { ...ref, invocationId, hook: 'onEvent' });
    expect(recorder.tracesOf(ref).map((e) => e.invocationId)).toEqual(['e-2', 'e-2']);
    for (let i = 0; i < 5; i++) recorder.record(undefined, { ...ref, invocationId: 'e-3', hook: 'onEvent', detail: String(i) });
    expect(recorder.tracesOf(ref).map((e) => e.detail)).toEqual(['2', '3', '4']);
    expect(recorder.size).toBe(3);
  });

  it('stays within its bound over 20,000 turns in 2,000 sessions', () => {
    const recorder = new TraceRecorder({ maxEntries: 1_000 });
    for (let turn = 0; turn < 20_000; turn++) {
      const at = { ...ref, sessionId: `s${turn % 2_000}`, invocationId: `e-${turn}` };
      for (const hook of ['beforeRun', 'onEvent', 'afterRun'] as const) recorder.record(undefined, { ...at, hook });
    }
    expect(recorder.size).toBeLessThanOrEqual(1_000);
    expect(recorder.tracesOf({ ...ref, sessionId: 's1999' }).map((e) => e.invocationId)).toEqual(Array(3).fill('e-19999'));
  });

  it('hands a run\'s entries only to the watchers of that run\'s RunConfig, until they unsubscribe', () => {
    const recorder = new TraceRecorder();
    const mine = {};
    const other = {};
    const seen: string[] = [];
    const subscription = recorder.watch(mine).subscribe((entry) => seen.push(entry.invocationId));
    recorder.record(mine, { ...ref, invocationId: 'mine', hook: 'beforeRun' });
    recorder.record(other, { ...ref, invocationId: 'other', hook: 'beforeRun' });
    subscription.unsubscribe();
    recorder.record(mine, { ...ref, invocationId: 'mine-later', hook: 'afterRun' });
    expect(seen).toEqual(['mine']);
  });
});
