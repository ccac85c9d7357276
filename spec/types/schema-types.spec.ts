// Type tests: `npx tsc -p tsconfig.json --noEmit` (run by `npm test`) checks this file, so every
// `Expect<Equal<...>>` and every `@ts-expect-error` below is an assertion. Jest runs it too, for the
// few run-time facts next to them.
import * as z from 'zod';
import { LlmAgent, type OutputOf } from '../../lib/agents/llm-agent.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { LongRunningFunctionTool } from '../../lib/tools/long-running-function-tool.js';
import { type FromSchema, type InferSchema, jsonSchema } from '../../lib/tools/schema.js';

/** `true` only when A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
function expectType<T extends true>(): T | undefined {
  return undefined;
}

/** The arguments `execute` sees. */
type ArgsOf<T> = T extends FunctionTool<infer Args> ? Args : never;

describe('types from schemas', () => {
  it('FunctionTool infers its arguments from a zod schema (the parsed output: defaults applied)', () => {
    const tool = new FunctionTool({
      name: 'get_weather',
      description: 'Returns the weather in a city.',
      parameters: z.object({ city: z.string(), days: z.number().int().default(1), unit: z.enum(['c', 'f']).optional() }),
      execute: ({ city, days, unit }) => {
        expectType<Equal<typeof city, string>>();
        expectType<Equal<typeof days, number>>();
        expectType<Equal<typeof unit, 'c' | 'f' | undefined>>();
        return city.toUpperCase();
      },
    });
    expectType<Equal<ArgsOf<typeof tool>, { city: string; days: number; unit?: 'c' | 'f' | undefined }>>();
    expect(tool.parameters).toMatchObject({ type: 'object', required: ['city'] });
  });

  it('LongRunningFunctionTool infers its arguments from a zod schema too', () => {
    const approve = new LongRunningFunctionTool({
      name: 'ask_for_approval',
      description: 'Asks a manager.',
      parameters: z.object({ amount: z.number() }),
      execute: ({ amount }) => ({ status: 'pending', amount: amount.toFixed(2) }),
    });
    expectType<Equal<ArgsOf<typeof approve>, { amount: number }>>();
  });

  it('a wrong property access on zod-typed arguments is an error', () => {
    new FunctionTool({
      name: 'greet',
      description: 'Greets.',
      parameters: z.object({ name: z.string() }),
      // @ts-expect-error -- `nme` is not an argument of this tool
      execute: ({ nme }) => nme,
    });
    new FunctionTool({
      name: 'greet',
      description: 'Greets.',
      parameters: z.object({ name: z.string() }),
      // @ts-expect-error -- `name` is a string, not a number
      execute: ({ name }) => name.toFixed(),
    });
  });

  it('an explicit Args must agree with the zod schema', () => {
    new FunctionTool<{ city: string }>({ name: 't', description: 'd', parameters: z.object({ city: z.string() }), execute: ({ city }) => city });
    // @ts-expect-error -- the schema describes { city: number }
    new FunctionTool<{ city: string }>({ name: 't', description: 'd', parameters: z.object({ city: z.number() }), execute: ({ city }) => city });
  });

  it('FunctionTool infers its arguments from a JSON Schema literal wrapped in jsonSchema(...)', () => {
    const tool = new FunctionTool({
      name: 'book',
      description: 'Books a trip.',
      parameters: jsonSchema({
        type: 'object',
        properties: {
          city: { type: 'string' },
          nights: { type: 'integer' },
          class: { enum: ['economy', 'business'] },
          tags: { type: 'array', items: { type: 'string' } },
          note: { type: ['string', 'null'] },
        },
        required: ['city', 'class'],
      }),
      execute: ({ city, nights }) => `${city.toUpperCase()} ${nights ?? 1}`,
    });
    expectType<
      Equal<ArgsOf<typeof tool>, { city: string; class: 'economy' | 'business'; nights?: number; tags?: string[]; note?: string | null }>
    >();
    new FunctionTool({
      name: 'book',
      description: 'Books a trip.',
      parameters: jsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
      // @ts-expect-error -- `town` is not an argument
      execute: ({ town }) => town,
    });
  });

  it('FromSchema reads a JSON Schema `as const`; a plain JSON Schema leaves the arguments untyped', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] } as const;
    expectType<Equal<FromSchema<typeof schema>, { city: string; days?: number }>>();
    const typed = new FunctionTool<FromSchema<typeof schema>>({ name: 't', description: 'd', parameters: schema, execute: ({ city }) => city });
    expectType<Equal<ArgsOf<typeof typed>, { city: string; days?: number }>>();
    const untyped = new FunctionTool({ name: 't', description: 'd', parameters: schema, execute: (args) => args });
    expectType<Equal<ArgsOf<typeof untyped>, Record<string, unknown>>>();
    expect(typed.parameters).toBe(schema);
  });

  it('LlmAgent types what outputKey stores from a zod outputSchema (OutputOf, outputFrom)', () => {
    const reporter = new LlmAgent({
      name: 'reporter',
      model: new ScriptedLlm([]),
      outputSchema: z.object({ city: z.string(), temperature: z.number() }),
      outputKey: 'report',
    });
    expectType<Equal<OutputOf<typeof reporter>, { city: string; temperature: number }>>();
    const report = reporter.outputFrom({ report: { city: 'Paris', temperature: 21 } });
    expectType<Equal<typeof report, { city: string; temperature: number } | undefined>>();
    // @ts-expect-error -- the output has no `country`
    void report?.country;
    expect(report?.city).toBe('Paris');

    const plain = new LlmAgent({ name: 'plain', model: new ScriptedLlm([]), outputKey: 'answer' });
    expectType<Equal<OutputOf<typeof plain>, unknown>>();
    const typedJson = new LlmAgent({ name: 'j', outputSchema: jsonSchema({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] }) });
    expectType<Equal<OutputOf<typeof typedJson>, { ok: boolean }>>();
    expectType<Equal<InferSchema<z.ZodString>, string>>();
  });
});
