import { concatMap, NEVER, Observable, of, Subject, take, throwError } from 'rxjs';
import { leanConcatMap } from '../../lib/operators/lean-concat-map.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('leanConcatMap', () => {
  it('completes with an empty source, projecting nothing', () => {
    let projected = 0;
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('--|');
      expectObservable(source.pipe(leanConcatMap(() => (projected++, of('x'))))).toBe('--|');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
    expect(projected).toBe(0);
  });

  it('maps one value to its projection', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a|').pipe(leanConcatMap((v: string) => of(v.toUpperCase())))).toBe('-A|');
    });
  });

  it('emits what concatMap emits: each projection in turn, what arrives meanwhile waiting, the end after the last projection', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-a-b-c---|');
      const inners: Record<string, ReturnType<typeof cold<string>>> = { a: cold('x|'), b: cold('--y--|'), c: cold('z|') };
      const expected = '-x---y--z|';
      expectObservable(source.pipe(concatMap((v) => inners[v]!))).toBe(expected);
      expectObservable(source.pipe(leanConcatMap((v) => inners[v]!))).toBe(expected);
      expectSubscriptions(inners.b!.subscriptions).toBe(['---^----!', '---^----!']);
      expectSubscriptions(inners.c!.subscriptions).toBe(['--------^!', '--------^!']);
    });
  });

  it("ends with the source's error, and with a projection's", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-#').pipe(leanConcatMap((v: string) => of(v)))).toBe('-a-#');
      expectObservable(cold('-a-b|').pipe(leanConcatMap((v: string) => (v === 'b' ? throwError(() => 'bad b') : of(v))))).toBe('-a-#', undefined, 'bad b');
    });
  });

  it('errors when project throws, and unsubscribes from the source', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b-c|');
      const project = (v: string) => {
        if (v === 'b') throw new Error('no b');
        return of(v);
      };
      expectObservable(source.pipe(leanConcatMap(project))).toBe('-a-#', undefined, new Error('no b'));
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it('never ends while a projection does not', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a|').pipe(leanConcatMap(() => NEVER))).toBe('--');
    });
  });

  it('unsubscribes from the source and the running projection when unsubscribed early, or when the subscriber takes no more', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b|');
      const inner = cold('--x--y|');
      expectObservable(source.pipe(leanConcatMap(() => inner)), '^----!').toBe('---x-');
      expectSubscriptions(source.subscriptions).toBe('^---!'); // it completes on its own at 4
      expectSubscriptions(inner.subscriptions).toBe('-^---!');
      const source2 = cold('-a-b|');
      const inner2 = cold('--x--y|');
      expectObservable(source2.pipe(leanConcatMap(() => inner2), take(1))).toBe('---(x|)');
      expectSubscriptions(inner2.subscriptions).toBe('-^-!');
    });
  });

  it('subscribes each projection with a plain observer: one that completes at once leaves nothing behind', () => {
    const source = new Subject<number>();
    let live = 0;
    const counted = (n: number) =>
      new Observable<number>((subscriber) => {
        live++;
        subscriber.next(n);
        subscriber.complete();
        return () => live--;
      });
    const seen: number[] = [];
    source.pipe(leanConcatMap(counted)).subscribe((n) => seen.push(n));
    for (let n = 0; n < 3; n++) source.next(n);
    expect(seen).toEqual([0, 1, 2]);
    expect(live).toBe(0);
  });
});
