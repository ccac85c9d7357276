import { BaseAgent } from '../agents/base-agent.js';
import { BaseTool } from '../tools/base-tool.js';
import { AgentNode } from './agent-node.js';
import { FunctionNode } from './function-node.js';
import type { NodeFunction, RunnableNode } from './node-context.js';
import { nodeNameOf } from './node-name-of.js';
import type { NodeOptions } from './node-options.js';
import { ParallelWorker } from './parallel-worker.js';
import { ToolNode } from './tool-node.js';
import { WorkflowGraphError } from './workflow-graph-error.js';
import { WorkflowNode } from './workflow-node.js';

/**
 * Makes a workflow node of a function, an agent (a `Workflow` too), a tool or a node, and sets
 * its options (ADK 2.0's names; seconds). `parallelWorker: true` wraps it in a `ParallelWorker`.
 *
 * @example
 * ```ts
 * const fetch = node((ctx: NodeContext, city: string) => getWeather(city), {
 *   name: 'fetch_weather',
 *   timeout: 10,
 *   retryConfig: { maxAttempts: 3, initialDelay: 0.5 },
 * });
 * new Workflow({ name: 'weather', edges: [[START, fetch, report]] });
 * ```
 */
export function node(x: RunnableNode, options: NodeOptions = {}): WorkflowNode {
  const { parallelWorker, maxParallelWorkers, ...own } = options;
  const built = toWorkflowNode(x, own);
  if (!parallelWorker) return built;
  return new ParallelWorker(built, { name: built.name, ...(maxParallelWorkers !== undefined ? { maxParallelWorkers } : {}) });
}

/**
 * The {@link WorkflowNode} for `x` (a built node as it is, unless `options` change it).
 *
 * @example
 * ```ts
 * toWorkflowNode(function upper(_ctx: NodeContext, s: string) { return s.toUpperCase(); }).name; // 'upper'
 * ```
 */
export function toWorkflowNode(x: RunnableNode, options: NodeOptions = {}): WorkflowNode {
  if (x instanceof WorkflowNode) return Object.keys(options).length ? x.withOptions(options) : x;
  const name = options.name ?? nodeNameOf(x);
  if (name === undefined) {
    throw new WorkflowGraphError({
      workflowName: '(none)',
      names: [],
      message: 'an anonymous function cannot be a node: name it with node(fn, { name: "my_node" }) or use a named function.',
    });
  }
  if (x instanceof BaseAgent) return new AgentNode(name, x, options);
  if (x instanceof BaseTool) return new ToolNode(name, x, options);
  if (typeof x === 'function') return new FunctionNode(name, x as NodeFunction, options);
  throw new WorkflowGraphError({
    workflowName: '(none)',
    names: [name],
    message: `"${name}" is not a node: use a function, an agent, a tool, a Workflow, a JoinNode or a ParallelWorker.`,
  });
}
