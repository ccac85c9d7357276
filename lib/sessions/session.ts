import type { Event } from '../events/event.js';

/**
 * One conversation between a user and an app: its state and its event history. Plain data.
 * `state` holds the session's own keys merged with the app's (`app:`) and the user's (`user:`).
 */
export interface Session {
  id: string;
  appName: string;
  userId: string;
  state: Record<string, unknown>;
  events: Event[];
  /** Milliseconds: the timestamp of the last stored event (or the creation time). */
  lastUpdateTime: number;
}

/**
 * Builds a {@link Session} value.
 *
 * @example
 * ```ts
 * newSession({ id: 's1', appName: 'app', userId: 'u1' });
 * // { id: 's1', appName: 'app', userId: 'u1', state: {}, events: [], lastUpdateTime: 0 }
 * ```
 */
export function newSession(
  fields: Pick<Session, 'id' | 'appName' | 'userId'> & Partial<Pick<Session, 'state' | 'events' | 'lastUpdateTime'>>,
): Session {
  return {
    id: fields.id,
    appName: fields.appName,
    userId: fields.userId,
    state: fields.state ?? {},
    events: fields.events ?? [],
    lastUpdateTime: fields.lastUpdateTime ?? 0,
  };
}
