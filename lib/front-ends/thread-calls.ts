import type { Event } from '../events/event.js';

/**
 * The function calls a thread's stored events made, by id (id → tool name), and the ids some
 * later event answered. A call that is not answered is open: a client tool, a confirmation or a
 * long-running tool waiting on the client.
 *
 * @example
 * ```ts
 * const calls = threadCalls(session.events);
 * const open = [...calls.made.keys()].filter((id) => !calls.answered.has(id));
 * ```
 */
export interface ThreadCalls {
  made: ReadonlyMap<string, string>;
  answered: ReadonlySet<string>;
}

/**
 * Reads {@link ThreadCalls} from stored events (partial events are never stored, and are skipped).
 *
 * @example
 * ```ts
 * threadCalls(session.events).made.get('adk-123'); // 'get_weather'
 * ```
 */
export function threadCalls(events: readonly Event[]): ThreadCalls {
  const made = new Map<string, string>();
  const answered = new Set<string>();
  for (const event of events) {
    if (event.partial) continue;
    for (const part of event.content?.parts ?? []) {
      if (part.functionCall?.id && event.author !== 'user') made.set(part.functionCall.id, part.functionCall.name ?? '');
      if (part.functionResponse?.id) answered.add(part.functionResponse.id);
    }
  }
  return { made, answered };
}
