import type { Content } from '@google/genai';
import { concat, firstValueFrom, lastValueFrom, map, toArray } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import { CallbackContext } from '../../../lib/context/callback-context.js';
import type { ReadonlyContext } from '../../../lib/context/readonly-context.js';
import type { Event } from '../../../lib/events/event.js';
import { createLlmRequest, type LlmRequest } from '../../../lib/models/llm-request.js';
import type { BaseAgent } from '../../../lib/agents/base-agent.js';
import type { BasePlugin } from '../../../lib/plugins/base-plugin.js';
import { GlobalInstructionPlugin } from '../../../lib/plugins/builtin/global-instruction-plugin.js';
import { InMemoryRunner } from '../../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../../lib/testing/simplify-events.js';
import { AgentConfigError, CallbackError } from '../../../lib/utils/errors.js';
import { sequentialIds } from '../../../lib/utils/ids.js';
import { FnAgent } from '../../support/fn-agent.js';
import { directInvocation } from '../../support/invocation.js';
import { calls, text, user, weatherTool } from '../../support/llm.js';
import { testScheduler } from '../../support/test-scheduler.js';

function runnerOf(agent: BaseAgent, plugins: BasePlugin[]) {
  return new InMemoryRunner({ agent, appName: 'app', plugins, autoCreateSession: true, idGenerator: sequentialIds('id'), clock: () => 0 });
}

async function runAll(runner: InMemoryRunner, state: Record<string, unknown> = {}): Promise<Event[]> {
  await firstValueFrom(runner.sessionService.createSession({ appName: 'app', userId: 'u1', sessionId: 's1', state }));
  return firstValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('hi') }).pipe(toArray()));
}

function instructionOf(request: LlmRequest): unknown {
  return request.config.systemInstruction;
}

/** A root whose body runs its two LlmAgent children one after the other. */
function twoAgentTree() {
  const triage = new LlmAgent({
    name: 'triage',
    model: new ScriptedLlm([calls({ name: 'get_weather', args: { city: 'Paris' } }), text('Sunny.')]),
    instruction: 'Sort the request.',
    tools: [weatherTool()],
  });
  const writer = new LlmAgent({ name: 'writer', model: new ScriptedLlm([text('Done.')]), instruction: 'Write the answer.' });
  const root = new FnAgent({ name: 'root', subAgents: [triage, writer], body: (ctx) => concat(triage.runAsync(ctx), writer.runAsync(ctx)) });
  const requests = () => [triage, writer].flatMap((agent) => (agent.model as ScriptedLlm).requests);
  return { root, requests };
}

describe('GlobalInstructionPlugin', () => {
  it('puts the templated global instruction first in the system instruction of every model call of every agent', async () => {
    const { root, requests } = twoAgentTree();
    const plugin = new GlobalInstructionPlugin('You work for ACME. Answer in {user:lang}.{nickname?}');
    await runAll(runnerOf(root, [plugin]), { 'user:lang': 'French' });
    expect(requests().map(instructionOf)).toEqual([
      'You work for ACME. Answer in French.\n\nSort the request.\n\nYou are an agent. Your internal name is "triage".',
      'You work for ACME. Answer in French.\n\nSort the request.\n\nYou are an agent. Your internal name is "triage".',
      'You work for ACME. Answer in French.\n\nWrite the answer.\n\nYou are an agent. Your internal name is "writer".',
    ]);
  });

  it('reads state written earlier in the same run', async () => {
    const model = new ScriptedLlm([text('ok')]);
    const agent = new LlmAgent({
      name: 'agent',
      model,
      beforeAgentCallback: (ctx) => void ctx.state.set('tier', 'gold'),
    });
    await runAll(runnerOf(agent, [new GlobalInstructionPlugin('Customer tier: {tier}.')]));
    expect(instructionOf(model.requests[0]!)).toBe('Customer tier: gold.\n\nYou are an agent. Your internal name is "agent".');
  });

  it('a missing required state key fails the run with a CallbackError (cause: AgentConfigError) before the model is called', async () => {
    const model = new ScriptedLlm([text('never')]);
    const error = await runAll(runnerOf(new LlmAgent({ name: 'agent', model }), [new GlobalInstructionPlugin('Hello {customer}.')])).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CallbackError);
    expect((error as CallbackError).pluginName).toBe('global_instruction');
    expect((error as Error).cause).toBeInstanceOf(AgentConfigError);
    expect((error as Error).message).toMatch(/\{customer\}/);
    expect(model.callCount).toBe(0);
  });

  it('uses a provider\'s text as is (no templating), computed per call with that agent\'s context', async () => {
    const { root, requests } = twoAgentTree();
    const plugin = new GlobalInstructionPlugin((ctx: ReadonlyContext) => Promise.resolve(`Literal {braces} for ${ctx.agentName}.`));
    await runAll(runnerOf(root, [plugin]));
    expect(requests().map((r) => String(instructionOf(r)).split('\n\n')[0])).toEqual([
      'Literal {braces} for triage.',
      'Literal {braces} for triage.',
      'Literal {braces} for writer.',
    ]);
  });

  it('runs before the agent\'s own before-model callbacks, which see the global instruction, and never answers the call', async () => {
    const seen: string[] = [];
    const model = new ScriptedLlm([text('answered by the model')]);
    const agent = new LlmAgent({
      name: 'agent',
      model,
      beforeModelCallback: (_ctx, request) => void seen.push(String(request.config.systemInstruction)),
    });
    const events = await runAll(runnerOf(agent, [new GlobalInstructionPlugin('GLOBAL')]));
    expect(seen).toEqual(['GLOBAL\n\nYou are an agent. Your internal name is "agent".']);
    expect(events.map(simplifyEvent)).toEqual(['agent: answered by the model']);
  });

  it('an empty instruction changes nothing', async () => {
    const model = new ScriptedLlm([text('a')]);
    const runner = runnerOf(new LlmAgent({ name: 'agent', model }), [new GlobalInstructionPlugin(() => '')]);
    await runAll(runner);
    expect(instructionOf(model.requests[0]!)).toBe('You are an agent. Your internal name is "agent".');
    const empty = new ScriptedLlm([text('c')]);
    await runAll(runnerOf(new LlmAgent({ name: 'agent', model: empty }), [new GlobalInstructionPlugin('{missing?}')]));
    expect(instructionOf(empty.requests[0]!)).toBe('You are an agent. Your internal name is "agent".');
  });

  describe('keeps the shape of the existing system instruction', () => {
    const apply = (systemInstruction: LlmRequest['config']['systemInstruction']) => {
      const agent = new LlmAgent({ name: 'agent' });
      const ctx = new CallbackContext(directInvocation(agent, { state: { org: 'ACME' } }));
      const request = createLlmRequest(systemInstruction === undefined ? {} : { config: { systemInstruction } });
      return lastValueFrom(new GlobalInstructionPlugin('For {org}.').beforeModelCallback(ctx, request), { defaultValue: 'no result' }).then(
        (result) => ({ result, systemInstruction: request.config.systemInstruction }),
      );
    };

    it('none → the global instruction alone', async () => {
      expect(await apply(undefined)).toEqual({ result: 'no result', systemInstruction: 'For ACME.' });
      expect(await apply([])).toEqual({ result: 'no result', systemInstruction: 'For ACME.' });
    });

    it('a string → global, blank line, existing', async () => {
      expect((await apply('Be brief.')).systemInstruction).toBe('For ACME.\n\nBe brief.');
    });

    it('a Content → a new Content with a leading part (the original is not mutated)', async () => {
      const content: Content = { role: 'system', parts: [{ text: 'Be brief.' }] };
      expect((await apply(content)).systemInstruction).toEqual({ role: 'system', parts: [{ text: 'For ACME.\n\n' }, { text: 'Be brief.' }] });
      expect(content.parts).toHaveLength(1);
    });

    it('a list of parts → the global instruction as first part', async () => {
      expect((await apply(['Be brief.', { text: 'Be kind.' }])).systemInstruction).toEqual(['For ACME.\n\n', 'Be brief.', { text: 'Be kind.' }]);
    });
  });

  it('waits for an asynchronous provider before calling the model (marble test)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const model = new ScriptedLlm([() => cold('-r|', { r: text('late') })]);
      const plugin = new GlobalInstructionPlugin(() => cold('---g|', { g: 'GLOBAL' }));
      const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'agent', model }), plugins: [plugin], autoCreateSession: true });
      const run = runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('q') }).pipe(
        map((event) => `${simplifyEvent(event)} / ${String(model.requests[0]!.config.systemInstruction).split('\n\n')[0]}`),
      );
      expectObservable(run).toBe('----a|', { a: 'agent: late / GLOBAL' });
    });
  });
});
