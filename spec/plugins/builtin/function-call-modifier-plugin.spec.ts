import { jest } from '@jest/globals';
import { type FunctionDeclaration, type Schema, Type } from '@google/genai';
import { firstValueFrom, map, of, toArray } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import type { ToolContext } from '../../../lib/context/tool-context.js';
import type { Event } from '../../../lib/events/event.js';
import type { LlmResponse } from '../../../lib/models/llm-response.js';
import type { BasePlugin } from '../../../lib/plugins/base-plugin.js';
import { FunctionCallModifierPlugin } from '../../../lib/plugins/builtin/function-call-modifier-plugin.js';
import { createPlugin } from '../../../lib/plugins/create-plugin.js';
import { InMemoryRunner } from '../../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../../lib/testing/simplify-events.js';
import { BaseTool } from '../../../lib/tools/base-tool.js';
import { FunctionTool } from '../../../lib/tools/function-tool.js';
import { sequentialIds } from '../../../lib/utils/ids.js';
import { calls, text, user } from '../../support/llm.js';
import { testScheduler } from '../../support/test-scheduler.js';

const USER_CONTEXT: Schema = { type: Type.STRING, description: 'What the user is trying to achieve' };

/** A search tool whose schema forbids any argument but `q`, recording what it receives. */
function searchTool(received: Array<{ args: Record<string, unknown>; userContext: unknown }> = []) {
  return new FunctionTool({
    name: 'search',
    description: 'Searches the catalogue.',
    parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false },
    execute: (args, ctx: ToolContext) => {
      received.push({ args: { ...args }, userContext: ctx.state.get('user_context') });
      return { hits: 3 };
    },
  });
}

function clockTool() {
  return new FunctionTool({ name: 'clock', description: 'Tells the time.', execute: () => ({ time: '12:00' }) });
}

function modifier(extra: Partial<ConstructorParameters<typeof FunctionCallModifierPlugin>[0]> = {}) {
  return new FunctionCallModifierPlugin({ predicate: (name) => name === 'search', args: { user_context: USER_CONTEXT }, ...extra });
}

function runnerOf(agent: LlmAgent, plugins: BasePlugin[]) {
  return new InMemoryRunner({ agent, appName: 'app', plugins, autoCreateSession: true, idGenerator: sequentialIds('id'), clock: () => 0 });
}

function runAll(runner: InMemoryRunner, runConfig = {}): Promise<Event[]> {
  return firstValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('find shoes'), runConfig }).pipe(toArray()));
}

function session(runner: InMemoryRunner) {
  return firstValueFrom(runner.sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
}

const searchCall = calls({ name: 'search', args: { q: 'shoes', user_context: 'running a marathon' } });

describe('FunctionCallModifierPlugin', () => {
  it('declares the extra argument (and the new description) to the model for matching tools only', async () => {
    const model = new ScriptedLlm([text('ok')]);
    const agent = new LlmAgent({ name: 'shop', model, tools: [searchTool(), clockTool()] });
    await runAll(runnerOf(agent, [modifier({ overrideDescription: (d) => `${d} Also give user_context.` })]));
    const declarations = model.requests[0]!.config.tools!.flatMap((t) => ('functionDeclarations' in t ? (t.functionDeclarations ?? []) : []));
    expect(declarations).toEqual([
      {
        name: 'search',
        description: 'Searches the catalogue. Also give user_context.',
        parameters: { type: 'OBJECT', properties: { q: { type: 'STRING' }, user_context: USER_CONTEXT }, required: ['q'] },
      },
      { name: 'clock', description: 'Tells the time.' },
    ]);
  });

  it('creates OBJECT parameters for a matching tool that has none', async () => {
    const model = new ScriptedLlm([text('ok')]);
    const agent = new LlmAgent({ name: 'shop', model, tools: [clockTool()] });
    await runAll(runnerOf(agent, [modifier({ predicate: () => true })]));
    const declaration = (model.requests[0]!.config.tools![0] as { functionDeclarations: FunctionDeclaration[] }).functionDeclarations[0];
    expect(declaration).toEqual({ name: 'clock', description: 'Tells the time.', parameters: { type: 'OBJECT', properties: { user_context: USER_CONTEXT } } });
  });

  it('moves the extra argument into state: the tool gets its own arguments only and reads the value from state', async () => {
    const received: Array<{ args: Record<string, unknown>; userContext: unknown }> = [];
    const model = new ScriptedLlm([searchCall, text('Found 3.')]);
    const runner = runnerOf(new LlmAgent({ name: 'shop', model, tools: [searchTool(received)] }), [modifier()]);
    const events = await runAll(runner);
    expect(received).toEqual([{ args: { q: 'shoes' }, userContext: 'running a marathon' }]);
    expect(events.map(simplifyEvent)).toEqual(['shop: call search({"q":"shoes"})', 'shop: search returned {"hits":3}', 'shop: Found 3.']);
    expect(events[0]!.actions.stateDelta).toEqual({ user_context: 'running a marathon' });
    expect((await session(runner))!.state['user_context']).toBe('running a marathon');
    // what the model sees in the next turn is the call without the extra argument
    expect(model.requests[1]!.contents[1]!.parts![0]!.functionCall!.args).toEqual({ q: 'shoes' });
  });

  it('without the plugin the same call fails validation (the schema forbids additional properties)', async () => {
    const received: unknown[] = [];
    const model = new ScriptedLlm([searchCall, text('sorry')]);
    const events = await runAll(runnerOf(new LlmAgent({ name: 'shop', model, tools: [searchTool(received as never)] }), []));
    expect(events[1]!.content!.parts![0]!.functionResponse!.response!['error']).toMatch(/must NOT have additional properties: "user_context"/);
    expect(received).toEqual([]);
  });

  it('never mutates the tool\'s own declaration objects or the model\'s response', async () => {
    const declaration: FunctionDeclaration = { name: 'cached', description: 'Cached.', parameters: { type: Type.OBJECT, properties: {} } };
    class CachedDeclarationTool extends BaseTool {
      constructor() {
        super({ name: 'cached', description: 'Cached.' });
      }
      override getDeclaration() {
        return declaration; // the same object for every request
      }
      override runAsync() {
        return of({});
      }
    }
    const snapshot = structuredClone(declaration);
    const model = new ScriptedLlm([text('one'), text('two')]);
    const runner = runnerOf(new LlmAgent({ name: 'a', model, tools: [new CachedDeclarationTool()] }), [
      modifier({ predicate: () => true, overrideDescription: (d) => `${d}!` }),
    ]);
    await runAll(runner);
    await runAll(runner);
    expect(declaration).toEqual(snapshot);
    // applied once per request, not accumulated across requests
    const sent = (i: number) => (model.requests[i]!.config.tools![0] as { functionDeclarations: FunctionDeclaration[] }).functionDeclarations[0]!;
    expect(sent(1).description).toBe('Cached.!');
    expect(sent(1).parameters!.properties).toEqual({ user_context: USER_CONTEXT });

    const answer: LlmResponse = calls({ name: 'cached', args: { keep: 1, user_context: 'x' } });
    const answerSnapshot = structuredClone(answer);
    const set = jest.fn();
    const response = modifier({ predicate: () => true }).afterModelCallback({ state: { set } } as never, answer);
    expect(response!.content!.parts![0]!.functionCall!.args).toEqual({ keep: 1 });
    expect(set).toHaveBeenCalledWith('user_context', 'x');
    expect(answer).toEqual(answerSnapshot);
  });

  it('returns no result when the response carries no extra argument, so later after-model callbacks still run', async () => {
    const later = jest.fn(() => undefined);
    const model = new ScriptedLlm([calls({ name: 'search', args: { q: 'shoes' } }), text('done')]);
    const agent = new LlmAgent({ name: 'shop', model, tools: [searchTool()], afterModelCallback: later });
    await runAll(runnerOf(agent, [modifier()]));
    expect(later).toHaveBeenCalledTimes(2);
  });

  it('leaves calls to non-matching tools alone, even if they carry an argument of the same name', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const echo = new FunctionTool({ name: 'echo', description: 'echo', execute: (args) => (seen.push({ ...args }), { ok: true }) });
    const model = new ScriptedLlm([calls({ name: 'echo', args: { user_context: 'kept' } }), text('done')]);
    const runner = runnerOf(new LlmAgent({ name: 'a', model, tools: [echo] }), [modifier()]);
    await runAll(runner);
    expect(seen).toEqual([{ user_context: 'kept' }]);
    expect((await session(runner))!.state['user_context']).toBeUndefined();
  });

  it('stores each value under the key stateKey chooses', async () => {
    const received: Array<{ args: Record<string, unknown>; userContext: unknown }> = [];
    const model = new ScriptedLlm([
      calls({ id: 'c1', name: 'search', args: { q: 'a', user_context: 'first' } }, { id: 'c2', name: 'search', args: { q: 'b', user_context: 'second' } }),
      text('done'),
    ]);
    const runner = runnerOf(new LlmAgent({ name: 'a', model, tools: [searchTool(received)] }), [
      modifier({ stateKey: (name, call) => `${call.id}/${name}` }),
    ]);
    await runAll(runner);
    expect(received.map((r) => r.args)).toEqual([{ q: 'a' }, { q: 'b' }]);
    const state = (await session(runner))!.state;
    expect(state['c1/user_context']).toBe('first');
    expect(state['c2/user_context']).toBe('second');
    expect(state['user_context']).toBeUndefined();
  });

  it('strips streamed chunks too; the tool runs once, without the extra argument', () => {
    const received: Array<{ args: Record<string, unknown>; userContext: unknown }> = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const chunk = (value: LlmResponse) => ({ ...value, partial: true });
      const model = new ScriptedLlm([
        () => cold('-a-b|', { a: chunk(searchCall), b: { ...searchCall, turnComplete: true } }),
        () => cold('---c|', { c: text('Found 3.') }),
      ]);
      const runner = runnerOf(new LlmAgent({ name: 'shop', model, tools: [searchTool(received)] }), [modifier()]);
      const run = runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('q'), runConfig: { streamingMode: 'sse' } });
      expectObservable(run.pipe(map(simplifyEvent))).toBe('-a-(bc)d|', {
        a: '~ shop: call search({"q":"shoes"})',
        b: 'shop: call search({"q":"shoes"})',
        c: 'shop: search returned {"hits":3}',
        d: 'shop: Found 3.',
      });
    });
    expect(received).toEqual([{ args: { q: 'shoes' }, userContext: 'running a marathon' }]);
  });

  it('does not run when a plugin registered before it answers after-model (the chain\'s first result wins)', async () => {
    const received: unknown[] = [];
    const first = createPlugin({ name: 'first', afterModelCallback: (_ctx, response) => ({ ...response, customMetadata: { seen: true } }) });
    const model = new ScriptedLlm([searchCall, text('x')]);
    const events = await runAll(runnerOf(new LlmAgent({ name: 'shop', model, tools: [searchTool(received as never)] }), [first, modifier()]));
    expect(events[1]!.content!.parts![0]!.functionResponse!.response!['error']).toMatch(/additional properties/);
    expect(received).toEqual([]);
  });
});
