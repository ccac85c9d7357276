import { BasePlugin } from '../../lib/plugins/base-plugin.js';
import { PluginManager } from '../../lib/plugins/plugin-manager.js';
import { nodeHooks } from '../../lib/workflow/node-hooks.js';
import { lastValueFrom, type Observable, of } from 'rxjs';
import { createEvent } from '../../lib/events/event.js';
import { LazyAbortController } from '../../lib/utils/lazy-abort-controller.js';
import { AttemptScope, type ChildNodeRunner } from '../../lib/workflow/attempt-scope.js';
import { NodeContext } from '../../lib/workflow/node-context.js';
import type { NodeRunItem } from '../../lib/workflow/node-run-item.js';
import type { NodeRunSpec } from '../../lib/workflow/node-run-spec.js';
import type { NodeYield } from '../../lib/workflow/node-yield.js';
import { node } from '../../lib/workflow/node.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { START } from '../../lib/workflow/start.js';
import { directInvocation } from '../support/invocation.js';

const parentNode = node(() => 'unused', { name: 'parent' });
const spec: NodeRunSpec = {
  node: parentNode,
  input: 'in',
  workflowName: 'wf',
  path: 'wf@1/parent@2',
  branch: 'b',
  outputFor: ['wf@1/parent@2', 'wf@1'],
  resumeInputs: { r1: 'yes' },
  history: new Map(),
  // a plugin with an afterNodeCallback: its chain is the run's, handed on to its children
  hooks: nodeHooks(new PluginManager([new (class extends BasePlugin {
    override afterNodeCallback() {
      return undefined;
    }
  })('after')])),
};

/** A child runner that records the specs it was given and ends each run with `items`. */
function recordingRunner(items: (spec: NodeRunSpec) => NodeRunItem[]) {
  const specs: NodeRunSpec[] = [];
  const runner: ChildNodeRunner = (_invocation, child): Observable<NodeRunItem> => {
    specs.push(child);
    return of(...items(child));
  };
  return { runner, specs };
}

function scopeWith(runner: ChildNodeRunner, abort = new LazyAbortController()) {
  const invocation = directInvocation(new Workflow({ name: 'wf', edges: [[START, parentNode]] }));
  const children: NodeYield[] = [];
  const scope = new AttemptScope(invocation, spec, 3, abort, { next: (item) => children.push(item) }, runner);
  const ctx = new NodeContext(invocation, spec.input, scope);
  return { scope, ctx, children };
}

const done = (output: unknown): NodeRunItem => ({ kind: 'done', result: { output, hasOutput: true, routes: [], interruptIds: [], branch: undefined } });

describe('AttemptScope', () => {
  it("reads where the attempt sits from its run's spec", () => {
    const { scope } = scopeWith(recordingRunner(() => []).runner);
    expect({
      workflowName: scope.workflowName,
      nodeName: scope.nodeName,
      path: scope.path,
      branch: scope.branch,
      outputFor: scope.outputFor,
      resumeInputs: scope.resumeInputs,
      history: scope.history,
      hooks: scope.hooks,
      attempt: scope.attempt,
      options: scope.options,
    }).toEqual({
      workflowName: 'wf',
      nodeName: 'parent',
      path: 'wf@1/parent@2',
      branch: 'b',
      outputFor: ['wf@1/parent@2', 'wf@1'],
      resumeInputs: { r1: 'yes' },
      history: spec.history,
      hooks: spec.hooks,
      attempt: 3,
      options: parentNode.options,
    });
  });

  it("makes the context's actions at their first read: a stamp before any takes no state and makes none", () => {
    const { ctx } = scopeWith(recordingRunner(() => []).runner);
    const event = createEvent({ author: 'wf', nodeInfo: { path: spec.path }, branch: 'b' });
    expect([ctx.stamp(event), ctx.recordedActions]).toEqual([event, undefined]);
    ctx.state.set('k', 1);
    expect(ctx.recordedActions?.stateDelta).toEqual({ k: 1 });
    expect(ctx.stamp(event).actions.stateDelta).toEqual({ k: 1 });
    expect(ctx.actions.stateDelta).toEqual({});
  });

  it("gives the attempt's signal, created at the first read and aborted with the attempt", () => {
    const abort = new LazyAbortController();
    const { ctx } = scopeWith(recordingRunner(() => []).runner, abort);
    const signal = ctx.abortSignal;
    expect(signal.aborted).toBe(false);
    abort.abort();
    expect(signal.aborted).toBe(true);
  });

  it('numbers the dynamic children per name, on their own branch when asked, and sends their events to the attempt', async () => {
    const event = createEvent({ author: 'wf', id: 'c1' });
    const { runner, specs } = recordingRunner((child) => [{ kind: 'event', event }, done(`out of ${child.path}`)]);
    const { ctx, children } = scopeWith(runner);
    const child = node(() => 'unused', { name: 'child' });
    // a child is numbered when its run is subscribed
    const results = [
      await lastValueFrom(ctx.runNode(child, 1)),
      await lastValueFrom(ctx.runNode(child, 2, { useSubBranch: true, useAsOutput: true })),
      await lastValueFrom(ctx.runNode(node(() => 0, { name: 'other' }), 3)),
    ];
    expect(results).toEqual(['out of wf@1/parent@2/child@1', 'out of wf@1/parent@2/child@2', 'out of wf@1/parent@2/other@1']);
    expect(specs.map((s) => [s.path, s.branch, s.outputFor, s.input])).toEqual([
      ['wf@1/parent@2/child@1', 'b', ['wf@1/parent@2/child@1'], 1],
      ['wf@1/parent@2/child@2', 'b.child@2', ['wf@1/parent@2/child@2', 'wf@1/parent@2', 'wf@1'], 2],
      ['wf@1/parent@2/other@1', 'b', ['wf@1/parent@2/other@1'], 3],
    ]);
    // the children run with their parent's node hooks (the workflow run's, decided once)
    expect(specs.map((s) => s.hooks === spec.hooks)).toEqual([true, true, true]);
    expect([spec.hooks.after.registered, spec.hooks.before.registered]).toEqual([true, false]);
    expect(children).toEqual([
      { kind: 'event', event },
      { kind: 'event', event },
      { kind: 'output', value: 'out of wf@1/parent@2/child@2', emitted: true },
      { kind: 'event', event },
    ]);
  });
});
