import type { Event } from '../events/event.js';

/**
 * True when `value` has the shape of an {@link Event} (an id, an author, an invocation id, actions
 * and a timestamp): how a function node's Observable tells the events it emits from its output.
 *
 * @example
 * ```ts
 * isEvent(ctx.createEvent({ actions: { route: 'ok' } })); // true
 * isEvent({ route: 'ok' });                                // false: an output
 * ```
 */
export function isEvent(value: unknown): value is Event {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Event>;
  return typeof v.id === 'string' && typeof v.author === 'string' && typeof v.invocationId === 'string' &&
    typeof v.timestamp === 'number' && typeof v.actions === 'object' && v.actions !== null;
}
