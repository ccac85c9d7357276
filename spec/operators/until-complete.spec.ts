import { endWith, merge, NEVER, takeWhile } from 'rxjs';
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

describe('untilComplete, one Observable (what the merge, endWith and takeWhile it replaced emitted)', () => {
  it("merges side's values into main's and completes when main completes, unsubscribing side", () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const main = cold('--a-----b--|');
      const side = hot('-----x--------y');
      expectObservable(untilComplete(main, side)).toBe('--a--x--b--|');
      expectSubscriptions(side.subscriptions).toBe('^----------!');
      expectSubscriptions(main.subscriptions).toBe('^----------!');
    });
  });

  it('emits what the merge + endWith + takeWhile it replaces emits', () => {
    testScheduler().run(({ cold, hot, expectObservable }) => {
      const main = cold('--a-----b--|');
      const side = hot('-----x--------y');
      const DONE = 'DONE';
      expectObservable(merge(side, main.pipe(endWith(DONE))).pipe(takeWhile((v) => v !== DONE))).toBe('--a--x--b--|');
      expectObservable(untilComplete(main, side)).toBe('--a--x--b--|');
    });
  });

  it('completes at once with an empty main', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const side = cold('-x');
      expectObservable(untilComplete(cold('|'), side)).toBe('|');
      expectSubscriptions(side.subscriptions).toBe('(^!)');
    });
  });

  it("keeps going when side completes, and ends with either's error", () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      expectObservable(untilComplete(cold('----a|'), cold('-x|'))).toBe('-x--a|');
      const main = cold('------a|');
      expectObservable(untilComplete(main, cold('--#'))).toBe('--#');
      expectSubscriptions(main.subscriptions).toBe('^-!');
      const side = cold('-----x');
      expectObservable(untilComplete(cold('-a-#'), side)).toBe('-a-#');
      expectSubscriptions(side.subscriptions).toBe('^--!');
    });
  });

  it('tears down both on an early unsubscribe, and never completes while main never does', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const main = cold('-a------b|');
      const side = cold('---x');
      expectObservable(untilComplete(main, side), '^----!').toBe('-a-x-');
      expectSubscriptions(main.subscriptions).toBe('^----!');
      expectSubscriptions(side.subscriptions).toBe('^----!');
      expectObservable(untilComplete(NEVER, cold('-x|'))).toBe('-x');
    });
  });
});
