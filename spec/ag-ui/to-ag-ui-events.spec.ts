import { EventType } from '@ag-ui/core';
import { TestScheduler } from 'rxjs/testing';
import { createEvent, type Event } from '../../lib/events/event.js';
import { toAgUiEvents } from '../../lib/ag-ui/to-ag-ui-events.js';
import { ModelError } from '../../lib/utils/errors.js';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const start = { threadId: 't1', runId: 'r1', state: { n: 1, 'temp:tools': [] } };

const chunk = (id: string, text: string, author = 'a'): Event => createEvent({ id, author, partial: true, content: { role: 'model', parts: [{ text }] } });
const final = (id: string, text: string, author = 'a'): Event => createEvent({ id, author, content: { role: 'model', parts: [{ text }] } });

// the AG-UI events, by letter
const E = {
  R: { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' },
  S: { type: EventType.STATE_SNAPSHOT, snapshot: { n: 1 } },
  a: { type: EventType.STEP_STARTED, stepName: 'a' },
  A: { type: EventType.STEP_FINISHED, stepName: 'a' },
  b: { type: EventType.STEP_STARTED, stepName: 'b' },
  B: { type: EventType.STEP_FINISHED, stepName: 'b' },
  m: { type: EventType.TEXT_MESSAGE_START, messageId: 'e1', role: 'assistant' },
  h: { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'e1', delta: 'Hel' },
  l: { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'e1', delta: 'lo' },
  M: { type: EventType.TEXT_MESSAGE_END, messageId: 'e1' },
  n: { type: EventType.TEXT_MESSAGE_START, messageId: 'e2', role: 'assistant' },
  o: { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'e2', delta: 'Ok' },
  N: { type: EventType.TEXT_MESSAGE_END, messageId: 'e2' },
  F: { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' },
  X: { type: EventType.RUN_ERROR, message: 'boom', code: 'ModelError' },
};

describe('toAgUiEvents (marbles)', () => {
  it('streams a text message from partial events under one id; the final event ends it; the step and run close at the end', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const turn = cold('5ms p 9ms q 9ms f 9ms |', { p: chunk('e1', 'Hel'), q: chunk('e1', 'lo'), f: final('e1', 'Hello') });
      expectObservable(turn.pipe(toAgUiEvents(start))).toBe('(RS) 1ms (amh) 5ms l 9ms M 9ms (AF|)', E);
      expectSubscriptions(turn.subscriptions).toBe('^ 34ms !');
    });
  });

  it('a final event with no streamed chunk is START, CONTENT, END; a new author ends the open step and starts its own', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const turn = cold('5ms x 9ms y 9ms |', { x: final('e1', 'Hel'), y: final('e2', 'Ok', 'b') });
      expectObservable(turn.pipe(toAgUiEvents(start))).toBe('(RS) 1ms (amhM) 4ms (AbnoN) 3ms (BF|)', E);
    });
  });

  it('an open message is ended before the next one starts, and at the end of the run', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const turn = cold('5ms p 9ms o 9ms |', { p: chunk('e1', 'Hel'), o: chunk('e2', 'Ok') });
      expectObservable(turn.pipe(toAgUiEvents(start))).toBe('(RS) 1ms (amh) 5ms (Mno) 5ms (NAF|)', E);
    });
  });

  it('an empty turn is RUN_STARTED, STATE_SNAPSHOT, RUN_FINISHED', () => {
    scheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold<Event>('5ms |').pipe(toAgUiEvents(start))).toBe('(RS) 1ms (F|)', E);
    });
  });

  it('a failing turn ends with RUN_ERROR (the error class as code), nothing closed after it', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const turn = cold('5ms p 9ms #', { p: chunk('e1', 'Hel') }, new ModelError('boom'));
      const failed = turn.pipe(toAgUiEvents(start));
      expectObservable(failed).toBe('(RS) 1ms (amh) 5ms (X|)', E);
    });
  });

  it('a turn that never ends keeps the run open; unsubscribing unsubscribes the turn', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const turn = cold('5ms p', { p: chunk('e1', 'Hel') });
      expectObservable(turn.pipe(toAgUiEvents(start)), '^ 9ms !').toBe('(RS) 1ms (amh)', E);
      expectSubscriptions(turn.subscriptions).toBe('^ 9ms !');
    });
  });
});
