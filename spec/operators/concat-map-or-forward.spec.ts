import { concatMap, from, map, Observable, of, Subject } from 'rxjs';
import { concatMapOrForward } from '../../lib/operators/concat-map-or-forward.js';
import { testScheduler } from '../support/test-scheduler.js';

/** Lower-case letters take the fast lane (upper-cased); anything else is projected. */
const upperOrUndefined = (value: string): string | undefined => (/^[a-z]$/.test(value) ? value.toUpperCase() : undefined);

describe('concatMapOrForward', () => {
  it('completes at once for an empty source', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('|');
      expectObservable(source.pipe(concatMapOrForward(upperOrUndefined, () => of('never')))).toBe('|');
      expectSubscriptions(source.subscriptions).toBe('(^!)');
    });
  });

  it('forwards one value with no projection', () => {
    let projected = 0;
    testScheduler().run(({ cold, expectObservable }) => {
      const result = cold('-a|').pipe(concatMapOrForward(upperOrUndefined, () => (projected++, of('x'))));
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
    from(['a', 'b', 'c']).pipe(concatMapOrForward(upperOrUndefined, () => counted)).subscribe((v) => seen.push(v));
    expect(seen).toEqual(['A', 'B', 'C']);
    expect(subscriptions).toBe(0);
  });

  it('concatenates a projection, and what arrives meanwhile waits its turn (forwarded or not)', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-a-X-b---Y-c-------|');
      const inner = cold('---x|');
      const result = source.pipe(concatMapOrForward(upperOrUndefined, () => inner));
      expectObservable(result).toBe('-A----xB----xC-----|');
      expectSubscriptions(inner.subscriptions).toBe(['---^---!', '---------^---!']);
    });
  });

  it('matches concatMap when nothing is forwarded', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-A-B|');
      const inner = (v: string) => cold('--x-(y|)', { x: `${v}1`, y: `${v}2` });
      expectObservable(source.pipe(concatMapOrForward(() => undefined, inner))).toBe('---a-b-c-(d|)', { a: 'A1', b: 'A2', c: 'B1', d: 'B2' });
    });
  });

  it('errors when the source errors', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-#').pipe(concatMapOrForward(upperOrUndefined, () => of('x')))).toBe('-A-#');
    });
  });

  it('errors when a projection errors, and unsubscribes the source', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-X-a-');
      expectObservable(source.pipe(concatMapOrForward(upperOrUndefined, () => cold('--#')))).toBe('---#');
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it('never completes while the source never does', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-').pipe(concatMapOrForward(upperOrUndefined, () => of('x')))).toBe('-A-');
    });
  });

  it('waits for a projection that never completes (later values stay queued)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-Xa|').pipe(concatMapOrForward(upperOrUndefined, () => cold('-x-')))).toBe('--x-');
    });
  });

  it('unsubscribes the source and the running projection on early unsubscribe', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-X---a-');
      const inner = cold('-x----y|');
      expectObservable(source.pipe(concatMapOrForward(upperOrUndefined, () => inner)), '^---!').toBe('--x-');
      expectSubscriptions(source.subscriptions).toBe('^---!');
      expectSubscriptions(inner.subscriptions).toBe('-^--!');
    });
  });

  it('errors when forward throws', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const boom = (): string => {
        throw new Error('boom');
      };
      expectObservable(cold('-a|').pipe(concatMapOrForward(boom, () => of('x')))).toBe('-#', undefined, new Error('boom'));
    });
  });

  it('errors when project throws', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const boom = (): Observable<string> => {
        throw new Error('boom');
      };
      expectObservable(cold('-X|').pipe(concatMapOrForward(upperOrUndefined, boom))).toBe('-#', undefined, new Error('boom'));
    });
  });

  it('keeps arrival order when a consumer feeds the source back synchronously', () => {
    const source = new Subject<string>();
    const seen: string[] = [];
    source.pipe(concatMapOrForward(upperOrUndefined, (v) => of(`${v}!`, `${v}!!`))).subscribe((v) => {
      seen.push(v);
      if (v === 'A') source.next('X');
      if (v === 'X!') source.next('b'); // arrives while X's projection is still emitting
    });
    source.next('a');
    source.next('c');
    expect(seen).toEqual(['A', 'X!', 'X!!', 'B', 'C']);
  });

  it('runs thousands of synchronous projections without growing the stack', () => {
    let count = 0;
    from(Array.from({ length: 20000 }, () => 'X'))
      .pipe(concatMapOrForward(upperOrUndefined, () => of(1).pipe(map(() => 'x'))))
      .subscribe(() => count++);
    expect(count).toBe(20000);
  });

  it('gives what concatMap gives for a mix of forwarded and projected values', () => {
    const values = ['a', 'X', 'b', 'Y', 'Z', 'c'];
    const project = (v: string) => of(`${v}1`, `${v}2`);
    const expected: string[] = [];
    from(values)
      .pipe(concatMap((v) => (upperOrUndefined(v) !== undefined ? of(upperOrUndefined(v)!) : project(v))))
      .subscribe((v) => expected.push(v));
    const actual: string[] = [];
    from(values).pipe(concatMapOrForward(upperOrUndefined, project)).subscribe((v) => actual.push(v));
    expect(actual).toEqual(expected);
  });
  it('tells each value as it arrives, before it is forwarded or projected, also while a projection waits', () => {
    const log: string[] = [];
    const source = new Subject<string>();
    const store = new Subject<string>();
    source.pipe(concatMapOrForward(upperOrUndefined, () => store, undefined, (value) => log.push(`arrived ${value}`))).subscribe({
      next: (value) => log.push(`out ${value}`),
      complete: () => log.push('complete'),
    });
    source.next('a');
    source.next('X');
    source.next('b'); // waits behind X's projection, yet is told at once
    log.push('store answers');
    store.next('x');
    store.complete();
    source.complete();
    expect(log).toEqual(['arrived a', 'out A', 'arrived X', 'arrived b', 'store answers', 'out x', 'out B', 'complete']);
  });

  it('errors, and queues nothing, when the arrival callback throws', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b-c|');
      const result = source.pipe(
        concatMapOrForward(upperOrUndefined, () => of('x'), undefined, (value) => {
          if (value === 'b') throw new Error('no b');
        }),
      );
      expectObservable(result).toBe('-A-#', undefined, new Error('no b'));
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });
});
