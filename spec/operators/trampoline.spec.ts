import { EMPTY, NEVER, Subject, throwError } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { trampoline } from '../../lib/operators/trampoline.js';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('trampoline', () => {
  it('passes values, completion and errors through at their frames (one, many, empty, error, never)', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const many = cold('-a-b-c|');
      expectObservable(many.pipe(trampoline())).toBe('-a-b-c|');
      expectSubscriptions(many.subscriptions).toBe('^-----!');
      expectObservable(cold('-a|').pipe(trampoline())).toBe('-a|');
      expectObservable(EMPTY.pipe(trampoline())).toBe('|');
      expectObservable(cold('-a-#').pipe(trampoline())).toBe('-a-#');
      expectObservable(NEVER.pipe(trampoline())).toBe('-');
      expectObservable(throwError(() => 'boom').pipe(trampoline())).toBe('#', undefined, 'boom');
    });
  });

  it('unsubscribes its source when the result is unsubscribed early', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b-c-d|');
      expectObservable(source.pipe(trampoline()), '^--!').toBe('-a-');
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it('delivers a value fed back while one is being delivered after that delivery returns, in order', () => {
    const feedback = new Subject<number>();
    const seen: string[] = [];
    feedback.pipe(trampoline()).subscribe((n) => {
      seen.push(`start ${n}`);
      if (n < 3) {
        feedback.next(n + 1);
        feedback.next(n + 10);
      }
      seen.push(`end ${n}`);
    });
    feedback.next(1);
    expect(seen).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 11', 'end 11', 'start 3', 'end 3', 'start 12', 'end 12']);
  });

  it('runs a synchronous feedback loop of 100,000 steps in constant stack', () => {
    const feedback = new Subject<number>();
    let last = 0;
    feedback.pipe(trampoline()).subscribe((n) => {
      last = n;
      if (n < 100_000) feedback.next(n + 1);
    });
    feedback.next(1);
    expect(last).toBe(100_000);
  });

  it('completes after the values queued before a completion that arrives mid-delivery', () => {
    const feedback = new Subject<string>();
    const seen: string[] = [];
    feedback.pipe(trampoline()).subscribe({
      next: (v) => {
        seen.push(v);
        if (v === 'a') {
          feedback.next('b');
          feedback.complete();
        }
      },
      complete: () => seen.push('|'),
    });
    feedback.next('a');
    expect(seen).toEqual(['a', 'b', '|']);
  });

  it('drops queued values once the subscriber has unsubscribed', () => {
    const feedback = new Subject<number>();
    const seen: number[] = [];
    const subscription = feedback.pipe(trampoline()).subscribe((n) => {
      seen.push(n);
      feedback.next(n + 1);
      subscription?.unsubscribe();
    });
    feedback.next(1);
    expect(seen).toEqual([1]);
  });

  it('starts each delivery afresh: values fed back in a later delivery go out after it, in order, none twice', () => {
    const feedback = new Subject<number>();
    const seen: number[] = [];
    feedback.pipe(trampoline()).subscribe((n) => {
      seen.push(n);
      if (n % 10 < 2) feedback.next(n + 1);
    });
    feedback.next(10);
    feedback.next(20);
    feedback.next(30);
    expect(seen).toEqual([10, 11, 12, 20, 21, 22, 30, 31, 32]);
  });

  it('sends a source error at once, with values still waiting', () => {
    const feedback = new Subject<string>();
    const seen: string[] = [];
    feedback.pipe(trampoline()).subscribe({
      next: (v) => {
        seen.push(v);
        if (v === 'a') {
          feedback.next('b');
          feedback.error('boom');
        }
      },
      error: (e: unknown) => seen.push(`#${String(e)}`),
    });
    feedback.next('a');
    expect(seen).toEqual(['a', '#boom']);
  });
});
