import { concatMap, type Observable, tap, timer } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import type { Session } from '../../lib/sessions/session.js';

/**
 * An in-memory store whose writes take `ms` (virtual time inside TestScheduler.run), like a
 * database: the event becomes visible to `getSession` only when the write completes.
 */
export class DelayedSessionService extends InMemorySessionService {
  /** Ids of events in the order they became durable. */
  readonly durable: string[] = [];

  constructor(private readonly ms: number) {
    super();
  }

  protected override storeEvent(session: Session, event: Event): Observable<unknown> {
    return timer(this.ms).pipe(
      concatMap(() => super.storeEvent(session, event)),
      tap(() => this.durable.push(event.id)),
    );
  }
}
