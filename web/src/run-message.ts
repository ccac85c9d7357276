import type { Content } from '@google/genai';
import type { Event } from '../../lib/events/event.js';
import type { TraceEntry } from '../../lib/server/trace-entry.js';
import type { SseFrame } from './parse-sse.js';

/**
 * What the UI shows in a turn, in order: the agent's events and the hooks that fired (both from
 * `POST /run_sse` live, or rebuilt from a stored session), the user's message, a run error, and
 * the cancellation of a run (Stop).
 *
 * @example
 * ```ts
 * const message: RunMessage = { kind: 'trace', entry: { seq: 1, hook: 'onUserMessage', ... } };
 * ```
 */
export type RunMessage =
  | { kind: 'event'; event: Event }
  | { kind: 'trace'; entry: TraceEntry }
  | { kind: 'user'; content: Content }
  | { kind: 'error'; error: string }
  /**
   * Stop was pressed: the run was unsubscribed (its connection closed). Rebuilt from a stored
   * session, `detail` says why the turn counts as cancelled.
   */
  | { kind: 'cancelled'; detail?: string };

/**
 * The message a `/run_sse` frame carries: `event: trace` → a hook, `event: error` → the run's
 * error, a plain `data:` frame → an agent event.
 *
 * @example
 * ```ts
 * runMessageOf({ event: 'error', data: '{"error":"boom"}' }); // { kind: 'error', error: 'boom' }
 * ```
 */
export function runMessageOf(frame: SseFrame): RunMessage {
  const data = JSON.parse(frame.data) as unknown;
  if (frame.event === 'trace') return { kind: 'trace', entry: data as TraceEntry };
  if (frame.event === 'error') return { kind: 'error', error: String((data as { error?: unknown }).error ?? 'The run failed.') };
  return { kind: 'event', event: data as Event };
}
