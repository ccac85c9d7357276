import { finalize, of } from 'rxjs';
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

  it('passes every value on, tears the source down before it aborts, then disposes', () => {
    const log: string[] = [];
    const target = { abort: () => log.push('abort'), dispose: () => log.push('dispose') };
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b-c-');
      expectObservable(source.pipe(finalize(() => log.push('source torn down')), abortOnTeardown(target)), '^----!').toBe('-a-b-');
      expectSubscriptions(source.subscriptions).toBe('^----!');
    });
    expect(log).toEqual(['source torn down', 'abort', 'dispose']);
  });

  it('completes an empty source without aborting, and disposes once', () => {
    const log: string[] = [];
    const target = { abort: () => log.push('abort'), dispose: () => log.push('dispose') };
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('|').pipe(abortOnTeardown(target))).toBe('|');
    });
    expect(log).toEqual(['dispose']);
  });

  it('does not abort a synchronous source that completed before the subscriber unsubscribes', () => {
    const log: string[] = [];
    const target = { abort: () => log.push('abort'), dispose: () => log.push('dispose') };
    const seen: number[] = [];
    of(1, 2, 3).pipe(abortOnTeardown(target)).subscribe((value) => seen.push(value)).unsubscribe();
    expect([seen, log]).toEqual([[1, 2, 3], ['dispose']]);
  });
});
