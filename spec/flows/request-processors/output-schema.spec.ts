import type { FunctionDeclaration, Tool } from '@google/genai';
import { firstValueFrom, lastValueFrom, map, toArray } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import { MAX_STRUCTURED_OUTPUT_TOOL_ROUNDS } from '../../../lib/flows/request-processors/output-schema.js';
import { systemInstructionText } from '../../../lib/models/llm-request.js';
import { InMemoryRunner } from '../../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../../lib/testing/simplify-events.js';
import { sequentialIds } from '../../../lib/utils/ids.js';
import { calls, text, user, weatherTool } from '../../support/llm.js';

const reportSchema = {
  type: 'object',
  properties: { city: { type: 'string' }, temp: { type: 'number' } },
  required: ['city', 'temp'],
};

function runnerOf(agent: LlmAgent): InMemoryRunner {
  return new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true, idGenerator: sequentialIds('id') });
}

function turn(runner: InMemoryRunner, message = 'Report on Paris.'): Promise<string[]> {
  return lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user(message) }).pipe(map(simplifyEvent), toArray()));
}

function stateOf(runner: InMemoryRunner): Promise<Record<string, unknown>> {
  return firstValueFrom(runner.sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' })).then((s) => s!.state);
}

function declarations(model: ScriptedLlm, call: number): FunctionDeclaration[] {
  return ((model.requests[call]!.config.tools ?? []) as Tool[]).flatMap((t) => t.functionDeclarations ?? []);
}

function declarationNames(model: ScriptedLlm, call: number): string[] {
  return declarations(model, call).map((d) => d.name ?? '');
}

describe('outputSchema together with tools (set_model_response)', () => {
  it('offers set_model_response after the agent\'s tools, tells the model to use it, and sends no responseSchema', async () => {
    const model = new ScriptedLlm([calls({ name: 'set_model_response', args: { city: 'Paris', temp: 21 } })]);
    await turn(runnerOf(new LlmAgent({ name: 'reporter', model, tools: [weatherTool()], outputSchema: reportSchema })));
    expect(declarationNames(model, 0)).toEqual(['get_weather', 'set_model_response']);
    const declaration = declarations(model, 0)[1]!;
    expect(declaration.parameters).toEqual({
      type: 'OBJECT',
      properties: { city: { type: 'STRING' }, temp: { type: 'NUMBER' } },
      required: ['city', 'temp'],
    });
    expect(systemInstructionText(model.requests[0]!)).toMatch(/you MUST call set_model_response/);
    expect(model.requests[0]!.config.responseSchema).toBeUndefined();
    expect(model.requests[0]!.config.responseMimeType).toBeUndefined();
  });

  it('runs the tools, then turns the set_model_response call into the final answer stored under outputKey', async () => {
    const model = new ScriptedLlm([
      calls({ name: 'get_weather', args: { city: 'Paris' } }),
      calls({ name: 'set_model_response', args: { city: 'Paris', temp: 25 } }),
    ]);
    const runner = runnerOf(new LlmAgent({ name: 'reporter', model, tools: [weatherTool()], outputSchema: reportSchema, outputKey: 'report' }));
    const events = await turn(runner);
    expect(events).toEqual([
      'reporter: call get_weather({"city":"Paris"})',
      'reporter: get_weather returned {"city":"Paris","sky":"sunny","temp":25}',
      'reporter: call set_model_response({"city":"Paris","temp":25})',
      'reporter: set_model_response returned {"result":{"city":"Paris","temp":25}}',
      'reporter: {"city":"Paris","temp":25}',
    ]);
    expect(model.callCount).toBe(2);
    expect((await stateOf(runner))['report']).toEqual({ city: 'Paris', temp: 25 });
  });

  it('answers arguments that do not match the schema with an {error}, and the model tries again', async () => {
    const model = new ScriptedLlm([
      calls({ name: 'set_model_response', args: { city: 'Paris' } }),
      calls({ name: 'set_model_response', args: { city: 'Paris', temp: 25 } }),
    ]);
    const runner = runnerOf(new LlmAgent({ name: 'reporter', model, tools: [weatherTool()], outputSchema: reportSchema, outputKey: 'report' }));
    const events = await turn(runner);
    expect(events[1]).toMatch(/^reporter: set_model_response returned \{"error":"Invalid arguments for tool \\"set_model_response\\"/);
    expect(events.at(-1)).toBe('reporter: {"city":"Paris","temp":25}');
    expect((await stateOf(runner))['report']).toEqual({ city: 'Paris', temp: 25 });
  });

  it('wraps a schema that is not an object as {response: ...}', async () => {
    const schema = { type: 'array', items: { type: 'string' } };
    const model = new ScriptedLlm([calls({ name: 'set_model_response', args: { response: ['Paris', 'Rome'] } })]);
    const runner = runnerOf(new LlmAgent({ name: 'lister', model, tools: [weatherTool()], outputSchema: schema, outputKey: 'cities' }));
    await turn(runner, 'List cities.');
    expect(declarations(model, 0)[1]!.parameters).toEqual({
      type: 'OBJECT',
      properties: { response: { type: 'ARRAY', items: { type: 'STRING' } } },
      required: ['response'],
    });
    expect((await stateOf(runner))['cities']).toEqual(['Paris', 'Rome']);
  });

  it('leaves an agent without tools to the responseSchema of the request', async () => {
    const model = new ScriptedLlm([text('{"city":"Paris","temp":21}')]);
    await turn(runnerOf(new LlmAgent({ name: 'reporter', model, outputSchema: reportSchema })));
    expect(declarationNames(model, 0)).toEqual([]);
    expect(model.requests[0]!.config.responseMimeType).toBe('application/json');
  });

  it('allows only set_model_response on the last round, and ends the invocation after it', async () => {
    const rounds = MAX_STRUCTURED_OUTPUT_TOOL_ROUNDS;
    const model = new ScriptedLlm(Array.from({ length: rounds }, () => calls({ name: 'get_weather', args: { city: 'Paris' } })));
    const runner = runnerOf(new LlmAgent({ name: 'reporter', model, tools: [weatherTool()], outputSchema: reportSchema }));
    const events = await turn(runner);
    expect(model.callCount).toBe(rounds);
    expect(model.requests[rounds - 2]!.config.toolConfig).toBeUndefined();
    expect(model.requests[rounds - 1]!.config.toolConfig).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['set_model_response'] },
    });
    expect(events).toHaveLength(rounds * 2);
  });
});
