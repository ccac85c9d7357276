import { concatMap, distinctUntilChanged, map, timer } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { Conversation, ConversationClosedError, type ConversationState } from '../../lib/embedding/conversation.js';
import type { TranscriptEntry } from '../../lib/embedding/transcript.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { createEvent } from '../../lib/events/event.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { Runner } from '../../lib/runner/runner.js';
import type { GetSessionRequest } from '../../lib/sessions/base-session-service.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm, type ScriptEntry } from '../../lib/testing/scripted-llm.js';
import type { BaseTool } from '../../lib/tools/base-tool.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { sequentialIds } from '../../lib/utils/ids.js';
import { testScheduler } from '../support/test-scheduler.js';

const chunk = (text: string): LlmResponse => ({ content: { role: 'model', parts: [{ text }] }, partial: true });
const answer = (text: string): LlmResponse => ({ content: { role: 'model', parts: [{ text }] } });
const call = (name: string, args: Record<string, unknown>): LlmResponse => ({ content: { role: 'model', parts: [{ functionCall: { name, args } }] } });

function line(entry: TranscriptEntry): string {
  switch (entry.kind) {
    case 'message':
      return `${entry.author}: ${entry.text}${entry.partial ? '…' : ''}`;
    case 'tool':
      return `${entry.name}(${JSON.stringify(entry.args)}) ${entry.status}${entry.result ? ` ${JSON.stringify(entry.result)}` : ''}`;
    case 'error':
      return `error: ${entry.message}`;
    case 'cancelled':
      return 'cancelled';
  }
}

/** A state as one line: busy or idle, then the transcript's entries. */
const view = (state: ConversationState) => `${state.busy ? 'busy' : 'idle'} | ${state.messages.map(line).join(' / ')}`;

/** The conversation's states as {@link view}s, each change once. */
const views = (chat: Conversation) => chat.state$.pipe(map(view), distinctUntilChanged());

function setup(script: ScriptEntry[], tools: BaseTool[] = [], loadHistory = true) {
  const model = new ScriptedLlm(script);
  const agent = new LlmAgent({ name: 'assistant', model, tools });
  const runner = new InMemoryRunner({ appName: 'app', agent, autoCreateSession: true, idGenerator: sequentialIds('id') });
  const chat = new Conversation({ runner, userId: 'u1', sessionId: 's1', runConfig: { streamingMode: 'sse' }, loadHistory });
  return { model, runner, chat };
}

/** Runs `action` at `frame` of the test scheduler's virtual time. */
const at = (frame: number, action: () => void) => void timer(frame).subscribe(action);

describe('Conversation (marble tests)', () => {
  let scheduler: TestScheduler;
  beforeEach(() => (scheduler = testScheduler()));

  it('merges streamed text into one message, replaced by the final event\'s text', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { chat } = setup([cold('--a-b-(c|)', { a: chunk('Hel'), b: chunk('lo'), c: answer('Hello!') })]);
      expectObservable(views(chat)).toBe('i u - a - b - (cd)', {
        i: 'idle | ',
        u: 'busy | user: hi',
        a: 'busy | user: hi / assistant: Hel…',
        b: 'busy | user: hi / assistant: Hello…',
        c: 'busy | user: hi / assistant: Hello!',
        d: 'idle | user: hi / assistant: Hello!',
      });
      at(1, () => chat.send('hi'));
    });
  });

  it('pairs a tool call with its result, by function-call id', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const weather = new FunctionTool({
        name: 'get_weather',
        description: 'The weather in a city.',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        execute: () => cold('---w|', { w: { sky: 'sunny' } }),
      });
      const { chat } = setup([cold('-c|', { c: call('get_weather', { city: 'Paris' }) }), cold('--a|', { a: answer('Sunny.') })], [weather]);
      expectObservable(chat.messages$.pipe(map((messages) => messages.map(line)))).toBe('i u c - - r - a', {
        i: [],
        u: ['user: weather?'],
        c: ['user: weather?', 'get_weather({"city":"Paris"}) running'],
        r: ['user: weather?', 'get_weather({"city":"Paris"}) done {"sky":"sunny"}'],
        a: ['user: weather?', 'get_weather({"city":"Paris"}) done {"sky":"sunny"}', 'assistant: Sunny.'],
      });
      at(1, () => chat.send('weather?'));
      // the entry's id is the call's id, which the result carries too
      at(20, () => {
        const tool = chat.state.messages[1]!;
        expect(tool).toMatchObject({ kind: 'tool', author: 'assistant', name: 'get_weather', id: expect.stringMatching(/^adk-/) });
      });
    });
  });

  it('a confirmation request is pending until confirm() answers it; the tool then runs', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const runs: unknown[] = [];
      const vacation = new FunctionTool({
        name: 'request_vacation',
        description: 'Requests days off.',
        parameters: { type: 'object', properties: { days: { type: 'integer' } }, required: ['days'] },
        requireConfirmation: true,
        execute: ({ days }: Record<string, unknown>) => (runs.push(days), { approved: days }),
      });
      const { chat } = setup([cold('-c|', { c: call('request_vacation', { days: 3 }) }), cold('--a|', { a: answer('Approved.') })], [vacation]);
      expectObservable(chat.pending$.pipe(map((pending) => pending.map((request) => `${request.originalFunctionCall.name}: ${request.toolConfirmation.hint}`)))).toBe(
        'n - p 7ms n',
        { n: [], p: [expect.stringMatching(/^request_vacation: Please approve or reject the tool call request_vacation\(\)/)] },
      );
      expectObservable(chat.busy$).toBe('f t - f 6ms t - - f', { t: true, f: false });
      at(1, () => chat.send('3 days off, please'));
      at(10, () => {
        expect(chat.state.messages.map(line)).toEqual([
          'user: 3 days off, please',
          'request_vacation({"days":3}) awaiting-confirmation {"error":"This tool call requires confirmation, please approve or reject."}',
        ]);
        chat.confirm(chat.state.pending[0]!, true);
      });
      at(20, () => {
        expect(runs).toEqual([3]);
        expect(chat.state.messages.map(line)).toEqual([
          'user: 3 days off, please',
          'request_vacation({"days":3}) done {"approved":3}',
          'assistant: Approved.',
        ]);
      });
    });
  });

  it('cancel() mid-turn unsubscribes it: the tool\'s Observable is unsubscribed and its abort signal fires, busy$ goes false', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const aborted: number[] = [];
      const research$ = cold('-----r|', { r: { summary: 'fascinating' } });
      const research = new FunctionTool({
        name: 'research',
        description: 'Researches slowly.',
        parameters: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
        execute: (_args: Record<string, unknown>, ctx) => {
          ctx.abortSignal.addEventListener('abort', () => aborted.push(scheduler.now()), { once: true });
          return research$;
        },
      });
      const { chat } = setup(
        [cold('-c|', { c: call('research', { topic: 'black holes' }) }), cold('-a|', { a: answer('You said thanks.') })],
        [research],
      );
      // until frame 8; the next turn starts at 9
      expectObservable(views(chat), '^ 7ms !').toBe('i u c - - x', {
        i: 'idle | ',
        u: 'busy | user: research black holes',
        c: 'busy | user: research black holes / research({"topic":"black holes"}) running',
        x: 'idle | user: research black holes / research({"topic":"black holes"}) cancelled / cancelled',
      });
      expectObservable(chat.busy$).toBe('f t 3ms f 3ms t - f', { t: true, f: false });
      expectSubscriptions(research$.subscriptions).toBe('--^--!');
      at(1, () => chat.send('research black holes'));
      at(5, () => chat.cancel());
      at(9, () => chat.send('thanks'));
      at(12, () => {
        expect(aborted).toEqual([5]);
        // the next turn answers the cancelled call first (whole turns), never with the tool's result
        expect(chat.state.messages.map(line)).toEqual([
          'user: research black holes',
          'research({"topic":"black holes"}) done {"error":"The call was interrupted before it finished."}',
          'cancelled',
          'user: thanks',
          'assistant: You said thanks.',
        ]);
      });
    });
  });

  it('subscribing to messages$ (twice) starts no turn; a send starts one', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { chat, model } = setup([cold('-a|', { a: answer('Hi.') })]);
      const texts = chat.messages$.pipe(map((messages) => messages.map(line)));
      expectObservable(texts).toBe('i', { i: [] });
      expectObservable(texts).toBe('i', { i: [] });
      expectObservable(chat.busy$).toBe('f', { f: false });
      at(5, () => expect(model.callCount).toBe(0));
    });
  });

  it('a send while busy is queued: turns run one after the other, busy$ stays true in between', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { chat, model } = setup([cold('---a|', { a: answer('One.') }), cold('--b|', { b: answer('Two.') })]);
      expectObservable(views(chat)).toBe('i u - - a s - b d', {
        i: 'idle | ',
        u: 'busy | user: first', // at 2, "second" waits: not in the transcript yet
        a: 'busy | user: first / assistant: One.',
        s: 'busy | user: first / assistant: One. / user: second',
        b: 'busy | user: first / assistant: One. / user: second / assistant: Two.',
        d: 'idle | user: first / assistant: One. / user: second / assistant: Two.',
      });
      expectObservable(chat.busy$).toBe('f t 6ms f', { t: true, f: false });
      at(1, () => chat.send('first'));
      at(2, () => chat.send('second'));
      at(10, () => expect(model.requests.map((request) => request.contents.at(-1)?.parts?.[0]?.text)).toEqual(['first', 'second']));
    });
  });

  it('a turn that fails becomes an error entry (the streams do not error) and the next send works', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { chat } = setup([cold('--#', {}, new Error('model overloaded')), cold('-a|', { a: answer('Back.') })]);
      expectObservable(views(chat)).toBe('i u - e - t a d', {
        i: 'idle | ',
        u: 'busy | user: one',
        e: expect.stringMatching(/^idle \| user: one \/ error: .*model overloaded/),
        t: expect.stringMatching(/^busy \| user: one \/ error: .*model overloaded.* \/ user: two$/),
        a: expect.stringMatching(/^busy \| user: one \/ error: .*model overloaded.* \/ user: two \/ assistant: Back\.$/),
        d: expect.stringMatching(/^idle \| user: one \/ error: .*model overloaded.* \/ user: two \/ assistant: Back\.$/),
      });
      expectObservable(chat.state$.pipe(map((state) => state.lastTurn ?? '-'), distinctUntilChanged())).toBe('n - - f - - - d', { n: '-', f: 'failed', d: 'done' });
      at(1, () => chat.send('one'));
      at(5, () => chat.send('two'));
    });
  });

  it('a late subscriber gets the latest state at once', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { chat } = setup([cold('-a|', { a: answer('Hi.') })]);
      at(1, () => chat.send('hello'));
      expectObservable(chat.messages$.pipe(map((messages) => messages.map(line))), '10ms ^').toBe('10ms l', { l: ['user: hello', 'assistant: Hi.'] });
      expectObservable(chat.busy$, '10ms ^').toBe('10ms f', { f: false });
    });
  });

  it('loads the session\'s stored events into the transcript on start', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { runner } = setup([cold('-a|', { a: answer('First answer.') })], [], false);
      runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: { role: 'user', parts: [{ text: 'first' }] } }).subscribe();
      at(5, () => {
        const later = new Conversation({ runner, userId: 'u1', sessionId: 's1' });
        expect(later.state.messages.map(line)).toEqual(['user: first', 'assistant: First answer.']);
        later.close();
      });
      expectObservable(timer(6)).toBe('6ms (0|)', { 0: 0 });
    });
  });

  it('a send made while the history loads waits for it; the stored turn comes first', () => {
    scheduler.run(({ cold, expectObservable }) => {
      /** A store whose reads take 3 frames. */
      class SlowReads extends InMemorySessionService {
        override getSession(request: GetSessionRequest) {
          return timer(3).pipe(concatMap(() => super.getSession(request)));
        }
      }
      const sessionService = new SlowReads();
      const stored = createEvent({ id: 'old', author: 'assistant', content: { role: 'model', parts: [{ text: 'Welcome back.' }] } });
      sessionService.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }).subscribe((session) => sessionService.appendEvent(session, stored).subscribe());
      const agent = new LlmAgent({ name: 'assistant', model: new ScriptedLlm([cold('-a|', { a: answer('Hi again.') })]) });
      const chat = new Conversation({ runner: new Runner({ appName: 'app', agent, sessionService }), userId: 'u1', sessionId: 's1' });
      expectObservable(views(chat)).toBe('i b - (hu) a d', { // the runner's own read takes 3 frames too: the model answers at 7
        i: 'idle | ',
        b: 'busy | ', // queued
        h: 'busy | assistant: Welcome back.',
        u: 'busy | assistant: Welcome back. / user: hi',
        a: 'busy | assistant: Welcome back. / user: hi / assistant: Hi again.',
        d: 'idle | assistant: Welcome back. / user: hi / assistant: Hi again.',
      });
      at(1, () => chat.send('hi'));
    });
  });

  it('close() ends the running turn, completes the streams, and refuses new sends', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { chat } = setup([cold('---a|', { a: answer('Never.') })]);
      expectObservable(chat.busy$).toBe('f t - (f|)', { t: true, f: false });
      at(1, () => chat.send('hi'));
      at(3, () => {
        chat.close();
        expect(() => chat.send('again')).toThrow(ConversationClosedError);
      });
    });
  });
});
