import { jest } from '@jest/globals';
import { firstValueFrom, map, toArray } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import type { Event } from '../../../lib/events/event.js';
import type { LlmResponse } from '../../../lib/models/llm-response.js';
import type { BasePlugin } from '../../../lib/plugins/base-plugin.js';
import { LoggingPlugin } from '../../../lib/plugins/builtin/logging-plugin.js';
import { InMemoryRunner } from '../../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../../lib/testing/simplify-events.js';
import { FunctionTool } from '../../../lib/tools/function-tool.js';
import { sequentialIds } from '../../../lib/utils/ids.js';
import { calls, text, user, weatherTool } from '../../support/llm.js';
import { testScheduler } from '../../support/test-scheduler.js';

function weatherAgent(extra: { usage?: boolean } = {}) {
  const answer: LlmResponse = {
    ...text('It is sunny in Paris.'),
    ...(extra.usage ? { usageMetadata: { promptTokenCount: 42, candidatesTokenCount: 7, totalTokenCount: 49 } } : {}),
  };
  return new LlmAgent({
    name: 'weather_agent',
    model: new ScriptedLlm([calls({ name: 'get_weather', args: { city: 'Paris' } }), answer], { model: 'gemini-test' }),
    instruction: 'You answer questions about the weather.',
    tools: [weatherTool()],
  });
}

function runnerOf(agent: LlmAgent, plugins: BasePlugin[]) {
  return new InMemoryRunner({ agent, appName: 'app', plugins, autoCreateSession: true, idGenerator: sequentialIds('id'), clock: () => 0 });
}

function runAll(runner: InMemoryRunner, message = 'Weather in Paris?'): Promise<Event[]> {
  return firstValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user(message) }).pipe(toArray()));
}

function captured(options: { color?: boolean } = {}) {
  const lines: string[] = [];
  const plugin = new LoggingPlugin({ log: (line) => lines.push(line), color: options.color ?? false });
  return { lines, plugin };
}

describe('LoggingPlugin', () => {
  it('logs every hook of a run with a tool call, in the order the hooks run', async () => {
    const { lines, plugin } = captured();
    await runAll(runnerOf(weatherAgent(), [plugin]));
    const titles = lines.filter((line) => !line.startsWith('[logging_plugin]    '));
    expect(titles).toEqual([
      '[logging_plugin] USER MESSAGE',
      '[logging_plugin] INVOCATION STARTING',
      '[logging_plugin] AGENT STARTING',
      '[logging_plugin] LLM REQUEST',
      '[logging_plugin] LLM RESPONSE',
      '[logging_plugin] EVENT',
      '[logging_plugin] TOOL STARTING',
      '[logging_plugin] TOOL COMPLETED',
      '[logging_plugin] EVENT',
      '[logging_plugin] LLM REQUEST',
      '[logging_plugin] LLM RESPONSE',
      '[logging_plugin] EVENT',
      '[logging_plugin] AGENT COMPLETED',
      '[logging_plugin] INVOCATION COMPLETED',
    ]);
  });

  it('prints the user message, the model request, the tool call with its arguments and result, and the final answer', async () => {
    const { lines, plugin } = captured();
    await runAll(runnerOf(weatherAgent({ usage: true }), [plugin]));
    const log = lines.join('\n');
    expect(log).toContain("   User Content: text: 'Weather in Paris?'");
    expect(log).toContain('   Invocation ID: e-id');
    expect(log).toContain('   Model: gemini-test');
    expect(log).toContain('   Contents: 1');
    expect(log).toContain("   System Instruction: 'You answer questions about the weather.\\n\\nYou are an agent.");
    expect(log).toContain('   Available Tools: get_weather');
    expect(log).toContain('   Content: function_call: get_weather({"city":"Paris"})');
    expect(log).toContain('   Tool Name: get_weather');
    expect(log).toContain('   Arguments: {"city":"Paris"}');
    expect(log).toContain('   Result: {"city":"Paris","sky":"sunny","temp":25}');
    expect(log).toContain('   Function Responses: get_weather → {"city":"Paris","sky":"sunny","temp":25}');
    expect(log).toContain("   Content: text: 'It is sunny in Paris.'");
    expect(log).toContain('   Token Usage - Input: 42, Output: 7, Total: 49');
    // the final event is reported as final; the function-call event is not
    const eventBlocks = log.split('[logging_plugin] EVENT').slice(1);
    expect(eventBlocks.map((block) => /Final Response: (true|false)/.exec(block)![1])).toEqual(['false', 'false', 'true']);
  });

  it('prints the state delta of events and the errors of tools and of the run', async () => {
    const { lines, plugin } = captured();
    const failing = new FunctionTool({
      name: 'flaky',
      description: 'fails',
      execute: (_args, ctx) => {
        ctx.state.set('attempted', true);
        throw new Error('disk full');
      },
    });
    const agent = new LlmAgent({ name: 'agent', model: new ScriptedLlm([calls({ name: 'flaky', args: { n: 1 } })]), tools: [failing] });
    const runner = runnerOf(agent, [plugin]);
    await expect(runAll(runner)).rejects.toThrow(/ScriptedLlm "scripted" was called 2 times/);
    const log = lines.join('\n');
    expect(log).toContain('[logging_plugin] TOOL ERROR\n[logging_plugin]    Tool Name: flaky');
    expect(log).toContain('   Error: Error: disk full');
    expect(log).toContain('   State Delta: {"attempted":true}');
    expect(log).toContain('[logging_plugin] LLM ERROR');
    expect(log).toContain('[logging_plugin] INVOCATION FAILED');
    expect(log).not.toContain('INVOCATION COMPLETED');
  });

  it('does not change the run: the events and the model requests are the same with and without it', async () => {
    const withoutAgent = weatherAgent({ usage: true });
    const withAgent = weatherAgent({ usage: true });
    const without = await runAll(runnerOf(withoutAgent, []));
    const { plugin } = captured();
    const withLogging = await runAll(runnerOf(withAgent, [plugin]));
    expect(withLogging).toEqual(without);
    const requests = (agent: LlmAgent) => (agent.model as ScriptedLlm).requests.map(({ toolsDict: _t, ...rest }) => rest);
    expect(requests(withAgent)).toEqual(requests(withoutAgent));
  });

  it('lets later plugins and the agents\' own callbacks run (it returns nothing from any hook)', async () => {
    const { plugin } = captured();
    const ownBeforeModel = jest.fn(() => undefined);
    const ownBeforeTool = jest.fn(() => undefined);
    const agent = new LlmAgent({
      name: 'agent',
      model: new ScriptedLlm([calls({ name: 'get_weather', args: { city: 'Oslo' } }), text('Cold.')]),
      tools: [weatherTool()],
      beforeModelCallback: ownBeforeModel,
      beforeToolCallback: ownBeforeTool,
    });
    await runAll(runnerOf(agent, [plugin]));
    expect(ownBeforeModel).toHaveBeenCalledTimes(2);
    expect(ownBeforeTool).toHaveBeenCalledTimes(1);
  });

  it('colours every line grey by default and uses its name as prefix', async () => {
    const lines: string[] = [];
    const plugin = new LoggingPlugin({ name: 'trace', log: (line) => lines.push(line) });
    await runAll(runnerOf(weatherAgent(), [plugin]));
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(line).toMatch(/^\u001b\[90m\[trace\] .*\u001b\[0m$/);
  });

  it('writes to console.log by default', async () => {
    const spy = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await runAll(runnerOf(weatherAgent(), [new LoggingPlugin()]));
      expect(spy.mock.calls.map((args) => args[0])).toContain('\u001b[90m[logging_plugin] USER MESSAGE\u001b[0m');
    } finally {
      spy.mockRestore();
    }
  });

  it('truncates long texts and survives values JSON cannot print', async () => {
    const { lines, plugin } = captured();
    const cyclic: Record<string, unknown> = { big: 10n };
    cyclic['self'] = cyclic;
    const agent = new LlmAgent({
      name: 'agent',
      model: new ScriptedLlm([calls({ name: 'odd', args: {} }), text('x'.repeat(500))]),
      tools: [new FunctionTool({ name: 'odd', description: 'odd', execute: () => cyclic })],
    });
    await runAll(runnerOf(agent, [plugin]));
    const log = lines.join('\n');
    expect(log).toContain(`text: '${'x'.repeat(200)}...'`);
    expect(log).toContain('   Result: [object Object]');
  });

  it('logs each hook at the virtual time it runs (marble test)', () => {
    const scheduler = testScheduler();
    const stamped: string[] = [];
    scheduler.run(({ cold, expectObservable }) => {
      const plugin = new LoggingPlugin({
        color: false,
        log: (line) => {
          if (!line.startsWith('[logging_plugin]    ')) stamped.push(`${line.slice('[logging_plugin] '.length)}@${scheduler.now()}`);
        },
      });
      const tool = new FunctionTool({ name: 'get_weather', description: 'w', execute: () => cold('---t|', { t: { sky: 'sunny' } }) });
      const agent = new LlmAgent({
        name: 'agent',
        model: new ScriptedLlm([
          cold('--r|', { r: calls({ name: 'get_weather', args: { city: 'Paris' } }) }),
          cold('-r|', { r: text('Sunny.') }),
        ]),
        tools: [tool],
      });
      const run = runnerOf(agent, [plugin]).runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('q') });
      expectObservable(run.pipe(map(simplifyEvent))).toBe('--a--bc|', {
        a: 'agent: call get_weather({"city":"Paris"})',
        b: 'agent: get_weather returned {"sky":"sunny"}',
        c: 'agent: Sunny.',
      });
    });
    expect(stamped).toEqual([
      'USER MESSAGE@0',
      'INVOCATION STARTING@0',
      'AGENT STARTING@0',
      'LLM REQUEST@0',
      'LLM RESPONSE@2',
      'EVENT@2',
      'TOOL STARTING@2',
      'TOOL COMPLETED@5',
      'EVENT@5',
      'LLM REQUEST@5',
      'LLM RESPONSE@6',
      'EVENT@6',
      'AGENT COMPLETED@7',
      'INVOCATION COMPLETED@7',
    ]);
  });
});
