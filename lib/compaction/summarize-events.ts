import { catchError, concatMap, defaultIfEmpty, defer, EMPTY, type Observable, take, throwError, timeout } from 'rxjs';
import type { Event } from '../events/event.js';
import { isCompactionEvent } from '../events/event-compaction.js';
import type { BaseEventsSummarizer } from './base-events-summarizer.js';
import { type CompactionTrigger, EventCompactionError } from './event-compaction-error.js';
import type { EventsCompactionConfig } from './events-compaction-config.js';

/** How long a summary may take by default (ms). */
export const DEFAULT_SUMMARIZER_TIMEOUT_MS = 120_000;

/** Where a compaction runs: what {@link summarizeAndStore} needs besides the events. */
export interface CompactionSite<R = unknown> {
  trigger: CompactionTrigger;
  sessionId: string;
  summarizer: BaseEventsSummarizer;
  onError: EventsCompactionConfig['onError'];
  /** Gives the summary up after this long (ms, RxJS scheduler). Default 120 000. */
  timeoutMs?: number;
  /** Commits the compaction event (the Runner's append, or `ctx.emit`). */
  store: (event: Event) => Observable<R>;
}

/**
 * Summarises `events` and stores the compaction event, losing nothing on failure: an error from
 * the summarizer or the store, no answer within `timeoutMs`, or a summary that is not a
 * compaction event, becomes an
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
    timeout({ first: site.timeoutMs ?? DEFAULT_SUMMARIZER_TIMEOUT_MS, with: () => throwError(() => new Error(`the summarizer gave no answer within ${site.timeoutMs ?? DEFAULT_SUMMARIZER_TIMEOUT_MS} ms`)) }),
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

