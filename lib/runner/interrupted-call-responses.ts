import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { unansweredFunctionCalls } from '../events/unanswered-function-calls.js';

/** What the model is told about a call that a previous turn left unanswered (ADK's `{error}` shape). */
export const INTERRUPTED_CALL_ERROR = 'The call was interrupted before it finished.';

/**
 * "Repair on read" (SPEC §6, whole turns): one function-response event for each stored model
 * event whose calls were never answered (an unsubscribe, a dead process, a lost store), answering
 * each with `{error: 'The call was interrupted before it finished.'}`. Authored by the agent that
 * made the calls, on its branch, in this invocation. The Runner commits them right after the new
 * user event (so an answer in that message counts) and before anything else runs.
 *
 * ```
 * session:  … model{call c1 (get_weather)}            ← the process died here
 * next turn: user ─ weather_agent{response c1: {error: 'The call was interrupted…'}} ─ …
 * ```
 *
 * @example
 * ```ts
 * interruptedCallResponses(ctx).length; // 0 for a whole session
 * ```
 */
export function interruptedCallResponses(ctx: InvocationContext): Event[] {
  return unansweredFunctionCalls(ctx.session.events).map(({ event, calls }) =>
    ctx.createEvent({
      author: event.author,
      ...(event.branch !== undefined ? { branch: event.branch } : {}),
      content: {
        role: 'user',
        parts: calls.map((call) => ({ functionResponse: { id: call.id!, name: call.name ?? '', response: { error: INTERRUPTED_CALL_ERROR } } })),
      },
    }),
  );
}
