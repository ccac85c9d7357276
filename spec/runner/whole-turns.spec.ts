// SPEC §6 "whole turns", against every real store: faults in tools and tool hooks are answered,
// calls left open are answered by the next turn, timeouts, non-JSON results, named errors.
import type { FunctionCall } from '@google/genai';
import { firstValueFrom, lastValueFrom, NEVER, type Observable, Subject, takeUntil, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { RunConfig } from '../../lib/context/run-config.js';
import type { Event } from '../../lib/events/event.js';
import { unansweredFunctionCalls } from '../../lib/events/unanswered-function-calls.js';
import { createPlugin, type PluginConfig } from '../../lib/plugins/create-plugin.js';
import { Runner } from '../../lib/runner/runner.js';
import type { Session } from '../../lib/sessions/session.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { CallbackError, ToolExecutionError, ToolTimeoutError } from '../../lib/utils/errors.js';
import { type OpenStore, REAL_STORES } from '../support/real-stores.js';
import { calls, text, user } from '../support/llm.js';

const call = (name: string, id = `call-${name}`, args: Record<string, unknown> = {}): FunctionCall => ({ id, name, args });

function lookup(execute: FunctionTool['execute'] = () => ({ ok: true })): FunctionTool {
  return new FunctionTool({ name: 'lookup', description: 'Looks something up.', execute });
}

/** Resolves `promise` when the tool calls `mark()`: the turn is then mid-tool, its call event stored. */
function toolStart(): { promise: Promise<void>; mark: () => void } {
  let mark!: () => void;
  const promise = new Promise<void>((resolve) => (mark = resolve));
  return { promise, mark };
}

interface Setup {
  model: ScriptedLlm;
  tools?: FunctionTool[];
  plugins?: PluginConfig[];
  agentCallbacks?: Partial<ConstructorParameters<typeof LlmAgent>[0]>;
}

describe.each(REAL_STORES)('whole turns (%s store)', (_name, openStore) => {
  let store: OpenStore;
  let sessionSeq = 0;
  let sessionId: string;
  beforeAll(async () => {
    store = await openStore();
  });
  afterAll(async () => {
    await store.close();
  });
  beforeEach(() => {
    sessionId = `s${++sessionSeq}`;
  });

  function runnerOf({ model, tools = [lookup()], plugins = [], agentCallbacks = {} }: Setup): Runner {
    const agent = new LlmAgent({ name: 'agent', model, tools, ...agentCallbacks });
    return new Runner({ appName: 'app', agent, sessionService: store.service, plugins: plugins.map(createPlugin), autoCreateSession: true });
  }

  function turn(runner: Runner, message = 'go', runConfig: RunConfig = {}): Observable<Event> {
    return runner.runAsync({ userId: 'u', sessionId, newMessage: user(message), runConfig });
  }

  async function stored(): Promise<Session> {
    return (await firstValueFrom(store.service.getSession({ appName: 'app', userId: 'u', sessionId })))!;
  }

  /** The response the model got for its last call. */
  const lastResponse = (model: ScriptedLlm, request: number) =>
    model.requests[request]!.contents.at(-1)!.parts![0]!.functionResponse!.response as Record<string, unknown>;

  async function expectWhole(): Promise<void> {
    const session = await stored();
    expect(unansweredFunctionCalls(session.events)).toEqual([]);
    expect(() => JSON.stringify(session)).not.toThrow();
  }

  describe('a fault in a tool hook answers the call with {error} naming the hook and its owner; the run goes on', () => {
    const boom = () => {
      throw new Error('hook broke');
    };
    const failing = () => {
      throw new Error('tool broke');
    };
    it.each<[string, Partial<Setup>, RegExp]>([
      ['beforeToolCallback of the agent', { agentCallbacks: { beforeToolCallback: boom } }, /beforeToolCallback of agent "agent" failed: hook broke/],
      ['afterToolCallback of the agent', { agentCallbacks: { afterToolCallback: boom } }, /afterToolCallback of agent "agent" failed: hook broke/],
      [
        'onToolErrorCallback of the agent',
        { tools: [lookup(failing)], agentCallbacks: { onToolErrorCallback: boom } },
        /onToolErrorCallback of agent "agent" failed: hook broke/,
      ],
      ['beforeToolCallback of a plugin', { plugins: [{ name: 'audit', beforeToolCallback: boom }] }, /beforeToolCallback of plugin "audit" failed/],
      ['afterToolCallback of a plugin', { plugins: [{ name: 'audit', afterToolCallback: boom }] }, /afterToolCallback of plugin "audit" failed/],
      [
        'onToolErrorCallback of a plugin',
        { tools: [lookup(failing)], plugins: [{ name: 'audit', onToolErrorCallback: boom }] },
        /onToolErrorCallback of plugin "audit" failed/,
      ],
    ])('%s', async (_hook, setup, message) => {
      const model = new ScriptedLlm([calls(call('lookup')), text('done')]);
      const events = await lastValueFrom(turn(runnerOf({ model, ...setup })).pipe(toArray()));
      expect(String(lastResponse(model, 1)['error'])).toMatch(message);
      expect(events.at(-1)!.content!.parts![0]!.text).toBe('done');
      await expectWhole();
    });

    it('with toolErrors "throw": the run fails with the CallbackError, after the call is answered', async () => {
      const model = new ScriptedLlm([calls(call('lookup'), call('lookup', 'second')), text('never')]);
      const runner = runnerOf({ model, plugins: [{ name: 'audit', afterToolCallback: boom }] });
      const error = await lastValueFrom(turn(runner, 'go', { toolErrors: 'throw' })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CallbackError);
      expect((error as CallbackError).pluginName).toBe('audit');
      expect(model.callCount).toBe(1);
      const last = (await stored()).events.at(-1)!;
      expect(last.content!.parts!.map((p) => p.functionResponse!.id)).toEqual(['call-lookup', 'second']);
      await expectWhole();
    });

    it('with toolErrors "throw": a failing tool fails the run with ToolExecutionError, after the call is answered', async () => {
      const model = new ScriptedLlm([calls(call('lookup')), text('never')]);
      const error = await lastValueFrom(turn(runnerOf({ model, tools: [lookup(failing)] }), 'go', { toolErrors: 'throw' })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolExecutionError);
      expect((await stored()).events.at(-1)!.content!.parts![0]!.functionResponse!.response).toEqual({ error: 'lookup failed: tool broke' });
      await expectWhole();
    });
  });

  it('a turn unsubscribed mid-tool leaves its call open; the next turn answers it before its message, and the model never sees an orphan', async () => {
    let aborted = false;
    const started = toolStart();
    const slow = lookup((_args, ctx) => {
      ctx.abortSignal.addEventListener('abort', () => (aborted = true));
      started.mark();
      return NEVER;
    });
    const model = new ScriptedLlm([calls(call('lookup')), text('back again')]);
    const runner = runnerOf({ model, tools: [slow] });
    const stop = new Subject<void>();
    const cancelled = lastValueFrom(turn(runner, 'first').pipe(takeUntil(stop), toArray()));
    await started.promise;
    stop.next();
    await cancelled;
    expect(aborted).toBe(true);
    expect(unansweredFunctionCalls((await stored()).events).flatMap((u) => u.calls.map((c) => c.id))).toEqual(['call-lookup']);

    const events = await lastValueFrom(turn(runner, 'second').pipe(toArray()));
    expect(events[0]!.author).toBe('agent');
    expect(model.requests).toHaveLength(2);
    expect(events[0]!.content!.parts![0]!.functionResponse).toEqual({
      id: 'call-lookup',
      name: 'lookup',
      response: { error: 'The call was interrupted before it finished.' },
    });
    const contents = model.requests[1]!.contents;
    expect(unansweredFunctionCalls(contents.map((content) => ({ content }) as Event))).toEqual([]);
    // the model sees the answer right after its call, and the new message last
    expect(contents.map((c) => c.parts![0]!.text ?? Object.keys(c.parts![0]!)[0])).toEqual(['first', 'functionCall', 'functionResponse', 'second']);
    const session = await stored();
    expect(session.events.map((e) => e.author)).toEqual(['user', 'agent', 'agent', 'user', 'agent']);
    await expectWhole();
  });

  it('an open call that the new message answers is not answered again', async () => {
    const started = toolStart();
    const slow = lookup(() => {
      started.mark();
      return NEVER;
    });
    const model = new ScriptedLlm([calls(call('lookup')), text('thanks for the answer')]);
    const runner = runnerOf({ model, tools: [slow] });
    const stop = new Subject<void>();
    const cancelled = lastValueFrom(turn(runner, 'first').pipe(takeUntil(stop), toArray()));
    await started.promise;
    stop.next();
    await cancelled;
    const answer = { role: 'user', parts: [{ functionResponse: { id: 'call-lookup', name: 'lookup', response: { found: 'by hand' } } }] };
    const events = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId, newMessage: answer }).pipe(toArray()));
    expect(events.map((e) => e.content?.parts?.[0]?.text)).toEqual(['thanks for the answer']);
    await expectWhole();
  });

  it('a tool that never settles times out: its signal fires with ToolTimeoutError, the model is told, the run goes on', async () => {
    let reason: unknown;
    const stuck = lookup((_args, ctx) => {
      ctx.abortSignal.addEventListener('abort', () => (reason = ctx.abortSignal.reason));
      return NEVER;
    });
    const model = new ScriptedLlm([calls(call('lookup')), text('it timed out')]);
    const runner = runnerOf({ model, tools: [stuck] });
    const events = await lastValueFrom(turn(runner, 'go', { toolTimeoutMs: 50 }).pipe(toArray()));
    expect(lastResponse(model, 1)).toEqual({ error: 'Tool lookup timed out after 50 ms.' });
    expect(reason).toBeInstanceOf(ToolTimeoutError);
    expect(events.at(-1)!.content!.parts![0]!.text).toBe('it timed out');
    await expectWhole();
  });

  it('the tool\'s own timeoutMs wins over the run\'s', async () => {
    const slow = new FunctionTool({ name: 'lookup', description: 'x', timeoutMs: 30, execute: () => NEVER });
    const model = new ScriptedLlm([calls(call('lookup')), text('ok')]);
    await lastValueFrom(turn(runnerOf({ model, tools: [slow] }), 'go', { toolTimeoutMs: 60_000 }));
    expect(lastResponse(model, 1)).toEqual({ error: 'Tool lookup timed out after 30 ms.' });
  });

  describe('a result that is not JSON becomes {error} naming the tool and the reason; the store is never fed it', () => {
    const cyclic = (): Record<string, unknown> => {
      const value: Record<string, unknown> = {};
      value['self'] = value;
      return value;
    };
    it.each<[string, () => unknown, string]>([
      ['a BigInt', () => ({ total: 10n }), 'a BigInt at .total'],
      ['a cycle', cyclic, 'a cycle at .self'],
      ['a throwing toJSON', () => ({ v: { toJSON: () => { throw new Error('no'); } } }), 'a toJSON that throws (no) at .v'],
      ['a function', () => ({ f: () => 1 }), 'a function at .f'],
      ['a symbol', () => ({ s: Symbol('x') }), 'a symbol at .s'],
      ['a Map', () => ({ m: new Map([[1, 2]]) }), 'a Map at .m'],
      ['a Set', () => ({ s: new Set([1]) }), 'a Set at .s'],
    ])('%s', async (_kind, result, reason) => {
      const model = new ScriptedLlm([calls(call('lookup')), text('ok')]);
      await lastValueFrom(turn(runnerOf({ model, tools: [lookup(result)] })));
      expect(lastResponse(model, 1)).toEqual({ error: `Tool lookup returned a result that is not JSON: ${reason}.` });
      await expectWhole();
    });
  });

  describe('names are data', () => {
    it.each(['__proto__', 'constructor', 'toString'])('a call id %s runs the tool once and gets its real result', async (id) => {
      let runs = 0;
      const model = new ScriptedLlm([calls(call('lookup', id)), text('ok')]);
      await lastValueFrom(turn(runnerOf({ model, tools: [lookup(() => ({ n: ++runs }))] })));
      expect(runs).toBe(1);
      expect(lastResponse(model, 1)).toEqual({ n: 1 });
      await expectWhole();
    });

    it.each(['__proto__', 'constructor', 'toString', ''])('an unknown tool named "%s" gets the ordinary "not available" error', async (name) => {
      const seen: unknown[] = [];
      const model = new ScriptedLlm([calls(call(name, 'c1')), text('ok')]);
      const plugins = [{ name: 'spy', beforeToolCallback: (_ctx: unknown, tool: unknown) => void seen.push(tool) }];
      await lastValueFrom(turn(runnerOf({ model, plugins })));
      expect(String(lastResponse(model, 1)['error'])).toMatch(/is not available/);
      expect(seen).toEqual([]);
      await expectWhole();
    });
  });

  describe('errors from run-level plugins say where they came from', () => {
    it('a throwing beforeRunCallback fails the run with a CallbackError naming the plugin and the hook', async () => {
      const runner = runnerOf({ model: new ScriptedLlm([]), plugins: [{ name: 'gate', beforeRunCallback: () => Promise.reject(new Error('closed')) }] });
      const error = await lastValueFrom(turn(runner)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CallbackError);
      expect((error as Error).message).toBe('The beforeRunCallback of plugin "gate" failed: closed');
    });

    it('a throwing onRunErrorCallback keeps the original error reachable (AggregateError), and the other plugins still see it', async () => {
      const seen: string[] = [];
      const runner = runnerOf({
        model: new ScriptedLlm([new Error('model down')]),
        plugins: [
          { name: 'broken', onRunErrorCallback: () => { throw new Error('reporter down'); } },
          { name: 'reporter', onRunErrorCallback: (_ctx, error) => void seen.push(error.message) },
        ],
      });
      const error = await lastValueFrom(turn(runner)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AggregateError);
      const [original, failure] = (error as AggregateError).errors as Error[];
      expect(original!.message).toMatch(/model down/);
      expect(failure).toBeInstanceOf(CallbackError);
      expect(seen).toEqual([original!.message]);
    });

    it('a throwing afterRunCallback runs the onRunError plugins', async () => {
      const seen: string[] = [];
      const runner = runnerOf({
        model: new ScriptedLlm([text('hi')]),
        plugins: [{ name: 'closer', afterRunCallback: () => { throw new Error('flush failed'); }, onRunErrorCallback: (_ctx, e) => void seen.push(e.message) }],
      });
      const error = await lastValueFrom(turn(runner)).catch((e: unknown) => e);
      expect((error as Error).message).toBe('The afterRunCallback of plugin "closer" failed: flush failed');
      expect(seen).toEqual([(error as Error).message]);
      await expectWhole();
    });
  });
});
