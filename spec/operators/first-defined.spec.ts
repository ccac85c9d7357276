import { jest } from '@jest/globals';
import { lastValueFrom, of, tap, toArray } from 'rxjs';
import { firstDefined } from '../../lib/operators/first-defined.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('firstDefined', () => {
  it('completes empty with no producers', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(firstDefined<number>([])).toBe('|');
    });
  });

  it('emits the only producer\'s value', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(firstDefined([() => 'a'])).toBe('(a|)');
    });
  });

  it('skips producers without a result and never calls those after the first result', () => {
    const third = jest.fn(() => 'c');
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const second = cold('--b|');
      const chain = firstDefined<string>([() => undefined, () => second, third]);
      expectObservable(chain).toBe('--(b|)');
      expectSubscriptions(second.subscriptions).toBe('^-!');
    });
    expect(third).not.toHaveBeenCalled();
  });

  it('does not invoke a later producer even if it would return a Promise', () => {
    const later = jest.fn(() => Promise.resolve('late'));
    testScheduler().run(({ expectObservable }) => {
      expectObservable(firstDefined<string>([() => 'early', later])).toBe('(a|)', { a: 'early' });
    });
    expect(later).not.toHaveBeenCalled();
  });

  it('waits for each producer in turn (empty Observables take their time)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const a = cold('--|');
      const b = cold('---|');
      const c = cold('-c|');
      expectObservable(firstDefined<string>([() => a, () => b, () => c])).toBe('------(c|)');
    });
  });

  it('completes empty when every producer yields nothing', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(firstDefined<string>([() => undefined, () => cold('-|')])).toBe('-|');
    });
  });

  it('errors when a producer throws, and calls nothing after it', () => {
    const after = jest.fn(() => 'x');
    const boom = new Error('boom');
    testScheduler().run(({ expectObservable }) => {
      expectObservable(
        firstDefined<string>([
          () => undefined,
          () => {
            throw boom;
          },
          after,
        ]),
      ).toBe('#', undefined, boom);
    });
    expect(after).not.toHaveBeenCalled();
  });

  it('never completes while a producer never answers', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(firstDefined<string>([() => cold('-')])).toBe('-');
    });
  });

  it('unsubscribes the running producer on early unsubscribe', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('-----a|');
      expectObservable(firstDefined([() => slow]), '^--!').toBe('---');
      expectSubscriptions(slow.subscriptions).toBe('^--!');
    });
  });

  it('takes only the first value of an Observable answer, and stops a synchronous one there', () => {
    const seen: number[] = [];
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const many = cold('-a-b|');
      expectObservable(firstDefined([() => many])).toBe('-(a|)');
      expectSubscriptions(many.subscriptions).toBe('^!');
    });
    firstDefined([() => of(1, 2, 3).pipe(tap((n) => seen.push(n)))]).subscribe();
    expect(seen).toEqual([1]);
  });

  it('errors when a producer\'s Observable errors, and calls nothing after it', () => {
    const after = jest.fn(() => 'x');
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(firstDefined<string>([() => cold('-|'), () => cold('--#'), after])).toBe('---#');
    });
    expect(after).not.toHaveBeenCalled();
  });

  it('calls the producers again for each subscription', () => {
    const first = jest.fn(() => undefined);
    const chain = firstDefined<string>([first, () => 'b']);
    testScheduler().run(({ expectObservable }) => {
      expectObservable(chain).toBe('(b|)');
      expectObservable(chain).toBe('(b|)');
    });
    expect(first).toHaveBeenCalledTimes(2);
  });

  it('takes a Promise\'s value, and goes on past a Promise of undefined', async () => {
    await expect(lastValueFrom(firstDefined<string>([() => Promise.resolve(undefined), () => Promise.resolve('p')]).pipe(toArray()))).resolves.toEqual(['p']);
  });
});
