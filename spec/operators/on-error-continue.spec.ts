import { catchError, concat, NEVER, of } from 'rxjs';
import { onErrorContinue } from '../../lib/operators/on-error-continue.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('onErrorContinue', () => {
  it('passes an empty source through, never calling the handler', () => {
    let calls = 0;
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('--|');
      expectObservable(source.pipe(onErrorContinue(() => (calls++, of('x'))))).toBe('--|');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
    expect(calls).toBe(0);
  });

  it('passes one value and many values through, and completes with the source', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a|').pipe(onErrorContinue(() => of('x')))).toBe('-a|');
      expectObservable(cold('-a-b-c|').pipe(onErrorContinue(() => of('x')))).toBe('-a-b-c|');
    });
  });

  it("goes on with the handler's values after the source's error, and ends with the handler's Observable", () => {
    const seen: unknown[] = [];
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-#', undefined, new Error('boom'));
      const tail = cold('--x--y|');
      expectObservable(
        source.pipe(
          onErrorContinue((error) => {
            seen.push(error);
            return tail;
          }),
        ),
      ).toBe('-a---x--y|');
      expectSubscriptions(source.subscriptions).toBe('^--!');
      expectSubscriptions(tail.subscriptions).toBe('---^-----!');
    });
    expect(seen).toEqual([new Error('boom')]);
  });

  it('emits what catchError emits, a second error of the handler included', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-#', undefined, 'first');
      const tail = cold('-x#', undefined, 'second');
      expectObservable(source.pipe(catchError(() => tail))).toBe('-a--x#', undefined, 'second');
      expectObservable(source.pipe(onErrorContinue(() => tail))).toBe('-a--x#', undefined, 'second');
    });
  });

  it("a handler that throws is the result's error", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-#');
      const failing = onErrorContinue<string, string>(() => {
        throw new Error('handler failed');
      });
      expectObservable(source.pipe(failing)).toBe('-a-#', undefined, new Error('handler failed'));
    });
  });

  it('a source that never ends keeps the result open', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(concat(of('a'), NEVER).pipe(onErrorContinue(() => of('x')))).toBe('a');
    });
  });

  it("unsubscribing early tears down the source, or the handler's Observable once it runs", () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a---b-|');
      expectObservable(source.pipe(onErrorContinue(() => of('x'))), '---!').toBe('-a-');
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-#');
      const tail = cold('--x--y|');
      expectObservable(source.pipe(onErrorContinue(() => tail)), '----!').toBe('---x');
      expectSubscriptions(source.subscriptions).toBe('^!');
      expectSubscriptions(tail.subscriptions).toBe('-^--!');
    });
  });
});
