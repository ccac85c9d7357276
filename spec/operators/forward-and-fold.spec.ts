import { connect, concatMap, filter, map, merge, NEVER, Observable, of, reduce } from 'rxjs';
import { forwardAndFold } from '../../lib/operators/forward-and-fold.js';
import { testScheduler } from '../support/test-scheduler.js';

/** Upper-cases vowels and passes them on; counts the others; ends with the count. */
const vowelsThenCount = forwardAndFold(
  (value: string) => ('aeiou'.includes(value) ? value.toUpperCase() : undefined),
  (count: number, value: string) => ('aeiou'.includes(value) ? count : count + 1),
  0,
  (count) => of(`${count}`),
);

describe('forwardAndFold', () => {
  it('goes on with then(seed) when the source is empty', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('--|');
      expectObservable(source.pipe(vowelsThenCount)).toBe('--(0|)');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });

  it('passes on what forward maps at once, holds back the rest, and appends then(accumulator)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b-e-c-|');
      expectObservable(source.pipe(vowelsThenCount)).toBe('-A---E---(2|)', { A: 'A', E: 'E', 2: '2' });
    });
  });

  it('emits what the connect + merge + filter + reduce + concatMap pipeline it replaces emits', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b-e-c-|');
      const original = source.pipe(
        connect((shared) =>
          merge(
            shared.pipe(
              filter((v) => 'aeiou'.includes(v)),
              map((v) => v.toUpperCase()),
            ),
            shared.pipe(
              reduce((n: number, v: string) => ('aeiou'.includes(v) ? n : n + 1), 0),
              concatMap((n) => of(`${n}`)),
            ),
          ),
        ),
      );
      expectObservable(original).toBe('-A---E---(2|)', { A: 'A', E: 'E', 2: '2' });
      expectObservable(source.pipe(vowelsThenCount)).toBe('-A---E---(2|)', { A: 'A', E: 'E', 2: '2' });
    });
  });

  it("waits for then's Observable, which ends the result", () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b|');
      const tail = cold('--x--y|');
      expectObservable(source.pipe(forwardAndFold((v: string) => v, (n: number) => n + 1, 0, () => tail))).toBe('-a-b--x--y|');
      expectSubscriptions(tail.subscriptions).toBe('----^-----!');
    });
  });

  it("ends with the source's error, never calling then", () => {
    let called = false;
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-#');
      const result = source.pipe(
        forwardAndFold((v: string) => v, (n: number) => n, 0, () => {
          called = true;
          return of('x');
        }),
      );
      expectObservable(result).toBe('-a-#');
    });
    expect(called).toBe(false);
  });

  it('errors when forward, fold or then throws, and unsubscribes the source', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const boom = new Error('boom');
      const a = cold('-a-b-|');
      expectObservable(a.pipe(forwardAndFold((v: string) => { if (v === 'b') throw boom; return v; }, (n: number) => n, 0, () => of('end')))).toBe('-a-#', undefined, boom);
      expectSubscriptions(a.subscriptions).toBe('^--!');
      const b = cold('-a-b-|');
      expectObservable(b.pipe(forwardAndFold((v: string) => v, (n: number, v: string) => { if (v === 'b') throw boom; return n; }, 0, () => of('end')))).toBe('-a-#', undefined, boom);
      const c = cold('-a-|');
      expectObservable(c.pipe(forwardAndFold((v: string) => v, (n: number) => n, 0, (): Observable<string> => { throw boom; }))).toBe('-a-#', undefined, boom);
    });
  });

  it("stops at an early unsubscribe: the source's, or then's Observable's when it runs", () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b-|');
      expectObservable(source.pipe(vowelsThenCount), '^--!').toBe('-A-');
      expectSubscriptions(source.subscriptions).toBe('^--!');
      const short = cold('-a|');
      const tail = cold('----x|');
      expectObservable(short.pipe(forwardAndFold((v: string) => v, (n: number) => n, 0, () => tail)), '^----!').toBe('-a---');
      expectSubscriptions(tail.subscriptions).toBe('--^--!');
    });
  });

  it('passes values on while a source never ends, and never calls then', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = merge(cold('-a-e'), NEVER);
      expectObservable(source.pipe(vowelsThenCount)).toBe('-A-E');
    });
  });
});
