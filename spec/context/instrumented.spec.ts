import { lastValueFrom, map, Observable, throwError, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { Instrumentation, InvocationContext } from '../../lib/context/invocation-context.js';
import { startInSpan } from '../../lib/context/instrumented.js';
import { directInvocation } from '../support/invocation.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { ModelError } from '../../lib/utils/errors.js';
import { sequentialIds } from '../../lib/utils/ids.js';
import { calls, text, user } from '../support/llm.js';
import { testScheduler } from '../support/test-scheduler.js';

/** A part of a run as the recording instrumentation saw it. */
interface Part {
  label: string;
  parent: Part | undefined;
  children: Part[];
  end?: 'complete' | 'error' | 'cancelled';
}

/**
 * An Instrumentation that records the tree of parts (parents found through ctx.traceScope, as a
 * real tracer does) and keeps a synchronous "active part" while user code runs in `enter`.
 */
function recorder() {
  const roots: Part[] = [];
  let active: Part | undefined;
  const wrap = <T>(ctx: InvocationContext, label: string, run: (ctx: InvocationContext) => Observable<T>): Observable<T> =>
    new Observable<T>((subscriber) => {
      const parent = ctx.traceScope as Part | undefined;
      const part: Part = { label, parent, children: [] };
      (parent ? parent.children : roots).push(part);
      const subscription = run(ctx.withTraceScope(part)).subscribe({
        next: (value) => subscriber.next(value),
        error: (error: unknown) => ((part.end = 'error'), subscriber.error(error)),
        complete: () => ((part.end = 'complete'), subscriber.complete()),
      });
      return () => {
        part.end ??= 'cancelled';
        subscription.unsubscribe();
      };
    });
  const instrumentation: Instrumentation = {
    invocation: (ctx, run) => wrap(ctx, 'invocation', run),
    agent: (ctx, agent, run) => wrap(ctx, `agent ${agent.name}`, run),
    modelCall: (ctx, _agent, request, run) => wrap(ctx, `model ${request.model}`, run),
    toolCall: (ctx, { call }, run) => wrap(ctx, `tool ${call.name}`, run),
    enter: (ctx, fn) => {
      const previous = active;
      active = ctx.traceScope as Part;
      try {
        return fn();
      } finally {
        active = previous;
      }
    },
  };
  const tree = (parts: Part[] = roots): unknown[] =>
    parts.map((p) => (p.children.length ? { [p.label]: tree(p.children) } : p.label));
  return { instrumentation, roots, tree, activeLabel: () => active?.label };
}

function tool(name: string, seen: Array<string | undefined>, activeLabel: () => string | undefined) {
  return new FunctionTool({
    name,
    description: name,
    parameters: { type: 'object', properties: {} },
    execute: () => (seen.push(`${name} in ${activeLabel()}`), { ok: true }),
  });
}

function runTurn(runner: InMemoryRunner, message = 'go'): Promise<string[]> {
  return lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user(message) }).pipe(map(simplifyEvent), toArray()));
}

function runnerOf(agent: LlmAgent, instrumentation: Instrumentation, plugins: ReturnType<typeof createPlugin>[] = []) {
  return new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true, idGenerator: sequentialIds('id'), instrumentation, plugins });
}

describe('Instrumentation: the core runs each part of a run through it', () => {
  it('nests invocation > agent > model call > tool call, and the next model call beside the first', async () => {
    const rec = recorder();
    const seen: Array<string | undefined> = [];
    const model = new ScriptedLlm([calls({ name: 'get_weather', args: {} }), text('Sunny.')], { model: 'm' });
    const agent = new LlmAgent({ name: 'weather', model, tools: [tool('get_weather', seen, rec.activeLabel)] });
    const events = await runTurn(runnerOf(agent, rec.instrumentation));
    expect(events).toEqual(['weather: call get_weather({})', 'weather: get_weather returned {"ok":true}', 'weather: Sunny.']);
    expect(rec.tree()).toEqual([{ invocation: [{ 'agent weather': [{ 'model m': ['tool get_weather'] }, 'model m'] }] }]);
    expect(seen).toEqual(['get_weather in tool get_weather']);
    expect(rec.roots[0]!.end).toBe('complete');
  });

  it('makes parallel tool calls siblings under their model call', async () => {
    const rec = recorder();
    const seen: Array<string | undefined> = [];
    const model = new ScriptedLlm([calls({ name: 'a', args: {} }, { name: 'b', args: {} }, { name: 'c', args: {} }), text('done')], { model: 'm' });
    const agent = new LlmAgent({ name: 'p', model, tools: ['a', 'b', 'c'].map((n) => tool(n, seen, rec.activeLabel)) });
    await runTurn(runnerOf(agent, rec.instrumentation));
    expect(rec.tree()).toEqual([{ invocation: [{ 'agent p': [{ 'model m': ['tool a', 'tool b', 'tool c'] }, 'model m'] }] }]);
    expect(seen).toEqual(['a in tool a', 'b in tool b', 'c in tool c']);
  });

  it('nests a transfer\'s target agent under the model call that transferred', async () => {
    const rec = recorder();
    const child = new LlmAgent({ name: 'child', model: new ScriptedLlm([text('Hi from child.')], { model: 'cm' }) });
    const parent = new LlmAgent({
      name: 'parent',
      model: new ScriptedLlm([calls({ name: 'transfer_to_agent', args: { agent_name: 'child' } })], { model: 'pm' }),
      subAgents: [child],
    });
    await runTurn(runnerOf(parent, rec.instrumentation));
    expect(rec.tree()).toEqual([
      { invocation: [{ 'agent parent': [{ 'model pm': ['tool transfer_to_agent', { 'agent child': ['model cm'] }] }] }] },
    ]);
  });

  it('runs every callback inside the span of its part', async () => {
    const rec = recorder();
    const seen: string[] = [];
    const note = (hook: string) => () => void seen.push(`${hook} in ${rec.activeLabel()}`);
    const model = new ScriptedLlm([calls({ name: 'get_weather', args: {} }), text('ok')], { model: 'm' });
    const agent = new LlmAgent({
      name: 'a',
      model,
      tools: [tool('get_weather', [], rec.activeLabel)],
      beforeAgentCallback: note('beforeAgent'),
      afterAgentCallback: note('afterAgent'),
      beforeModelCallback: note('beforeModel'),
      afterModelCallback: note('afterModel'),
      beforeToolCallback: note('beforeTool'),
      afterToolCallback: note('afterTool'),
    });
    const plugin = createPlugin({ name: 'p', beforeRunCallback: note('beforeRun'), onEventCallback: note('onEvent') });
    await runTurn(runnerOf(agent, rec.instrumentation, [plugin]));
    expect(seen).toEqual([
      'beforeRun in invocation',
      'beforeAgent in agent a',
      'beforeModel in model m',
      'afterModel in model m',
      'onEvent in invocation',
      'beforeTool in tool get_weather',
      'afterTool in tool get_weather',
      'onEvent in invocation',
      'beforeModel in model m',
      'afterModel in model m',
      'onEvent in invocation',
      'afterAgent in agent a',
    ]);
  });

  it('ends every part with the error that ran through it', async () => {
    const rec = recorder();
    const model = new ScriptedLlm([throwError(() => new ModelError('HTTP 500', { status: 500 }))], { model: 'm' });
    await expect(runTurn(runnerOf(new LlmAgent({ name: 'a', model }), rec.instrumentation))).rejects.toBeInstanceOf(ModelError);
    const [invocation] = rec.roots;
    const agentPart = invocation!.children[0]!;
    expect([invocation!.end, agentPart.end, agentPart.children[0]!.end]).toEqual(['error', 'error', 'error']);
  });

  it('passes events through in order, in virtual time (marbles)', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const rec = recorder();
      const answer = cold('--a--|', { a: text('Hello.') });
      const runner = runnerOf(new LlmAgent({ name: 'a', model: new ScriptedLlm([answer], { model: 'm' }) }), rec.instrumentation);
      expectObservable(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('hi') }).pipe(map(simplifyEvent))).toBe('--a--|', {
        a: 'a: Hello.',
      });
      expectSubscriptions(answer.subscriptions).toBe('^----!');
      flush();
      expect(rec.tree()).toEqual([{ invocation: [{ 'agent a': ['model m'] }] }]);
    });
  });

  it('unsubscribes every part, innermost included, when the caller unsubscribes (marbles)', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const rec = recorder();
      const hang = cold<LlmResponse>('-');
      const runner = runnerOf(new LlmAgent({ name: 'a', model: new ScriptedLlm([hang], { model: 'm' }) }), rec.instrumentation);
      expectObservable(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('hi') }), '^--!').toBe('---');
      expectSubscriptions(hang.subscriptions).toBe('^--!');
      flush();
      const invocation = rec.roots[0]!;
      expect([invocation.end, invocation.children[0]!.end, invocation.children[0]!.children[0]!.end]).toEqual(['cancelled', 'cancelled', 'cancelled']);
    });
  });

  it('costs no wrapper without an instrumentation: the same events, no trace scope', async () => {
    const scopes: unknown[] = [];
    const model = new ScriptedLlm([text('Hi.')], { model: 'm' });
    const agent = new LlmAgent({ name: 'a', model, beforeModelCallback: (ctx) => void scopes.push((ctx as unknown as { invocationContext: InvocationContext }).invocationContext.traceScope) });
    const runner = new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
    expect(await runTurn(runner)).toEqual(['a: Hi.']);
    expect(scopes).toEqual([undefined]);
  });
});

describe('startInSpan', () => {
  const agent = () => new LlmAgent({ name: 'a', model: new ScriptedLlm([]) });

  it('without an instrumentation, calls the factory now and hands its Observable back as it is', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const work = cold('-a|');
      let calls = 0;
      const started = startInSpan(directInvocation(agent()), () => (calls++, work));
      expect(calls).toBe(1);
      expect(started).toBe(work);
      expectObservable(started).toBe('-a|');
      expectSubscriptions(work.subscriptions).toBe('^-!');
    });
  });

  it('turns a throw of the factory into the error, at subscription', () => {
    testScheduler().run(({ expectObservable }) => {
      const started = startInSpan(directInvocation(agent()), () => {
        throw new Error('no model');
      });
      expectObservable(started).toBe('#', undefined, new Error('no model'));
    });
  });

  it('converts a Promise as defer did', async () => {
    const started = startInSpan(directInvocation(agent()), () => Promise.resolve(7) as unknown as Observable<number>);
    expect(await lastValueFrom(started)).toBe(7);
  });

  it('with an instrumentation, calls the factory only when subscribed, inside the span', () => {
    const order: string[] = [];
    let inSpan = false;
    const instrumentation = {
      ...recorder().instrumentation,
      enter: <T>(_ctx: InvocationContext, fn: () => T): T => {
        inSpan = true;
        try {
          return fn();
        } finally {
          inSpan = false;
        }
      },
    };
    const ctx = directInvocation(agent());
    const instrumented = Object.create(ctx, { instrumentation: { get: () => instrumentation } }) as InvocationContext;
    const started = startInSpan(instrumented, () => {
      order.push(`factory, in span: ${inSpan}`);
      return new Observable<number>((subscriber) => {
        order.push(`subscribed, in span: ${inSpan}`);
        subscriber.next(1);
        subscriber.complete();
      });
    });
    order.push('built');
    started.subscribe((value) => order.push(`value ${value}`));
    expect(order).toEqual(['built', 'factory, in span: true', 'subscribed, in span: true', 'value 1']);
  });
});
