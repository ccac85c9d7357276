import { NEVER, of, throwError } from 'rxjs';
import { KeyedMutex } from '../../lib/utils/keyed-mutex.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('KeyedMutex', () => {
  it('runs work with the same key one after the other', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const mutex = new KeyedMutex();
      const a = cold('--a|');
      const b = cold('-b|');
      expectObservable(mutex.run('k', a)).toBe('--a|');
      expectObservable(mutex.run('k', b)).toBe('----b|');
      expectSubscriptions(b.subscriptions).toBe('---^-!');
    });
  });

  it('does not serialise different keys', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const mutex = new KeyedMutex();
      expectObservable(mutex.run('k1', cold('--a|'))).toBe('--a|');
      expectObservable(mutex.run('k2', cold('-b|'))).toBe('-b|');
    });
  });

  it('starts the next run when the previous errors', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const mutex = new KeyedMutex();
      expectObservable(mutex.run('k', cold('--#'))).toBe('--#');
      expectObservable(mutex.run('k', cold('-b|'))).toBe('---b|');
    });
  });

  it('starts the next run when the previous is unsubscribed, and skips waiters that left', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const mutex = new KeyedMutex();
      const a = cold('-----a|');
      const b = cold('b|');
      const c = cold('c|');
      expectObservable(mutex.run('k', a), '^--!').toBe('---');
      expectObservable(mutex.run('k', b), '^-!').toBe('--');
      expectObservable(mutex.run('k', c)).toBe('---c|');
      expectSubscriptions(b.subscriptions).toBe([]);
      expectSubscriptions(c.subscriptions).toBe('---^!');
    });
  });

  it('starts the next run before the previous run\'s caller sees its end (completion or error)', () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    const blocker = mutex.run('k', NEVER).subscribe();
    mutex.run('k', of(1)).subscribe({ next: (v) => log.push(`first ${v}`), complete: () => log.push('first complete') });
    mutex.run('k', throwError(() => new Error('x'))).subscribe({ error: () => log.push('second error') });
    mutex.run('k', of(3)).subscribe({ next: (v) => log.push(`third ${v}`), complete: () => log.push('third complete') });
    expect(log).toEqual([]);
    blocker.unsubscribe();
    expect(log).toEqual(['first 1', 'third 3', 'third complete', 'second error', 'first complete']);
    expect(mutex.pending('k')).toBe(0);
  });

  it('counts running and waiting runs, and forgets a key once nothing is queued', () => {
    const mutex = new KeyedMutex();
    const first = mutex.run('k', NEVER).subscribe();
    const second = mutex.run('k', of(1)).subscribe();
    expect(mutex.pending('k')).toBe(2);
    first.unsubscribe();
    second.unsubscribe();
    expect(mutex.pending('k')).toBe(0);
  });
});
