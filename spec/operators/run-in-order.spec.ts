import { jest } from '@jest/globals';
import { runInOrder, startInOrder } from '../../lib/operators/run-in-order.js';
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
