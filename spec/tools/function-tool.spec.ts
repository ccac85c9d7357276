import { firstValueFrom, EMPTY, of } from 'rxjs';
import { InvocationContext } from '../../lib/context/invocation-context.js';
import { ToolContext } from '../../lib/context/tool-context.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../lib/sessions/session.js';
import { FunctionTool, CONFIRMATION_REQUIRED_ERROR, CONFIRMATION_REJECTED_ERROR } from '../../lib/tools/function-tool.js';
import { toGeminiSchema } from '../../lib/tools/to-gemini-schema.js';
import { FnAgent } from '../support/fn-agent.js';

function toolContext(confirmation?: { confirmed: boolean }) {
  const inv = new InvocationContext({
    session: newSession({ id: 's', appName: 'a', userId: 'u' }),
    sessionService: new InMemorySessionService(),
    agent: new FnAgent({ name: 'agent', body: () => EMPTY }),
  });
  return new ToolContext(inv, { functionCallId: 'call-1', ...(confirmation ? { toolConfirmation: confirmation } : {}) });
}

describe('FunctionTool', () => {
  const schema = {
    type: 'object',
    properties: { days: { type: 'integer', minimum: 1 }, reason: { type: 'string', enum: ['sick', 'vacation'] } },
    required: ['days'],
    additionalProperties: false,
  };

  it('declares itself with a Gemini schema', () => {
    const tool = new FunctionTool({ name: 'request_leave', description: 'Requests leave.', parameters: schema, execute: () => 'ok' });
    expect(tool.getDeclaration()).toEqual({
      name: 'request_leave',
      description: 'Requests leave.',
      parameters: {
        type: 'OBJECT',
        properties: { days: { type: 'INTEGER', minimum: 1 }, reason: { type: 'STRING', enum: ['sick', 'vacation'] } },
        required: ['days'],
      },
    });
  });

  it('validates arguments with readable reasons', () => {
    const tool = new FunctionTool({ name: 't', description: 'd', parameters: schema, execute: () => 'ok' });
    expect(tool.validateArguments({ days: 2 })).toBeUndefined();
    expect(tool.validateArguments({ days: 'two' })).toBe('/days must be integer');
    expect(tool.validateArguments({ days: 0, reason: 'bored' })).toBe('/days must be >= 1; /reason must be equal to one of the allowed values: "sick", "vacation"');
    expect(tool.validateArguments({ days: 1, extra: true })).toBe('(arguments) must NOT have additional properties: "extra"');
  });

  it('accepts a schema object with toJSONSchema() (zod v4)', () => {
    const zodLike = { toJSONSchema: () => ({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }) };
    const tool = new FunctionTool({ name: 't', description: 'd', parameters: zodLike, execute: () => 'ok' });
    expect(tool.getDeclaration().parameters).toEqual({ type: 'OBJECT', properties: { q: { type: 'STRING' } }, required: ['q'] });
    expect(tool.validateArguments({})).toBe("(arguments) must have required property 'q'");
  });

  it('runs execute with the arguments and its context (value, Promise or Observable)', async () => {
    const ctx = toolContext();
    expect(await firstValueFrom(new FunctionTool({ name: 't', description: 'd', execute: (a) => a['x'] }).runAsync({ x: 1 }, ctx))).toBe(1);
    expect(await firstValueFrom(new FunctionTool({ name: 't', description: 'd', execute: async () => 'p' }).runAsync({}, ctx))).toBe('p');
    expect(await firstValueFrom(new FunctionTool({ name: 't', description: 'd', execute: (_a, c) => of(c.functionCallId) }).runAsync({}, ctx))).toBe('call-1');
  });

  it('requireConfirmation: asks first, runs when confirmed, refuses when rejected', async () => {
    let runs = 0;
    const tool = new FunctionTool({ name: 'delete_file', description: 'd', requireConfirmation: true, execute: () => ({ deleted: ++runs }) });
    const asking = toolContext();
    expect(await firstValueFrom(tool.runAsync({}, asking))).toEqual({ error: CONFIRMATION_REQUIRED_ERROR });
    expect(asking.actions.requestedToolConfirmations['call-1']).toMatchObject({ confirmed: false, hint: expect.stringContaining('delete_file()') });
    expect(await firstValueFrom(tool.runAsync({}, toolContext({ confirmed: true })))).toEqual({ deleted: 1 });
    expect(await firstValueFrom(tool.runAsync({}, toolContext({ confirmed: false })))).toEqual({ error: CONFIRMATION_REJECTED_ERROR });
    expect(runs).toBe(1);
  });

  it('requireConfirmation predicate: only asks when it says so', async () => {
    const tool = new FunctionTool<{ amount: number }>({
      name: 'pay',
      description: 'd',
      requireConfirmation: ({ amount }) => amount > 100,
      execute: ({ amount }) => ({ paid: amount }),
    });
    expect(await firstValueFrom(tool.runAsync({ amount: 5 }, toolContext()))).toEqual({ paid: 5 });
    expect(await firstValueFrom(tool.runAsync({ amount: 500 }, toolContext()))).toEqual({ error: CONFIRMATION_REQUIRED_ERROR });
  });
});

describe('toGeminiSchema', () => {
  it('maps nullable types, arrays, anyOf and limits', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: {
          tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
          note: { type: ['string', 'null'] },
          id: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
          kind: { const: 'x' },
        },
      }),
    ).toEqual({
      type: 'OBJECT',
      properties: {
        tags: { type: 'ARRAY', items: { type: 'STRING' }, minItems: '1' },
        note: { type: 'STRING', nullable: true },
        id: { type: 'INTEGER', nullable: true },
        kind: { enum: ['x'] },
      },
    });
  });
});
