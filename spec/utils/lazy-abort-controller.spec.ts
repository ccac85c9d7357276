import { getEventListeners } from 'node:events';
import { jest } from '@jest/globals';
import { defer, NEVER, tap } from 'rxjs';
import { LazyAbortController } from '../../lib/utils/lazy-abort-controller.js';
import { abortOnTeardown } from '../../lib/operators/abort-on-teardown.js';
import { testScheduler } from '../support/test-scheduler.js';

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

/** Counts the AbortControllers built while `body` runs. */
function countControllers(body: () => void): number {
  const Original = globalThis.AbortController;
  let built = 0;
  globalThis.AbortController = class extends Original {
    constructor() {
      super();
      built++;
    }
  };
  try {
    body();
  } finally {
    globalThis.AbortController = Original;
  }
  return built;
}

describe('LazyAbortController', () => {
  it('creates no AbortController and does not look at its parent until the signal is read', () => {
    const parent = new AbortController();
    const parentOf = jest.fn(() => parent.signal);
    let child!: LazyAbortController;
    const built = countControllers(() => {
      child = new LazyAbortController(parentOf);
      child.abort();
      child.dispose();
    });
    expect(built).toBe(0);
    expect(parentOf).not.toHaveBeenCalled();
    expect(abortListeners(parent.signal)).toBe(0);
    expect(countControllers(() => child.signal)).toBe(1);
  });

  it('aborted before the signal is read: the signal starts aborted, with the reason, and never links to the parent', () => {
    const parent = new AbortController();
    const child = new LazyAbortController(() => parent.signal);
    const reason = new Error('timed out');
    child.abort(reason);
    expect(child.signal.aborted).toBe(true);
    expect(child.signal.reason).toBe(reason);
    expect(abortListeners(parent.signal)).toBe(0);
    expect(parent.signal.aborted).toBe(false);
  });

  it("passes the parent's abort (and reason) on to the child, then holds no listener on the parent", () => {
    const parent = new AbortController();
    const child = new LazyAbortController(() => parent.signal);
    const seen: unknown[] = [];
    child.signal.addEventListener('abort', () => seen.push(child.signal.reason));
    expect(abortListeners(parent.signal)).toBe(1);
    parent.abort('run cancelled');
    expect(seen).toEqual(['run cancelled']);
    expect(abortListeners(parent.signal)).toBe(0);
  });

  it("takes its parent as an object holding the signal (an InvocationContext's abortSignal), read only when the signal is", () => {
    const parent = new AbortController();
    const reads = jest.fn(() => parent.signal);
    const source = {
      get abortSignal() {
        return reads();
      },
    };
    const child = new LazyAbortController(source);
    expect(reads).not.toHaveBeenCalled();
    const seen: unknown[] = [];
    child.signal.addEventListener('abort', () => seen.push(child.signal.reason));
    expect(reads).toHaveBeenCalledTimes(1);
    expect(abortListeners(parent.signal)).toBe(1);
    parent.abort('run cancelled');
    expect(seen).toEqual(['run cancelled']);
    expect(abortListeners(parent.signal)).toBe(0);
    const disposed = new LazyAbortController(source);
    disposed.dispose();
    expect(disposed.signal.aborted).toBe(true);
  });

  it('a parent aborted before the read gives a signal that starts aborted', () => {
    const parent = new AbortController();
    parent.abort('gone');
    const child = new LazyAbortController(() => parent.signal);
    expect(child.signal.aborted).toBe(true);
    expect(child.signal.reason).toBe('gone');
    expect(abortListeners(parent.signal)).toBe(0);
  });

  it("aborting the child does not abort the parent, and removes the child's listener from it", () => {
    const parent = new AbortController();
    const child = new LazyAbortController(() => parent.signal);
    const sibling = new LazyAbortController(() => parent.signal);
    void child.signal;
    void sibling.signal;
    expect(abortListeners(parent.signal)).toBe(2);
    child.abort();
    expect(child.signal.aborted).toBe(true);
    expect(parent.signal.aborted).toBe(false);
    expect(sibling.signal.aborted).toBe(false);
    expect(abortListeners(parent.signal)).toBe(1);
  });

  it('dispose() removes the listener on the parent: a later parent abort no longer reaches the child', () => {
    const parent = new AbortController();
    const child = new LazyAbortController(() => parent.signal);
    void child.signal;
    expect(abortListeners(parent.signal)).toBe(1);
    child.dispose();
    child.dispose(); // idempotent
    expect(abortListeners(parent.signal)).toBe(0);
    parent.abort();
    expect(child.signal.aborted).toBe(false);
    child.abort(); // still cancels its own signal
    expect(child.signal.aborted).toBe(true);
  });

  it('read after dispose(): never linked; aborted only when the parent already was', () => {
    const parent = new AbortController();
    const child = new LazyAbortController(() => parent.signal);
    child.dispose();
    expect(child.signal.aborted).toBe(false);
    expect(abortListeners(parent.signal)).toBe(0);

    const aborted = new AbortController();
    aborted.abort('over');
    const late = new LazyAbortController(() => aborted.signal);
    late.dispose();
    expect(late.signal.reason).toBe('over');
  });

  it('chains: run → call, abort the run and the call fires', () => {
    const run = new LazyAbortController();
    const call = new LazyAbortController(() => run.signal);
    expect(call.signal.aborted).toBe(false);
    run.abort();
    expect(call.signal.aborted).toBe(true);
  });
});

describe('LazyAbortController under abortOnTeardown (the contract: teardown disposes)', () => {
  it('a call that completes is disposed at its completion, not aborted; the run signal keeps no listener', () => {
    const run = new LazyAbortController();
    const call = new LazyAbortController(() => run.signal);
    const log: string[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const tool$ = defer(() => {
        call.signal.addEventListener('abort', () => log.push('call aborted'));
        log.push(`linked: ${abortListeners(run.signal)}`);
        return cold('--r|');
      }).pipe(abortOnTeardown(call));
      expectObservable(tool$).toBe('--r|');
    });
    expect(log).toEqual(['linked: 1']);
    expect(abortListeners(run.signal)).toBe(0);
    run.abort();
    expect(call.signal.aborted).toBe(false);
    expect(log).toEqual(['linked: 1']);
  });

  it('unsubscribing the run aborts the call before the run, then unlinks it', () => {
    const run = new LazyAbortController();
    const call = new LazyAbortController(() => run.signal);
    const log: string[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const tool$ = cold('--a--b|').pipe(
        tap({ subscribe: () => void call.signal }),
        abortOnTeardown(call),
      );
      const run$ = defer(() => {
        run.signal.addEventListener('abort', () => log.push('run aborted'), { once: true });
        call.signal.addEventListener('abort', () => log.push('call aborted'));
        return tool$;
      }).pipe(abortOnTeardown(run));
      expectObservable(run$, '^---!').toBe('--a-');
    });
    expect(log).toEqual(['call aborted', 'run aborted']);
    expect(abortListeners(run.signal)).toBe(0);
  });

  it('an erroring call is aborted and unlinked; the run goes on', () => {
    const run = new LazyAbortController();
    const call = new LazyAbortController(() => run.signal);
    testScheduler().run(({ cold, expectObservable }) => {
      const tool$ = cold('-#').pipe(tap({ subscribe: () => void call.signal }), abortOnTeardown(call));
      expectObservable(tool$).toBe('-#');
    });
    expect(call.signal.aborted).toBe(true);
    expect(run.signal.aborted).toBe(false);
    expect(abortListeners(run.signal)).toBe(0);
  });

  it("a run's abort reaches a call that is still running (the link holds until teardown)", () => {
    const run = new LazyAbortController();
    const call = new LazyAbortController(() => run.signal);
    const log: string[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const tool$ = NEVER.pipe(tap({ subscribe: () => call.signal.addEventListener('abort', () => log.push('call aborted')) }), abortOnTeardown(call));
      cold('---x').subscribe(() => run.abort());
      expectObservable(tool$, '^----!').toBe('-----');
    });
    expect(log).toEqual(['call aborted']);
    expect(abortListeners(run.signal)).toBe(0);
  });

  it('a plain AbortController (no dispose) still works with abortOnTeardown', () => {
    const controller = new AbortController();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a|').pipe(abortOnTeardown(controller))).toBe('-a|');
    });
    expect(controller.signal.aborted).toBe(false);
  });
});
