import { EMPTY, NEVER } from 'rxjs';
import { completeAtTurnEnd, followedOffPath, TURN_END } from '../../lib/apps/off-path-tail.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('followedOffPath + completeAtTurnEnd (marble)', () => {
  it('the caller gets the values and completes at the marker; the tail is subscribed after, and runs to its end', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const turn = cold('-a-b|');
      const tail = cold('--t|');
      expectObservable(turn.pipe(followedOffPath(() => tail), completeAtTurnEnd())).toBe('-a-b|');
      expectSubscriptions(turn.subscriptions).toBe('^---!');
      expectSubscriptions(tail.subscriptions).toBe('----^--!');
    });
  });

  it('an empty turn: completes at once, the tail still runs; a turn that errors: no tail', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const tail = cold('-t|');
      expectObservable(EMPTY.pipe(followedOffPath(() => tail), completeAtTurnEnd())).toBe('|');
      const failing = cold('-a#');
      const unused = cold('-t|');
      expectObservable(failing.pipe(followedOffPath(() => unused), completeAtTurnEnd())).toBe('-a#');
      expectSubscriptions(tail.subscriptions).toBe('^-!');
      expectSubscriptions(unused.subscriptions).toBe([]);
    });
  });

  it('unsubscribing before the marker tears the turn down and never starts the tail; after it, the tail is not the caller\'s', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const turn = cold('-a---b|');
      const tail = cold('-t|');
      expectObservable(turn.pipe(followedOffPath(() => tail), completeAtTurnEnd()), '^-!').toBe('-a');
      expectSubscriptions(turn.subscriptions).toBe('^-!');
      expectSubscriptions(tail.subscriptions).toBe([]);
      const quick = cold('a|');
      const endless = cold('-');
      expectObservable(quick.pipe(followedOffPath(() => endless), completeAtTurnEnd())).toBe('a|');
      expectSubscriptions(endless.subscriptions).toBe('-^');
    });
  });

  it('a source without the marker passes through; a tail that never ends keeps what the source holds', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-|').pipe(completeAtTurnEnd())).toBe('-a-|');
      expectObservable(cold('-a-#').pipe(completeAtTurnEnd())).toBe('-a-#');
      expectObservable(NEVER.pipe(followedOffPath(() => EMPTY), completeAtTurnEnd())).toBe('');
      expectObservable(cold('(a|)').pipe(followedOffPath(() => NEVER), completeAtTurnEnd())).toBe('(a|)');
    });
    expect(typeof TURN_END).toBe('symbol');
  });
});
