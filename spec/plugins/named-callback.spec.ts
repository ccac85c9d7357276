import { jest } from '@jest/globals';
import { firstValueFrom, lastValueFrom, NEVER, type Observable, toArray } from 'rxjs';
import { directCallback, namedCallback } from '../../lib/plugins/named-callback.js';
import { CallbackError } from '../../lib/utils/errors.js';
import { testScheduler } from '../support/test-scheduler.js';

type Callback = (...args: unknown[]) => unknown;
const named = (callback: Callback) => namedCallback('beforeToolCallback', { pluginName: 'audit' }, callback as never) as unknown as Callback;
const asObservable = (value: unknown) => value as Observable<unknown>;

describe('namedCallback', () => {
  it('calls the callback only when subscribed, once per subscription, with its arguments', () => {
    const callback = jest.fn((...args: unknown[]) => args.length);
    const result = asObservable(named(callback)('a', 'b'));
    expect(callback).not.toHaveBeenCalled();
    testScheduler().run(({ expectObservable }) => {
      expectObservable(result).toBe('(n|)', { n: 2 });
      expectObservable(result).toBe('(n|)', { n: 2 });
    });
    expect(callback).toHaveBeenCalledTimes(2);
    expect(callback).toHaveBeenCalledWith('a', 'b');
  });

  it('completes empty when the callback answers nothing (undefined or null)', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(asObservable(named(() => undefined)())).toBe('|');
      expectObservable(asObservable(named(() => null)())).toBe('|');
    });
  });

  it('emits the first value of an Observable answer and unsubscribes it', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const answer = cold('-a-b|');
      expectObservable(asObservable(named(() => answer)())).toBe('-(a|)');
      expectSubscriptions(answer.subscriptions).toBe('^!');
    });
  });

  it('waits on an answer that never settles, and unsubscribes it when unsubscribed early', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const answer = cold('-');
      expectObservable(asObservable(named(() => answer)()), '^--!').toBe('---');
      expectSubscriptions(answer.subscriptions).toBe('^--!');
      expectObservable(asObservable(named(() => NEVER)())).toBe('-');
    });
  });

  it('fails with a CallbackError naming the hook and the plugin when the callback throws or its answer fails', () => {
    const cause = new Error('boom');
    testScheduler().run(({ cold, expectObservable }) => {
      const failure = new CallbackError({ hook: 'beforeToolCallback', pluginName: 'audit', cause });
      const thrower = () => {
        throw cause;
      };
      expectObservable(asObservable(named(thrower)())).toBe('#', undefined, failure);
      expectObservable(asObservable(named(() => cold('--#', undefined, cause))())).toBe('--#', undefined, failure);
    });
  });

  it('passes a CallbackError through as it is', () => {
    const inner = new CallbackError({ hook: 'beforeModelCallback', agentName: 'a', cause: new Error('x') });
    testScheduler().run(({ expectObservable }) => {
      expectObservable(
        asObservable(
          named(() => {
            throw inner;
          })(),
        ),
      ).toBe('#', undefined, inner);
    });
  });

  it('takes a Promise answer, and a resolved undefined as nothing', async () => {
    await expect(firstValueFrom(asObservable(named(() => Promise.resolve('p'))()))).resolves.toBe('p');
    await expect(lastValueFrom(asObservable(named(() => Promise.resolve(undefined))()).pipe(toArray()))).resolves.toEqual([]);
    await expect(firstValueFrom(asObservable(named(() => Promise.reject(new Error('no')))()))).rejects.toBeInstanceOf(CallbackError);
  });
});

describe('directCallback', () => {
  const direct = (callback: Callback) => directCallback('beforeToolCallback', { pluginName: 'audit' }, callback as never) as unknown as Callback;

  it('calls the callback now and returns a plain answer as it is', () => {
    const callback = jest.fn((...args: unknown[]) => args.join('+'));
    expect(direct(callback)('a', 'b')).toBe('a+b');
    expect(direct(() => undefined)()).toBeUndefined();
    expect(direct(() => null)()).toBeNull();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('throws a CallbackError naming the hook and the plugin when the callback throws, and a CallbackError as it is', () => {
    const cause = new Error('boom');
    const thrown = (() => {
      try {
        direct(() => {
          throw cause;
        })();
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toEqual(new CallbackError({ hook: 'beforeToolCallback', pluginName: 'audit', cause }));
    const inner = new CallbackError({ hook: 'beforeModelCallback', agentName: 'a', cause });
    expect(() =>
      direct(() => {
        throw inner;
      })(),
    ).toThrow(inner);
  });

  it('answers an Observable with its first value, its error as a CallbackError, and follows unsubscription', () => {
    const cause = new Error('boom');
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const many = cold('-a-b|');
      expectObservable(asObservable(direct(() => many)())).toBe('-(a|)');
      expectSubscriptions(many.subscriptions).toBe('^!');
      expectObservable(asObservable(direct(() => cold('--#', undefined, cause))())).toBe('--#', undefined, new CallbackError({ hook: 'beforeToolCallback', pluginName: 'audit', cause }));
      const never = cold('-');
      expectObservable(asObservable(direct(() => never)()), '^-!').toBe('--');
      expectSubscriptions(never.subscriptions).toBe('^-!');
      expectObservable(asObservable(direct(() => cold('--|'))())).toBe('--|');
    });
  });

  it('answers a Promise as an Observable of its defined value, its rejection as a CallbackError', async () => {
    await expect(firstValueFrom(asObservable(direct(() => Promise.resolve('p'))()))).resolves.toBe('p');
    await expect(lastValueFrom(asObservable(direct(() => Promise.resolve(undefined))()).pipe(toArray()))).resolves.toEqual([]);
    await expect(firstValueFrom(asObservable(direct(() => Promise.reject(new Error('no')))()))).rejects.toBeInstanceOf(CallbackError);
  });
});
