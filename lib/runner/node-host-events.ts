import { map, type OperatorFunction } from 'rxjs';
import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import { NodeTool } from '../workflow/node-tool.js';

/**
 * The root agent's events as ADK Python 2.x stores them when the root is an `LlmAgent` that
 * offers nodes as tools (a `NodeTool`): it is then a node run itself, and its own events carry
 * `nodeInfo: {path: '<name>@1'}`, beside the events of the nodes it runs (which keep their own
 * paths). Any other root's events pass unchanged (`undefined`: no operator).
 *
 * ```
 * root customer_service_agent, tools [NodeTool(calculate_discount)]:
 * customer_service_agent{call fc-2}  →  customer_service_agent{call fc-2, nodeInfo {path: 'customer_service_agent@1'}}
 * calculate_discount{output}         →  unchanged (nodeInfo {path: 'calculate_discount@1'})
 * ```
 *
 * @example
 * ```ts
 * const stamp = nodeHostEvents(rootAgent);
 * const events = stamp ? agent.runAsync(ctx).pipe(stamp) : agent.runAsync(ctx);
 * ```
 */
export function nodeHostEvents(root: BaseAgent): OperatorFunction<Event, Event> | undefined {
  if (!(root instanceof LlmAgent) || !root.tools.some((tool) => tool instanceof NodeTool)) return undefined;
  const nodeInfo = { path: `${root.name}@1` };
  return map((event) => (event.author === root.name && event.nodeInfo === undefined ? { ...event, nodeInfo } : event));
}
