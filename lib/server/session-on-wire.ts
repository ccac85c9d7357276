import type { Session } from '../sessions/session.js';

/**
 * A session as ADK's HTTP API sends it: `lastUpdateTime` in seconds (rxadk keeps milliseconds).
 *
 * @example
 * ```ts
 * sessionOnWire({ ...session, lastUpdateTime: 1_764_000_000_500 }).lastUpdateTime; // 1764000000.5
 * ```
 */
export function sessionOnWire(session: Session): Session {
  return { ...session, lastUpdateTime: session.lastUpdateTime / 1000 };
}
