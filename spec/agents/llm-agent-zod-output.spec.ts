import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import * as z from 'zod';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { AgentTool } from '../../lib/runner/agent-tool.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { jsonSchema } from '../../lib/tools/schema.js';
import { OutputSchemaError } from '../../lib/utils/errors.js';
import { calls, text, user } from '../support/llm.js';

const Report = z.object({ city: z.string(), temp: z.number(), unit: z.enum(['c', 'f']).default('c') });

function runnerOf(agent: LlmAgent<never> | LlmAgent) {
  return new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
}

async function turn(runner: InMemoryRunner, message: string): Promise<void> {
  await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user(message) }).pipe(toArray()));
}

describe('LlmAgent with a zod outputSchema', () => {
  it('sends the JSON Schema to the model, stores zod\'s parsed output under outputKey, typed by outputFrom', async () => {
    const model = new ScriptedLlm([text('{"city":"Paris","temp":21}')]);
    const reporter = new LlmAgent({ name: 'reporter', model, outputSchema: Report, outputKey: 'report' });
    const runner = runnerOf(reporter);

    await turn(runner, 'report');

    expect(reporter.outputSchema).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, temp: { type: 'number' }, unit: { type: 'string', enum: ['c', 'f'], default: 'c' } },
      required: ['city', 'temp'],
    });
    expect(model.requests[0]!.config.responseMimeType).toBe('application/json');
    expect(model.requests[0]!.config.responseSchema).toMatchObject({ type: 'OBJECT', required: ['city', 'temp'] });
    const session = await firstValueFrom(runner.sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    expect(session!.state['report']).toEqual({ city: 'Paris', temp: 21, unit: 'c' }); // the default applied by zod
    const report = reporter.outputFrom(session!.state);
    expect(report?.unit).toBe('c');
  });

  it('an answer zod rejects fails the run with OutputSchemaError in zod\'s words', async () => {
    const model = new ScriptedLlm([text('{"city":"Paris","temp":"warm"}')]);
    const runner = runnerOf(new LlmAgent({ name: 'reporter', model, outputSchema: Report, outputKey: 'report' }));

    const failure = await turn(runner, 'report').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(OutputSchemaError);
    expect((failure as Error).message).toContain('temp: Invalid input: expected number, received string');
  });

  it('as an AgentTool, the parent gets zod\'s parsed output', async () => {
    const inner = new LlmAgent({ name: 'reporter', description: 'Reports.', model: new ScriptedLlm([text('{"city":"Rome","temp":25}')]), outputSchema: Report });
    const outer = new ScriptedLlm([calls({ name: 'reporter', args: { request: 'Rome' } }), text('done')]);
    const runner = runnerOf(new LlmAgent({ name: 'boss', model: outer, tools: [new AgentTool({ agent: inner })] }));

    await turn(runner, 'go');

    const sent = outer.requests[1]!.contents.flatMap((c) => c.parts ?? []).find((p) => p.functionResponse)?.functionResponse?.response;
    expect(sent).toEqual({ city: 'Rome', temp: 25, unit: 'c' });
  });

  it('a jsonSchema(...) outputSchema validates with ajv, as a plain JSON Schema does', async () => {
    const model = new ScriptedLlm([text('{"ok":"yes"}')]);
    const schema = jsonSchema({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] });
    const runner = runnerOf(new LlmAgent({ name: 'checker', model, outputSchema: schema, outputKey: 'check' }));

    await expect(turn(runner, 'check')).rejects.toThrow(/\/ok must be boolean/);
  });
});
