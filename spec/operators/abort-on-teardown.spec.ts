import { abortOnTeardown } from '../../lib/operators/abort-on-teardown.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('abortOnTeardown', () => {
  it('leaves the controller alone when the source completes', () => {
    const controller = new AbortController();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a|').pipe(abortOnTeardown(controller))).toBe('-a|');
    });
    expect(controller.signal.aborted).toBe(false);
  });

  it('aborts when the subscriber unsubscribes early', () => {
    const controller = new AbortController();
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a---b|');
      expectObservable(source.pipe(abortOnTeardown(controller)), '^--!').toBe('-a-');
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
    expect(controller.signal.aborted).toBe(true);
  });

  it('aborts when the source errors', () => {
    const controller = new AbortController();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-#').pipe(abortOnTeardown(controller))).toBe('-#');
    });
    expect(controller.signal.aborted).toBe(true);
  });

  it('aborts for a source that never ends once unsubscribed', () => {
    const controller = new AbortController();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-').pipe(abortOnTeardown(controller)), '^-!').toBe('--');
    });
    expect(controller.signal.aborted).toBe(true);
  });
});
