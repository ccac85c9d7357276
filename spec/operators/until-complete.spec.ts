import { untilComplete } from '../../lib/operators/until-complete.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('untilComplete', () => {
  it('merges the side values and completes when main completes, unsubscribing the side', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const main = cold('--a-----b--|');
      const side = hot('-----x------------y');
      expectObservable(untilComplete(main, side)).toBe('--a--x--b--|');
      expectSubscriptions(main.subscriptions).toBe('^----------!');
      expectSubscriptions(side.subscriptions).toBe('^----------!');
    });
  });

  it('completes at once with an empty main, and never with a main that never completes', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(untilComplete(cold('|'), cold('-x'))).toBe('|');
      expectObservable(untilComplete(cold('-'), cold('-x'))).toBe('-x');
    });
  });

  it('errors with an error of either side', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const main = cold('-a--|');
      const side = cold('--#', undefined, new Error('side'));
      expectObservable(untilComplete(main, side)).toBe('-a#', undefined, new Error('side'));
      expectSubscriptions(main.subscriptions).toBe('^-!');
      expectObservable(untilComplete(cold('-#', undefined, new Error('main')), cold('--x'))).toBe('-#', undefined, new Error('main'));
    });
  });

  it('unsubscribes both on early unsubscribe', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const main = cold('-a---b|');
      const side = cold('--x----');
      expectObservable(untilComplete(main, side), '^--!').toBe('-ax');
      expectSubscriptions(main.subscriptions).toBe('^--!');
      expectSubscriptions(side.subscriptions).toBe('^--!');
    });
  });
});
