import { from, map, mergeMap, type Observable, toArray } from 'rxjs';
import { FunctionNode } from './function-node.js';
import type { NodeContext, NodeFunction, RunnableNode } from './node-context.js';
import { nodeNameOf } from './node-name-of.js';
import type { NodeOptions } from './node-options.js';
import { outputYield, type NodeYield } from './node-yield.js';
import { WorkflowNode } from './workflow-node.js';
import { WorkflowGraphError } from './workflow-graph-error.js';

/** Options of a {@link ParallelWorker}. */
export interface ParallelWorkerConfig {
  /** Items that run at once (default 8). */
  maxParallelWorkers?: number;
  /** The worker's name (default: the inner node's). */
  name?: string;
}

/** ADK's default for {@link ParallelWorkerConfig.maxParallelWorkers}. */
export const DEFAULT_MAX_PARALLEL_WORKERS = 8;

/**
 * Maps a node over a list: runs `inner` once per item of its input (a non-list is one item), at
 * most `maxParallelWorkers` at once, each as a dynamic child on its own branch
 * (`<name>@<n>`); its output is the children's outputs in input order. The first failure fails
 * the worker and cancels the items still running. An anonymous function takes the worker's
 * name, so its items run at `<worker path>/<name>@<n>`.
 *
 * @example
 * ```ts
 * const upper = new ParallelWorker((_ctx: NodeContext, topic: string) => topic.toUpperCase(), { name: 'upper' });
 * // ['a', 'b'] → ['A', 'B']
 * ```
 */
export class ParallelWorker extends WorkflowNode {
  readonly inner: RunnableNode;
  readonly maxParallelWorkers: number;

  constructor(inner: RunnableNode, config: ParallelWorkerConfig & Omit<NodeOptions, 'name'> = {}) {
    const name = config.name ?? nodeNameOf(inner);
    if (name === undefined) {
      throw new WorkflowGraphError({ workflowName: '(none)', names: [], message: 'a ParallelWorker needs a name: pass { name } or wrap a named function.' });
    }
    super(name, config);
    this.inner = namedInner(inner, name);
    this.maxParallelWorkers = config.maxParallelWorkers ?? DEFAULT_MAX_PARALLEL_WORKERS;
  }

  run(ctx: NodeContext, input: unknown): Observable<NodeYield> {
    const items = Array.isArray(input) ? input : [input];
    return from(items.map((item, index) => ({ item, index }))).pipe(
      mergeMap(
        ({ item, index }) => ctx.runScope.runChild(ctx, this.inner, item, { useSubBranch: true }).pipe(map((output) => ({ index, output }))),
        this.maxParallelWorkers,
      ),
      toArray(),
      map((done) => outputYield(inInputOrder(done, items.length))),
    );
  }

  /** A worker resumes by running again: its finished items are fast-forwarded. */
  override get rerunsOnResume(): boolean {
    return this.options.rerunOnResume ?? true;
  }

  withOptions(options: NodeOptions): ParallelWorker {
    return new ParallelWorker(this.inner, { ...this.options, maxParallelWorkers: this.maxParallelWorkers, ...options, name: options.name ?? this.name });
  }
}

/** `inner`, or, when it is an anonymous function, a function node of the worker's name. */
function namedInner(inner: RunnableNode, name: string): RunnableNode {
  return typeof inner === 'function' && nodeNameOf(inner) === undefined ? new FunctionNode(name, inner as NodeFunction) : inner;
}

function inInputOrder(done: ReadonlyArray<{ index: number; output: unknown }>, length: number): unknown[] {
  const outputs: unknown[] = new Array<unknown>(length).fill(null);
  for (const { index, output } of done) outputs[index] = output;
  return outputs;
}
