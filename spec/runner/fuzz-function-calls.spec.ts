// A bounded fuzz test (SPEC §6, whole turns): malformed function calls and misbehaving tools,
// seeded so a failure reproduces. Every call gets a response, every turn completes,
// Object.prototype is untouched, and the stored session reloads whole. It is a soak test: 2,000
// calls (100 turns) with RXADK_SOAK=1 (`npm run test:soak`), 200 (10 turns, every tool name and
// argument shape still drawn) in `npm test`.
import type { FunctionCall } from '@google/genai';
import { firstValueFrom, lastValueFrom, NEVER, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { getFunctionCalls } from '../../lib/events/get-function-calls.js';
import { getFunctionResponses } from '../../lib/events/get-function-responses.js';
import { unansweredFunctionCalls } from '../../lib/events/unanswered-function-calls.js';
import type { LlmRequest } from '../../lib/models/llm-request.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { Runner } from '../../lib/runner/runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { type OpenStore, REAL_STORES } from '../support/real-stores.js';
import { user } from '../support/llm.js';

const TURNS = process.env['RXADK_SOAK'] === '1' ? 100 : 10;
const CALLS_PER_TURN = 20;

/** mulberry32: a small seeded PRNG. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { down: value };
  return value;
}

const NAMES = ['ok', 'thrower', 'bigint', 'never', 'cyclic', 'rejecter', 'undef', 'huge', 'echo', 'nope', '', '__proto__', 'constructor', 'toString', 'hasOwnProperty'];

function badArgs(rnd: () => number): unknown {
  return pick(rnd, [
    () => 'a string',
    () => 42,
    () => null,
    () => [1, 2, 3],
    () => undefined,
    () => ({ x: 'y'.repeat(20_000) }),
    () => deep(300),
    () => JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}') as unknown,
    () => ({ nested: { __proto__: { polluted: true } } }),
    () => ({ fine: true }),
  ])();
}

function badCall(rnd: () => number, n: number): FunctionCall {
  const id = pick(rnd, [`c${n}`, `c${n}`, `c${n}`, '__proto__', 'constructor', 'toString', undefined]);
  const name = pick(rnd, [...NAMES, 42, null, undefined] as unknown[]);
  const call: Record<string, unknown> = { args: badArgs(rnd) };
  if (id !== undefined) call['id'] = `${id}-${n}`;
  if (name !== undefined) call['name'] = name;
  return call as FunctionCall;
}

function tools(): FunctionTool[] {
  const tool = (name: string, execute: FunctionTool['execute']) => new FunctionTool({ name, description: name, execute });
  const cyclic = () => {
    const value: Record<string, unknown> = {};
    value['self'] = value;
    return value;
  };
  return [
    tool('ok', () => ({ ok: true })),
    tool('thrower', () => {
      throw new Error('thrown');
    }),
    tool('bigint', () => ({ n: 1n })),
    tool('never', () => NEVER),
    tool('cyclic', cyclic),
    tool('rejecter', () => Promise.reject(new Error('rejected'))),
    tool('undef', () => undefined),
    tool('huge', () => ({ blob: 'z'.repeat(20_000) })),
    tool('echo', (args) => args),
  ];
}

/** A model that answers a function response with new malformed calls, for TURNS turns, then text. */
function fuzzModel(seed: number): ScriptedLlm {
  const rnd = random(seed);
  let n = 0;
  const respond = (request: LlmRequest): LlmResponse => {
    const last = request.contents.at(-1);
    if (last?.parts?.some((p) => p.functionResponse)) return { content: { role: 'model', parts: [{ text: 'noted' }] } };
    const parts = Array.from({ length: CALLS_PER_TURN }, () => ({ functionCall: badCall(rnd, n++) }));
    return { content: { role: 'model', parts } };
  };
  return new ScriptedLlm(Array.from({ length: TURNS * 2 }, () => respond), { recordRequests: false });
}

describe.each(REAL_STORES)(`fuzz: ${(TURNS * CALLS_PER_TURN).toLocaleString('en')} malformed function calls (%s store)`, (_name, openStore) => {
  let store: OpenStore;
  beforeAll(async () => {
    store = await openStore();
  });
  afterAll(async () => {
    await store.close();
  });

  it('answers every call, completes every turn, leaves Object.prototype alone, and the session reloads whole', async () => {
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const agent = new LlmAgent({ name: 'fuzzed', model: fuzzModel(20261123), tools: tools() });
    const runner = new Runner({ appName: 'fuzz', agent, sessionService: store.service, autoCreateSession: true });
    for (let turn = 0; turn < TURNS; turn++) {
      const events = await lastValueFrom(
        runner.runAsync({ userId: 'u', sessionId: 'fuzz', newMessage: user(`turn ${turn}`), runConfig: { toolTimeoutMs: 10 } }).pipe(toArray()),
      );
      expect(events.at(-1)!.content!.parts![0]!.text).toBe('noted');
    }
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();

    const session = (await firstValueFrom(store.service.getSession({ appName: 'fuzz', userId: 'u', sessionId: 'fuzz' })))!;
    const callCount = session.events.reduce((sum, e) => sum + getFunctionCalls(e).length, 0);
    const responseCount = session.events.reduce((sum, e) => sum + getFunctionResponses(e).length, 0);
    expect(callCount).toBe(TURNS * CALLS_PER_TURN);
    expect(responseCount).toBe(callCount);
    expect(unansweredFunctionCalls(session.events)).toEqual([]);
    expect(JSON.parse(JSON.stringify(session))).toEqual(session);
  }, 120_000);
});
