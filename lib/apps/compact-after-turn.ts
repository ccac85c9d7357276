import { EMPTY, type OperatorFunction } from 'rxjs';
import type { ActiveEventsCompaction } from '../compaction/events-compaction-config.js';
import { slidingWindowEvents } from '../compaction/sliding-window-events.js';
import { summarizeAndStore } from '../compaction/summarize-events.js';
import type { Event } from '../events/event.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import { followedOffPath, type TurnEnd } from './off-path-tail.js';

/**
 * The Runner's sliding-window step: after the turn's events, {@link TURN_END}, then — off the
 * caller's path — the compaction the turn made due (`slidingWindowEvents`), summarised and
 * appended to `session` through `sessionService` (so the next turn, which waits for this one, sees
 * it). A failing summarizer or store loses nothing: it is reported to `onError` and the events
 * stay raw. Without a sliding window configured, only the marker is added.
 *
 * ```
 * turn:    --a--b--|
 * result:  --a--b--T--(summarize ─ append)--|
 * ```
 *
 * @example
 * ```ts
 * agentEvents$.pipe(compactAfterTurn(compaction, ctx.session, ctx.sessionService));
 * ```
 */
export function compactAfterTurn(
  compaction: ActiveEventsCompaction,
  session: Session,
  sessionService: BaseSessionService,
): OperatorFunction<Event, Event | TurnEnd> {
  return followedOffPath(() => {
    const { compactionInterval, overlapSize } = compaction;
    if (compactionInterval === undefined || overlapSize === undefined) return EMPTY;
    return summarizeAndStore(slidingWindowEvents(session.events, { compactionInterval, overlapSize }), {
      trigger: 'sliding_window',
      sessionId: session.id,
      summarizer: compaction.summarizer,
      onError: compaction.onError,
      ...(compaction.summarizerTimeoutMs ? { timeoutMs: compaction.summarizerTimeoutMs } : {}),
      store: (event) => sessionService.appendEvent(session, event),
    });
  });
}
