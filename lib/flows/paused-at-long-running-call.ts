import type { InvocationContext } from '../context/invocation-context.js';
import { isPausePoint } from '../events/is-pause-point.js';

/**
 * True when the invocation of `ctx` is to pause here: the app is resumable and one of the last two
 * committed events of this invocation on this branch (a user event is on every branch) calls a long-running function (the call, or
 * the call and the tool's immediate answer; ADK Python's LlmAgent checks the same two). The agent
 * then stops without `endOfAgent`, to be resumed when the answer arrives.
 *
 * @example
 * ```ts
 * pausedAtLongRunningCall(ctx); // true right after `approve` (long-running) was called
 * ```
 */
export function pausedAtLongRunningCall(ctx: InvocationContext): boolean {
  if (!ctx.isResumable) return false;
  const events = ctx.session.events;
  let seen = 0;
  for (let i = events.length - 1; i >= 0 && seen < 2; i--) {
    const event = events[i]!;
    if (event.invocationId !== ctx.invocationId || (event.branch !== ctx.branch && event.author !== 'user')) continue;
    if (isPausePoint(event)) return true;
    seen++;
  }
  return false;
}
