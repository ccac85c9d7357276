import { jest } from '@jest/globals';
import { concat, defer, delay, EMPTY, filter, map, merge, NEVER, type Observable, of, Subject, take, tap } from 'rxjs';
import { CommitBarrier } from '../../lib/context/commit-barrier.js';
import { createEvent, type Event } from '../../lib/events/event.js';
import { testScheduler } from '../support/test-scheduler.js';

const ev = (id: string): Event => createEvent({ id, author: 'agent', timestamp: 0 });

/** Wires an agent-side stream to a barrier's commit side, as the Runner does. */
function wire(barrier: CommitBarrier, agent$: Observable<Event>, commit: (e: Event) => Observable<Event>): Observable<string> {
  return agent$.pipe(barrier.commitInOrder(commit), map((e) => e.id));
}

describe('CommitBarrier', () => {
  it('empty: an agent that emits nothing completes, and so does the commit side', () => {
    testScheduler().run(({ expectObservable }) => {
      const barrier = new CommitBarrier();
      expectObservable(wire(barrier, EMPTY, (e) => of(e))).toBe('|');
    });
  });

  it('one, synchronous commit: emit completes in the same frame, after the caller saw the event', () => {
    const log: string[] = [];
    testScheduler().run(({ expectObservable }) => {
      const barrier = new CommitBarrier();
      const agent$ = concat(barrier.emit(ev('a')), defer(() => (log.push('after emit'), EMPTY)));
      expectObservable(wire(barrier, agent$, (e) => of(e).pipe(tap(() => log.push('caller sees a'))))).toBe('(a|)');
    });
    expect(log).toEqual(['caller sees a', 'after emit']);
  });

  it('many, commit taking 3 frames: each emit waits for its own commit', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const barrier = new CommitBarrier();
      const agent$ = concat(barrier.emit(ev('a')), barrier.emit(ev('b')), barrier.emit(ev('c')));
      expectObservable(wire(barrier, agent$, (e) => cold('---(x|)', { x: e }))).toBe('---a--b--(c|)');
    });
  });

  it('an event that does not reach the commit side during its emission does not hold the emitter', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const barrier = new CommitBarrier();
      const emitted: string[] = [];
      const agent$ = concat(barrier.emit(ev('a')), barrier.emit(ev('b'))).pipe(
        tap((e) => emitted.push(e.id)),
        filter((e) => e.id === 'b'),
      );
      expectObservable(wire(barrier, agent$, (e) => cold('--(x|)', { x: e }))).toBe('--(b|)');
    });
  });

  it('delayed events arrive later and are committed in arrival order', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const barrier = new CommitBarrier();
      const agent$ = concat(barrier.emit(ev('a')), barrier.emit(ev('b'))).pipe(delay(5));
      expectObservable(wire(barrier, agent$, (e) => cold('--(x|)', { x: e }))).toBe('-------a-(b|)');
    });
  });

  it('without a commit side (no Runner), emit completes at once', () => {
    testScheduler().run(({ expectObservable }) => {
      const barrier = new CommitBarrier();
      expectObservable(concat(barrier.emit(ev('a')), barrier.emit(ev('b'))).pipe(map((e) => e.id))).toBe('(ab|)');
    });
  });

  it('error: a failing commit errors the commit side, which unsubscribes the waiting emitter', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const barrier = new CommitBarrier();
      const after = new Subject<void>();
      const agent$ = concat(barrier.emit(ev('a')), defer(() => (after.next(), EMPTY)));
      let continued = false;
      after.subscribe(() => (continued = true));
      expectObservable(wire(barrier, agent$, () => cold('--#'))).toBe('--#');
      return void expect(continued).toBe(false);
    });
  });

  it('the commit function throws: an error notification, not a thrown exception', () => {
    testScheduler().run(({ expectObservable }) => {
      const barrier = new CommitBarrier();
      const boom = (): Observable<Event> => {
        throw new Error('store down');
      };
      expectObservable(wire(barrier, barrier.emit(ev('a')), boom)).toBe('#', undefined, new Error('store down'));
    });
  });

  it('never: a commit that never completes holds its emitter; unsubscribing tears both down', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const barrier = new CommitBarrier();
      const pending = cold<Event>('-');
      const agent$ = concat(barrier.emit(ev('a')), barrier.emit(ev('b')));
      expectObservable(wire(barrier, agent$, () => pending), '^---------!').toBe('-');
      expectSubscriptions(pending.subscriptions).toBe('^---------!');
    });
  });

  it('early unsubscribe: a take(1) downstream of the emitter stops it without waiting', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const barrier = new CommitBarrier();
      const commit = cold('---(x|)', { x: ev('a') });
      const agent$ = concat(barrier.emit(ev('a')), barrier.emit(ev('b')), NEVER).pipe(take(1));
      expectObservable(wire(barrier, agent$, () => commit)).toBe('---(a|)');
      expectSubscriptions(commit.subscriptions).toBe('^--!');
    });
  });

  describe('emitTo (emit into an observer, without an Observable)', () => {
    /** The Runner's side fed by a Subject the test emits into, committing with `commit`. */
    function runnerSide(barrier: CommitBarrier, commit: (e: Event) => Observable<Event>) {
      const arriving = new Subject<Event>();
      const seen: string[] = [];
      arriving.pipe(barrier.commitInOrder(commit)).subscribe((e) => seen.push(`caller sees ${e.id}`));
      return { arriving, seen };
    }

    it('a synchronous commit: next, the commit, then complete, all during the call, which returns undefined', () => {
      const barrier = new CommitBarrier();
      const { arriving, seen } = runnerSide(barrier, (e) => of(e));
      const waiting = barrier.emitTo(ev('a'), { next: (e) => (seen.push(`next ${e.id}`), arriving.next(e)), error: () => seen.push('error'), complete: () => seen.push('complete') });
      expect([waiting, seen]).toEqual([undefined, ['next a', 'caller sees a', 'complete']]);
    });

    it('a commit that takes time: complete once committed; unsubscribing the returned wait means no complete', () => {
      testScheduler().run(({ cold, flush }) => {
        const barrier = new CommitBarrier();
        const { arriving, seen } = runnerSide(barrier, (e) => cold('--(x|)', { x: e }));
        const observer = (id: string) => ({ next: (e: Event) => arriving.next(e), error: () => seen.push(`error ${id}`), complete: () => seen.push(`complete ${id}`) });
        const a = barrier.emitTo(ev('a'), observer('a'));
        const b = barrier.emitTo(ev('b'), observer('b'));
        expect([a === undefined, b === undefined]).toEqual([false, false]);
        b!.unsubscribe();
        flush();
        expect(seen).toEqual(['caller sees a', 'complete a', 'caller sees b']);
      });
    });

    it('without a commit side, completes at once; a throw of next reaches the caller', () => {
      const barrier = new CommitBarrier();
      const log: string[] = [];
      expect(barrier.emitTo(ev('a'), { next: (e) => log.push(e.id), error: () => log.push('error'), complete: () => log.push('complete') })).toBeUndefined();
      const boom = () => barrier.emitTo(ev('b'), { next: () => { throw new Error('boom'); }, error: () => log.push('error'), complete: () => log.push('complete') });
      expect(boom).toThrow('boom');
      expect(log).toEqual(['a', 'complete']);
    });
  });

  describe('the fast lane (forward)', () => {
    const partial = (id: string): Event => createEvent({ id, author: 'agent', timestamp: 0, partial: true });
    const forwardPartial = (e: Event): Event | undefined => (e.partial ? e : undefined);

    it('a forwarded event is handed on and counted committed during its emission: emit completes at once, no commit step runs', () => {
      const commit = jest.fn((e: Event) => of(e));
      testScheduler().run(({ expectObservable }) => {
        const barrier = new CommitBarrier();
        const agent$ = concat(barrier.emit(partial('p')), barrier.emit(partial('q')), barrier.emit(ev('a')));
        expectObservable(wire2(barrier, agent$, commit, forwardPartial)).toBe('(pqa|)');
      });
      expect(commit.mock.calls.map(([e]) => e.id)).toEqual(['a']);
    });

    it('a forwarded event waits behind an event still being committed, and its emitter waits for it', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        const barrier = new CommitBarrier();
        const agent$ = merge(barrier.emit(ev('a')), concat(barrier.emit(partial('p')), defer(() => of(ev('b')))));
        // p arrives while a is being stored: it waits, and its emitter resumes only once p is handed on
        expectObservable(wire2(barrier, agent$, (e) => cold('-----(x|)', { x: e }), forwardPartial)).toBe('-----(ap)-(b|)');
      });
    });
  });
});

function wire2(barrier: CommitBarrier, agent$: Observable<Event>, commit: (e: Event) => Observable<Event>, forward: (e: Event) => Event | undefined): Observable<string> {
  return agent$.pipe(barrier.commitInOrder(commit, forward), map((e) => e.id));
}
