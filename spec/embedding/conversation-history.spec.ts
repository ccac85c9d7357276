import { concatMap, map, throwError, timer } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { ConversationAction } from '../../lib/embedding/conversation-action.js';
import { conversationHistory } from '../../lib/embedding/conversation-history.js';
import { createEvent } from '../../lib/events/event.js';
import { Runner } from '../../lib/runner/runner.js';
import type { GetSessionRequest } from '../../lib/sessions/base-session-service.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { testScheduler } from '../support/test-scheduler.js';

/** A store whose reads take 2 frames, counting them. */
class SlowReads extends InMemorySessionService {
  reads: GetSessionRequest[] = [];
  override getSession(request: GetSessionRequest) {
    this.reads.push(request);
    return timer(2).pipe(concatMap(() => super.getSession(request)));
  }
}

function setup(sessionService: InMemorySessionService = new SlowReads()) {
  const stored = createEvent({ id: 'old', author: 'assistant', content: { role: 'model', parts: [{ text: 'Welcome back.' }] } });
  sessionService.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }).subscribe((session) => sessionService.appendEvent(session, stored).subscribe());
  const runner = new Runner({ appName: 'app', agent: new LlmAgent({ name: 'assistant', model: new ScriptedLlm([]) }), sessionService });
  return { runner, sessionService };
}

const summary = (action: ConversationAction) =>
  action.kind === 'history' ? `history: ${action.events.map((event) => event.id).join(', ')}` : action.kind === 'history-failed' ? `failed: ${action.failure.message}` : action.kind;

describe('conversationHistory (marble tests)', () => {
  it('reads the session once when subscribed: one history action with its events, then completes', () => {
    testScheduler().run(({ expectObservable }) => {
      const sessionService = new SlowReads();
      const { runner } = setup(sessionService);
      const history = conversationHistory(runner, { userId: 'u1', sessionId: 's1' });
      expect(sessionService.reads).toEqual([]); // cold
      expectObservable(history.pipe(map(summary)), '-^').toBe('---(h|)', { h: 'history: old' });
      timer(5).subscribe(() => expect(sessionService.reads).toEqual([{ appName: 'app', userId: 'u1', sessionId: 's1' }]));
    });
  });

  it('gives nothing for a session that does not exist yet', () => {
    testScheduler().run(({ expectObservable }) => {
      const { runner } = setup();
      expectObservable(conversationHistory(runner, { userId: 'u1', sessionId: 'new' }).pipe(map(summary))).toBe('--|');
    });
  });

  it('a store error becomes a history-failed action; the Observable does not error', () => {
    class Offline extends InMemorySessionService {
      override getSession() {
        return throwError(() => new Error('store offline'));
      }
    }
    testScheduler().run(({ expectObservable }) => {
      const { runner } = setup(new Offline());
      expectObservable(conversationHistory(runner, { userId: 'u1', sessionId: 's1' }).pipe(map(summary))).toBe('(f|)', { f: 'failed: store offline' });
    });
  });

  it('unsubscribing early unsubscribes the read', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const read = cold<undefined>('----|');
      class Reads extends InMemorySessionService {
        override getSession() {
          return read;
        }
      }
      const { runner } = setup(new Reads());
      expectObservable(conversationHistory(runner, { userId: 'u1', sessionId: 's1' }).pipe(map(summary)), '^-!').toBe('-');
      expectSubscriptions(read.subscriptions).toBe('^-!');
    });
  });
});
