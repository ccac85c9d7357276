import type { BaseAgent } from '../agents/base-agent.js';
import { AgentNode } from '../workflow/agent-node.js';
import { FunctionNode } from '../workflow/function-node.js';
import { toWorkflowNode } from '../workflow/node.js';
import { ParallelWorker } from '../workflow/parallel-worker.js';
import { START } from '../workflow/start.js';
import { ToolNode } from '../workflow/tool-node.js';
import type { WorkflowGraph } from '../workflow/workflow-graph.js';
import type { WorkflowNode } from '../workflow/workflow-node.js';
import { START_NODE_NAME, type AgentStructure, type GraphEdgeStructure, type GraphNodeRef, type GraphNodeStructure, type WorkflowGraphStructure } from './graph-structure.js';

/**
 * A workflow's compiled graph as plain JSON (ADK 2.0's `graph` in `build_graph`): START first
 * (as `__START__`), every node by kind — `function`, `tool`, `join`, `parallel_worker` (with the
 * node it maps), an agent as `describeAgent` describes it (a nested workflow with its own
 * `graph`), renamed to its node name — and every edge with its routes.
 *
 * @example
 * ```ts
 * workflowGraphStructure(new Workflow({ name: 'wf', edges: [[START, upper]] }).graph, agentStructure).nodes.map((n) => n.name);
 * // ['__START__', 'upper']
 * ```
 */
export function workflowGraphStructure(graph: WorkflowGraph, describeAgent: (agent: BaseAgent) => AgentStructure): WorkflowGraphStructure {
  const nodes = new Map<string, GraphNodeStructure>([[START, { name: START_NODE_NAME, type: 'start' }]]);
  for (const [name, built] of graph.nodes) nodes.set(name, nodeStructure(built, describeAgent));
  const ref = (name: string): GraphNodeRef => {
    const found = nodes.get(name)!;
    return { name: found.name, type: found.type };
  };
  const edges = graph.edges.map(({ from, to, routes }): GraphEdgeStructure => ({
    from_node: ref(from),
    to_node: ref(to),
    ...(routes === undefined ? {} : { route: routes.length === 1 ? routes[0]! : [...routes] }),
  }));
  return { nodes: [...nodes.values()], edges };
}

function nodeStructure(built: WorkflowNode, describeAgent: (agent: BaseAgent) => AgentStructure): GraphNodeStructure {
  if (built instanceof AgentNode) return { ...describeAgent(built.agent), name: built.name };
  if (built instanceof ParallelWorker) {
    return { name: built.name, type: 'parallel_worker', max_parallel_workers: built.maxParallelWorkers, inner: innerStructure(built, describeAgent) };
  }
  if (built.isJoin) return { name: built.name, type: 'join' };
  if (built instanceof FunctionNode) return { name: built.name, type: 'function' };
  if (built instanceof ToolNode) return { name: built.name, type: 'tool' };
  return { name: built.name, type: 'node', node_class: built.constructor.name };
}

/** The node a worker maps (a function the worker named has no name of its own: it takes the worker's). */
function innerStructure(worker: ParallelWorker, describeAgent: (agent: BaseAgent) => AgentStructure): GraphNodeStructure {
  const inner = typeof worker.inner === 'function' && !worker.inner.name ? toWorkflowNode(worker.inner, { name: worker.name }) : toWorkflowNode(worker.inner);
  return nodeStructure(inner, describeAgent);
}
