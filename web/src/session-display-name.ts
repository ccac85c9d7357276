import type { Session } from '../../lib/sessions/session.js';

/** The state key where ADK's dev UI (adk-web) keeps a session's metadata, its display name among it. */
export const SESSION_METADATA_KEY = '__session_metadata__';

/**
 * The display name a session was given (adk-web's `state.__session_metadata__.displayName`, so
 * both UIs show the same names), or `undefined`.
 *
 * @example
 * ```ts
 * displayNameOf({ ...session, state: { __session_metadata__: { displayName: 'Trip plans' } } }); // 'Trip plans'
 * ```
 */
export function displayNameOf(session: Pick<Session, 'state'>): string | undefined {
  const metadata = session.state[SESSION_METADATA_KEY];
  const name = typeof metadata === 'object' && metadata !== null ? (metadata as { displayName?: unknown }).displayName : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/**
 * The state delta that renames a session, keeping the rest of its metadata.
 *
 * @example
 * ```ts
 * displayNameDelta(session, 'Trip plans'); // { __session_metadata__: { displayName: 'Trip plans' } }
 * ```
 */
export function displayNameDelta(session: Pick<Session, 'state'>, name: string): Record<string, unknown> {
  const metadata = session.state[SESSION_METADATA_KEY];
  const kept = typeof metadata === 'object' && metadata !== null ? metadata : {};
  return { [SESSION_METADATA_KEY]: { ...kept, displayName: name } };
}
