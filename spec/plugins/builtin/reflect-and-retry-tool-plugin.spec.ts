import { jest } from '@jest/globals';
import { firstValueFrom, map, toArray } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import type { ToolContext } from '../../../lib/context/tool-context.js';
import type { Event } from '../../../lib/events/event.js';
import type { BasePlugin } from '../../../lib/plugins/base-plugin.js';
import {
  REFLECT_AND_RETRY_RESPONSE_TYPE,
  ReflectAndRetryToolPlugin,
  type ToolFailureResponse,
} from '../../../lib/plugins/builtin/reflect-and-retry-tool-plugin.js';
import { InMemoryRunner } from '../../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../../lib/testing/simplify-events.js';
import type { BaseTool } from '../../../lib/tools/base-tool.js';
import { FunctionTool } from '../../../lib/tools/function-tool.js';
import { CallbackError, PluginConfigError } from '../../../lib/utils/errors.js';
import type { RunConfig } from '../../../lib/context/run-config.js';
import { sequentialIds } from '../../../lib/utils/ids.js';
import { calls, text, user } from '../../support/llm.js';
import { testScheduler } from '../../support/test-scheduler.js';

class QuotaError extends Error {
  override name = 'QuotaError';
}

/** A tool that throws `failWith(args)` when it returns an error, else answers `{ok: args}`. */
function tool(name: string, failWith: (args: Record<string, unknown>) => Error | undefined = (args) => (args['fail'] ? new QuotaError(`quota for ${name}`) : undefined)) {
  return new FunctionTool({
    name,
    description: name,
    execute: (args) => {
      const error = failWith(args);
      if (error) throw error;
      return { ok: args };
    },
  });
}

function runnerOf(model: ScriptedLlm, tools: BaseTool[], plugins: BasePlugin[]) {
  const agent = new LlmAgent({ name: 'agent', model, tools });
  return new InMemoryRunner({ agent, appName: 'app', plugins, autoCreateSession: true, idGenerator: sequentialIds('id'), clock: () => 0 });
}

function runAll(runner: InMemoryRunner, sessionId = 's1', runConfig: RunConfig = {}): Promise<Event[]> {
  return firstValueFrom(runner.runAsync({ userId: 'u1', sessionId, newMessage: user('go'), runConfig }).pipe(toArray()));
}

/** Whole turns: the last stored event answers the last call. */
function lastStored(runner: InMemoryRunner): Event {
  let events: Event[] = [];
  runner.sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }).subscribe((s) => (events = s!.events));
  return events.at(-1)!;
}

/** The function responses the model received at call `index`, in call order. */
function responsesSeen(model: ScriptedLlm, index: number): Array<Record<string, unknown>> {
  return model.requests[index]!.contents.at(-1)!.parts!.map((p) => p.functionResponse!.response as Record<string, unknown>);
}

const fail = (name: string, extra: Record<string, unknown> = {}) => ({ name, args: { fail: true, ...extra } });
const succeed = (name: string) => ({ name, args: { fail: false } });

describe('ReflectAndRetryToolPlugin', () => {
  it('answers failures with reflection guidance (retry 1, 2) and then lets the real result through', async () => {
    const model = new ScriptedLlm([calls(fail('book', { day: 'Mon' })), calls(fail('book', { day: 'Tue' })), calls(succeed('book')), text('Booked.')]);
    const events = await runAll(runnerOf(model, [tool('book')], [new ReflectAndRetryToolPlugin()]));
    expect(events.at(-1)!.content!.parts![0]!.text).toBe('Booked.');
    const first = responsesSeen(model, 1)[0] as ToolFailureResponse;
    const second = responsesSeen(model, 2)[0] as ToolFailureResponse;
    expect(first).toEqual({
      response_type: REFLECT_AND_RETRY_RESPONSE_TYPE,
      error_type: 'QuotaError',
      error_details: 'quota for book',
      retry_count: 1,
      reflection_guidance: expect.any(String),
    });
    expect(first.reflection_guidance).toContain('`book` failed');
    expect(first.reflection_guidance).toContain('QuotaError: quota for book');
    expect(first.reflection_guidance).toContain('"day": "Mon"');
    expect(first.reflection_guidance).toContain('attempt 1 of 3');
    expect(first.reflection_guidance).toMatch(/do not repeat the same call/i);
    expect(second.retry_count).toBe(2);
    expect(second.reflection_guidance).toContain('attempt 2 of 3');
    expect(responsesSeen(model, 3)).toEqual([{ ok: { fail: false } }]);
  });

  it('past maxRetries it rethrows the tool\'s own error: under toolErrors "throw" the run fails with it, after the call is answered', async () => {
    const boom = new QuotaError('quota exhausted');
    const model = new ScriptedLlm([calls(fail('book')), calls(fail('book')), calls(fail('book')), text('never')]);
    const runner = runnerOf(model, [tool('book', (args) => (args['fail'] ? boom : undefined))], [new ReflectAndRetryToolPlugin({ maxRetries: 2 })]);
    const error = await runAll(runner, 's1', { toolErrors: 'throw' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallbackError);
    expect((error as CallbackError).cause).toBe(boom);
    expect((error as CallbackError).message).toContain('onToolErrorCallback of plugin "reflect_retry_tool_plugin"');
    expect(model.callCount).toBe(3);
    expect(responsesSeen(model, 2)[0]!['retry_count']).toBe(2);
    expect(lastStored(runner).content!.parts![0]!.functionResponse!.response).toEqual({ error: (error as Error).message });
  });

  it('past maxRetries, by default (toolErrors "reply") the model is told the plugin gave up, and the run goes on', async () => {
    const model = new ScriptedLlm([calls(fail('book')), calls(fail('book')), text('I give up.')]);
    const runner = runnerOf(model, [tool('book')], [new ReflectAndRetryToolPlugin({ maxRetries: 1 })]);
    const events = await runAll(runner);
    expect(events.at(-1)!.content!.parts![0]!.text).toBe('I give up.');
    expect(String(responsesSeen(model, 2)[0]!['error'])).toMatch(/onToolErrorCallback of plugin "reflect_retry_tool_plugin" failed: quota for book/);
  });

  it('with throwExceptionIfRetryExceeded: false it tells the model to stop using the tool, and the run goes on', async () => {
    const model = new ScriptedLlm([calls(fail('book')), calls(fail('book')), text('I could not book it.')]);
    const plugin = new ReflectAndRetryToolPlugin({ maxRetries: 1, throwExceptionIfRetryExceeded: false });
    const events = await runAll(runnerOf(model, [tool('book')], [plugin]));
    const exceeded = responsesSeen(model, 2)[0] as ToolFailureResponse;
    expect(exceeded).toMatchObject({ response_type: REFLECT_AND_RETRY_RESPONSE_TYPE, error_type: 'QuotaError', retry_count: 1 });
    expect(exceeded.reflection_guidance).toContain('failed 1 times in a row');
    expect(exceeded.reflection_guidance).toContain('Do not call `book` again');
    expect(events.map(simplifyEvent).at(-1)).toBe('agent: I could not book it.');
  });

  it('maxRetries 0 gives up at the first failure; a negative maxRetries is a PluginConfigError', async () => {
    const model = new ScriptedLlm([calls(fail('book'))]);
    await expect(runAll(runnerOf(model, [tool('book')], [new ReflectAndRetryToolPlugin({ maxRetries: 0 })]), 's1', { toolErrors: 'throw' })).rejects.toThrow('quota for book');
    expect(() => new ReflectAndRetryToolPlugin({ maxRetries: -1 })).toThrow(PluginConfigError);
  });

  it('counts per tool: a success resets only that tool\'s counter', async () => {
    const model = new ScriptedLlm([
      calls(fail('a'), fail('b')), // a:1 b:1
      calls(succeed('a')), //        a reset
      calls(fail('a'), fail('b')), // a:1 b:2 > max
      text('done'),
    ]);
    const plugin = new ReflectAndRetryToolPlugin({ maxRetries: 1, throwExceptionIfRetryExceeded: false });
    await runAll(runnerOf(model, [tool('a'), tool('b')], [plugin]));
    expect(responsesSeen(model, 1).map((r) => r['retry_count'])).toEqual([1, 1]);
    expect(responsesSeen(model, 2)).toEqual([{ ok: { fail: false } }]);
    const [a, b] = responsesSeen(model, 3) as ToolFailureResponse[];
    expect(a!.reflection_guidance).toContain('attempt 1 of 1');
    expect(b!.reflection_guidance).toContain('retry limit is exceeded');
  });

  it('tracks per invocation by default, and across invocations with trackingScope "global"', async () => {
    const script = () => [calls(fail('book')), text('sorry'), calls(fail('book')), text('sorry again')];
    const secondRunResponse = async (plugin: ReflectAndRetryToolPlugin) => {
      const model = new ScriptedLlm(script());
      const runner = runnerOf(model, [tool('book')], [plugin]);
      await runAll(runner, 's1');
      await runAll(runner, 's2');
      return responsesSeen(model, 3)[0] as ToolFailureResponse;
    };
    const perInvocation = await secondRunResponse(new ReflectAndRetryToolPlugin({ maxRetries: 1, throwExceptionIfRetryExceeded: false }));
    expect(perInvocation.reflection_guidance).toContain('attempt 1 of 1');
    const global = await secondRunResponse(
      new ReflectAndRetryToolPlugin({ maxRetries: 1, throwExceptionIfRetryExceeded: false, trackingScope: 'global' }),
    );
    expect(global.reflection_guidance).toContain('retry limit is exceeded');
  });

  it('forgets an invocation\'s counters when the invocation ends (also when it fails)', async () => {
    const plugin = new ReflectAndRetryToolPlugin({ maxRetries: 1 });
    const counters = () => (plugin as unknown as { failures: Map<string, unknown> }).failures;
    await runAll(runnerOf(new ScriptedLlm([calls(fail('book')), text('ok')]), [tool('book')], [plugin]));
    expect(counters().size).toBe(0);
    await expect(runAll(runnerOf(new ScriptedLlm([calls(fail('book')), calls(fail('book'))]), [tool('book')], [plugin]))).rejects.toThrow();
    expect(counters().size).toBe(0);
  });

  it('extractErrorFromResult turns failures reported in results into reflection; a clean result passes through', async () => {
    class StatusAware extends ReflectAndRetryToolPlugin {
      override extractErrorFromResult(_tool: BaseTool, _args: Record<string, unknown>, _ctx: ToolContext, result: Record<string, unknown>) {
        return result['status'] === 'error' ? { message: result['message'] } : undefined;
      }
    }
    let attempt = 0;
    const lookup = new FunctionTool({
      name: 'lookup',
      description: 'lookup',
      execute: () => (++attempt < 3 ? { status: 'error', message: `busy ${attempt}` } : { status: 'ok', value: 42 }),
    });
    const model = new ScriptedLlm([calls({ name: 'lookup', args: {} }), calls({ name: 'lookup', args: {} }), calls({ name: 'lookup', args: {} }), text('42')]);
    await runAll(runnerOf(model, [lookup], [new StatusAware()]));
    expect(responsesSeen(model, 1)[0]).toMatchObject({ error_type: 'ToolError', error_details: '{"message":"busy 1"}', retry_count: 1 });
    expect(responsesSeen(model, 2)[0]).toMatchObject({ error_details: '{"message":"busy 2"}', retry_count: 2 });
    expect(responsesSeen(model, 3)[0]).toEqual({ status: 'ok', value: 42 });
  });

  it('an error found in a result, past maxRetries, fails the run (toolErrors "throw") with an Error carrying it', async () => {
    class StringErrors extends ReflectAndRetryToolPlugin {
      override extractErrorFromResult(_tool: BaseTool, _args: Record<string, unknown>, _ctx: ToolContext, result: Record<string, unknown>) {
        return typeof result['error'] === 'string' ? Promise.resolve(result['error']) : undefined;
      }
    }
    const broken = new FunctionTool({ name: 'broken', description: 'x', execute: () => ({ error: 'backend down' }) });
    const model = new ScriptedLlm([calls({ name: 'broken', args: {} }), calls({ name: 'broken', args: {} })]);
    await expect(runAll(runnerOf(model, [broken], [new StringErrors({ maxRetries: 1 })]), 's1', { toolErrors: 'throw' })).rejects.toThrow('backend down');
  });

  it('its responses take the place of the agent\'s own onToolErrorCallback (plugins come first)', async () => {
    const own = jest.fn(() => ({ handled: 'by agent' }));
    const model = new ScriptedLlm([calls(fail('book')), text('ok')]);
    const agent = new LlmAgent({ name: 'agent', model, tools: [tool('book')], onToolErrorCallback: own });
    const runner = new InMemoryRunner({ agent, plugins: [new ReflectAndRetryToolPlugin()], autoCreateSession: true });
    await firstValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(toArray()));
    expect(own).not.toHaveBeenCalled();
    expect(responsesSeen(model, 1)[0]!['response_type']).toBe(REFLECT_AND_RETRY_RESPONSE_TYPE);
  });

  it('counts concurrent failures in the order they happen, not the order of the calls (marble test)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const slowFail = new FunctionTool({
        name: 'fetch',
        description: 'fetch',
        execute: (args) => cold(`${'-'.repeat(args['delay'] as number)}#`, undefined, new QuotaError(`after ${args['delay']}`)),
      });
      const model = new ScriptedLlm([calls({ name: 'fetch', args: { delay: 3 } }, { name: 'fetch', args: { delay: 1 } }), text('done')]);
      const runner = runnerOf(model, [slowFail], [new ReflectAndRetryToolPlugin()]);
      const retryCounts = runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(
        map((event) => (event.content?.parts ?? []).map((p) => p.functionResponse?.response?.['retry_count'] ?? '-').join(',')),
      );
      // frame 3: the merged response: the call that failed second (delay 3) is retry 2
      expectObservable(retryCounts).toBe('x--(yz|)', { x: '-,-', y: '2,1', z: '-' });
    });
  });
});
