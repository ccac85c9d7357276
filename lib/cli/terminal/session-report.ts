import type { Session } from '../../sessions/session.js';
import { simplifyEvent } from '../../testing/simplify-events.js';

/**
 * `/state`: the session's state as indented JSON (with `app:` and `user:` keys).
 *
 * @example
 * ```ts
 * formatSessionState(session); // '{\n  "turns": 1\n}\n'
 * ```
 */
export function formatSessionState(session: Session): string {
  return `${JSON.stringify(session.state, null, 2)}\n`;
}

/**
 * `/events`: the session's stored events, one simplified line each, numbered.
 *
 * @example
 * ```ts
 * formatSessionEvents(session);
 * // '  1. user: What is the weather in Paris?\n  2. weather_agent: call get_weather({"city":"Paris"})\n...'
 * ```
 */
export function formatSessionEvents(session: Session): string {
  if (session.events.length === 0) return '(no events yet)\n';
  const width = String(session.events.length).length;
  return session.events.map((event, i) => `  ${String(i + 1).padStart(width)}. ${simplifyEvent(event)}\n`).join('');
}
