import { assignOwn } from '../utils/set-own.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { createEventActions, type EventActions } from '../events/event-actions.js';
import type { Event } from '../events/event.js';

/**
 * Merges the function-response events of one model response into one event: parts in call
 * order (role `user`), actions merged (deltas combined, later calls win on the same key,
 * signals such as `escalate` or `transferToAgent` kept). One event is returned as it is.
 *
 * @example
 * ```ts
 * mergeFunctionResponseEvents(ctx, [weatherResponse, timeResponse]).content.parts.length; // 2
 * ```
 */
export function mergeFunctionResponseEvents(ctx: InvocationContext, events: readonly Event[]): Event {
  if (events.length === 1) return events[0]!;
  return ctx.createEvent({
    content: { role: 'user', parts: events.flatMap((e) => e.content?.parts ?? []) },
    actions: mergeActions(events.map((e) => e.actions)),
  });
}

/**
 * Deep-merges several actions, in order.
 *
 * @example
 * ```ts
 * mergeActions([createEventActions({ stateDelta: { a: 1 } }), createEventActions({ escalate: true })]);
 * // { stateDelta: { a: 1 }, artifactDelta: {}, requestedToolConfirmations: {}, escalate: true }
 * ```
 */
export function mergeActions(all: readonly EventActions[]): EventActions {
  const merged = createEventActions();
  for (const actions of all) {
    assignOwn(merged.stateDelta, actions.stateDelta);
    assignOwn(merged.artifactDelta, actions.artifactDelta);
    assignOwn(merged.requestedToolConfirmations, actions.requestedToolConfirmations);
    if (actions.transferToAgent !== undefined) merged.transferToAgent = actions.transferToAgent;
    if (actions.escalate !== undefined) merged.escalate = actions.escalate;
    if (actions.skipSummarization !== undefined) merged.skipSummarization = actions.skipSummarization;
    if (actions.endOfAgent !== undefined) merged.endOfAgent = actions.endOfAgent;
  }
  return merged;
}
