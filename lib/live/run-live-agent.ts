import { defer, EMPTY, type Observable } from 'rxjs';
import { forwardAndFold } from '../operators/forward-and-fold.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { type FlowAgent, isFlowAgent } from '../flows/flow-agent.js';
import type { LiveRequest } from '../models/live-request.js';
import { AgentConfigError } from '../utils/errors.js';
import { runLiveFlow } from './run-live-flow.js';

/**
 * An agent's live conversation ({@link runLiveFlow}) and, after a transfer, the target agent's:
 * its own connection, with the history sent again (as ADK does), on the same requests.
 *
 * ```
 * agent a:  --e--e--T|                  (T transfers to b)
 * agent b:           --(history)--e--e--|
 * ```
 *
 * @example
 * ```ts
 * runLiveAgent(ctx, rootAgent, queue.asObservable()).subscribe(render);
 * ```
 */
export function runLiveAgent(ctx: InvocationContext, agent: FlowAgent, requests: Observable<LiveRequest>): Observable<Event> {
  return defer(() => runLiveFlow(ctx.forAgent(agent), agent, requests)).pipe(
    forwardAndFold(passOn, transferTarget, undefined, (target) => (target ? runLiveAgent(ctx, liveTarget(agent, target), requests) : EMPTY)),
  );
}

function passOn(event: Event): Event {
  return event;
}

/** The agent the flow's last event transfers to (the flow ends at a transfer), if any. */
function transferTarget(_target: string | undefined, event: Event): string | undefined {
  return event.actions.transferToAgent;
}

/**
 * The agent a live conversation goes to: an LLM agent of the tree (`AgentConfigError` otherwise).
 *
 * @example
 * ```ts
 * liveTarget(root, 'billing'); // the LlmAgent named billing
 * ```
 */
export function liveTarget(from: FlowAgent, name: string): FlowAgent {
  const target = from.rootAgent.findAgent(name);
  if (!isFlowAgent(target)) {
    throw new AgentConfigError(
      target
        ? `Agent "${from.name}" transferred to "${name}" in a live conversation, but only LLM agents can run live.`
        : `Agent "${from.name}" transferred to "${name}", but there is no agent of that name in the tree.`,
      { agentName: from.name },
    );
  }
  return target;
}
