import { catchError, map, type Observable, of } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { JoinNode } from '../../lib/workflow/join-node.js';
import { NodeError } from '../../lib/workflow/node-error.js';
import { node } from '../../lib/workflow/node.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { directInvocation } from '../support/invocation.js';
import { testScheduler } from '../support/test-scheduler.js';

/** `a=1` for an output, `!a:TypeError` for an error event, `a>r` for a route; a NodeError as `E:<path>:<cause>`. */
function simplify(event: Event): string {
  const name = event.nodeInfo?.path.split('/').pop()?.replace(/@\d+$/, '') ?? event.author;
  if (event.errorCode) return `!${name}:${event.errorCode}`;
  if (event.output !== undefined) return `${name}=${JSON.stringify(event.output)}`;
  if (event.actions.route !== undefined) return `${name}>${String(event.actions.route)}`;
  return `${name}?`;
}

function runOf(wf: Workflow): Observable<string> {
  return wf.runAsync(directInvocation(wf)).pipe(
    map(simplify),
    catchError((e: unknown) => of(e instanceof NodeError ? `E:${e.path}:${(e.cause as Error).name}` : `E:${String(e)}`)),
  );
}

describe('Workflow timing (marble tests, virtual time)', () => {
  it('starts ready nodes together and each successor when its predecessor finishes', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const aBody = cold('---x|', { x: 'A' });
      const bBody = cold('-y|', { y: 'B' });
      const a = node(() => aBody, { name: 'a' });
      const b = node(() => bBody, { name: 'b' });
      const c = node((_ctx: NodeContext, s: string) => `${s}!`, { name: 'c' });
      const dBody = cold('--|');
      const d = node(() => dBody, { name: 'd' });
      // d gives no output: its completion is an event with just its nodeInfo ('d?')
      expectObservable(runOf(new Workflow({ name: 'wf', edges: [[START, [a, b]], [a, c], [b, d]] }))).toBe('--b-(acd|)', {
        a: 'a="A"', b: 'b="B"', c: 'c="A!"', d: 'd?',
      });
      expectSubscriptions(aBody.subscriptions).toBe('^---!');
      expectSubscriptions(bBody.subscriptions).toBe('^-!');
      expectSubscriptions(dBody.subscriptions).toBe('--^-!');
    });
  });

  it('starts no more than maxConcurrency graph nodes at once, in arrival order', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const aBody = cold('--x|', { x: 1 });
      const bBody = cold('--y|', { y: 2 });
      const a = node(() => aBody, { name: 'a' });
      const b = node(() => bBody, { name: 'b' });
      const join = new JoinNode({ name: 'join' });
      expectObservable(runOf(new Workflow({ name: 'wf', maxConcurrency: 1, edges: [[START, [a, b], join]] }))).toBe('---a--(bj|)', {
        a: 'a=1',
        b: 'b=2',
        j: 'join={"a":1,"b":2}',
      });
      expectSubscriptions(aBody.subscriptions).toBe('^--!');
      expectSubscriptions(bBody.subscriptions).toBe('---^--!');
    });
  });

  it('retries with ADK\'s backoff on the scheduler: 5 attempts with jitter 0 wait 1, 2, 4 and 8 s; one error event per attempt, then NodeError', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const body = cold('-#', {}, new TypeError('boom'));
      const flaky = node(() => body, { name: 'flaky', retryConfig: { maxAttempts: 5, jitter: 0 } });
      const x = '!flaky:TypeError';
      expectObservable(runOf(new Workflow({ name: 'wf', edges: [[START, flaky]] }))).toBe('-a 1000ms b 2000ms c 4000ms d 8000ms (eE|)', {
        a: x, b: x, c: x, d: x, e: x, E: 'E:wf@1/flaky@1:TypeError',
      });
    });
  });

  it('does not retry a node without retryConfig, nor an error its exceptions leave out', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const once = node(() => cold('-#', {}, new RangeError('x')), { name: 'once' });
      expectObservable(runOf(new Workflow({ name: 'wf', edges: [[START, once]] }))).toBe('-(aE|)', { a: '!once:RangeError', E: 'E:wf@1/once@1:RangeError' });
      const picky = node(() => cold('-#', {}, new RangeError('x')), { name: 'picky', retryConfig: { exceptions: ['TypeError'] } });
      expectObservable(runOf(new Workflow({ name: 'wf2', edges: [[START, picky]] }))).toBe('-(aE|)', { a: '!picky:RangeError', E: 'E:wf2@1/picky@1:RangeError' });
    });
  });

  it('times out an attempt (unsubscribing it) with NodeTimeoutError, which is retried; ctx.attemptCount counts', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('5000ms x|', { x: 'late' });
      const quick = cold('100ms x|', { x: 'ok' });
      const fetch = node((ctx: NodeContext) => (ctx.attemptCount === 1 ? slow : quick), { name: 'fetch', timeout: 2, retryConfig: { maxAttempts: 2, jitter: 0 } });
      expectObservable(runOf(new Workflow({ name: 'wf', edges: [[START, fetch]] }))).toBe('2000ms a 1100ms (b|)', {
        a: '!fetch:NodeTimeoutError',
        b: 'fetch="ok"',
      });
      expectSubscriptions(slow.subscriptions).toBe('^ 1999ms !');
      expectSubscriptions(quick.subscriptions).toBe('3000ms ^ 100ms !');
    });
  });

  it('after a node\'s last attempt, unsubscribes its running siblings and errors the run with NodeError', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const slowBody = cold('------x|');
      const failing = node(() => cold('--#', {}, new Error('down')), { name: 'failing' });
      const slow = node(() => slowBody, { name: 'slow' });
      expectObservable(runOf(new Workflow({ name: 'wf', edges: [[START, [failing, slow]]] }))).toBe('--(aE|)', { a: '!failing:Error', E: 'E:wf@1/failing@1:Error' });
      expectSubscriptions(slowBody.subscriptions).toBe('^-!');
    });
  });

  it('tears down every running node, timer and retry wait when the run is unsubscribed', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const running = cold('-------x|');
      const waitingBody = cold('-#', {}, new Error('down'));
      const slow = node(() => running, { name: 'slow', timeout: 100 });
      const retrying = node(() => waitingBody, { name: 'retrying', retryConfig: { jitter: 0 } });
      expectObservable(runOf(new Workflow({ name: 'wf', edges: [[START, [slow, retrying]]] })), '---!').toBe('-a', { a: '!retrying:Error' });
      expectSubscriptions(running.subscriptions).toBe('^--!');
      expectSubscriptions(waitingBody.subscriptions).toBe('^!');
    });
  });

  it('turns a failure into the onError route when the node has one (beyond ADK)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const risky = node(() => cold('-#', {}, new Error('down')), { name: 'risky', onError: 'failed' });
      const fallback = node((_ctx: NodeContext, input: { error: string }) => `fallback after ${input.error}`, { name: 'fallback' });
      const wf = new Workflow({ name: 'wf', edges: [[START, risky, { failed: fallback }]] });
      expectObservable(runOf(wf)).toBe('-(ab|)', { a: '!risky:Error', b: 'fallback="fallback after down"' });
    });
  });
});
