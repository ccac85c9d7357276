import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import type { FlowAgent } from './flow-agent.js';

/**
 * In a resumable app, the model event of `agent` whose calls the interrupted step left open: the
 * latest committed event of this invocation on this branch, when it is that agent's model event
 * with function calls (nothing answered them: the process died, or the invocation paused there
 * and is resumed without an answer). The resumed step executes those calls again, under their own
 * ids, instead of calling the model (ADK Python does the same): tools must be idempotent.
 * `undefined` otherwise, and always outside a resumable app.
 *
 * ```
 * stored:  user ─ a{call c1} ✕                 resumed step:  a{response c1}  (the tool runs again)
 * ```
 *
 * @example
 * ```ts
 * callsLeftOpen(ctx, agent); // the `a{call c1}` event above, after a crash
 * ```
 */
export function callsLeftOpen(ctx: InvocationContext, agent: FlowAgent): Event | undefined {
  if (!ctx.isResumable) return undefined;
  const events = ctx.session.events;
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.invocationId !== ctx.invocationId || (event.branch !== ctx.branch && event.author !== 'user')) continue;
    return event.author === agent.name && !event.partial && getFunctionCalls(event).length > 0 ? event : undefined;
  }
  return undefined;
}
