import { concat, defer, Observable, of, Subject, take } from 'rxjs';
import { leanConcat } from '../../lib/operators/lean-concat.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('leanConcat', () => {
  it('completes at once with no source', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(leanConcat()).toBe('|');
    });
  });

  it('completes at once when every source is empty', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a = cold('|');
      const b = cold('|');
      expectObservable(leanConcat(a, b)).toBe('|');
      expectSubscriptions(a.subscriptions).toBe('(^!)');
      expectSubscriptions(b.subscriptions).toBe('(^!)');
    });
  });

  it('mirrors a single source', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a = cold('-a-b|');
      expectObservable(leanConcat(a)).toBe('-a-b|');
      expectSubscriptions(a.subscriptions).toBe('^---!');
    });
  });

  it('subscribes each source when the one before completes', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a = cold('-a|');
      const b = cold('--b|');
      const c = cold('c|');
      expectObservable(leanConcat(a, b, c)).toBe('-a--bc|');
      expectSubscriptions(a.subscriptions).toBe('^-!');
      expectSubscriptions(b.subscriptions).toBe('--^--!');
      expectSubscriptions(c.subscriptions).toBe('-----^!');
    });
  });

  it('emits what rxjs concat emits, for hot and cold sources', () => {
    testScheduler().run(({ cold, hot, expectObservable }) => {
      const a = cold('-a--b|');
      const b = hot('--x---y--z|');
      expectObservable(leanConcat(a, b)).toBe('-a--b-y--z|');
      expectObservable(concat(a, b)).toBe('-a--b-y--z|');
    });
  });

  it('ends at the first error and never subscribes the rest', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a = cold('-a#');
      const b = cold('b|');
      expectObservable(leanConcat(a, b)).toBe('-a#');
      expectSubscriptions(a.subscriptions).toBe('^-!');
      expectSubscriptions(b.subscriptions).toBe([]);
    });
  });

  it('passes on an error of the last source', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(leanConcat(cold('a|'), cold('-#', undefined, new Error('late')))).toBe('a-#', undefined, new Error('late'));
    });
  });

  it('never moves on past a source that never completes', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a = cold('-a-');
      const b = cold('b|');
      expectObservable(leanConcat(a, b)).toBe('-a-');
      expectSubscriptions(b.subscriptions).toBe([]);
    });
  });

  it('tears down the running source on early unsubscribe, and subscribes no further one', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a = cold('-a|');
      const b = cold('--b--c|');
      const c = cold('d|');
      expectObservable(leanConcat(a, b, c), '-----!').toBe('-a--b');
      expectSubscriptions(a.subscriptions).toBe('^-!');
      expectSubscriptions(b.subscriptions).toBe('--^--!');
      expectSubscriptions(c.subscriptions).toBe([]);
    });
  });

  it('stops after a synchronous take(1), without subscribing the next source', () => {
    let subscribedB = 0;
    const b = defer(() => {
      subscribedB++;
      return of('b');
    });
    const seen: string[] = [];
    leanConcat(of('a1', 'a2'), b).pipe(take(1)).subscribe((v) => seen.push(v));
    expect(seen).toEqual(['a1']);
    expect(subscribedB).toBe(0);
  });

  it('passes on an error thrown while a source is being subscribed', () => {
    const failing = new Observable<string>(() => {
      throw new Error('cannot start');
    });
    const errors: unknown[] = [];
    leanConcat(of('a'), failing, of('c')).subscribe({ error: (e: unknown) => errors.push(e) });
    expect(errors).toEqual([new Error('cannot start')]);
  });

  it('takes synchronous sources in a loop: 20,000 of them need no deep stack', () => {
    const sources = Array.from({ length: 20_000 }, (_, i) => of(i));
    let count = 0;
    let completed = false;
    leanConcat(...sources).subscribe({ next: () => count++, complete: () => (completed = true) });
    expect(count).toBe(20_000);
    expect(completed).toBe(true);
  });

  it('lets a source subscribed later emit into a subject that feeds an earlier one (re-entry)', () => {
    const subject = new Subject<string>();
    const seen: string[] = [];
    leanConcat(of('a'), defer(() => {
      subject.next('ignored: nobody listens yet');
      return of('b');
    }), subject.pipe(take(1))).subscribe((v) => seen.push(v));
    subject.next('c');
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
