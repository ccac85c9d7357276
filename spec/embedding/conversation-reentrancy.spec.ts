import { timer } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { Conversation, ConversationClosedError, type ConversationState } from '../../lib/embedding/conversation.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm, type ScriptEntry } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { sequentialIds } from '../../lib/utils/ids.js';
import { testScheduler } from '../support/test-scheduler.js';

const answer = (text: string): LlmResponse => ({ content: { role: 'model', parts: [{ text }] } });
const call = (name: string, args: Record<string, unknown>): LlmResponse => ({ content: { role: 'model', parts: [{ functionCall: { name, args } }] } });

function setup(script: ScriptEntry[]) {
  const vacation = new FunctionTool({
    name: 'request_vacation',
    description: 'Requests days off.',
    parameters: { type: 'object', properties: { days: { type: 'integer' } }, required: ['days'] },
    requireConfirmation: true,
    execute: ({ days }: Record<string, unknown>) => ({ approved: days }),
  });
  const agent = new LlmAgent({ name: 'assistant', model: new ScriptedLlm(script), tools: [vacation] });
  const runner = new InMemoryRunner({ appName: 'app', agent, autoCreateSession: true, idGenerator: sequentialIds('id') });
  return new Conversation({ runner, userId: 'u1', sessionId: 's1', runConfig: { streamingMode: 'sse' }, loadHistory: false });
}

/** A state as one line: busy or idle, the pending requests, the number of entries. */
const view = (state: ConversationState) => `${state.busy ? 'busy' : 'idle'} ${state.pending.length} pending ${state.messages.length} entries`;

describe('Conversation: calls made from inside a subscriber', () => {
  it('a confirm() made inside a pending$ callback: every subscriber, before or after it, sees the states in the same order', () => {
    const before: string[] = [];
    const after: string[] = [];
    testScheduler().run(({ cold }) => {
      const chat = setup([cold('-c|', { c: call('request_vacation', { days: 3 }) }), cold('-a|', { a: answer('Approved.') })]);
      chat.state$.subscribe((state) => before.push(view(state)));
      chat.pending$.subscribe(([request]) => request && chat.confirm(request, true));
      chat.state$.subscribe((state) => after.push(view(state)));
      chat.send('3 days off, please');
    });
    expect(after).toEqual(before);
    // the request is pending; confirm() queues its turn (busy stays true), which answers it
    expect(before.filter((line, i) => line !== before[i - 1])).toEqual([
      'idle 0 pending 0 entries',
      'busy 0 pending 1 entries', // the user's message
      'busy 0 pending 2 entries', // the tool call, awaiting confirmation
      'busy 1 pending 2 entries', // the request: the pending$ callback calls confirm()
      'busy 0 pending 2 entries', // the confirmation turn starts: its response answers the request
      'busy 0 pending 3 entries', // the tool ran, the model answers
      'idle 0 pending 3 entries',
    ]);
  });

  it('a send() made inside a state$ callback when a turn ends: the subscribers after it still see the end first', () => {
    const before: string[] = [];
    const after: string[] = [];
    testScheduler().run(({ cold }) => {
      const chat = setup([cold('-a|', { a: answer('One.') }), cold('-b|', { b: answer('Two.') })]);
      const line = (state: ConversationState) => `${view(state)} ${state.lastTurn ?? '-'}`;
      chat.state$.subscribe((state) => before.push(line(state)));
      chat.state$.subscribe((state) => state.lastTurn === 'done' && state.messages.length === 2 && chat.send('more'));
      chat.state$.subscribe((state) => after.push(line(state)));
      chat.send('one');
    });
    expect(before).toEqual([
      'idle 0 pending 0 entries -',
      'busy 0 pending 1 entries -',
      'busy 0 pending 2 entries -',
      'idle 0 pending 2 entries done', // the follow-up is sent here, and starts only after every subscriber saw this
      'busy 0 pending 3 entries done',
      'busy 0 pending 4 entries done',
      'idle 0 pending 4 entries done',
    ]);
    expect(after).toEqual(before);
  });

  it('close() inside a callback takes effect at once: a send right after it throws, and the running turn is unsubscribed', () => {
    testScheduler().run(({ cold, expectSubscriptions }) => {
      const model = cold('-p---a|', { p: { ...answer('Nev'), partial: true }, a: answer('Never.') });
      const chat = setup([model]);
      const thrown: unknown[] = [];
      chat.messages$.subscribe((messages) => {
        if (messages.length < 2) return;
        chat.close();
        try {
          chat.send('again');
        } catch (error) {
          thrown.push(error);
        }
      });
      chat.send('hi');
      expectSubscriptions(model.subscriptions).toBe('^!'); // at the first chunk
      timer(2).subscribe(() => {
        expect(thrown).toEqual([expect.any(ConversationClosedError)]);
        expect(chat.state.messages.map((entry) => entry.kind === 'message' && entry.text)).toEqual(['hi', 'Nev']);
      });
    });
  });
});
