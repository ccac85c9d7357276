import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { getFunctionResponses } from '../events/get-function-responses.js';
import type { Session } from '../sessions/session.js';

/**
 * The agent that handles the next user message of `session` (whose user event is already
 * stored), as ADK chooses it:
 *
 * 1. a message holding a function response goes to the agent that made the matching call (a
 *    long-running tool's result, a confirmation answer; for a workflow node's call, such as an
 *    `adk_request_input`, the workflow; for one a `NodeTool`'s node made, the agent that called
 *    the tool);
 * 2. otherwise the agent that spoke last, if it may be transferred back from — it and every
 *    ancestor are LLM agents that allow transfer to their parent;
 * 3. otherwise the root.
 *
 * @example
 * ```ts
 * selectAgentForTurn(root, session).name; // 'math_tutor' after math_tutor answered last
 * ```
 */
export function selectAgentForTurn(root: BaseAgent, session: Session): BaseAgent {
  const caller = agentOfRespondedCall(root, session.events);
  if (caller) return caller;
  for (let i = session.events.length - 1; i >= 0; i--) {
    const author = session.events[i]!.author;
    if (author === 'user') continue;
    if (author === root.name) return root;
    const agent = root.findSubAgent(author);
    if (agent && isTransferableAcrossTree(agent)) return agent;
  }
  return root;
}

function agentOfRespondedCall(root: BaseAgent, events: readonly Event[]): BaseAgent | undefined {
  const last = events[events.length - 1];
  const responseIds = new Set(last ? getFunctionResponses(last).map((r) => r.id) : []);
  if (!responseIds.size) return undefined;
  for (let i = events.length - 2; i >= 0; i--) {
    if (getFunctionCalls(events[i]!).some((c) => responseIds.has(c.id))) return agentOfEvent(root, events, i);
  }
  return undefined;
}

/**
 * The agent of the tree that produced `events[index]`: for an event on a tool call's branch
 * (`<tool>@<call id>`: a `NodeTool`'s node asked for input), the agent that made that call; for a
 * workflow node's event (`nodeInfo.path` `wf@1/…`), the workflow at the root of its path (its
 * nodes are not agents of the tree); else its author.
 */
function agentOfEvent(root: BaseAgent, events: readonly Event[], index: number): BaseAgent | undefined {
  const event = events[index]!;
  const caller = callerOfToolBranch(events, index);
  if (caller !== undefined) return root.findAgent(caller);
  const workflow = event.nodeInfo?.path.split('/')[0]?.replace(/@[^@]*$/, '');
  return (workflow ? root.findAgent(workflow) : undefined) ?? root.findAgent(event.author);
}

/** The author of the call whose branch (`<tool>@<call id>`) `events[index]` is on, if any. */
function callerOfToolBranch(events: readonly Event[], index: number): string | undefined {
  const segments = new Set(events[index]!.branch?.split('.') ?? []);
  if (!segments.size) return undefined;
  for (let i = index - 1; i >= 0; i--) {
    if (getFunctionCalls(events[i]!).some((c) => c.id !== undefined && segments.has(`${c.name ?? ''}@${c.id}`))) return events[i]!.author;
  }
  return undefined;
}

function isTransferableAcrossTree(agent: BaseAgent): boolean {
  for (let current: BaseAgent | undefined = agent; current; current = current.parentAgent) {
    if (!(current instanceof LlmAgent) || current.disallowTransferToParent) return false;
  }
  return true;
}
