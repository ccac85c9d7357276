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

  describe('with atTurn (each value turned when its turn comes, for either lane)', () => {
    /** Each value turned into the letter and the number of its turn. */
    const numbered = () => {
      let turns = 0;
      return (value: string) => ({ value, turn: ++turns });
    };
    const upperNumbered = ({ value, turn }: { value: string; turn: number }) => (/^[a-z]$/.test(value) ? `${value.toUpperCase()}${turn}` : undefined);

    it('empty: completes at once, turning nothing', () => {
      const turned: string[] = [];
      const atTurn = (value: string) => (turned.push(value), value);
      testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
        const source = cold('|');
        expectObservable(source.pipe(concatMapOrForward(upperOrUndefined, () => of('never'), { atTurn }))).toBe('|');
        expectSubscriptions(source.subscriptions).toBe('(^!)');
      });
      expect(turned).toEqual([]);
    });

    it('one: forwards what the value was turned into', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        expectObservable(cold('-a|').pipe(concatMapOrForward(upperNumbered, () => of('x'), { atTurn: numbered() }))).toBe('-A|', { A: 'A1' });
      });
    });

    it('many: each value is turned once, when its turn comes (behind a projection), and either lane gets the turned value', () => {
      const scheduler = testScheduler();
      const turnedAt: string[] = [];
      scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
        const source = hot('-a-X-b---|');
        const inner = cold('---x|');
        const turn = numbered();
        const atTurn = (value: string) => {
          turnedAt.push(`${value}@${scheduler.now()}`);
          return turn(value);
        };
        const project = ({ value, turn }: { value: string; turn: number }) => inner.pipe(map((x) => `${x}${value}${turn}`));
        expectObservable(source.pipe(concatMapOrForward(upperNumbered, project, { atTurn }))).toBe('-A----yB-|', { A: 'A1', y: 'xX2', B: 'B3' });
        expectSubscriptions(source.subscriptions).toBe('^--------!');
        expectSubscriptions(inner.subscriptions).toBe('---^---!');
      });
      expect(turnedAt).toEqual(['a@1', 'X@3', 'b@7']);
    });

    it('calls settled once per value and arrived as each value comes', () => {
      const log: string[] = [];
      const source = new Subject<string>();
      const store = new Subject<string>();
      source
        .pipe(concatMapOrForward(upperOrUndefined, () => store, { atTurn: (value: string) => (log.push(`turn ${value}`), value), settled: () => log.push('settled'), arrived: (value) => log.push(`arrived ${value}`) }))
        .subscribe((value) => log.push(`out ${value}`));
      source.next('a');
      source.next('X');
      source.next('b');
      store.next('x');
      store.complete();
      expect(log).toEqual(['arrived a', 'turn a', 'out A', 'settled', 'arrived X', 'turn X', 'arrived b', 'out x', 'settled', 'turn b', 'out B', 'settled']);
    });

    it('errors when the source errors', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        expectObservable(cold('-a-#').pipe(concatMapOrForward(upperNumbered, () => of('x'), { atTurn: numbered() }))).toBe('-A-#', { A: 'A1' });
      });
    });

    it('never: never completes while the source never does', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        expectObservable(cold('-a-').pipe(concatMapOrForward(upperNumbered, () => of('x'), { atTurn: numbered() }))).toBe('-A-', { A: 'A1' });
      });
    });

    it('a throw of atTurn errors the result at that value\'s turn, after the projection before it, and turns nothing after it', () => {
      const turned: string[] = [];
      testScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
        const source = hot('-X-b-c|');
        const inner = cold('--x|');
        const atTurn = (value: string) => {
          turned.push(value);
          if (value === 'b') throw new Error('no b');
          return value;
        };
        expectObservable(source.pipe(concatMapOrForward(upperOrUndefined, () => inner, { atTurn }))).toBe('---x#', undefined, new Error('no b'));
        expectSubscriptions(source.subscriptions).toBe('^---!');
        expectSubscriptions(inner.subscriptions).toBe('-^--!');
      });
      expect(turned).toEqual(['X', 'b']);
    });

    it('unsubscribes the source and the running projection on early unsubscribe', () => {
      testScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
        const source = hot('-X---a-');
        const inner = cold('-x----y|');
        expectObservable(source.pipe(concatMapOrForward(upperOrUndefined, () => inner, { atTurn: (value: string) => value })), '^---!').toBe('--x-');
        expectSubscriptions(source.subscriptions).toBe('^---!');
        expectSubscriptions(inner.subscriptions).toBe('-^--!');
      });
    });
  });

  it('takes a value that arrives during a synchronous projection right after it, when nothing was queued before', () => {
    const source = new Subject<string>();
    const seen: string[] = [];
    source.pipe(concatMapOrForward(upperOrUndefined, (v) => of(`${v}!`))).subscribe((v) => {
      seen.push(v);
      if (v === 'X!') source.next('b'); // arrives while X's projection runs: queued, then taken at once
    });
    source.next('X');
    expect(seen).toEqual(['X!', 'B']);
    source.next('c');
    expect(seen).toEqual(['X!', 'B', 'C']);
  });
});
