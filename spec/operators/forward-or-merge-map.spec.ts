import { from, mergeMap, Observable, of } from 'rxjs';
import { forwardOrMergeMap } from '../../lib/operators/forward-or-merge-map.js';
import { testScheduler } from '../support/test-scheduler.js';

/** Lower-case letters take the fast lane (upper-cased); anything else is projected. */
const upperOrUndefined = (value: string): string | undefined => (/^[a-z]$/.test(value) ? value.toUpperCase() : undefined);

describe('forwardOrMergeMap', () => {
  it('completes at once for an empty source', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('|');
      expectObservable(source.pipe(forwardOrMergeMap(upperOrUndefined, () => of('never')))).toBe('|');
      expectSubscriptions(source.subscriptions).toBe('(^!)');
    });
  });

  it('forwards one value with no projection', () => {
    let projected = 0;
    testScheduler().run(({ cold, expectObservable }) => {
      const result = cold('-a|').pipe(forwardOrMergeMap(upperOrUndefined, () => (projected++, of('x'))));
      expectObservable(result).toBe('-A|');
    });
    expect(projected).toBe(0);
  });

  it('forwards many values in order, without subscribing to anything per value', () => {
    let subscriptions = 0;
    const counted = new Observable<string>((subscriber) => {
      subscriptions++;
      subscriber.next('x');
      subscriber.complete();
    });
    const seen: string[] = [];
    from(['a', 'b', 'c']).pipe(forwardOrMergeMap(upperOrUndefined, () => counted)).subscribe((v) => seen.push(v));
    expect(seen).toEqual(['A', 'B', 'C']);
    expect(subscriptions).toBe(0);
  });

  it('runs a projection beside later values, and completes after it', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-a-X-b---|');
      const inner = cold('---x---y|');
      const result = source.pipe(forwardOrMergeMap(upperOrUndefined, () => inner));
      expectObservable(result).toBe('-A---Bx---y|');
      expectSubscriptions(inner.subscriptions).toBe('---^-------!');
      expectSubscriptions(source.subscriptions).toBe('^--------!');
    });
  });

  it('runs several projections at once', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-X-Y|');
      const inner = (v: string) => cold('--a--(b|)', { a: `${v}1`, b: `${v}2` });
      expectObservable(source.pipe(forwardOrMergeMap(() => undefined, inner))).toBe('---a-bc-(d|)', { a: 'X1', b: 'Y1', c: 'X2', d: 'Y2' });
    });
  });

  it('matches mergeMap when nothing is forwarded', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const inner = (v: string) => cold('--x-(y|)', { x: `${v}1`, y: `${v}2` });
      const expected = cold('-A-B|').pipe(mergeMap(inner));
      expectObservable(cold('-A-B|').pipe(forwardOrMergeMap(() => undefined, inner))).toEqual(expected);
    });
  });

  it('errors when the source errors, and unsubscribes the running projections', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const inner = cold('-----x|');
      expectObservable(cold('-X-a-#').pipe(forwardOrMergeMap(upperOrUndefined, () => inner))).toBe('---A-#');
      expectSubscriptions(inner.subscriptions).toBe('-^---!');
    });
  });

  it('errors when a projection errors, and unsubscribes the source', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-X-a---b-');
      expectObservable(source.pipe(forwardOrMergeMap(upperOrUndefined, () => cold('----#')))).toBe('---A-#');
      expectSubscriptions(source.subscriptions).toBe('^----!');
    });
  });

  it('errors when forward or project throws, and unsubscribes the source', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-a-b-');
      const throwsOnB = (value: string): string => {
        if (value === 'b') throw new Error('boom');
        return value;
      };
      expectObservable(source.pipe(forwardOrMergeMap(throwsOnB, () => of('x')))).toBe('-a-#', undefined, new Error('boom'));
      expectSubscriptions(source.subscriptions).toBe('^--!');
      const projected = hot('-X-');
      const throwing = (): Observable<string> => {
        throw new Error('bad projection');
      };
      expectObservable(projected.pipe(forwardOrMergeMap(upperOrUndefined, throwing))).toBe('-#', undefined, new Error('bad projection'));
      expectSubscriptions(projected.subscriptions).toBe('^!');
    });
  });

  it('never completes while the source never does, nor while a projection never does', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-').pipe(forwardOrMergeMap(upperOrUndefined, () => of('x')))).toBe('-A-');
      expectObservable(cold('-X|').pipe(forwardOrMergeMap(upperOrUndefined, () => cold('-x-')))).toBe('--x-');
    });
  });

  it('an early unsubscribe tears down the source and every running projection', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-X-Y-a-');
      const inner = cold('-x------');
      expectObservable(source.pipe(forwardOrMergeMap(upperOrUndefined, () => inner)), '------!').toBe('--x-xA');
      expectSubscriptions(source.subscriptions).toBe('^-----!');
      expectSubscriptions(inner.subscriptions).toBe(['-^----!', '---^--!']);
    });
  });

  it('a projection that completes synchronously leaves nothing subscribed', () => {
    const seen: string[] = [];
    const subscription = from(['a', 'X', 'b']).pipe(forwardOrMergeMap(upperOrUndefined, () => of('x'))).subscribe((v) => seen.push(v));
    expect(seen).toEqual(['A', 'x', 'B']);
    expect(subscription.closed).toBe(true);
  });
});
