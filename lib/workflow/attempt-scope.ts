import { concatMap, defer, EMPTY, type Observable, of } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { LazyAbortController } from '../utils/lazy-abort-controller.js';
import type { NodeContext, NodeRunScope, RunNodeOptions, RunnableNode } from './node-context.js';
import type { NodeRunItem } from './node-run-item.js';
import type { NodeRunSpec } from './node-run-spec.js';
import type { NodeYieldSink } from './node-yield.js';
import { toWorkflowNode } from './node.js';
import type { RecordedNodeRun } from './recorded-node-run.js';
import { subBranchOf } from './schedule.js';
import type { NodeOptions } from './node-options.js';
import type { NodeHooks } from './node-hooks.js';

/** How the engine runs a node run (a dynamic child's): `executeNodeRun`, given by the engine (no import cycle). */
export type ChildNodeRunner = (invocation: InvocationContext, spec: NodeRunSpec) => Observable<NodeRunItem>;

/**
 * The scope of one attempt of a node run ({@link NodeRunScope}): where it sits, read from its
 * run's spec; its signal (`abort`'s); and `runChild`, which runs a dynamic child node at
 * `<parent path>/<child>@<n>` (numbered per child name within the attempt), not throttled by the
 * workflow's `maxConcurrency`, its events sent to `children`, its output the Observable's value.
 * One object per attempt, its methods on the prototype: a node step builds no closures for it.
 *
 * @example
 * ```ts
 * const ctx = new NodeContext(invocation, spec.input, new AttemptScope(invocation, spec, 1, abort, children, executeNodeRun));
 * ctx.runNode(summarize, 'text'); // runs `wf@1/a@1/summarize@1`
 * ```
 */
export class AttemptScope implements NodeRunScope {
  /** Runs started per child name (made at the first child: most attempts start none). */
  private runCounts: Map<string, number> | undefined;

  constructor(
    private readonly invocation: InvocationContext,
    private readonly spec: NodeRunSpec,
    readonly attempt: number,
    private readonly abort: Pick<LazyAbortController, 'signal'>,
    private readonly children: NodeYieldSink,
    private readonly runNodeRun: ChildNodeRunner,
  ) {}

  get workflowName(): string {
    return this.spec.workflowName;
  }
  get nodeName(): string {
    return this.spec.node.name;
  }
  get options(): Readonly<NodeOptions> {
    return this.spec.node.options;
  }
  get path(): string {
    return this.spec.path;
  }
  get branch(): string | undefined {
    return this.spec.branch;
  }
  get outputFor(): readonly string[] {
    return this.spec.outputFor;
  }
  get resumeInputs(): Readonly<Record<string, unknown>> {
    return this.spec.resumeInputs;
  }
  get history(): ReadonlyMap<string, RecordedNodeRun> {
    return this.spec.history;
  }
  get hooks(): NodeHooks {
    return this.spec.hooks;
  }

  /** The attempt's signal (created at its first read). */
  abortSignal(): AbortSignal {
    return this.abort.signal;
  }

  /** Runs `child` as a dynamic node of `parent` (see {@link AttemptScope}). */
  runChild(parent: NodeContext, child: RunnableNode, input: unknown, options: RunNodeOptions): Observable<unknown> {
    return defer(() => {
      const node = toWorkflowNode(child);
      const runCounts = (this.runCounts ??= new Map<string, number>());
      const runId = (runCounts.get(node.name) ?? 0) + 1;
      runCounts.set(node.name, runId);
      const path = `${parent.nodePath}/${node.name}@${runId}`;
      const branch = options.useSubBranch ? subBranchOf(parent.branch, `${node.name}@${runId}`) : parent.branch;
      const outputFor = options.useAsOutput ? [path, ...parent.runScope.outputFor] : [path];
      const scope = parent.runScope;
      const run = this.runNodeRun(this.invocation, { node, input, workflowName: this.spec.workflowName, path, branch, outputFor, resumeInputs: scope.resumeInputs, history: scope.history, hooks: scope.hooks });
      return run.pipe(concatMap((item) => childItem(item, options, this.children)));
    });
  }
}

function childItem(item: NodeRunItem, options: RunNodeOptions, children: NodeYieldSink): Observable<unknown> {
  if (item.kind === 'event') {
    children.next({ kind: 'event', event: item.event });
    return EMPTY;
  }
  const { result } = item;
  if (result.interruptIds.length) {
    children.next({ kind: 'interrupt', ids: result.interruptIds });
    return EMPTY;
  }
  if (!result.hasOutput) return EMPTY;
  if (options.useAsOutput) children.next({ kind: 'output', value: result.output, emitted: true });
  return of(result.output);
}
