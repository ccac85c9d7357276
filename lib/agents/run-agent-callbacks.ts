import type { Content } from '@google/genai';
import { defer, type Observable, of } from 'rxjs';
import { CallbackContext } from '../context/callback-context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { hasActions } from '../events/event-actions.js';
import type { Event } from '../events/event.js';
import type { CallbackChain } from '../plugins/callback-chain.js';

/** What an agent-callback chain produced. */
export interface AgentCallbackOutcome {
  /** The Content a callback returned, if one did. */
  content?: Content;
  /**
   * The event to emit: the content with the state delta of every callback that ran, or a
   * state-only event when no content was returned but state (or artifacts) changed.
   */
  event?: Event;
}

/**
 * Runs a before- or after-agent chain (plugins first, then the agent's callbacks, first
 * defined wins; see `agentHooks`) with one shared {@link CallbackContext}, and emits exactly one
 * outcome. A chain with nothing registered emits the empty outcome without running anything.
 *
 * ```
 * callbacks: cb1 sets state → |     cb2 → (content|)     cb3 (never called)
 * outcome:   ({ content, event: { content, stateDelta of cb1 + cb2 } }|)
 * ```
 *
 * @example
 * ```ts
 * runAgentCallbacks(ctx, agentHooks(ctx.pluginManager, agent).beforeAgent).subscribe(({ content, event }) => ...);
 * ```
 */
export function runAgentCallbacks(
  ctx: InvocationContext,
  chain: CallbackChain<'beforeAgentCallback' | 'afterAgentCallback'>,
): Observable<AgentCallbackOutcome> {
  return defer(() => {
    const callbackContext = new CallbackContext(ctx);
    return chain
      .map((content) => outcomeOf(ctx, callbackContext, content))
      .orElse([callbackContext], () => of(outcomeOf(ctx, callbackContext, undefined)));
  });
}

function outcomeOf(ctx: InvocationContext, callbackContext: CallbackContext, content: Content | undefined): AgentCallbackOutcome {
  if (content) return { content, event: ctx.createEvent({ content, actions: callbackContext.actions }) };
  if (hasActions(callbackContext.actions)) return { event: ctx.createEvent({ actions: callbackContext.actions }) };
  return {};
}
