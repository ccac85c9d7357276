import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import * as z from 'zod';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { compileSchema, jsonSchema } from '../../lib/tools/schema.js';
import { calls, text, user } from '../support/llm.js';

/** The function responses the model was sent, in order. */
async function toolReplies(tool: FunctionTool<never>, args: Record<string, unknown>): Promise<unknown[]> {
  const model = new ScriptedLlm([calls({ name: tool.name, args }), text('done')]);
  const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'agent', model, tools: [tool] }), autoCreateSession: true });
  const events = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('go') }).pipe(toArray()));
  return events.flatMap((e) => e.content?.parts ?? []).flatMap((p) => (p.functionResponse ? [p.functionResponse.response] : []));
}

describe('FunctionTool with a zod schema', () => {
  const Forecast = z.object({
    city: z.string().describe('The city'),
    days: z.number().int().min(1).max(7).default(3),
    unit: z.enum(['c', 'f']).optional(),
  });

  it('declares the JSON Schema of what the model sends (defaults optional), converted by zod itself', () => {
    const tool = new FunctionTool({ name: 'get_forecast', description: 'Forecast.', parameters: Forecast, execute: () => 'ok' });

    expect(tool.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'The city' },
        days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
        unit: { type: 'string', enum: ['c', 'f'] },
      },
      required: ['city'],
    });
    expect(tool.getDeclaration().parameters).toEqual({
      type: 'OBJECT',
      properties: {
        city: { type: 'STRING', description: 'The city' },
        days: { type: 'INTEGER', minimum: 1, maximum: 7, default: 3 },
        unit: { type: 'STRING', enum: ['c', 'f'] },
      },
      required: ['city'],
    });
  });

  it('runs execute with zod\'s parsed output (defaults applied)', async () => {
    const seen: unknown[] = [];
    const tool = new FunctionTool({
      name: 'get_forecast',
      description: 'Forecast.',
      parameters: Forecast,
      execute: (args) => (seen.push(args), { city: args.city, days: args.days }),
    });

    expect(await toolReplies(tool as FunctionTool<never>, { city: 'Paris' })).toEqual([{ city: 'Paris', days: 3 }]);
    expect(seen).toEqual([{ city: 'Paris', days: 3 }]);
  });

  it('answers invalid arguments with the "Invalid arguments" reply, in zod\'s words, without running execute', async () => {
    let ran = false;
    const tool = new FunctionTool({ name: 'get_forecast', description: 'Forecast.', parameters: Forecast, execute: () => (ran = true) });

    expect(tool.validateArguments({ city: 'Paris', days: 2 })).toBeUndefined();
    expect(tool.validateArguments({ days: 9 })).toBe(
      'city: Invalid input: expected string, received undefined; days: Too big: expected number to be <=7',
    );
    const [reply] = await toolReplies(tool as FunctionTool<never>, { city: 42 });
    expect(reply).toEqual({
      error: 'Invalid arguments for tool "get_forecast": city: Invalid input: expected string, received number. Call it again with arguments that match its parameters.',
    });
    expect(ran).toBe(false);
  });

  it('jsonSchema(...) returns the schema itself, validated with ajv as before', async () => {
    const schema = jsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
    const tool = new FunctionTool({ name: 'get_weather', description: 'Weather.', parameters: schema, execute: ({ city }) => ({ city }) });

    expect(tool.parameters).toBe(schema);
    expect(tool.validateArguments({})).toBe("(arguments) must have required property 'city'");
    expect(await firstValueFrom(tool.runAsync({ city: 'Rome' }, undefined as never))).toEqual({ city: 'Rome' });
  });

  it('a zod/mini schema (no toJSONSchema method) is refused with what to do instead', () => {
    const mini = { _zod: {}, safeParse: () => ({ success: true, data: {} }) };
    expect(() => compileSchema(mini as never)).toThrow(/zod\/mini schemas, and zod before 4.2, have no toJSONSchema method.*z\.toJSONSchema\(schema\)/);
  });
});
