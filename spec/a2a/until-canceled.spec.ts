import { describe, it } from '@jest/globals';
import { testScheduler } from '../support/test-scheduler.js';
import { untilCanceled } from '../../lib/a2a/until-canceled.js';

describe('untilCanceled', () => {
  it('mirrors the source when no cancel comes, and drops the notifier at the end', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = cold('a-b-|');
      const cancel = hot('--------x');
      expectObservable(source.pipe(untilCanceled(cancel, () => 'C'))).toBe('a-b-|');
      expectSubscriptions(cancel.subscriptions).toBe('^---!');
    });
  });

  it('on cancel: emits the canceled value, unsubscribes the source and completes', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = cold('a---b---|');
      const cancel = hot('--x');
      expectObservable(source.pipe(untilCanceled(cancel, () => 'C'))).toBe('a-(C|)');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });

  it('empty, never, error and early unsubscribe', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      expectObservable(cold<string>('|').pipe(untilCanceled(hot('-x'), () => 'C'))).toBe('|');
      const never = cold<string>('-');
      expectObservable(never.pipe(untilCanceled(hot('---x'), () => 'C'))).toBe('---(C|)');
      expectObservable(cold<string>('a-#').pipe(untilCanceled(hot('----x'), () => 'C'))).toBe('a-#');
      const long = cold('a-------b');
      expectObservable(long.pipe(untilCanceled(hot('------x'), () => 'C')), '^--!').toBe('a--');
      expectSubscriptions(long.subscriptions).toBe('^--!');
      expectSubscriptions(never.subscriptions).toBe('^--!');
    });
  });

  it('a throwing onCancel errors the stream and unsubscribes the source', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = cold('a----');
      const boom = new Error('boom');
      expectObservable(source.pipe(untilCanceled<string>(hot('--x'), () => { throw boom; }))).toBe('a-#', undefined, boom);
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });
});
