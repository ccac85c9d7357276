import { nodeHooks } from '../../lib/workflow/node-hooks.js';
import { EMPTY, lastValueFrom, map, NEVER, type Observable, toArray } from 'rxjs';
import type { InvocationContext } from '../../lib/context/invocation-context.js';
import type { Event } from '../../lib/events/event.js';
import type { LazyAbortController } from '../../lib/utils/lazy-abort-controller.js';
import { functionAttempt, type FunctionAttemptEngine } from '../../lib/workflow/function-attempt.js';
import { FunctionNode } from '../../lib/workflow/function-node.js';
import { NodeContext, type NodeFunction } from '../../lib/workflow/node-context.js';
import { EMIT_DONE, type NodeEventItem, type NodeRunEnd } from '../../lib/workflow/node-run-end.js';
import type { NodeRunItem } from '../../lib/workflow/node-run-item.js';
import type { NodeRunSpec } from '../../lib/workflow/node-run-spec.js';
import { eventYield, type NodeYieldSink } from '../../lib/workflow/node-yield.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { node } from '../../lib/workflow/node.js';
import { directInvocation } from '../support/invocation.js';
import { testScheduler } from '../support/test-scheduler.js';
import type { ColdObservable } from 'rxjs/internal/testing/ColdObservable';

// functionAttempt is one subscriber for a function node's attempt and what follows it: these drive
// it directly, with an engine that records what the attempt asks of it (its context's abort
// controllers, the errors it recovers from) and a recovery Observable of the test's own.

const CHILD_EVENT = { id: 'child-event', author: 'wf', invocationId: 'inv-1', timestamp: 0, actions: { stateDelta: {}, artifactDelta: {}, requestedToolConfirmations: {} } } as unknown as Event;

interface Harness {
  readonly aborts: Pick<LazyAbortController, 'signal'>[];
  readonly recovered: unknown[];
  attempt<R = NodeRunItem>(fn: NodeFunction, end?: NodeRunEnd<R>): Observable<NodeEventItem | R>;
}

/** An attempt of the function node `a` at `wf@1/a@1`, input 21; its recovery is `recovery(error)`. */
function harness(recovery: (error: unknown) => Observable<NodeEventItem> = () => EMPTY): Harness {
  const aborts: Pick<LazyAbortController, 'signal'>[] = [];
  const recovered: unknown[] = [];
  const engine: FunctionAttemptEngine = {
    context(invocation: InvocationContext, spec: NodeRunSpec, attempt: number, abort: Pick<LazyAbortController, 'signal'>, children: NodeYieldSink) {
      aborts.push(abort);
      return new NodeContext(invocation, spec.input, {
        workflowName: spec.workflowName,
        nodeName: spec.node.name,
        options: spec.node.options,
        path: spec.path,
        branch: spec.branch,
        outputFor: spec.outputFor,
        resumeInputs: spec.resumeInputs,
        history: spec.history,
        hooks: spec.hooks,
        attempt,
        abortSignal: () => abort.signal,
        // a child that sends an event of its own, then its output as the parent's
        runChild: (_parent, _child, input) => {
          children.next(eventYield(CHILD_EVENT));
          children.next({ kind: 'output', value: input, emitted: true });
          return EMPTY;
        },
      });
    },
    recover<R>(_invocation: InvocationContext, _spec: NodeRunSpec, error: unknown): Observable<NodeEventItem | R> {
      recovered.push(error);
      return recovery(error);
    },
  };
  const invocation = directInvocation(new Workflow({ name: 'wf', edges: [[START, node((_ctx: NodeContext, n: number) => n, { name: 'a' })]] }));
  return {
    aborts,
    recovered,
    attempt: <R,>(fn: NodeFunction, end: NodeRunEnd<R> = EMIT_DONE as NodeRunEnd<R>) => {
      const node = new FunctionNode('a', fn);
      const spec: NodeRunSpec = { node, input: 21, workflowName: 'wf', path: 'wf@1/a@1', branch: undefined, outputFor: ['wf@1/a@1'], resumeInputs: {}, history: new Map(), hooks: nodeHooks(undefined) };
      return functionAttempt(invocation, spec, fn, 1, end, engine);
    },
  };
}

/** An item as a marble value: `o:<output>` for an output event, `r` for an event with no output, `c` for the child's, `d:<output>` for the end. */
function summary(item: unknown): string {
  const runItem = item as NodeRunItem;
  if (runItem.kind === 'done') return `d:${String(runItem.result.output)}`;
  if (runItem.event.id === CHILD_EVENT.id) return 'c';
  return runItem.event.output === undefined ? 'r' : `o:${String(runItem.event.output)}`;
}

const CHILD = node((_ctx: NodeContext, n: number) => n, { name: 'child' });

const ERROR_ITEM: NodeEventItem = { kind: 'event', event: { ...CHILD_EVENT, id: 'error-event', errorCode: 'E' } as Event };

describe('functionAttempt (marbles)', () => {
  it('empty: a function whose Observable completes empty ends with an event recording the run, then its end', () => {
    const { attempt } = harness();
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const body = cold('--|');
      expectObservable(attempt(() => body).pipe(map(summary))).toBe('--(rd|)', { r: 'r', d: 'd:undefined' });
      expectSubscriptions(body.subscriptions).toBe('^-!');
    });
  });

  it('one: a plain value is committed as the output event at once, then the end', () => {
    const { attempt, aborts } = harness();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(attempt((_ctx, n: number) => n * 2).pipe(map(summary))).toBe('(od|)', { o: 'o:42', d: 'd:42' });
      expectObservable(attempt(() => cold('-x|', { x: 42 })).pipe(map(summary))).toBe('--(od|)', { o: 'o:42', d: 'd:42' });
    });
    // a completed attempt's signal is not aborted
    expect(aborts.map((abort) => abort.signal.aborted)).toEqual([false, false]);
  });

  it('many: the last value of an Observable is the output', () => {
    const { attempt } = harness();
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const body = cold('-x-y|', { x: 1, y: 2 });
      expectObservable(attempt(() => body).pipe(map(summary))).toBe('----(od|)', { o: 'o:2', d: 'd:2' });
      expectSubscriptions(body.subscriptions).toBe('^---!');
    });
  });

  it('hands the end to a feedback end instead of emitting it, after the output event and before the completion', () => {
    const { attempt } = harness();
    const ended: string[] = [];
    const feedback: NodeRunEnd<never> = { ended: (result) => void ended.push(`ended:${String(result.output)}`) };
    const seen: string[] = [];
    attempt(() => 42, feedback).subscribe({ next: (item) => seen.push(summary(item)), complete: () => seen.push('|') });
    expect(seen).toEqual(['o:42', '|']);
    expect(ended).toEqual(['ended:42']);
  });

  it("error: the function's Observable errors; the recovery goes on with the run's subscriber, then the attempt's signal fires", () => {
    let recovery!: ColdObservable<NodeEventItem>;
    const { attempt, recovered, aborts } = harness(() => recovery);
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      recovery = cold<NodeEventItem>('-e|', { e: ERROR_ITEM });
      const body = cold('-#', undefined, new Error('boom'));
      expectObservable(attempt(() => body).pipe(map(summary))).toBe('--e|', { e: 'r' });
      expectSubscriptions(body.subscriptions).toBe('^!');
      expectSubscriptions(recovery.subscriptions).toBe('-^-!');
    });
    expect(recovered).toEqual([new Error('boom')]);
    expect(aborts[0]!.signal.aborted).toBe(true);
  });

  it('never: a function whose Observable never ends keeps the attempt open, its signal not aborted', () => {
    const { attempt, aborts } = harness();
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const body = cold('-');
      expectObservable(attempt(() => body)).toBe('-');
      expectSubscriptions(body.subscriptions).toBe('^');
      expectObservable(attempt(() => NEVER)).toBe('-');
    });
    expect(aborts[0]!.signal.aborted).toBe(false);
  });

  it("early unsubscribe: tears the function's Observable down and aborts the attempt's signal", () => {
    const { attempt } = harness();
    const signals: AbortSignal[] = [];
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const body = cold('-----x|', { x: 1 });
      const fn = (ctx: NodeContext) => {
        signals.push(ctx.abortSignal);
        return body;
      };
      expectObservable(attempt(fn), '^--!').toBe('---');
      expectSubscriptions(body.subscriptions).toBe('^--!');
    });
    expect(signals[0]!.aborted).toBe(true);
  });

  it('a signal first read after the attempt ended is as it ended: not aborted once completed, aborted once unsubscribed early', () => {
    const { attempt, aborts } = harness();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(attempt(() => 42).pipe(map(summary))).toBe('(od|)', { o: 'o:42', d: 'd:42' });
      expectObservable(attempt(() => cold('-----x|', { x: 1 })), '^--!').toBe('---');
    });
    expect(aborts.map((abort) => abort.signal.aborted)).toEqual([false, true]);
  });

  it('callback throws: a throw of the function is recovered from; a throw of the recovery, or of the end, is the run error', () => {
    const { attempt, recovered } = harness((error) => {
      if ((error as Error).message === 'fatal') throw new Error('recovery failed');
      return EMPTY;
    });
    testScheduler().run(({ expectObservable }) => {
      expectObservable(
        attempt(() => {
          throw new Error('boom');
        }),
      ).toBe('|');
      expectObservable(
        attempt(() => {
          throw new Error('fatal');
        }),
      ).toBe('#', undefined, new Error('recovery failed'));
      const throwingEnd: NodeRunEnd<never> = {
        ended: () => {
          throw new Error('end failed');
        },
      };
      expectObservable(attempt(() => 42, throwingEnd).pipe(map(summary))).toBe('(o#)', { o: 'o:42' }, new Error('end failed'));
    });
    expect(recovered).toEqual([new Error('boom'), new Error('fatal')]);
  });

  it("passes on and folds a child's items sent while the function runs, before the attempt's own output", () => {
    const { attempt } = harness();
    testScheduler().run(({ expectObservable }) => {
      const fn = (ctx: NodeContext) => {
        ctx.runNode(CHILD, 5).subscribe();
        return undefined;
      };
      // the child's output is the node's, already carried by an event: no output event of its own, only the run's record
      expectObservable(attempt(fn).pipe(map(summary))).toBe('(crd|)', { c: 'c', r: 'r', d: 'd:5' });
    });
  });

  it("waits on a Promise directly: its value one microtask later, a child's items meanwhile, a rejection recovered from", async () => {
    const { attempt, recovered } = harness(() => EMPTY);
    const resolved = await lastValueFrom(
      attempt((ctx: NodeContext) => {
        const value = Promise.resolve(7);
        void value.then(() => ctx.runNode(CHILD, 5).subscribe());
        return value.then((n) => n * 2);
      }).pipe(map(summary), toArray()),
    );
    expect(resolved).toEqual(['c', 'o:14', 'd:14']);
    expect(await lastValueFrom(attempt(() => Promise.reject(new Error('rejected'))).pipe(toArray()))).toEqual([]);
    expect(recovered).toEqual([new Error('rejected')]);
  });

  it('ignores a Promise that settles after the attempt was unsubscribed, and aborts its signal', async () => {
    const { attempt } = harness();
    const seen: string[] = [];
    const signals: AbortSignal[] = [];
    let resolve!: (n: number) => void;
    const subscription = attempt((ctx: NodeContext) => {
      signals.push(ctx.abortSignal);
      return new Promise<number>((done) => (resolve = done));
    }).subscribe({ next: (item) => seen.push(summary(item)), complete: () => seen.push('|') });
    subscription.unsubscribe();
    resolve(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual([]);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('an event returned by the function goes on through the general path', () => {
    const { attempt } = harness();
    const seen: string[] = [];
    attempt((ctx: NodeContext) => ctx.createEvent({ output: 3 })).subscribe((item) => seen.push(summary(item)));
    // the event carries the output: no second output event
    expect(seen).toEqual(['o:3', 'd:undefined']);
  });
});
