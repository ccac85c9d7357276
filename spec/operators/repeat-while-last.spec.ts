import { defer, EMPTY, of } from 'rxjs';
import { repeatWhileLast } from '../../lib/operators/repeat-while-last.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('repeatWhileLast', () => {
  it('mirrors one round when the last value says stop', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('--a--b|');
      expectObservable(source.pipe(repeatWhileLast(() => false))).toBe('--a--b|');
      expectSubscriptions(source.subscriptions).toBe('^-----!');
    });
  });

  it('re-subscribes while the round\'s last value says so', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      let rounds = 0;
      const source = cold('-a|');
      expectObservable(source.pipe(repeatWhileLast(() => ++rounds < 3))).toBe('-a-a-a|');
      expectSubscriptions(source.subscriptions).toBe(['^-!', '--^-!', '----^-!']);
    });
  });

  it('passes undefined for a round that emitted nothing', () => {
    const seen: unknown[] = [];
    EMPTY.pipe(repeatWhileLast((last) => (seen.push(last), false))).subscribe();
    expect(seen).toEqual([undefined]);
  });

  it('stops at an error', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-#').pipe(repeatWhileLast(() => true))).toBe('-a-#');
    });
  });

  it('never completes for a source that never does', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-').pipe(repeatWhileLast(() => true))).toBe('-a-');
    });
  });

  it('unsubscribes the running round on early unsubscribe', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('--a|');
      expectObservable(source.pipe(repeatWhileLast(() => true)), '^----!').toBe('--a--');
      expectSubscriptions(source.subscriptions).toBe(['^--!', '---^-!']);
    });
  });

  it('loops thousands of synchronous rounds without growing the stack', () => {
    let n = 0;
    let count = 0;
    defer(() => of(++n))
      .pipe(repeatWhileLast((last) => last! < 20000))
      .subscribe(() => count++);
    expect(count).toBe(20000);
  });

  it('propagates an error thrown by shouldRepeat', () => {
    let error: unknown;
    of(1)
      .pipe(
        repeatWhileLast(() => {
          throw new Error('bad predicate');
        }),
      )
      .subscribe({ error: (e) => (error = e) });
    expect((error as Error)?.message).toBe('bad predicate');
  });
});
