import type { InvocationContext } from '../context/invocation-context.js';
import { createEventActions } from '../events/event-actions.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../models/llm-response.js';
import { modelEventActions, type ModelEventBase } from './model-call-event-base.js';

/**
 * The event for one streamed chunk without function calls: what `modelResponseEvent` builds
 * for it (the same fields, in the same order: invocation, author, branch, the call's id, a snapshot
 * of its actions, the response's fields, then the time), built as one object. A chunk is never
 * stored and its content has no call to give an id to, so there is nothing else to do, and the
 * chunk path pays for one event and one actions snapshot instead of the copies `ctx.createEvent`
 * makes of an event built for any caller.
 *
 * @example
 * ```ts
 * const chunk = partialResponseEvent(ctx, { id, actions }, { partial: true, content: { role: 'model', parts: [{ text: 'Hel' }] } });
 * ```
 */
export function partialResponseEvent(ctx: InvocationContext, base: ModelEventBase, response: LlmResponse): Event {
  const actions = modelEventActions(base) ?? createEventActions();
  const event = (
    ctx.branch === undefined
      ? { invocationId: ctx.invocationId, author: ctx.agent.name, id: base.id, actions, ...response }
      : { invocationId: ctx.invocationId, author: ctx.agent.name, branch: ctx.branch, id: base.id, actions, ...response }
  ) as Event;
  event.timestamp ??= ctx.clock();
  return event;
}
