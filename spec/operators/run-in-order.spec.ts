import { jest } from '@jest/globals';
import { runInOrder, startEachInOrder, startInOrder } from '../../lib/operators/run-in-order.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('runInOrder', () => {
  it('runs synchronous steps at once and waits for Observable steps, in order', () => {
    const log: string[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const steps = [
        () => void log.push('s1'),
        () => (log.push('s2'), cold('--a|')),
        () => void log.push('s3'),
        () => (log.push('s4'), cold('-b|')),
      ];
      expectObservable(runInOrder(steps)).toBe('--a-b|');
    });
    expect(log).toEqual(['s1', 's2', 's3', 's4']);
  });

  it('is lazy, completes empty for no steps, and stops at an error', () => {
    const later = jest.fn();
    testScheduler().run(({ cold, expectObservable }) => {
      const run = runInOrder([() => cold('-#'), () => void later()]);
      expectObservable(runInOrder<string>([])).toBe('|');
      expectObservable(run).toBe('-#');
    });
    expect(later).not.toHaveBeenCalled();
  });

  it('stops the remaining steps on early unsubscribe', () => {
    const later = jest.fn();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(runInOrder([() => cold('---a|'), () => void later()]), '^-!').toBe('--');
    });
    expect(later).not.toHaveBeenCalled();
  });
});

describe('startInOrder', () => {
  it('returns nothing when every step is synchronous (they ran already)', () => {
    const log: number[] = [];
    expect(startInOrder([() => void log.push(1), () => void log.push(2)])).toBeUndefined();
    expect(log).toEqual([1, 2]);
  });
});

describe('startEachInOrder', () => {
  it('returns nothing for no items, and nothing when every item was done at once (they ran already)', () => {
    const log: number[] = [];
    expect(startEachInOrder([], () => undefined)).toBeUndefined();
    expect(startEachInOrder([1, 2, 3], (n: number) => void log.push(n))).toBeUndefined();
    expect(log).toEqual([1, 2, 3]);
  });

  it('starts items now until one waits, then the rest one at a time, each when the one before completes', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const started: string[] = [];
      const waits: Record<string, ReturnType<typeof cold<string>>> = { b: cold('--x|'), d: cold('-y|') };
      const result = startEachInOrder(['a', 'b', 'c', 'd'], (item: string) => {
        started.push(item);
        return Object.hasOwn(waits, item) ? waits[item] : undefined;
      });
      expect(started).toEqual(['a', 'b']);
      expectObservable(result!).toBe('--x-y|');
      expectSubscriptions(waits.b!.subscriptions).toBe('^--!');
      expectSubscriptions(waits.d!.subscriptions).toBe('---^-!');
    });
  });

  it('passes a waiting item\'s error on, and starts none after it', () => {
    const started: string[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const result = startEachInOrder(['a', 'b', 'c'], (item: string) => (started.push(item), item === 'b' ? cold('-#') : undefined));
      expectObservable(result!).toBe('-#');
    });
    expect(started).toEqual(['a', 'b']);
  });

  it('lets a throw of start out at once (the caller is starting them now)', () => {
    expect(() => startEachInOrder([1], () => {
      throw new Error('start');
    })).toThrow('start');
  });

  it('tears the waiting item down when unsubscribed early, and starts none after it', () => {
    const started: string[] = [];
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const wait = cold('----x|');
      const result = startEachInOrder(['a', 'b'], (item: string) => (started.push(item), item === 'a' ? wait : undefined));
      expectObservable(result!, '--!').toBe('--');
      expectSubscriptions(wait.subscriptions).toBe('^-!');
    });
    expect(started).toEqual(['a']);
  });
});
