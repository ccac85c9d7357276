import type { Observable } from 'rxjs';
import type { Event, NodeContext } from '../../../lib/index.js';

/** What a node's event says, as ADK Python's `Event(message=…, state=…, route=…)` does. */
export interface NodeEventParts {
  /** Shown to the user: user-role content, as ADK's recordings store a node's message. */
  message?: string;
  /** Written to the session state with the event. */
  state?: Record<string, unknown>;
  /** The route the node takes (a key of its routing map). */
  route?: string;
}

/**
 * Emits an event of the running node (authored by the workflow, with the node's `nodeInfo`) —
 * the TypeScript for ADK Python's `yield Event(message=…, state=…, route=…)`. Completes once the
 * event is committed; concat it with what the node does next.
 *
 * @example
 * ```ts
 * function process_input(ctx: NodeContext, input: string) {
 *   return nodeEvent(ctx, { state: { input } });
 * }
 * ```
 */
export function nodeEvent(ctx: NodeContext, parts: NodeEventParts): Observable<Event> {
  return ctx.emit(
    ctx.createEvent({
      ...(parts.message !== undefined ? { content: { role: 'user', parts: [{ text: parts.message }] } } : {}),
      actions: {
        ...(parts.state !== undefined ? { stateDelta: parts.state } : {}),
        ...(parts.route !== undefined ? { route: parts.route } : {}),
      },
    }),
  );
}
