import { catchError, map, type Observable, of } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { NodeError } from '../../lib/workflow/node-error.js';
import { node } from '../../lib/workflow/node.js';
import { ParallelWorker } from '../../lib/workflow/parallel-worker.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { WorkflowGraphError } from '../../lib/workflow/workflow-graph-error.js';
import { directInvocation } from '../support/invocation.js';
import { testScheduler } from '../support/test-scheduler.js';

/** `path=output` for an output event, `!path` for an error event; a NodeError as `E:<path>:<cause message>`. */
function simplify(event: Event): string {
  const path = event.nodeInfo?.path.replace(/^wf@1\//, '') ?? event.author;
  return event.errorCode ? `!${path}` : `${path}=${JSON.stringify(event.output)}`;
}

function runOf(wf: Workflow): Observable<string> {
  return wf.runAsync(directInvocation(wf)).pipe(
    map(simplify),
    catchError((e: unknown) => of(e instanceof NodeError ? `E:${e.path}:${(e.cause as Error).message}` : `E:${String(e)}`)),
  );
}

/** A workflow whose START gives `items` to the worker. */
function over(items: unknown[], worker: ParallelWorker): Workflow {
  const list = node(() => items, { name: 'list' });
  return new Workflow({ name: 'wf', edges: [[START, list, worker]] });
}

describe('ParallelWorker', () => {
  it('maps an anonymous arrow function given a name: each item at <worker>/<name>@n on its own branch, outputs in input order', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('---x|', { x: 'A' });
      const fast = cold('-y|', { y: 'B' });
      const bodies = new Map<string, Observable<string>>([['a', slow], ['b', fast]]);
      const worker = new ParallelWorker((_ctx: NodeContext, item: string) => bodies.get(item)!, { name: 'upper' });
      expectObservable(runOf(over(['a', 'b'], worker))).toBe('a-b-(cd|)', {
        a: 'list@1=["a","b"]',
        b: 'upper@1/upper@2="B"',
        c: 'upper@1/upper@1="A"',
        d: 'upper@1=["A","B"]',
      });
      expectSubscriptions(slow.subscriptions).toBe('^---!');
      expectSubscriptions(fast.subscriptions).toBe('^-!');
    });
  });

  it('puts each item on a branch of its own, named after the worker', () => {
    testScheduler().run(({ expectObservable }) => {
      const worker = new ParallelWorker((_ctx: NodeContext, n: number) => n * 2, { name: 'double' });
      const wf = over([1], worker);
      expectObservable(wf.runAsync(directInvocation(wf)).pipe(map((e) => `${e.nodeInfo?.path}:${e.branch ?? '-'}`))).toBe('(abc|)', {
        a: 'wf@1/list@1:-',
        b: 'wf@1/double@1/double@1:double@1',
        c: 'wf@1/double@1:-',
      });
    });
  });

  it('gives [] for an empty list and one output for a non-list input', () => {
    testScheduler().run(({ expectObservable }) => {
      const worker = new ParallelWorker((_ctx: NodeContext, n: number) => n + 1, { name: 'inc' });
      expectObservable(runOf(over([], worker))).toBe('(ab|)', { a: 'list@1=[]', b: 'inc@1=[]' });
      const single = new Workflow({ name: 'wf', edges: [[START, node(() => 41, { name: 'one' }), node((_ctx: NodeContext, n: number) => n + 1, { name: 'inc', parallelWorker: true })]] });
      expectObservable(runOf(single)).toBe('(abc|)', { a: 'one@1=41', b: 'inc@1/inc@1=42', c: 'inc@1=[42]' });
    });
  });

  it('runs at most maxParallelWorkers items at once, the next one when one finishes', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const first = cold('--x|', { x: 1 });
      const second = cold('--y|', { y: 2 });
      const third = cold('---z|', { z: 3 });
      const bodies = [first, second, third];
      const worker = new ParallelWorker((_ctx: NodeContext, i: number) => bodies[i]!, { name: 'slow', maxParallelWorkers: 2 });
      expectObservable(runOf(over([0, 1, 2], worker))).toBe('a--(bc)(de|)', {
        a: 'list@1=[0,1,2]',
        b: 'slow@1/slow@1=1',
        c: 'slow@1/slow@2=2',
        d: 'slow@1/slow@3=3',
        e: 'slow@1=[1,2,3]',
      });
      expectSubscriptions(first.subscriptions).toBe('^--!');
      expectSubscriptions(second.subscriptions).toBe('^--!');
      expectSubscriptions(third.subscriptions).toBe('---^---!');
    });
  });

  it('fails on the first failing item and unsubscribes the items still running', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const never = cold('-');
      const failing = cold('--#', undefined, new Error('bad item'));
      const bodies = [never, failing];
      const worker = new ParallelWorker((_ctx: NodeContext, i: number) => bodies[i]!, { name: 'each' });
      expectObservable(runOf(over([0, 1], worker))).toBe('a-(bcd|)', {
        a: 'list@1=[0,1]',
        b: '!each@1/each@2',
        c: '!each@1',
        d: expect.stringMatching(/^E:wf@1\/each@1:Workflow node "each" \(wf@1\/each@1\/each@2\) failed after 1 attempt: Error: bad item/) as unknown as string,
      });
      expectSubscriptions(never.subscriptions).toBe('^-!');
      expectSubscriptions(failing.subscriptions).toBe('^-!');
    });
  });

  it('refuses an anonymous function without a name (WorkflowGraphError)', () => {
    expect(() => new ParallelWorker((_ctx: NodeContext, n: number) => n)).toThrow(WorkflowGraphError);
    expect(() => new ParallelWorker((_ctx: NodeContext, n: number) => n)).toThrow(/a ParallelWorker needs a name/);
  });

  it('keeps a named inner node its own name', () => {
    testScheduler().run(({ expectObservable }) => {
      function shout(_ctx: NodeContext, s: string) {
        return s.toUpperCase();
      }
      const worker = new ParallelWorker(shout, { name: 'shouts' });
      expectObservable(runOf(over(['x'], worker))).toBe('(abc|)', { a: 'list@1=["x"]', b: 'shouts@1/shout@1="X"', c: 'shouts@1=["X"]' });
    });
  });
});
