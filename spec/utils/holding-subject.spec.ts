import { take } from 'rxjs';
import { HoldingSubject } from '../../lib/utils/holding-subject.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('HoldingSubject', () => {
  it('keeps what is sent while unobserved and hands it to the next subscriber, then forwards live', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const held = new HoldingSubject<string>();
      cold('a-b-----c').subscribe((v) => held.next(v));
      expectObservable(held.observable, '---^---').toBe('---(ab)-c');
    });
  });

  it('forwards at once while observed (nothing held)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const held = new HoldingSubject<string>();
      cold('-a-b|').subscribe({ next: (v) => held.next(v), complete: () => held.complete() });
      expectObservable(held.observable).toBe('-a-b|');
    });
    expect(new HoldingSubject<number>().heldCount).toBe(0);
  });

  it('holds what arrives between two subscribers for the second', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const held = new HoldingSubject<string>();
      cold('-a-b-c-----d').subscribe((v) => held.next(v));
      expectObservable(held.observable, '^-!').toBe('-a');
      expectObservable(held.observable, '------^-').toBe('------(bc)-d');
    });
  });

  it('an early unsubscribe during the hand-over leaves the rest held', () => {
    const held = new HoldingSubject<number>();
    [1, 2, 3].forEach((n) => held.next(n));
    const first: number[] = [];
    held.observable.pipe(take(1)).subscribe((n) => first.push(n));
    expect(first).toEqual([1]);
    expect(held.heldCount).toBe(2);
    const second: number[] = [];
    held.subscribe((n) => second.push(n));
    expect(second).toEqual([2, 3]);
  });

  it('keeps a completion or an error for after the held values; ignores anything after the end', () => {
    testScheduler().run(({ expectObservable }) => {
      const done = new HoldingSubject<string>();
      done.next('a');
      done.complete();
      done.next('late');
      expectObservable(done.observable).toBe('(a|)');
      const failed = new HoldingSubject<string>();
      failed.next('a');
      failed.error('boom');
      failed.complete();
      expectObservable(failed.observable).toBe('(a#)', undefined, 'boom');
    });
  });

  it('never ends for a subscriber when nothing ends it', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(new HoldingSubject<string>().observable).toBe('');
    });
  });
});
