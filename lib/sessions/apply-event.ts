import type { Event } from '../events/event.js';
import type { Session } from './session.js';
import { applyStateDelta, withoutTempKeys } from './state-delta.js';

/**
 * The pure session reducer: the session after `event` is stored. A partial event changes nothing;
 * otherwise the event (without its `temp:` keys) is appended, its state delta applied (`null`
 * deletes) and `lastUpdateTime` advanced. Neither argument is modified.
 *
 * Session services use {@link commitEvent}, its in-place twin, so that an append never copies
 * the history.
 *
 * @example
 * ```ts
 * const s1 = applyEvent(s0, createEvent({ author: 'a', actions: { stateDelta: { n: 1, 'temp:t': 0 } } }));
 * s1.state;          // { n: 1 }
 * s1.events.length;  // s0.events.length + 1
 * ```
 */
export function applyEvent(session: Session, event: Event): Session {
  if (event.partial) return session;
  const stored = withoutTempKeys(event);
  return {
    ...session,
    state: applyStateDelta({ ...session.state }, stored.actions.stateDelta),
    events: [...session.events, stored],
    lastUpdateTime: stored.timestamp,
  };
}

/**
 * Commits `event` into a live session object, in place, in O(delta): appends the stored form of
 * the event (no `temp:` keys) and applies the event's full delta to `session.state`, `temp:` keys
 * included, so that they stay readable for the rest of the invocation. Returns the stored event.
 *
 * @example
 * ```ts
 * const stored = commitEvent(session, event);
 * session.events.at(-1) === stored; // true
 * ```
 */
export function commitEvent(session: Session, event: Event): Event {
  if (event.partial) return event;
  const stored = withoutTempKeys(event);
  applyStateDelta(session.state, event.actions.stateDelta);
  session.events.push(stored);
  session.lastUpdateTime = stored.timestamp;
  return stored;
}
