import { TestScheduler } from 'rxjs/testing';
import { toUiMessageChunks } from '../../lib/ai-sdk/to-ui-message-chunks.js';
import { createEvent, type Event } from '../../lib/events/event.js';
import { ModelError } from '../../lib/utils/errors.js';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const chunk = (id: string, text: string): Event => createEvent({ id, author: 'a', partial: true, content: { role: 'model', parts: [{ text }] } });
const final = (id: string, parts: object[], stateDelta: Record<string, unknown> = {}): Event =>
  createEvent({ id, author: 'a', content: { role: 'model', parts }, actions: { stateDelta } });
const response = (id: string, callId: string, answer: Record<string, unknown>): Event => createEvent({ id, author: 'a', content: { role: 'user', parts: [{ functionResponse: { id: callId, name: 'f', response: answer } }] } });

const C = {
  s: { type: 'start' },
  d: { type: 'data-state', id: 'state', data: { n: 1 } },
  D: { type: 'data-state', id: 'state', data: { n: 2 } },
  p: { type: 'start-step' },
  P: { type: 'finish-step' },
  t: { type: 'text-start', id: 'e1' },
  h: { type: 'text-delta', id: 'e1', delta: 'Hel' },
  l: { type: 'text-delta', id: 'e1', delta: 'lo' },
  T: { type: 'text-end', id: 'e1' },
  i: { type: 'tool-input-start', toolCallId: 'c1', toolName: 'f' },
  I: { type: 'tool-input-available', toolCallId: 'c1', toolName: 'f', input: { x: 1 } },
  o: { type: 'tool-output-available', toolCallId: 'c1', output: { ok: true } },
  f: { type: 'finish' },
  x: { type: 'error', errorText: 'ModelError: boom' },
};

describe('toUiMessageChunks (marbles)', () => {
  it('start and the state, then a step per model call: streamed text, the final remainder, tool input and output; finish', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const turn = cold('5ms a 9ms b 9ms c 9ms r 9ms |', {
        a: chunk('e1', 'Hel'),
        b: final('e1', [{ text: 'Hello' }, { functionCall: { id: 'c1', name: 'f', args: { x: 1 } } }], { n: 2, 'temp:t': 1 }),
        c: final('e2', []),
        r: response('e3', 'c1', { ok: true }),
      });
      expectObservable(turn.pipe(toUiMessageChunks({ n: 1, 'temp:x': 0 }))).toBe('(sd) 1ms (pth) 5ms (lTiID) 3ms - 9ms o 9ms (Pf|)', C);
      expectSubscriptions(turn.subscriptions).toBe('^ 44ms !');
    });
  });

  it('an error ends the stream with an error chunk; unsubscribing unsubscribes the turn', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const failing = cold('5ms a 9ms #', { a: chunk('e1', 'Hel') }, new ModelError('boom'));
      expectObservable(failing.pipe(toUiMessageChunks({ n: 1 }))).toBe('(sd) 1ms (pth) 5ms (x|)', C);
      const never = cold<Event>('5ms a', { a: chunk('e1', 'Hel') });
      expectObservable(never.pipe(toUiMessageChunks({ n: 1 })), '^ 9ms !').toBe('(sd) 1ms (pth)', C);
      expectSubscriptions(never.subscriptions).toBe('^ 9ms !');
    });
  });
});
