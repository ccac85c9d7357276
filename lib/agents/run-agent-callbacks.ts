import type { Content } from '@google/genai';
import { defaultIfEmpty, defer, EMPTY, map, type Observable, of } from 'rxjs';
import { CallbackContext } from '../context/callback-context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { hasActions } from '../events/event-actions.js';
import type { Event } from '../events/event.js';
import type { AgentCallback } from '../plugins/callback-types.js';
import { runCallbackChain } from '../plugins/run-callback-chain.js';

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
 * Runs the before- or after-agent chain (plugins first, then the agent's callbacks, first
 * defined wins) with one shared {@link CallbackContext}, and emits exactly one outcome.
 *
 * ```
 * callbacks: cb1 sets state → |     cb2 → (content|)     cb3 (never called)
 * outcome:   ({ content, event: { content, stateDelta of cb1 + cb2 } }|)
 * ```
 *
 * @example
 * ```ts
 * runAgentCallbacks(ctx, 'beforeAgentCallback', [checkAccess]).subscribe(({ content, event }) => ...);
 * ```
 */
export function runAgentCallbacks(
  ctx: InvocationContext,
  hook: 'beforeAgentCallback' | 'afterAgentCallback',
  callbacks: readonly AgentCallback[],
): Observable<AgentCallbackOutcome> {
  return defer(() => {
    const callbackContext = new CallbackContext(ctx);
    const chain = runCallbackChain(ctx.pluginManager, hook, callbacks, callbackContext);
    if (chain === EMPTY) return of(NOTHING);
    return chain.pipe(
      defaultIfEmpty(undefined),
      map((content) => outcomeOf(ctx, callbackContext, content)),
    );
  });
}

const NOTHING: AgentCallbackOutcome = Object.freeze({});

function outcomeOf(ctx: InvocationContext, callbackContext: CallbackContext, content: Content | undefined): AgentCallbackOutcome {
  if (content) return { content, event: ctx.createEvent({ content, actions: callbackContext.actions }) };
  if (hasActions(callbackContext.actions)) return { event: ctx.createEvent({ actions: callbackContext.actions }) };
  return {};
}
