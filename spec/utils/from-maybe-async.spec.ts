import { jest } from '@jest/globals';
import { NEVER, of, throwError } from 'rxjs';
import { fromMaybeAsync } from '../../lib/utils/from-maybe-async.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('fromMaybeAsync', () => {
  it('emits a plain value and completes', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(fromMaybeAsync(() => 42)).toBe('(a|)', { a: 42 });
    });
  });

  it('treats undefined and null as "no result"', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(fromMaybeAsync(() => undefined)).toBe('|');
      expectObservable(fromMaybeAsync<number>(() => null)).toBe('|');
    });
  });

  it('keeps falsy values that are defined (0, "", false)', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(fromMaybeAsync(() => 0)).toBe('(a|)', { a: 0 });
      expectObservable(fromMaybeAsync(() => '')).toBe('(a|)', { a: '' });
      expectObservable(fromMaybeAsync(() => false)).toBe('(a|)', { a: false });
    });
  });

  it('takes only the first value of an Observable, at its time', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('--a-b-|');
      expectObservable(fromMaybeAsync(() => source)).toBe('--(a|)');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });

  it('completes empty for an empty Observable', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(fromMaybeAsync(() => cold('---|'))).toBe('---|');
    });
  });

  it('never completes for an Observable that never emits', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(fromMaybeAsync(() => NEVER)).toBe('-');
    });
  });

  it('turns a synchronous throw into an error notification', () => {
    testScheduler().run(({ expectObservable }) => {
      const boom = new Error('boom');
      expectObservable(
        fromMaybeAsync(() => {
          throw boom;
        }),
      ).toBe('#', undefined, boom);
    });
  });

  it('forwards an Observable error', () => {
    testScheduler().run(({ expectObservable }) => {
      const boom = new Error('boom');
      expectObservable(fromMaybeAsync(() => throwError(() => boom))).toBe('#', undefined, boom);
    });
  });

  it('resolves a Promise to its value', async () => {
    const values: number[] = [];
    await new Promise<void>((done) =>
      fromMaybeAsync(() => Promise.resolve(7)).subscribe({ next: (v) => values.push(v), complete: done }),
    );
    expect(values).toEqual([7]);
  });

  it('treats a Promise of undefined as "no result"', async () => {
    const values: unknown[] = [];
    await new Promise<void>((done) =>
      fromMaybeAsync(() => Promise.resolve(undefined)).subscribe({ next: (v) => values.push(v), complete: done }),
    );
    expect(values).toEqual([]);
  });

  it('turns a rejected Promise into an error notification', async () => {
    const error = await new Promise<unknown>((done) =>
      fromMaybeAsync(() => Promise.reject(new Error('nope'))).subscribe({ error: done }),
    );
    expect((error as Error).message).toBe('nope');
  });

  it('calls the function lazily, once per subscription', () => {
    const produce = jest.fn(() => of(1));
    const source = fromMaybeAsync(produce);
    expect(produce).not.toHaveBeenCalled();
    source.subscribe();
    source.subscribe();
    expect(produce).toHaveBeenCalledTimes(2);
  });
});
