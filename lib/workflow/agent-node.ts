import { defer, concatMap, type Observable, of } from 'rxjs';
import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import type { NodeContext } from './node-context.js';
import type { NodeOptions } from './node-options.js';
import { isNodeRunnable } from './node-runnable.js';
import type { NodeYield } from './node-yield.js';
import { toUserContent } from './to-user-content.js';
import { WorkflowNode } from './workflow-node.js';

/**
 * A node that runs an agent. The agent keeps its name as the author of its events; its model
 * sees the node input as a user turn and the node run's own events. Its final reply (model text,
 * no function call) carries `nodeInfo.messageAsOutput` and is the node's output: the text, or the
 * parsed JSON when the agent has an `outputSchema`. A nested `Workflow` runs as a node of its own.
 *
 * @example
 * ```ts
 * const draft = new AgentNode('draft', new LlmAgent({ name: 'draft', model, instruction: 'Draft a reply.' }));
 * ```
 */
export class AgentNode extends WorkflowNode {
  readonly agent: BaseAgent;

  constructor(name: string, agent: BaseAgent, options: NodeOptions = {}) {
    super(name, options);
    this.agent = agent;
  }

  run(ctx: NodeContext, input: unknown): Observable<NodeYield> {
    const agent = this.agent;
    if (isNodeRunnable(agent)) return defer(() => agent.runAsNode(ctx, input));
    return defer(() => {
      const scope = ctx.runScope;
      const invocation = ctx.invocation.forWorkflowNode({ path: scope.path, input: toUserContent(input) }, scope.branch);
      return agent.runAsync(invocation).pipe(concatMap((event) => of(...agentEventYields(ctx, agent, event))));
    });
  }

  /** A nested workflow resumes by running again (its finished nodes are fast-forwarded). */
  override get rerunsOnResume(): boolean {
    return this.options.rerunOnResume ?? isNodeRunnable(this.agent);
  }

  override outputFromMessage(text: string): unknown {
    return outputOf(this.agent, text);
  }

  withOptions(options: NodeOptions): AgentNode {
    return new AgentNode(options.name ?? this.name, this.agent, { ...this.options, ...options });
  }
}

/** An agent's event as node items: stamped; the final reply is also the node's output. */
function agentEventYields(ctx: NodeContext, agent: BaseAgent, event: Event): NodeYield[] {
  const text = replyText(event);
  if (text === undefined) return [{ kind: 'event', event: ctx.stamp(event) }];
  const scope = ctx.runScope;
  const stamped = ctx.stamp({ ...event, nodeInfo: { path: scope.path, outputFor: [...scope.outputFor], messageAsOutput: true } });
  return [
    { kind: 'event', event: stamped },
    { kind: 'output', value: outputOf(agent, text), emitted: true },
  ];
}

/** The text of an agent's final reply, or `undefined` when `event` is not one. */
function replyText(event: Event): string | undefined {
  if (event.partial || event.nodeInfo !== undefined) return undefined;
  const content = event.content;
  if (!content || content.role !== 'model' || !content.parts?.length) return undefined;
  if (content.parts.some((p) => p.functionCall || p.functionResponse)) return undefined;
  return content.parts.filter((p) => p.text && !p.thought).map((p) => p.text).join('');
}

function outputOf(agent: BaseAgent, text: string): unknown {
  if (!(agent instanceof LlmAgent) || !agent.outputSchema || !text.trim()) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
