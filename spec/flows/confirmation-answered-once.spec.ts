import { join } from 'node:path';
import { concatMap, firstValueFrom, lastValueFrom, map, timer, toArray } from 'rxjs';
import type { Content } from '@google/genai';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { ToolContext } from '../../lib/context/tool-context.js';
import { createConfirmationResponse, getConfirmationRequests, type ConfirmationRequest } from '../../lib/events/confirmation-requests.js';
import { createEvent, type Event } from '../../lib/events/event.js';
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from '../../lib/events/framework-function-names.js';
import { getFunctionCalls } from '../../lib/events/get-function-calls.js';
import { getFunctionResponses } from '../../lib/events/get-function-responses.js';
import { checkConfirmationAnswers, latestConfirmationAnswers } from '../../lib/flows/check-confirmation-answer.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { Runner } from '../../lib/runner/runner.js';
import type { BaseSessionService } from '../../lib/sessions/base-session-service.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { SqliteSessionService } from '../../lib/sqlite/sqlite-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { CONFIRMATION_REQUIRED_ERROR, FunctionTool } from '../../lib/tools/function-tool.js';
import { calls, text, user } from '../support/llm.js';
import { testScheduler } from '../support/test-scheduler.js';
import { tempDir } from '../sqlite/temp-dir.js';

/**
 * SPEC §6 "Whole turns" / §10: each `adk_request_confirmation` is answered at most once across the
 * session, also within one message. The first valid answer (in part order) wins; every other answer
 * is refused with an INVALID_CONFIRMATION event, and the confirmed tool runs exactly once.
 */

const KEY = { appName: 'bank', userId: 'u1', sessionId: 's1' };

interface Bank {
  runner: Runner;
  model: ScriptedLlm;
  sessions: BaseSessionService;
  /** One entry per execution of `pay` past its confirmation gate. */
  payments: Array<Record<string, unknown>>;
  /** The `ctx.toolConfirmation` each execution of `pay` saw. */
  confirmations: unknown[];
}

function bank(options: { script: ReturnType<typeof calls>[]; sessions?: BaseSessionService; toolName?: string; payments?: Bank['payments'] }): Bank {
  const payments = options.payments ?? [];
  const confirmations: unknown[] = [];
  const pay = new FunctionTool({
    name: options.toolName ?? 'pay',
    description: 'Pays an amount; a human must approve.',
    requireConfirmation: true,
    execute: (args: Record<string, unknown>, ctx: ToolContext) => {
      payments.push(args);
      confirmations.push(ctx.toolConfirmation);
      return { paid: args['amount'] };
    },
  });
  const lookup = new FunctionTool({ name: 'lookup', description: 'Looks something up.', execute: () => ({ found: true }) });
  const model = new ScriptedLlm(options.script);
  const agent = new LlmAgent({ name: 'bank_agent', model, tools: [pay, lookup] });
  const sessions = options.sessions ?? new InMemorySessionService();
  return { runner: new Runner({ appName: KEY.appName, agent, sessionService: sessions, autoCreateSession: true }), model, sessions, payments, confirmations };
}

function send(b: Pick<Bank, 'runner'>, message: Content): Promise<Event[]> {
  return lastValueFrom(b.runner.runAsync({ userId: KEY.userId, sessionId: KEY.sessionId, newMessage: message }).pipe(toArray()));
}

/** Turn 1: the model calls `pay` (once per call given) and every call asks for confirmation. */
async function ask(b: Bank): Promise<ConfirmationRequest[]> {
  const events = await send(b, user('pay my bills'));
  const requests = events.flatMap((e) => getConfirmationRequests(e));
  expect(requests.length).toBeGreaterThan(0);
  expect(b.payments).toEqual([]);
  return requests;
}

/** One user message holding the given answers, in this part order. */
function answers(...items: Array<[ConfirmationRequest | { id: string }, { confirmed: boolean; payload?: unknown }]>): Content {
  return { role: 'user', parts: items.flatMap(([request, answer]) => createConfirmationResponse(request, answer).parts!) };
}

function refusals(events: readonly Event[]): string[] {
  return events.filter((e) => e.errorCode === 'INVALID_CONFIRMATION').map((e) => e.errorMessage!);
}

async function storedEvents(sessions: BaseSessionService): Promise<Event[]> {
  return (await firstValueFrom(sessions.getSession(KEY)))!.events;
}

/** Every stored function call (with an id) has a function response later in the history. */
function unanswered(events: readonly Event[]): string[] {
  const open: string[] = [];
  events.forEach((event, i) => {
    if (event.partial) return;
    for (const call of getFunctionCalls(event)) {
      if (call.id === undefined) continue;
      const answered = events.slice(i + 1).some((later) => getFunctionResponses(later).some((r) => r.id === call.id));
      if (!answered) open.push(`${call.name}#${call.id}`);
    }
  });
  return open;
}

/** How many responses each function-call id got (an id the model never saw is irrelevant here). */
function responsesTo(events: readonly Event[], id: string): number {
  return events.flatMap((e) => getFunctionResponses(e)).filter((r) => r.id === id).length;
}

describe('one execution per confirmation, within one message', () => {
  it('5 copies of the same approval → the tool runs once, 4 INVALID_CONFIRMATION events, the session stays whole', async () => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 100 } }), text('Paid.')] });
    const [request] = await ask(b);
    const approve = createConfirmationResponse(request!, { confirmed: true }).parts![0]!;
    const events = await send(b, { role: 'user', parts: [approve, approve, approve, approve, approve] });

    expect(b.payments).toEqual([{ amount: 100 }]);
    expect(events.map(simplifyEvent)).toEqual([
      ...Array.from({ length: 4 }, () => `bank_agent: error Tool confirmation "${request!.id}" was refused: this request was already answered earlier in this message.`),
      'bank_agent: pay returned {"paid":100}',
      'bank_agent: Paid.',
    ]);
    expect(refusals(events)).toHaveLength(4);
    expect(b.model.callCount).toBe(2);

    const stored = await storedEvents(b.sessions);
    expect(unanswered(stored)).toEqual([]);
    // the original call: the "requires confirmation" reply, then the one real result
    expect(responsesTo(stored, request!.originalFunctionCall.id!)).toBe(2);
    // the model sees its call answered once, by the real result
    expect(b.model.requests[1]!.contents.slice(1)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'pay', args: { amount: 100 } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'pay', response: { paid: 100 } } }] },
    ]);
  });

  it('confirm then reject of the same call → the confirmation wins, the rejection is refused', async () => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 100 } }), text('Paid.')] });
    const [request] = await ask(b);
    const events = await send(b, answers([request!, { confirmed: true }], [request!, { confirmed: false }]));
    expect(b.payments).toEqual([{ amount: 100 }]);
    expect(refusals(events)).toEqual([`Tool confirmation "${request!.id}" was refused: this request was already answered earlier in this message.`]);
    expect(events.map(simplifyEvent).slice(1)).toEqual(['bank_agent: pay returned {"paid":100}', 'bank_agent: Paid.']);
  });

  it('reject then confirm of the same call → the rejection wins, the confirmation is refused, nothing is paid', async () => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 100 } }), text('Not paid.')] });
    const [request] = await ask(b);
    const events = await send(b, answers([request!, { confirmed: false }], [request!, { confirmed: true }]));
    expect(b.payments).toEqual([]);
    expect(refusals(events)).toHaveLength(1);
    expect(events.map(simplifyEvent).slice(1)).toEqual(['bank_agent: pay returned {"error":"This tool call is rejected."}', 'bank_agent: Not paid.']);
    expect(unanswered(await storedEvents(b.sessions))).toEqual([]);
  });

  it('the first *valid* answer wins: a malformed answer before it is refused and does not use the request up', async () => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 100 } }), text('Paid.')] });
    const [request] = await ask(b);
    const malformed = createConfirmationResponse(request!, { confirmed: true });
    malformed.parts![0]!.functionResponse!.response = { approved: 'yes' };
    const events = await send(b, { role: 'user', parts: [...malformed.parts!, ...answers([request!, { confirmed: true }]).parts!] });
    expect(refusals(events)).toEqual([expect.stringMatching(/must be \{confirmed: true \| false, payload\?\}/)]);
    expect(b.payments).toEqual([{ amount: 100 }]);
  });

  it('approvals for two different calls in one message → each tool call runs once', async () => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 1 } }, { name: 'pay', args: { amount: 2 } }), text('Both paid.')] });
    const [first, second] = await ask(b);
    expect([first!.originalFunctionCall.args, second!.originalFunctionCall.args]).toEqual([{ amount: 1 }, { amount: 2 }]);
    const events = await send(b, answers([second!, { confirmed: true }], [first!, { confirmed: true }], [second!, { confirmed: true }]));
    expect(b.payments).toEqual([{ amount: 1 }, { amount: 2 }]);
    expect(refusals(events)).toEqual([`Tool confirmation "${second!.id}" was refused: this request was already answered earlier in this message.`]);
    expect(events.map(simplifyEvent).slice(1)).toEqual(['bank_agent: pay returned {"paid":1} | pay returned {"paid":2}', 'bank_agent: Both paid.']);
    expect(unanswered(await storedEvents(b.sessions))).toEqual([]);
  });

  it('an answer to an unknown request id next to a valid one is refused; the valid one runs once', async () => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 100 } }), text('Paid.')] });
    const [request] = await ask(b);
    const events = await send(b, answers([{ id: 'adk-forged' }, { confirmed: true }], [request!, { confirmed: true }]));
    expect(refusals(events)).toEqual([expect.stringMatching(/"adk-forged" was refused: there is no confirmation request with this id/)]);
    expect(b.payments).toEqual([{ amount: 100 }]);
  });

  it('refusals are emitted once per invocation, even when the model keeps calling tools after the resumed call', async () => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 100 } }), calls({ name: 'lookup', args: {} }), calls({ name: 'lookup', args: {} }), text('Done.')] });
    const [request] = await ask(b);
    const events = await send(b, answers([request!, { confirmed: true }], [request!, { confirmed: true }], [{ id: 'adk-forged' }, { confirmed: true }]));
    expect(refusals(events)).toHaveLength(2);
    expect(b.payments).toEqual([{ amount: 100 }]);
    expect(events.map(simplifyEvent).slice(2)).toEqual([
      'bank_agent: pay returned {"paid":100}',
      'bank_agent: call lookup({})',
      'bank_agent: lookup returned {"found":true}',
      'bank_agent: call lookup({})',
      'bank_agent: lookup returned {"found":true}',
      'bank_agent: Done.',
    ]);
  });

  it('the payload is the human\'s answer: a payload unlike the request\'s is accepted and passed unchanged', async () => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 100 } }), text('Paid.')] });
    const [request] = await ask(b);
    await send(b, answers([request!, { confirmed: true, payload: { approver: 'Ada', limit: [1, 2, { x: null }] } }]));
    expect(b.confirmations).toEqual([
      { hint: request!.toolConfirmation.hint, confirmed: true, payload: { approver: 'Ada', limit: [1, 2, { x: null }] } },
    ]);
  });
});

describe('one execution per confirmation, across turns', () => {
  it('re-sending an approval in a later turn is refused and the tool does not run again', async () => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 100 } }), text('Paid.'), text('never')] });
    const [request] = await ask(b);
    await send(b, answers([request!, { confirmed: true }]));
    expect(b.payments).toHaveLength(1);

    const replay = await send(b, answers([request!, { confirmed: true }], [request!, { confirmed: true }]));
    expect(replay.map(simplifyEvent)).toEqual([
      `bank_agent: error Tool confirmation "${request!.id}" was refused: this request was already answered.`,
      `bank_agent: error Tool confirmation "${request!.id}" was refused: this request was already answered.`,
    ]);
    expect(b.payments).toHaveLength(1);
    expect(b.model.callCount).toBe(2);
  });

  it('a rejection cannot be turned into an approval by answering again later', async () => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 100 } }), text('Not paid.'), text('never')] });
    const [request] = await ask(b);
    await send(b, answers([request!, { confirmed: false }]));
    const later = await send(b, answers([request!, { confirmed: true }]));
    expect(refusals(later)).toEqual([expect.stringMatching(/this request was already answered\.$/)]);
    expect(b.payments).toEqual([]);
  });

  it('a refused (malformed) answer does not use the request up: a valid answer in a later turn is honoured', async () => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 100 } }), text('Paid.')] });
    const [request] = await ask(b);
    const malformed = createConfirmationResponse(request!, { confirmed: true });
    malformed.parts![0]!.functionResponse!.response = { confirmed: 'yes' };
    expect(refusals(await send(b, malformed))).toHaveLength(1);
    const events = await send(b, answers([request!, { confirmed: true }]));
    expect(events.map(simplifyEvent)).toEqual(['bank_agent: pay returned {"paid":100}', 'bank_agent: Paid.']);
    expect(b.payments).toHaveLength(1);
  });
});

describe('prototype names are ids like any other', () => {
  async function askAndApproveFiveTimes(id: string) {
    const b = bank({ script: [calls({ id, name: 'pay', args: { amount: 7 } }), text('Paid.')] });
    const events = await send(b, user('pay'));
    expect(events.map(simplifyEvent).at(-1)).toBe('bank_agent: pay returned {"error":"This tool call requires confirmation, please approve or reject."}');
    const [request] = events.flatMap((e) => getConfirmationRequests(e));
    expect(request!.originalFunctionCall).toEqual({ id, name: 'pay', args: { amount: 7 } });

    const approve = createConfirmationResponse(request!, { confirmed: true }).parts![0]!;
    const resumed = await send(b, { role: 'user', parts: [approve, approve, approve, approve, approve] });
    expect(refusals(resumed)).toHaveLength(4);
    expect(resumed.map(simplifyEvent).slice(4)).toEqual(['bank_agent: pay returned {"paid":7}', 'bank_agent: Paid.']);
    expect(b.payments).toEqual([{ amount: 7 }]);
    expect(unanswered(await storedEvents(b.sessions))).toEqual([]);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  }

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('a model call with id "%s" asks, then runs once when approved (5 copies)', askAndApproveFiveTimes);

  it.each(['__proto__', 'constructor', 'toString'])('an answer whose id is the tool call\'s own id "%s" is refused: it is not a confirmation request', async (id) => {
    const b = bank({ script: [calls({ id, name: 'pay', args: { amount: 7 } }), text('never')] });
    const [request] = await ask(b);
    const events = await send(b, answers([{ id }, { confirmed: true }], [{ id: request!.id }, { confirmed: false }]));
    expect(refusals(events)).toEqual([`Tool confirmation "${id}" was refused: this id belongs to a call of "pay", not to a confirmation request.`]);
    expect(b.payments).toEqual([]);
  });

  it.each(['__proto__', 'constructor', 'toString'])('an unknown request id "%s" is refused', async (id) => {
    const b = bank({ script: [text('never')] });
    const events = await send(b, answers([{ id }, { confirmed: true }]));
    expect(events.map(simplifyEvent)).toEqual([`bank_agent: error Tool confirmation "${id}" was refused: there is no confirmation request with this id in this session.`]);
  });

  it.each(['__proto__', 'constructor', 'toString'])('a tool named "%s" that requires confirmation runs once when approved twice', async (toolName) => {
    const b = bank({ toolName, script: [calls({ name: toolName, args: { amount: 3 } }), text('Done.')] });
    const [request] = await ask(b);
    const events = await send(b, answers([request!, { confirmed: true }], [request!, { confirmed: true }]));
    expect(refusals(events)).toHaveLength(1);
    expect(events.map(simplifyEvent).slice(1)).toEqual([`bank_agent: ${toolName} returned {"paid":3}`, 'bank_agent: Done.']);
    expect(b.payments).toEqual([{ amount: 3 }]);
  });

  /**
   * A stored history (as a store returns it: JSON, so "__proto__" is an own key of
   * `requestedToolConfirmations`) where the model's call id is "__proto__".
   */
  function historyWithProtoCallId(): Event[] {
    const call = { id: '__proto__', name: 'pay', args: { amount: 7 } };
    const history = [
      createEvent({ author: 'user', invocationId: 'e-1', content: user('pay') }),
      createEvent({ author: 'bank_agent', invocationId: 'e-1', content: { role: 'model', parts: [{ functionCall: call }] } }),
      createEvent({
        author: 'bank_agent',
        invocationId: 'e-1',
        longRunningToolIds: ['adk-r1'],
        content: {
          role: 'user',
          parts: [{ functionCall: { id: 'adk-r1', name: REQUEST_CONFIRMATION_FUNCTION_CALL_NAME, args: { originalFunctionCall: call, toolConfirmation: { confirmed: false } } } }],
        },
      }),
      createEvent({
        author: 'bank_agent',
        invocationId: 'e-1',
        content: { role: 'user', parts: [{ functionResponse: { id: '__proto__', name: 'pay', response: { error: CONFIRMATION_REQUIRED_ERROR } } }] },
        actions: { requestedToolConfirmations: JSON.parse('{"__proto__": {"confirmed": false}}') as Record<string, { confirmed: boolean }> },
      }),
    ];
    return JSON.parse(JSON.stringify(history)) as Event[];
  }

  it('the checker reads a stored "__proto__" call id as data', () => {
    const history = historyWithProtoCallId();
    expect(Object.hasOwn(history[3]!.actions.requestedToolConfirmations, '__proto__')).toBe(true);
    const message = answers([{ id: 'adk-r1' }, { confirmed: true }], [{ id: 'adk-r1' }, { confirmed: true }], [{ id: '__proto__' }, { confirmed: true }], [{ id: 'constructor' }, { confirmed: true }]);
    const events = [...history, createEvent({ author: 'user', invocationId: 'e-2', content: message })];
    const checks = checkConfirmationAnswers(events, 'bank_agent', latestConfirmationAnswers(events)!);
    expect(checks.map((c) => (c.kind === 'invalid' ? c.error.reason : c.kind))).toEqual([
      'honoured',
      'this request was already answered earlier in this message.',
      'this id belongs to a call of "pay", not to a confirmation request.',
      'there is no confirmation request with this id in this session.',
    ]);
    expect(checks[0]).toEqual({ kind: 'honoured', value: { call: { id: '__proto__', name: 'pay', args: { amount: 7 } }, confirmation: { confirmed: true } } });
    // a history where confirmation was never requested for "__proto__" is not fooled by Object.prototype
    history[3]!.actions.requestedToolConfirmations = {};
    const unrequested = checkConfirmationAnswers([...history, events.at(-1)!], 'bank_agent', latestConfirmationAnswers(events)!);
    expect(unrequested[0]).toMatchObject({ kind: 'invalid', error: { reason: 'confirmation was never requested for the call of "pay".' } });
  });

  it('a stored session whose call id is "__proto__" resumes the call once through the Runner', async () => {
    const b = bank({ script: [text('Paid.')] });
    const session = await firstValueFrom(b.sessions.createSession(KEY));
    for (const event of historyWithProtoCallId()) await firstValueFrom(b.sessions.appendEvent(session, event));
    const approve = answers([{ id: 'adk-r1' }, { confirmed: true }]).parts![0]!;
    const events = await send(b, { role: 'user', parts: [approve, approve, approve] });
    expect(refusals(events)).toHaveLength(2);
    expect(events.map(simplifyEvent).slice(2)).toEqual(['bank_agent: pay returned {"paid":7}', 'bank_agent: Paid.']);
    expect(b.payments).toEqual([{ amount: 7 }]);
    expect(unanswered(await storedEvents(b.sessions))).toEqual([]);
  });
});

describe('malformed answers are refused without failing the run', () => {
  it.each([
    ['a JSON string that is not an object', { response: 'null' }, /must be \{confirmed: true \| false, payload\?\}/],
    ['a JSON string holding the answer', { response: '{"confirmed": true}' }, undefined],
    ['an echoed call that is not an object', { confirmed: true, originalFunctionCall: 'pay' }, /changes the call/],
    ['"confirmed" only inherited', Object.create({ confirmed: true }) as Record<string, unknown>, /must be \{confirmed/],
  ])('%s', async (_label, response, refusal) => {
    const b = bank({ script: [calls({ name: 'pay', args: { amount: 100 } }), text('Paid.')] });
    const [request] = await ask(b);
    const message = createConfirmationResponse(request!, { confirmed: true });
    message.parts![0]!.functionResponse!.response = response as Record<string, unknown>;
    const events = await send(b, message);
    if (refusal) {
      expect(refusals(events)).toEqual([expect.stringMatching(refusal)]);
      expect(b.payments).toEqual([]);
    } else {
      expect(refusals(events)).toEqual([]);
      expect(b.payments).toEqual([{ amount: 100 }]);
    }
  });

  it('two requests for the same call answered in one message: the first resumes it, the second is refused', () => {
    const call = { id: 'c1', name: 'pay', args: { amount: 7 } };
    const askFor = (id: string) =>
      createEvent({
        author: 'bank_agent',
        longRunningToolIds: [id],
        content: { role: 'user', parts: [{ functionCall: { id, name: REQUEST_CONFIRMATION_FUNCTION_CALL_NAME, args: { originalFunctionCall: call, toolConfirmation: { confirmed: false } } } }] },
      });
    const events = [
      createEvent({ author: 'user', content: user('pay') }),
      createEvent({ author: 'bank_agent', content: { role: 'model', parts: [{ functionCall: call }] } }),
      askFor('adk-r1'),
      askFor('adk-r2'),
      createEvent({
        author: 'bank_agent',
        content: { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'pay', response: { error: CONFIRMATION_REQUIRED_ERROR } } }] },
        actions: { requestedToolConfirmations: { c1: { confirmed: false } } },
      }),
      createEvent({ author: 'user', content: answers([{ id: 'adk-r2' }, { confirmed: false }], [{ id: 'adk-r1' }, { confirmed: true }]) }),
    ];
    const checks = checkConfirmationAnswers(events, 'bank_agent', latestConfirmationAnswers(events)!);
    expect(checks.map((c) => (c.kind === 'invalid' ? c.error.reason : c.kind))).toEqual([
      'honoured',
      'the call of "pay" is already answered by confirmation request "adk-r2" earlier in this message.',
    ]);
  });
});

describe('on virtual time', () => {
  it('5 copies of an approval for a slow tool: 4 refusals at once, one result when the tool ends, one execution', () => {
    const scheduler = testScheduler();
    let runs = 0;
    scheduler.run(({ expectObservable }) => {
      const pay = new FunctionTool({
        name: 'pay',
        description: 'Pays (takes 5 frames).',
        requireConfirmation: true,
        execute: () => {
          runs++;
          return timer(5).pipe(map(() => ({ paid: true })));
        },
      });
      const agent = new LlmAgent({ name: 'bank_agent', model: new ScriptedLlm([calls({ name: 'pay', args: {} }), text('Paid.')]), tools: [pay] });
      const runner = new InMemoryRunner({ agent, appName: 'bank', autoCreateSession: true });
      const turn = (newMessage: Content) => runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage });
      const resumed$ = turn(user('pay')).pipe(
        toArray(),
        concatMap((asked) => {
          const approve = createConfirmationResponse(asked.flatMap((e) => getConfirmationRequests(e))[0]!, { confirmed: true }).parts![0]!;
          return turn({ role: 'user', parts: [approve, approve, approve, approve, approve] });
        }),
        map((e) => `${scheduler.now()} ${e.errorCode ?? simplifyEvent(e)}`),
        toArray(),
      );
      expectObservable(resumed$).toBe('-----(x|)', {
        x: [
          '0 INVALID_CONFIRMATION',
          '0 INVALID_CONFIRMATION',
          '0 INVALID_CONFIRMATION',
          '0 INVALID_CONFIRMATION',
          '5 bank_agent: pay returned {"paid":true}',
          '5 bank_agent: Paid.',
        ],
      });
    });
    expect(runs).toBe(1);
  });
});

describe('against SQLite: a reloaded session gives the same decisions', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir('rxadk-confirm-once');
  });
  afterEach(() => dir.remove());

  it('5 copies → one payment; after reopening the file, the stored message checks the same and a re-sent approval is refused', async () => {
    const path = join(dir.path, 'sessions.db');
    const payments: Bank['payments'] = [];
    const first = new SqliteSessionService({ path });
    const b1 = bank({ sessions: first, payments, script: [calls({ id: 'constructor', name: 'pay', args: { amount: 100 } }), text('Paid.')] });
    const [request] = await ask(b1);
    const approve = createConfirmationResponse(request!, { confirmed: true }).parts![0]!;
    const live = await send(b1, { role: 'user', parts: [approve, approve, approve, approve, approve] });
    expect(payments).toHaveLength(1);
    const liveRefusals = refusals(live);
    expect(liveRefusals).toHaveLength(4);
    await firstValueFrom(first.close());

    const second = new SqliteSessionService({ path });
    const b2 = bank({ sessions: second, payments, script: [text('never')] });
    const reloaded = await storedEvents(second);
    expect(unanswered(reloaded)).toEqual([]);
    // the stored 5-copy message, checked again on the reloaded history (as if it were the latest)
    const answerIndex = reloaded.findIndex((e) => e.author === 'user' && getFunctionResponses(e).length === 5);
    const checks = checkConfirmationAnswers(reloaded.slice(0, answerIndex + 1), 'bank_agent', latestConfirmationAnswers(reloaded.slice(0, answerIndex + 1))!);
    expect(checks.map((c) => c.kind)).toEqual(['honoured', 'invalid', 'invalid', 'invalid', 'invalid']);
    expect(checks.flatMap((c) => (c.kind === 'invalid' ? [c.error.message] : []))).toEqual(liveRefusals);
    expect(checks[0]).toMatchObject({ kind: 'honoured', value: { call: { id: 'constructor', name: 'pay' }, confirmation: { confirmed: true } } });

    const replay = await send(b2, answers([request!, { confirmed: true }]));
    expect(replay.map(simplifyEvent)).toEqual([`bank_agent: error Tool confirmation "${request!.id}" was refused: this request was already answered.`]);
    expect(payments).toHaveLength(1);
    expect(unanswered(await storedEvents(second))).toEqual([]);
    await firstValueFrom(second.close());
  });
});
