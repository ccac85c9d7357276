import type { Event } from '../events/event.js';
import type { InvocationContext } from './invocation-context.js';

/**
 * A checkpoint event of the agent of `ctx` (authored by it, on its branch, no content): its
 * `state` (ADK's `agent_state`), or with `'end'` the fact that it has finished (ADK's
 * `end_of_agent`). Written only by resumable apps.
 *
 * @example
 * ```ts
 * ctx.emit(agentCheckpoint(ctx, { current_sub_agent: 'writer' }));
 * ctx.emit(agentCheckpoint(ctx, 'end'));
 * ```
 */
export function agentCheckpoint(ctx: InvocationContext, state: Record<string, unknown> | 'end'): Event {
  return ctx.createEvent({ actions: state === 'end' ? { endOfAgent: true } : { agentState: state } });
}
