import { defer, EMPTY, from, mergeMap, NEVER, Observable, of, Subject, take, throwError } from 'rxjs';
import { leanMergeEach, leanMergeMap } from '../../lib/operators/lean-merge-map.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('leanMergeMap', () => {
  it('completes with an empty source, projecting nothing', () => {
    let projected = 0;
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('--|');
      expectObservable(source.pipe(leanMergeMap(() => (projected++, of('x'))))).toBe('--|');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
    expect(projected).toBe(0);
  });

  it('maps one value to its projection, with its index', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a|').pipe(leanMergeMap((v: string, i) => of(`${v.toUpperCase()}${i}`)))).toBe('-x|', { x: 'A0' });
    });
  });

  it('emits what mergeMap emits: projections run concurrently, values as they come, the end after the source and the last projection', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-a-b-c---|');
      const inners: Record<string, ReturnType<typeof cold<string>>> = { a: cold('--x-----x|'), b: cold('-y|'), c: cold('z|') };
      const expected = '---xyz---x|';
      expectObservable(source.pipe(mergeMap((v) => inners[v]!))).toBe(expected);
      expectObservable(source.pipe(leanMergeMap((v) => inners[v]!))).toBe(expected);
      expectSubscriptions(inners.a!.subscriptions).toBe(['-^--------!', '-^--------!']);
      expectSubscriptions(inners.b!.subscriptions).toBe(['---^-!', '---^-!']);
      expectSubscriptions(inners.c!.subscriptions).toBe(['-----^!', '-----^!']);
      expectSubscriptions(source.subscriptions).toBe(['^--------!', '^--------!']);
    });
  });

  it("ends with the source's error, unsubscribing the running projections", () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const inner = cold('--x--x|');
      expectObservable(cold('-a--#').pipe(leanMergeMap(() => inner))).toBe('---x#');
      expectSubscriptions(inner.subscriptions).toBe('-^--!');
    });
  });

  it("ends with a projection's error, unsubscribing the source and the other projections", () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-a-b---|');
      const a = cold('------x|');
      const b = cold('--#', undefined, 'bad b');
      expectObservable(source.pipe(leanMergeMap((v) => (v === 'a' ? a : b)))).toBe('-----#', undefined, 'bad b');
      expectSubscriptions(source.subscriptions).toBe('^----!');
      expectSubscriptions(a.subscriptions).toBe('-^---!');
    });
  });

  it('errors when project throws, and unsubscribes from the source', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b-c|');
      const project = (v: string) => {
        if (v === 'b') throw new Error('no b');
        return of(v);
      };
      expectObservable(source.pipe(leanMergeMap(project))).toBe('-a-#', undefined, new Error('no b'));
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it('never ends while a projection does not, nor while the source does not', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a|').pipe(leanMergeMap(() => NEVER))).toBe('--');
      expectObservable(cold('-a').pipe(leanMergeMap((v: string) => of(v)))).toBe('-a');
    });
  });

  it('unsubscribes from the source and the running projections when unsubscribed early', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-a-b-----|');
      const a = cold('---x---x|');
      const b = cold('-y-----y|');
      expectObservable(source.pipe(leanMergeMap((v) => (v === 'a' ? a : b))), '^-----!').toBe('----(xy)');
      expectSubscriptions(source.subscriptions).toBe('^-----!');
      expectSubscriptions(a.subscriptions).toBe('-^----!');
      expectSubscriptions(b.subscriptions).toBe('---^--!');
    });
  });

  it('stops projecting at once when the subscriber takes no more, even inside a synchronous source', () => {
    const projected: number[] = [];
    const values: number[] = [];
    of(1, 2, 3)
      .pipe(
        leanMergeMap((v: number) => (projected.push(v), of(v * 10))),
        take(1),
      )
      .subscribe((v) => values.push(v));
    expect(values).toEqual([10]);
    expect(projected).toEqual([1]);
  });

  it('adds no subscription for a projection that completes while it is subscribed, and tears down one that is still running', () => {
    let teardowns = 0;
    const running = new Observable<string>(() => () => void teardowns++);
    const subscription = of('sync', 'async')
      .pipe(leanMergeMap((v) => (v === 'sync' ? of(v) : running)))
      .subscribe();
    expect(teardowns).toBe(0);
    subscription.unsubscribe();
    expect(teardowns).toBe(1);
  });

  it('tears down the running projections oldest first, after the source, and not one that already ended (the middle one of three)', () => {
    const order: string[] = [];
    const running = (name: string) => new Observable<string>(() => () => void order.push(name));
    const source = new Observable<string>((subscriber) => {
      subscriber.next('a');
      subscriber.next('b');
      subscriber.next('c');
      return () => void order.push('source');
    });
    let endB = (): void => undefined;
    const b = new Observable<string>((subscriber) => {
      endB = () => subscriber.complete();
      return () => void order.push('b');
    });
    const subscription = source.pipe(leanMergeMap((v) => (v === 'b' ? b : running(v)))).subscribe();
    endB();
    expect(order).toEqual(['b']);
    subscription.unsubscribe();
    expect(order).toEqual(['b', 'source', 'a', 'c']);
  });

  it('keeps its running projections when the source completes, and completes after the last of them', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a = cold('---x|');
      const b = cold('-----y|');
      expectObservable(cold('(ab|)').pipe(leanMergeMap((v) => (v === 'a' ? a : b)))).toBe('---x-y|');
      expectSubscriptions(a.subscriptions).toBe('^---!');
      expectSubscriptions(b.subscriptions).toBe('^-----!');
    });
  });

  it('tears down a projection subscribed while the result was being unsubscribed (a take below it, inside the projection)', () => {
    let teardowns = 0;
    const values: string[] = [];
    of('a')
      .pipe(
        leanMergeMap(() => new Observable<string>((subscriber) => (subscriber.next('x'), () => void teardowns++))),
        take(1),
      )
      .subscribe((v) => values.push(v));
    expect(values).toEqual(['x']);
    expect(teardowns).toBe(1);
  });

  it('errors when a projection throws while it is subscribed', () => {
    const errors: unknown[] = [];
    const throwing = new Observable<string>(() => {
      throw new Error('subscribe failed');
    });
    of('a')
      .pipe(leanMergeMap(() => throwing))
      .subscribe({ error: (e: unknown) => errors.push(e) });
    expect(errors).toEqual([new Error('subscribe failed')]);
  });

  it("passes a projection's error through as it is", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a|').pipe(leanMergeMap(() => throwError(() => 'bad')))).toBe('-#', undefined, 'bad');
    });
  });
});

describe('leanMergeMap and EMPTY', () => {
  it('subscribes nothing for an EMPTY projection, and completes as mergeMap does', () => {
    let subscriptions = 0;
    const subscribe = Observable.prototype.subscribe;
    const counted = new Observable<string>((subscriber) => subscriber.complete());
    Observable.prototype.subscribe = function (this: Observable<unknown>, ...args: Parameters<typeof subscribe>) {
      if (this === EMPTY) subscriptions++;
      return subscribe.apply(this, args);
    } as typeof subscribe;
    const values: string[] = [];
    let completed = false;
    try {
      of('a', 'b', 'c')
        .pipe(leanMergeMap((v) => (v === 'b' ? of(v) : v === 'c' ? counted : EMPTY)))
        .subscribe({ next: (v) => values.push(v), complete: () => (completed = true) });
    } finally {
      Observable.prototype.subscribe = subscribe;
    }
    expect(subscriptions).toBe(0);
    expect(values).toEqual(['b']);
    expect(completed).toBe(true);
  });

  it('completes after the source when every projection is EMPTY', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-b-|').pipe(leanMergeMap(() => EMPTY))).toBe('-----|');
    });
  });
});

describe('leanMergeEach', () => {
  // each case runs it alone, inside a leanMergeMap (whose projections its Observables become), and as rxjs's nested merge
  const ways = {
    alone: <T, R>(items: readonly T[], project: (item: T, i: number) => Observable<R>) => leanMergeEach(items, project),
    'inside leanMergeMap': <T, R>(items: readonly T[], project: (item: T, i: number) => Observable<R>) => of(0).pipe(leanMergeMap(() => leanMergeEach(items, project))),
    'as from + mergeMap': <T, R>(items: readonly T[], project: (item: T, i: number) => Observable<R>) => from(items).pipe(mergeMap(project)),
  };

  for (const [way, merged] of Object.entries(ways)) {
    describe(way, () => {
      it('completes at once with no items', () => {
        testScheduler().run(({ expectObservable }) => {
          expectObservable(merged([], () => of('x'))).toBe('|');
        });
      });

      it('maps one item to its projection, with its index', () => {
        testScheduler().run(({ cold, expectObservable }) => {
          expectObservable(merged(['a'], (v: string, i) => cold('-x|', { x: `${v}${i}` }))).toBe('-x|', { x: 'a0' });
        });
      });

      it('runs the projections concurrently, values as they come, the end after the last one', () => {
        testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
          const inners = { a: cold('--x--y|'), b: cold('z|'), c: cold('----w|') };
          expectObservable(merged(['a', 'b', 'c'] as const, (v) => inners[v])).toBe('z-x-wy|');
          expectSubscriptions(inners.a.subscriptions).toBe('^-----!');
          expectSubscriptions(inners.b.subscriptions).toBe('^!');
          expectSubscriptions(inners.c.subscriptions).toBe('^----!');
        });
      });

      it("ends with a projection's error, unsubscribing the others", () => {
        testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
          const inners = { a: cold('---x|'), b: cold('-#', undefined, 'bad b'), c: cold('--z|') };
          expectObservable(merged(['a', 'b', 'c'] as const, (v) => inners[v])).toBe('-#', undefined, 'bad b');
          expectSubscriptions(inners.a.subscriptions).toBe('^!');
          expectSubscriptions(inners.c.subscriptions).toBe('^!');
        });
      });

      it('makes no more projections after a synchronous error', () => {
        const made: string[] = [];
        const errors: unknown[] = [];
        merged(['a', 'b', 'c'], (v: string) => (made.push(v), v === 'b' ? throwError(() => 'bad b') : of(v))).subscribe({ error: (e: unknown) => errors.push(e) });
        expect(made).toEqual(['a', 'b']);
        expect(errors).toEqual(['bad b']);
      });

      it('errors when project throws, making no more', () => {
        const made: string[] = [];
        const values: string[] = [];
        const errors: unknown[] = [];
        const project = (v: string) => {
          made.push(v);
          if (v === 'b') throw new Error('no b');
          return of(v);
        };
        merged(['a', 'b', 'c'], project).subscribe({ next: (v) => values.push(v), error: (e: unknown) => errors.push(e) });
        expect(values).toEqual(['a']);
        expect(made).toEqual(['a', 'b']);
        expect(errors).toEqual([new Error('no b')]);
      });

      it('never ends while a projection does not', () => {
        testScheduler().run(({ expectObservable }) => {
          expectObservable(merged(['a', 'b'], (v: string) => (v === 'a' ? NEVER : of(v)))).toBe('b', { b: 'b' });
        });
      });

      it('unsubscribes the running projections when unsubscribed early', () => {
        testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
          const a = cold('---x---x|');
          const b = cold('-y-----y|');
          expectObservable(merged(['a', 'b'], (v) => (v === 'a' ? a : b)), '^----!').toBe('-y-x-');
          expectSubscriptions(a.subscriptions).toBe('^----!');
          expectSubscriptions(b.subscriptions).toBe('^----!');
        });
      });

      it('stops making projections at once when the subscriber takes no more', () => {
        const made: number[] = [];
        const values: number[] = [];
        merged([1, 2, 3], (v: number) => (made.push(v), of(v * 10)))
          .pipe(take(1))
          .subscribe((v) => values.push(v));
        expect(values).toEqual([10]);
        expect(made).toEqual([1]);
      });
    });
  }

  it("inside leanMergeMap, makes every projection even when the source completes while the first is subscribed, and completes after the last", () => {
    const source = new Subject<string>();
    const values: number[] = [];
    let completed = false;
    source
      .pipe(leanMergeMap(() => leanMergeEach([1, 2, 3], (n) => (n === 1 ? defer(() => (source.complete(), of(n))) : of(n)))))
      .subscribe({ next: (v) => values.push(v), complete: () => (completed = true) });
    source.next('go');
    expect(values).toEqual([1, 2, 3]);
    expect(completed).toBe(true);
  });

  it("inside leanMergeMap, subscribes its Observables as the merge's own projections (no merge inside the merge)", () => {
    const subscribed: unknown[] = [];
    const subscribe = Observable.prototype.subscribe;
    const a = of('a');
    const b = of('b');
    Observable.prototype.subscribe = function (this: Observable<unknown>, ...args: Parameters<typeof subscribe>) {
      subscribed.push(this);
      return subscribe.apply(this, args);
    } as typeof subscribe;
    const values: string[] = [];
    try {
      const each = leanMergeEach(['a', 'b'], (v) => (v === 'a' ? a : b));
      of(0)
        .pipe(leanMergeMap(() => each))
        .subscribe((v) => values.push(v));
      expect(subscribed).not.toContain(each);
      expect(subscribed).toContain(a);
      expect(subscribed).toContain(b);
    } finally {
      Observable.prototype.subscribe = subscribe;
    }
    expect(values).toEqual(['a', 'b']);
  });
});
