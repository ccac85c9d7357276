import { map, type Observable, throwError } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { ConversationAction } from '../../lib/embedding/conversation-action.js';
import { conversationTurn } from '../../lib/embedding/conversation-turn.js';
import { userMessage } from '../../lib/embedding/user-message.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm, type ScriptEntry } from '../../lib/testing/scripted-llm.js';
import { sequentialIds } from '../../lib/utils/ids.js';
import { testScheduler } from '../support/test-scheduler.js';

const answer = (text: string): LlmResponse => ({ content: { role: 'model', parts: [{ text }] } });

function setup(script: ScriptEntry[]) {
  const agent = new LlmAgent({ name: 'assistant', model: new ScriptedLlm(script) });
  return new InMemoryRunner({ appName: 'app', agent, autoCreateSession: true, idGenerator: sequentialIds('id') });
}

/** An action as a short text: its kind, and the text or failure it carries. */
function summary(action: ConversationAction): string {
  switch (action.kind) {
    case 'started':
      return `started ${action.index}: ${action.message.parts?.[0]?.text}`;
    case 'event':
      return `event ${action.event.author}: ${action.event.content?.parts?.[0]?.text}`;
    case 'failed':
      return `failed: ${action.failure.message}`;
    default:
      return action.kind;
  }
}
const described = (actions: Observable<ConversationAction>) => actions.pipe(map(summary));

describe('conversationTurn (marble tests)', () => {
  it('is started, then one event per event of the run, then ended', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const model = cold('--a|', { a: answer('Hi.') });
      const turn = conversationTurn(setup([model]), { userId: 'u1', sessionId: 's1' }, { message: userMessage('hello'), index: 4 });
      expectObservable(described(turn)).toBe('s-a(n|)', { s: 'started 4: hello', a: 'event assistant: Hi.', n: 'ended' });
      expectSubscriptions(model.subscriptions).toBe('^--!');
    });
  });

  it('is cold: nothing runs until it is subscribed, and each subscription runs it again', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const first = cold('-a|', { a: answer('One.') });
      const second = cold('-b|', { b: answer('Two.') });
      const turn = conversationTurn(setup([first, second]), { userId: 'u1', sessionId: 's1' }, { message: userMessage('hi'), index: 0 });
      expectObservable(described(turn), '--^').toBe('--sa(n|)', { s: 'started 0: hi', a: 'event assistant: One.', n: 'ended' });
      expectObservable(described(turn), '-----^').toBe('-----sb(n|)', { s: 'started 0: hi', b: 'event assistant: Two.', n: 'ended' });
      expectSubscriptions(first.subscriptions).toBe('--^-!');
      expectSubscriptions(second.subscriptions).toBe('-----^-!');
    });
  });

  it('a run that errors ends with failed, and the turn itself never errors', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const turn = conversationTurn(setup([cold('--#', {}, new Error('model overloaded'))]), { userId: 'u1', sessionId: 's1' }, { message: userMessage('hi'), index: 0 });
      expectObservable(described(turn)).toBe('s-(x|)', { s: 'started 0: hi', x: expect.stringMatching(/^failed: .*model overloaded/) });
    });
  });

  it('a runAsync that throws at once ends with failed too', () => {
    testScheduler().run(({ expectObservable }) => {
      const runner = setup([]);
      runner.runAsync = () => {
        throw new Error('no run');
      };
      const turn = conversationTurn(runner, { userId: 'u1', sessionId: 's1' }, { message: userMessage('hi'), index: 0 });
      expectObservable(described(turn)).toBe('(sx|)', { s: 'started 0: hi', x: 'failed: no run' });
    });
  });

  it('a run that never ends keeps the turn open', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const model = cold<LlmResponse>('-');
      const turn = conversationTurn(setup([model]), { userId: 'u1', sessionId: 's1' }, { message: userMessage('hi'), index: 0 });
      expectObservable(described(turn)).toBe('s', { s: 'started 0: hi' });
      expectSubscriptions(model.subscriptions).toBe('^');
    });
  });

  it('unsubscribing aborts the run: the model call is unsubscribed and nothing follows', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const model = cold('----a|', { a: answer('Late.') });
      const turn = conversationTurn(setup([model]), { userId: 'u1', sessionId: 's1', runConfig: { streamingMode: 'sse' } }, { message: userMessage('hi'), index: 0 });
      expectObservable(described(turn), '^--!').toBe('s', { s: 'started 0: hi' });
      expectSubscriptions(model.subscriptions).toBe('^--!');
    });
  });

  it('passes the shared request on with the message (the run config reaches the run)', () => {
    const runner = setup([]);
    const seen: unknown[] = [];
    runner.runAsync = (request) => (seen.push(request), throwError(() => new Error('stop')));
    const message = userMessage('hi');
    testScheduler().run(({ expectObservable }) => {
      const turn = conversationTurn(runner, { userId: 'u1', sessionId: 's1', runConfig: { streamingMode: 'sse' } }, { message, index: 0 });
      expectObservable(described(turn)).toBe('(sx|)', { s: 'started 0: hi', x: 'failed: stop' });
    });
    expect(seen).toEqual([{ userId: 'u1', sessionId: 's1', runConfig: { streamingMode: 'sse' }, newMessage: message }]);
  });
});
