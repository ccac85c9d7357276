import { lastValueFrom, of, toArray } from 'rxjs';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { node } from '../../lib/workflow/node.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import type { NodeFunction } from '../../lib/workflow/node-context.js';
import { user } from '../support/llm.js';
import { recordingShape } from '../support/workflow-events.js';

// functionAttempt is the attempt of every function node without a timeout or a plugin before it:
// these run it through a Workflow and a Runner, as a user would, and compare a plain return value
// with the same value returned as an Observable (the general path).

function run(workflow: Workflow) {
  const runner = new InMemoryRunner({ agent: workflow, autoCreateSession: true });
  return lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(toArray()));
}

/** The events of START → `body` (named `step`) → `end`. */
async function shapes(body: NodeFunction) {
  const step = node(body, { name: 'step' });
  const end = node((_ctx: NodeContext, input: unknown) => ({ got: input ?? null }), { name: 'end' });
  return (await run(new Workflow({ name: 'wf', edges: [[START, step, end]] }))).map(recordingShape);
}

describe('functionAttempt (a function node returning a plain value)', () => {
  it('gives the events of the same value returned as an Observable: output and state', async () => {
    const plain = (ctx: NodeContext) => {
      ctx.state.set('seen', true);
      return 42;
    };
    const observable = (ctx: NodeContext) => {
      ctx.state.set('seen', true);
      return of(42);
    };
    const expected = await shapes(observable);
    expect(await shapes(plain)).toEqual(expected);
    expect(expected[0]).toEqual({ author: 'wf', nodeInfo: { path: 'wf@1/step@1', outputFor: ['wf@1/step@1'] }, output: 42, actions: { stateDelta: { seen: true } } });
  });

  it('gives the events of an Observable that completes empty when the function returns undefined', async () => {
    const expected = await shapes(() => of());
    expect(await shapes(() => undefined)).toEqual(expected);
    // the run is recorded by an event with just its nodeInfo; the next node gets no input
    expect(expected).toEqual([
      { author: 'wf', nodeInfo: { path: 'wf@1/step@1' } },
      { author: 'wf', nodeInfo: { path: 'wf@1/end@1', outputFor: ['wf@1/end@1', 'wf@1'] }, output: { got: null } },
    ]);
  });

  it('passes on and folds the items of a child the function subscribes while it runs, before its own output', async () => {
    const child = node((_ctx: NodeContext, n: number) => n * 2, { name: 'child' });
    const events = await shapes((ctx: NodeContext) => {
      let doubled: unknown;
      ctx.runNode(child, 21, { useAsOutput: true }).subscribe((value) => (doubled = value));
      return doubled;
    });
    // the child's output event is the parent's output too: no second output event, and `end` gets 42
    expect(events).toEqual([
      { author: 'wf', nodeInfo: { path: 'wf@1/step@1/child@1', outputFor: ['wf@1/step@1/child@1', 'wf@1/step@1'] }, output: 42 },
      { author: 'wf', nodeInfo: { path: 'wf@1/end@1', outputFor: ['wf@1/end@1', 'wf@1'] }, output: { got: 42 } },
    ]);
  });

  it('fails the attempt when the function throws: an error event, then the retry runs the function again', async () => {
    let calls = 0;
    const flaky = node(
      (_ctx: NodeContext) => {
        calls++;
        if (calls === 1) throw new Error('boom');
        return 'ok';
      },
      { name: 'flaky', retryConfig: { maxAttempts: 2, initialDelay: 0, jitter: 0 } },
    );
    const events = (await run(new Workflow({ name: 'wf', edges: [[START, flaky]] }))).map(recordingShape);
    expect(calls).toBe(2);
    expect(events).toEqual([
      expect.objectContaining({ author: 'wf', errorMessage: expect.stringContaining('boom'), nodeInfo: { path: 'wf@1/flaky@1' } }),
      { author: 'wf', nodeInfo: { path: 'wf@1/flaky@1', outputFor: ['wf@1/flaky@1', 'wf@1'] }, output: 'ok' },
    ]);
  });

  it('fails the attempt when the plain value is not JSON (NonJsonResultError in the error event)', async () => {
    const bad = node((_ctx: NodeContext) => 10n, { name: 'bad', onError: 'failed' });
    const events = (await run(new Workflow({ name: 'wf', edges: [[START, bad]] }))).map(recordingShape);
    expect(events[0]).toEqual(expect.objectContaining({ errorMessage: expect.stringContaining('bad'), nodeInfo: { path: 'wf@1/bad@1' } }));
  });
});
