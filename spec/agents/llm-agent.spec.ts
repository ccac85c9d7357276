import { jest } from '@jest/globals';
import { concatMap, firstValueFrom, map, NEVER, Observable, of, timer } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { CallbackContext } from '../../lib/context/callback-context.js';
import type { ToolContext } from '../../lib/context/tool-context.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import type { BaseTool } from '../../lib/tools/base-tool.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { LongRunningFunctionTool } from '../../lib/tools/long-running-function-tool.js';
import { AgentConfigError, LlmCallsLimitExceededError, ModelError, OutputSchemaError, ToolExecutionError } from '../../lib/utils/errors.js';
import { sequentialIds } from '../../lib/utils/ids.js';
import { calls, text, user, weatherTool } from '../support/llm.js';
import { testScheduler } from '../support/test-scheduler.js';

function runnerOf(agent: LlmAgent, plugins = [] as ReturnType<typeof createPlugin>[]) {
  return new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true, plugins, idGenerator: sequentialIds('id') });
}

async function turn(runner: InMemoryRunner, message: string, runConfig = {}) {
  const events: string[] = [];
  await new Promise<void>((done, fail) =>
    runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user(message), runConfig }).subscribe({
      next: (e) => events.push(simplifyEvent(e)),
      error: fail,
      complete: done,
    }),
  );
  return events;
}

describe('LlmAgent: the seed timing diagram', () => {
  it('BeforeAgent → [BeforeModel → model → AfterModel → BeforeTool → tool → AfterTool] → [BeforeModel → model → AfterModel] → AfterAgent', () => {
    const scheduler = testScheduler();
    const log: string[] = [];
    const at = (name: string) => log.push(`${name}@${scheduler.now()}`);
    scheduler.run(({ cold, expectObservable }) => {
      const model = new ScriptedLlm([
        cold('--r|', { r: calls({ name: 'get_weather', args: { city: 'Paris' } }) }),
        cold('---r|', { r: text('Sunny, 25°C.') }),
      ]);
      const tool = new FunctionTool({
        name: 'get_weather',
        description: 'weather',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
        execute: () => {
          at('tool');
          return cold('----t|', { t: { sky: 'sunny' } });
        },
      });
      const agent = new LlmAgent({
        name: 'weather_agent',
        model,
        tools: [tool],
        beforeAgentCallback: () => void at('beforeAgent'),
        beforeModelCallback: () => void at('beforeModel'),
        afterModelCallback: () => void at('afterModel'),
        beforeToolCallback: () => void at('beforeTool'),
        afterToolCallback: () => void at('afterTool'),
        afterAgentCallback: () => void at('afterAgent'),
      });
      expectObservable(runnerOf(agent).runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('Weather?') }).pipe(map(simplifyEvent))).toBe(
        '--a---b--c|',
        {
          a: 'weather_agent: call get_weather({"city":"Paris"})',
          b: 'weather_agent: get_weather returned {"sky":"sunny"}',
          c: 'weather_agent: Sunny, 25°C.',
        },
      );
    });
    expect(log).toEqual([
      'beforeAgent@0',
      'beforeModel@0',
      'afterModel@2',
      'beforeTool@2',
      'tool@2',
      'afterTool@6',
      'beforeModel@6',
      'afterModel@9',
      'afterAgent@10',
    ]);
  });

  it('starts all function calls of one response together and keeps call order in the merged response', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const slowA = cold('---a|', { a: { v: 'A' } });
      const slowB = cold('---b|', { b: { v: 'B' } });
      const tool = (name: string, answer: Observable<unknown>) =>
        new FunctionTool({ name, description: name, execute: () => answer });
      const agent = new LlmAgent({
        name: 'agent',
        model: new ScriptedLlm([calls({ name: 'a', args: {} }, { name: 'b', args: {} }), text('done')]),
        tools: [tool('a', slowA), tool('b', slowB)],
      });
      expectObservable(runnerOf(agent).runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(map(simplifyEvent))).toBe(
        'x--(yz|)',
        { x: 'agent: call a({}) | call b({})', y: 'agent: a returned {"v":"A"} | b returned {"v":"B"}', z: 'agent: done' },
      );
      expectSubscriptions(slowA.subscriptions).toBe('^--!');
      expectSubscriptions(slowB.subscriptions).toBe('^--!');
    });
  });

  it('honours RunConfig.maxConcurrentTools', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const tool = (name: string) => new FunctionTool({ name, description: name, execute: () => cold('--r|', { r: { name } }) });
      const agent = new LlmAgent({
        name: 'agent',
        model: new ScriptedLlm([calls({ name: 'a' }, { name: 'b' }, { name: 'c' }), text('done')]),
        tools: [tool('a'), tool('b'), tool('c')],
      });
      const run = runnerOf(agent).runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go'), runConfig: { maxConcurrentTools: 1 } });
      expectObservable(run.pipe(map((e) => e.timestamp))).toBe('x-----(yz|)', { x: 0, y: 6, z: 6 });
    });
  });
});

describe('LlmAgent: the seed\'s callback use cases', () => {
  it('a response cache in beforeModel: on a hit the model is never called and after-model is skipped', async () => {
    const cache = new Map<string, LlmResponse>();
    const afterModel = jest.fn((_ctx: CallbackContext, response: LlmResponse) => {
      cache.set('last', response);
      return undefined;
    });
    const model = new ScriptedLlm([text('computed once')]);
    const agent = new LlmAgent({
      name: 'agent',
      model,
      beforeModelCallback: () => cache.get('last'),
      afterModelCallback: afterModel,
    });
    const runner = runnerOf(agent);
    expect(await turn(runner, 'q')).toEqual(['agent: computed once']);
    expect(await turn(runner, 'q')).toEqual(['agent: computed once']);
    expect(model.callCount).toBe(1);
    expect(afterModel).toHaveBeenCalledTimes(1);
  });

  it('moderation in afterModel replaces the response', async () => {
    const agent = new LlmAgent({
      name: 'agent',
      model: new ScriptedLlm([text('here is the secret password')]),
      afterModelCallback: (_ctx, response) =>
        response.content?.parts?.some((p) => p.text?.includes('secret')) ? text('I cannot answer that.') : undefined,
    });
    expect(await turn(runnerOf(agent), 'q')).toEqual(['agent: I cannot answer that.']);
  });

  it('argument checks in beforeTool: the tool never runs and its result is the callback\'s', async () => {
    const executed = jest.fn(() => ({ ok: true }));
    const transfer = new FunctionTool({
      name: 'transfer_money',
      description: 'Transfers money',
      parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
      execute: executed,
    });
    const model = new ScriptedLlm([calls({ name: 'transfer_money', args: { amount: 20000 } }), text('Sorry, too much.')]);
    const agent = new LlmAgent({
      name: 'bank',
      model,
      tools: [transfer],
      beforeToolCallback: (_ctx, tool, args) =>
        tool.name === 'transfer_money' && (args['amount'] as number) > 10000 ? { error: 'Over the 10000 limit.' } : undefined,
    });
    expect(await turn(runnerOf(agent), 'send 20000')).toEqual([
      'bank: call transfer_money({"amount":20000})',
      'bank: transfer_money returned {"error":"Over the 10000 limit."}',
      'bank: Sorry, too much.',
    ]);
    expect(executed).not.toHaveBeenCalled();
  });

  it('masking in afterTool replaces the result the model sees', async () => {
    const model = new ScriptedLlm([calls({ name: 'query_user_info', args: {} }), text('ok')]);
    const agent = new LlmAgent({
      name: 'agent',
      model,
      tools: [new FunctionTool({ name: 'query_user_info', description: 'info', execute: () => ({ phone: '13812345678' }) })],
      afterToolCallback: (_ctx, _tool, _args, result) => ({ ...result, phone: `${String(result['phone']).slice(0, 3)}****${String(result['phone']).slice(7)}` }),
    });
    await turn(runnerOf(agent), 'who am I');
    expect(model.requests[1]!.contents.at(-1)!.parts![0]!.functionResponse!.response).toEqual({ phone: '138****5678' });
  });

  it('a tool-call limit in beforeTool', async () => {
    let count = 0;
    const weatherCalls: Array<Record<string, unknown>> = [];
    const model = new ScriptedLlm([
      calls({ name: 'get_weather', args: { city: 'A' } }, { name: 'get_weather', args: { city: 'B' } }, { name: 'get_weather', args: { city: 'C' } }),
      text('done'),
    ]);
    const agent = new LlmAgent({
      name: 'agent',
      model,
      tools: [weatherTool(weatherCalls)],
      beforeToolCallback: () => (++count > 2 ? { error: 'Too many tool calls, try later.' } : undefined),
    });
    await turn(runnerOf(agent), 'go');
    expect(weatherCalls.map((a) => a['city'])).toEqual(['A', 'B']);
    expect(model.requests[1]!.contents.at(-1)!.parts!.map((p) => p.functionResponse!.response)).toEqual([
      { city: 'A', sky: 'sunny', temp: 25 },
      { city: 'B', sky: 'sunny', temp: 25 },
      { error: 'Too many tool calls, try later.' },
    ]);
  });

  it('onModelError supplies a response that stands in for the failed call (and goes through afterModel)', async () => {
    const seen: string[] = [];
    const agent = new LlmAgent({
      name: 'agent',
      model: new ScriptedLlm([new Error('503 overloaded')]),
      onModelErrorCallback: (_ctx, _request, error) => {
        seen.push(error.message);
        return text('The model is busy, please retry.');
      },
      afterModelCallback: (_ctx, response) => void seen.push(`after:${response.content?.parts?.[0]?.text}`),
    });
    expect(await turn(runnerOf(agent), 'q')).toEqual(['agent: The model is busy, please retry.']);
    expect(seen).toEqual(['Model "scripted" failed: 503 overloaded', 'after:The model is busy, please retry.']);
  });

  it('without an onModelError result the error propagates as ModelError', async () => {
    const agent = new LlmAgent({ name: 'agent', model: new ScriptedLlm([new Error('boom')]) });
    await expect(turn(runnerOf(agent), 'q')).rejects.toBeInstanceOf(ModelError);
  });

  it('plugin model and tool callbacks take precedence over the agent\'s own', async () => {
    const ownBeforeModel = jest.fn(() => text('from agent callback'));
    const ownBeforeTool = jest.fn(() => ({ from: 'agent' }));
    const agent = new LlmAgent({
      name: 'agent',
      model: new ScriptedLlm([]),
      beforeModelCallback: ownBeforeModel,
      beforeToolCallback: ownBeforeTool,
    });
    let modelCalls = 0;
    const plugin = createPlugin({
      name: 'policy',
      beforeModelCallback: () => (++modelCalls === 1 ? calls({ name: 'anything', args: {} }) : text('plugin says bye')),
      beforeToolCallback: () => ({ from: 'plugin' }),
    });
    agent.tools.push(new FunctionTool({ name: 'anything', description: 'x', execute: () => ({ from: 'tool' }) }));
    expect(await turn(runnerOf(agent, [plugin]), 'q')).toEqual([
      'agent: call anything({})',
      'agent: anything returned {"from":"plugin"}',
      'agent: plugin says bye',
    ]);
    expect(ownBeforeModel).not.toHaveBeenCalled();
    expect(ownBeforeTool).not.toHaveBeenCalled();
  });

  it('state written in model callbacks lands in the model event', async () => {
    const agent = new LlmAgent({
      name: 'agent',
      model: new ScriptedLlm([text('hi')]),
      beforeModelCallback: (ctx) => void ctx.state.set('model_calls', 1),
    });
    const runner = runnerOf(agent);
    const events = await firstValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('q') }).pipe(map((e) => e.actions.stateDelta)));
    expect(events).toEqual({ model_calls: 1 });
  });
});

describe('LlmAgent: bad model output gets an {error} reply and the next model call happens', () => {
  async function reply(tools: BaseTool[], call: { name: string; args: Record<string, unknown> }) {
    const model = new ScriptedLlm([calls(call), text('recovered')]);
    const events = await turn(runnerOf(new LlmAgent({ name: 'agent', model, tools })), 'go');
    expect(events.at(-1)).toBe('agent: recovered');
    return model.requests[1]!.contents.at(-1)!.parts![0]!.functionResponse!.response as { error: string };
  }

  it('an unknown tool name', async () => {
    const response = await reply([weatherTool()], { name: 'get_wether', args: {} });
    expect(response.error).toBe('Tool "get_wether" is not available to agent "agent". Available tools: get_weather.');
  });

  it('arguments that violate the schema never reach the tool', async () => {
    const seen: unknown[] = [];
    const response = await reply([weatherTool(seen as never)], { name: 'get_weather', args: { town: 'Paris' } });
    expect(response.error).toMatch(/^Invalid arguments for tool "get_weather": \(arguments\) must have required property 'city'/);
    expect(seen).toEqual([]);
  });

  it('a tool that throws', async () => {
    const failing = new FunctionTool({ name: 'flaky', description: 'x', execute: () => { throw new Error('disk full'); } });
    expect((await reply([failing], { name: 'flaky', args: {} })).error).toBe('flaky failed: disk full');
  });

  it('a tool that rejects, with the on-tool-error chain supplying the result', async () => {
    const failing = new FunctionTool({ name: 'flaky', description: 'x', execute: () => Promise.reject(new Error('timeout')) });
    const model = new ScriptedLlm([calls({ name: 'flaky', args: {} }), text('ok')]);
    const agent = new LlmAgent({
      name: 'agent',
      model,
      tools: [failing],
      onToolErrorCallback: (_ctx, tool, _args, error) => ({ fallback: `${tool.name}: ${error.message}` }),
    });
    await turn(runnerOf(agent), 'go');
    expect(model.requests[1]!.contents.at(-1)!.parts![0]!.functionResponse!.response).toEqual({ fallback: 'flaky: timeout' });
  });

  it('toolErrors: "throw" fails the run with ToolExecutionError instead', async () => {
    const failing = new FunctionTool({ name: 'flaky', description: 'x', execute: () => { throw new Error('disk full'); } });
    const agent = new LlmAgent({ name: 'agent', model: new ScriptedLlm([calls({ name: 'flaky', args: {} })]), tools: [failing] });
    const error = await turn(runnerOf(agent), 'go', { toolErrors: 'throw' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect((error as ToolExecutionError).toolName).toBe('flaky');
  });

  it('wraps a non-object result as {result}', async () => {
    const model = new ScriptedLlm([calls({ name: 'count', args: {} }), text('ok')]);
    await turn(runnerOf(new LlmAgent({ name: 'agent', model, tools: [new FunctionTool({ name: 'count', description: 'x', execute: () => 42 })] })), 'go');
    expect(model.requests[1]!.contents.at(-1)!.parts![0]!.functionResponse!.response).toEqual({ result: 42 });
  });
});

describe('LlmAgent: streaming', () => {
  it('emits partial events, runs tools only from the final response, and runs them once', async () => {
    const ran: unknown[] = [];
    const model = new ScriptedLlm([
      [
        { content: { role: 'model', parts: [{ text: 'Let me ' }] } },
        { content: { role: 'model', parts: [{ text: 'check.' }] } },
        { content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }] } },
      ],
      [{ content: { role: 'model', parts: [{ text: 'Cold.' }] } }],
    ]);
    const runner = runnerOf(new LlmAgent({ name: 'agent', model, tools: [weatherTool(ran as never)] }));
    const events = await turn(runner, 'Oslo?', { streamingMode: 'sse' });
    expect(events).toEqual([
      '~ agent: Let me ',
      '~ agent: check.',
      '~ agent: call get_weather({"city":"Oslo"})',
      'agent: Let me check. | call get_weather({"city":"Oslo"})',
      'agent: get_weather returned {"city":"Oslo","sky":"sunny","temp":25}',
      '~ agent: Cold.',
      'agent: Cold.',
    ]);
    expect(ran).toEqual([{ city: 'Oslo' }]);
    const session = await firstValueFrom(runner.sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    expect(session!.events.map(simplifyEvent)).toEqual([
      'user: Oslo?',
      'agent: Let me check. | call get_weather({"city":"Oslo"})',
      'agent: get_weather returned {"city":"Oslo","sky":"sunny","temp":25}',
      'agent: Cold.',
    ]);
  });
});

describe('LlmAgent: building the request', () => {
  it('sends model, config, instruction (templated), identity, history and tool declarations', async () => {
    const model = new ScriptedLlm([text('Bonjour')], { model: 'gemini-test' });
    const agent = new LlmAgent({
      name: 'greeter',
      description: 'Greets people.',
      model,
      instruction: 'Greet in {user:lang}. {nickname?}',
      generateContentConfig: { temperature: 0.2 },
      tools: [weatherTool()],
    });
    const runner = runnerOf(agent);
    await firstValueFrom(runner.sessionService.createSession({ appName: 'app', userId: 'u1', sessionId: 's1', state: { 'user:lang': 'French' } }));
    await turn(runner, 'hi');
    const request = model.requests[0]!;
    expect(request.model).toBe('gemini-test');
    expect(request.config.temperature).toBe(0.2);
    expect(request.config.systemInstruction).toBe(
      'Greet in French. \n\nYou are an agent. Your internal name is "greeter". The description about you is "Greets people.".',
    );
    expect(request.contents).toEqual([user('hi')]);
    expect(request.config.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'Returns the weather in a city.',
            parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] },
          },
        ],
      },
    ]);
    expect(Object.keys(request.toolsDict)).toEqual(['get_weather']);
  });

  it('a missing required state key is an AgentConfigError and the model is not called', async () => {
    const model = new ScriptedLlm([text('x')]);
    const agent = new LlmAgent({ name: 'agent', model, instruction: 'Hello {customer_name}' });
    const error = await turn(runnerOf(agent), 'hi').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentConfigError);
    expect((error as Error).message).toMatch(/\{customer_name\}.*no "customer_name".*\{customer_name\?\}/);
    expect(model.callCount).toBe(0);
  });

  it('an instruction provider is used as returned, without templating', async () => {
    const model = new ScriptedLlm([text('x')]);
    const agent = new LlmAgent({ name: 'agent', model, instruction: (ctx) => `Literal {braces} for ${ctx.agentName}` });
    await turn(runnerOf(agent), 'hi');
    expect(model.requests[0]!.config.systemInstruction).toMatch(/^Literal \{braces\} for agent\n\n/);
  });

  it('includeContents "none" sends only the current turn', async () => {
    const model = new ScriptedLlm([text('one'), text('two')]);
    const runner = runnerOf(new LlmAgent({ name: 'agent', model, includeContents: 'none' }));
    await turn(runner, 'first');
    await turn(runner, 'second');
    expect(model.requests[1]!.contents).toEqual([user('second')]);
  });

  it('keeps the full history by default, with the model\'s own turns as they are', async () => {
    const model = new ScriptedLlm([text('one'), text('two')]);
    const runner = runnerOf(new LlmAgent({ name: 'agent', model }));
    await turn(runner, 'first');
    await turn(runner, 'second');
    expect(model.requests[1]!.contents).toEqual([user('first'), text('one').content, user('second')]);
  });

  it('has no model: a clear AgentConfigError', async () => {
    const error = await turn(runnerOf(new LlmAgent({ name: 'agent' })), 'hi').catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/Agent "agent" has no model/);
  });

  it('rejects tools or a system instruction inside generateContentConfig', () => {
    expect(() => new LlmAgent({ name: 'a', generateContentConfig: { tools: [{ googleSearch: {} }] } })).toThrow(/"tools" option/);
    expect(() => new LlmAgent({ name: 'a', generateContentConfig: { systemInstruction: 'x' } })).toThrow(/"instruction"/);
  });
});

describe('LlmAgent: limits, outputs, long-running tools, cancellation', () => {
  it('maxLlmCalls → LlmCallsLimitExceededError', async () => {
    const model = new ScriptedLlm(Array.from({ length: 5 }, () => calls({ name: 'get_weather', args: { city: 'X' } })));
    const agent = new LlmAgent({ name: 'agent', model, tools: [weatherTool()] });
    const error = await turn(runnerOf(agent), 'loop', { maxLlmCalls: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmCallsLimitExceededError);
    expect(model.callCount).toBe(2);
  });

  it('outputKey stores the final text; an empty answer does not overwrite it', async () => {
    const model = new ScriptedLlm([text('Paris'), text('  ')]);
    const runner = runnerOf(new LlmAgent({ name: 'agent', model, outputKey: 'capital' }));
    await turn(runner, 'capital of France?');
    await turn(runner, '...');
    const session = await firstValueFrom(runner.sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    expect(session!.state['capital']).toBe('Paris');
  });

  it('outputSchema: the parsed, validated object is stored; invalid output is an OutputSchemaError', async () => {
    const outputSchema = { type: 'object', properties: { city: { type: 'string' }, temp: { type: 'number' } }, required: ['city', 'temp'] };
    const model = new ScriptedLlm([text('{"city":"Paris","temp":21}'), text('{"city":"Paris"}')]);
    const runner = runnerOf(new LlmAgent({ name: 'agent', model, outputSchema, outputKey: 'report' }));
    await turn(runner, 'report');
    expect(model.requests[0]!.config.responseMimeType).toBe('application/json');
    expect(model.requests[0]!.config.responseSchema).toEqual({
      type: 'OBJECT',
      properties: { city: { type: 'STRING' }, temp: { type: 'NUMBER' } },
      required: ['city', 'temp'],
    });
    const session = await firstValueFrom(runner.sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    expect(session!.state['report']).toEqual({ city: 'Paris', temp: 21 });
    await expect(turn(runner, 'again')).rejects.toBeInstanceOf(OutputSchemaError);
  });

  it('long-running tool: ids in longRunningToolIds; an empty result sends no response and ends the turn', async () => {
    const model = new ScriptedLlm([calls({ name: 'ask_manager', args: { amount: 500 } })]);
    const tool = new LongRunningFunctionTool({ name: 'ask_manager', description: 'Asks for approval', execute: () => undefined });
    const runner = runnerOf(new LlmAgent({ name: 'agent', model, tools: [tool] }));
    const events: Array<{ ids?: string[]; call?: string }> = [];
    await new Promise<void>((done) =>
      runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('buy') }).subscribe({
        next: (e) => events.push({ ids: e.longRunningToolIds, call: e.content?.parts?.[0]?.functionCall?.id }),
        complete: done,
      }),
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.ids).toEqual([events[0]!.call]);
    expect(model.callCount).toBe(1);
    expect(tool.description).toMatch(/NOTE: This is a long-running operation/);
  });

  it('fires the running tool\'s abort signal when the caller unsubscribes', () => {
    let signal: AbortSignal | undefined;
    const tool = new FunctionTool({
      name: 'slow',
      description: 'x',
      execute: (_args, ctx: ToolContext) => {
        signal = ctx.abortSignal;
        return NEVER;
      },
    });
    const agent = new LlmAgent({ name: 'agent', model: new ScriptedLlm([calls({ name: 'slow', args: {} })]), tools: [tool] });
    const subscription = runnerOf(agent).runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).subscribe();
    expect(signal?.aborted).toBe(false);
    subscription.unsubscribe();
    expect(signal?.aborted).toBe(true);
  });

  it('stays in virtual time with timed models and tools', () => {
    testScheduler().run(({ expectObservable }) => {
      const model = new ScriptedLlm([() => timer(10).pipe(concatMap(() => of(text('late'))))]);
      const agent = new LlmAgent({ name: 'agent', model });
      expectObservable(runnerOf(agent).runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('q') }).pipe(map(simplifyEvent))).toBe(
        '10ms (a|)',
        { a: 'agent: late' },
      );
    });
  });
});


describe('LlmAgent: long synchronous loops', () => {
  it('runs 600 tool-call steps over a synchronous model without growing the stack', async () => {
    const script = [...Array.from({ length: 600 }, (_, i) => calls({ name: 'get_weather', args: { city: `c${i}` } })), text('done')];
    const model = new ScriptedLlm(script, { recordRequests: false });
    const ran: unknown[] = [];
    const events = await turn(runnerOf(new LlmAgent({ name: 'agent', model, tools: [weatherTool(ran as never)] })), 'go', { maxLlmCalls: 1000 });
    expect(events).toHaveLength(1201);
    expect(ran).toHaveLength(600);
  });
});
