import type { Event } from '../events/event.js';
import type { Session } from './session.js';
import { applyScopedStateDelta, isEmptyStateDelta, liveStateTargets, NO_STATE_TARGETS, type StateTargets, withoutTempKeys } from './state-delta.js';

/**
 * The session reducer: the live session after `event` is stored. A partial event changes
 * nothing (the same session is returned). Otherwise the event is appended without its `temp:`
 * keys, its whole delta is applied to the state (`null` deletes; `temp:` values stay readable for
 * the rest of the invocation, and no store ever persists them) and `lastUpdateTime` advances.
 *
 * Pure: neither argument is modified. It is {@link commitEvent} applied to a copy of the session,
 * so folding either over the same events gives equal sessions.
 *
 * @example
 * ```ts
 * const s1 = applyEvent(s0, createEvent({ author: 'a', actions: { stateDelta: { n: 1, 'temp:t': 0 } } }));
 * s1.state;                        // { ...s0.state, n: 1, 'temp:t': 0 }
 * s1.events.at(-1)!.actions.stateDelta; // { n: 1 }
 * s0.events.length;                // unchanged
 * ```
 */
export function applyEvent(session: Session, event: Event): Session {
  if (event.partial) return session;
  const next: Session = { ...session, state: { ...session.state }, events: [...session.events] };
  commitEvent(next, event);
  return next;
}

/**
 * {@link applyEvent} in place, in O(delta), so that an append never copies the history: appends
 * the stored form of `event` (no `temp:` keys) to `session.events`, applies its delta to
 * `targets` and advances `session.lastUpdateTime`. Returns the stored event (the given event when
 * it has no `temp:` key); the event itself is never modified. A partial event is returned as is.
 *
 * `targets` (the state-scoping rules of {@link applyScopedStateDelta}) defaults to the session's
 * merged `state`, every scope and `temp:` included. A store whose app, user and session state live
 * apart passes its own records, and no `temp` record.
 *
 * @example
 * ```ts
 * const stored = commitEvent(session, event);
 * session.events.at(-1) === stored; // true
 * ```
 */
export function commitEvent(session: Session, event: Event, targets?: StateTargets): Event {
  if (event.partial) return event;
  // the live targets are built only for a delta that writes somewhere (most events have none)
  const stored = applyStoredEvent(session, event, targets ?? (isEmptyStateDelta(event.actions.stateDelta) ? NO_STATE_TARGETS : liveStateTargets(session.state)));
  session.events.push(stored);
  return stored;
}

/**
 * {@link commitEvent} without the append: applies `event`'s delta to `targets` and advances
 * `session.lastUpdateTime`; returns the stored form of the event. For a store whose history array
 * is shared with the live session that appends it.
 *
 * @example
 * ```ts
 * const stored = applyStoredEvent(session, event, targets); // session.events unchanged
 * ```
 */
export function applyStoredEvent(session: Session, event: Event, targets: StateTargets): Event {
  const stored = withoutTempKeys(event);
  applyScopedStateDelta(targets, event.actions.stateDelta);
  session.lastUpdateTime = stored.timestamp;
  return stored;
}
