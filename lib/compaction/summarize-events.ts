import { catchError, concatMap, defaultIfEmpty, defer, EMPTY, type Observable, take } from 'rxjs';
import type { Event } from '../events/event.js';
import { isCompactionEvent } from '../events/event-compaction.js';
import type { BaseEventsSummarizer } from './base-events-summarizer.js';
import { type CompactionTrigger, EventCompactionError } from './event-compaction-error.js';
import type { EventsCompactionConfig } from './events-compaction-config.js';

/** Where a compaction runs: what {@link summarizeAndStore} needs besides the events. */
export interface CompactionSite<R = unknown> {
  trigger: CompactionTrigger;
  sessionId: string;
  summarizer: BaseEventsSummarizer;
  onError: EventsCompactionConfig['onError'];
  /** Commits the compaction event (the Runner's append, or `ctx.emit`). */
  store: (event: Event) => Observable<R>;
}

/**
 * Summarises `events` and stores the compaction event, losing nothing on failure: an error from
 * the summarizer or the store, or a summary that is not a compaction event, becomes an
 * {@link EventCompactionError} given to `onError` (default `console.warn`), and the stream
 * completes as if nothing had been summarised. Emits what `store` emits.
 *
 * ```
 * summarizer:  ──s|          ──#            ──|  (nothing to say)
 * result:      ──(store s)|  ──| + onError  ──|
 * ```
 *
 * @example
 * ```ts
 * summarizeAndStore(events, { trigger: 'sliding_window', sessionId, summarizer, onError: undefined,
 *   store: (e) => sessionService.appendEvent(session, e) }).subscribe();
 * ```
 */
export function summarizeAndStore<R>(events: readonly Event[], site: CompactionSite<R>): Observable<R> {
  if (events.length === 0) return EMPTY;
  return defer(() => site.summarizer.maybeSummarizeEvents(events)).pipe(
    take(1),
    defaultIfEmpty(undefined),
    concatMap((event): Observable<R> => {
      if (event === undefined) return EMPTY;
      if (!isCompactionEvent(event)) {
        throw new TypeError('the summarizer returned an event without actions.compaction {startTimestamp, endTimestamp, compactedContent}');
      }
      return site.store(event);
    }),
    catchError((cause: unknown) => {
      report(site, new EventCompactionError({ trigger: site.trigger, sessionId: site.sessionId, cause }));
      return EMPTY;
    }),
  );
}

function report(site: CompactionSite<unknown>, error: EventCompactionError): void {
  try {
    if (site.onError) return site.onError(error);
  } catch (failure) {
    console.warn('eventsCompaction.onError threw:', failure);
  }
  console.warn(error, { cause: error.cause });
}

