import { endWith, merge, NEVER, takeWhile } from 'rxjs';
import { untilComplete } from '../../lib/workflow/until-complete.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('untilComplete', () => {
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
