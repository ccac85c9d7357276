import type { Observable } from 'rxjs';
import type { Event } from '../events/event.js';

/**
 * Turns a run of session events into one compaction event (ADK's `BaseEventsSummarizer`): an
 * event authored `user` whose `actions.compaction` holds `{startTimestamp, endTimestamp,
 * compactedContent}` — usually the first and last event's timestamps and a summary of what they
 * said. Emits that event, or `undefined` (or nothing) when there is nothing to summarise. Cold;
 * an error is reported by the caller and loses nothing (the events stay raw, and the next
 * trigger tries again).
 *
 * @example
 * ```ts
 * class FirstWords extends BaseEventsSummarizer {
 *   maybeSummarizeEvents(events: readonly Event[]) {
 *     return of(createEvent({ author: 'user', actions: { compaction: {
 *       startTimestamp: events[0]!.timestamp, endTimestamp: events.at(-1)!.timestamp,
 *       compactedContent: { role: 'model', parts: [{ text: `${events.length} events about the weather` }] },
 *     } } }));
 *   }
 * }
 * ```
 */
export abstract class BaseEventsSummarizer {
  abstract maybeSummarizeEvents(events: readonly Event[]): Observable<Event | undefined>;
}
