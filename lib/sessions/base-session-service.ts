import { Observable, of } from 'rxjs';
import type { Event } from '../events/event.js';
import { commitEvent } from './apply-event.js';
import type { Session } from './session.js';
import { withoutTempKeys } from './state-delta.js';

/** Arguments of {@link BaseSessionService.createSession}. */
export interface CreateSessionRequest {
  appName: string;
  userId: string;
  state?: Record<string, unknown>;
  sessionId?: string;
}

/** The triple that identifies a session. */
export interface SessionRef {
  appName: string;
  userId: string;
  sessionId: string;
}

/** Arguments of {@link BaseSessionService.getSession}. */
export interface GetSessionRequest {
  appName: string;
  userId: string;
  sessionId: string;
  config?: GetSessionConfig;
}

/** Narrows the events {@link BaseSessionService.getSession} returns. */
export interface GetSessionConfig {
  /** Only the last N events (0 → none). */
  numRecentEvents?: number;
  /** Only events whose timestamp is at or after this time (ms). */
  afterTimestamp?: number;
}

/** Arguments of {@link BaseSessionService.listSessions}. */
export interface ListSessionsRequest {
  appName: string;
  userId?: string;
}

/** What {@link BaseSessionService.listSessions} returns: sessions without their events. */
export interface ListSessionsResponse {
  sessions: Session[];
}

/** Arguments of {@link BaseSessionService.deleteSession}. */
export interface DeleteSessionRequest {
  appName: string;
  userId: string;
  sessionId: string;
}

/**
 * Stores sessions and their events. Every method returns a cold Observable. A session is found
 * only by the (appName, userId, sessionId) triple.
 *
 * `appendEvent` is implemented here once for every store: a partial event is returned untouched
 * and not stored; otherwise the event loses its `temp:` keys, the subclass persists it with
 * {@link storeEvent}, and only then is it committed to the live `session` object the caller holds
 * (so a failed write leaves the live session as it was).
 *
 * @example
 * ```ts
 * class MyStore extends BaseSessionService {
 *   // createSession, getSession, listSessions, deleteSession ...
 *   protected storeEvent(session: Session, event: Event) { return db.insert(session, event); }
 * }
 * ```
 */
export abstract class BaseSessionService {
  abstract createSession(request: CreateSessionRequest): Observable<Session>;
  abstract getSession(request: GetSessionRequest): Observable<Session | undefined>;
  abstract listSessions(request: ListSessionsRequest): Observable<ListSessionsResponse>;
  abstract deleteSession(request: DeleteSessionRequest): Observable<void>;

  /** Persists `event` (already free of `temp:` keys) for `session`. Emits once when durable. */
  protected abstract storeEvent(session: Session, event: Event): Observable<unknown>;

  /**
   * Runs `invocation` while holding this store's lock on the session, so that runs on one session
   * are serialised across processes (SPEC §6). The Runner wraps every invocation in it, inside its
   * own in-process queue. The default holds no lock: a store that is used by one process only
   * needs none. A store shared by several processes overrides it (PostgreSQL: a per-session
   * advisory lock with a bounded wait).
   *
   * @example
   * ```ts
   * sessionService.withSessionLock({ appName, userId, sessionId }, runOneTurn$).subscribe();
   * ```
   */
  withSessionLock<T>(ref: SessionRef, invocation: Observable<T>): Observable<T> {
    void ref;
    return invocation;
  }

  /**
   * The session an invocation runs on: the Runner loads it with this, once per turn, under the
   * session's lock. By default {@link getSession}. A store may answer a *live* session instead,
   * one that shares its stored history array rather than copying it (so that a turn costs the
   * same on a long session), as long as {@link appendEvent} on it stores each event exactly once.
   *
   * @example
   * ```ts
   * sessionService.getSessionForRun({ appName, userId, sessionId }).subscribe((session) => run(session));
   * ```
   */
  getSessionForRun(ref: SessionRef): Observable<Session | undefined> {
    return this.getSession(ref);
  }

  /**
   * {@link appendEvent} done at once, for a store that writes synchronously: `event` stored and
   * committed into `session`, and the stored event returned (a partial event untouched), as
   * `appendEvent`'s Observable would emit it before completing; a store that cannot write
   * synchronously returns `undefined` (the default), and its caller subscribes to `appendEvent`.
   * A throw is the store's error. The Runner's commit step asks it first for each event, so a
   * synchronous store costs no Observable per event.
   *
   * @example
   * ```ts
   * const stored = service.appendEventNow(session, event);
   * (stored === undefined ? service.appendEvent(session, event) : of(stored)).subscribe(render);
   * ```
   */
  appendEventNow(_session: Session, _event: Event): Event | undefined {
    return undefined;
  }

  /** Stores `event` and commits it into `session`; emits the stored event. */
  appendEvent(session: Session, event: Event): Observable<Event> {
    if (event.partial) return of(event);
    // one subscriber where `defer` + `map` take three: every event of every run comes through here
    return new Observable<Event>((subscriber) =>
      this.storeEvent(session, withoutTempKeys(event)).subscribe({
        next: () => {
          let committed: Event;
          try {
            committed = commitEvent(session, event);
          } catch (error) {
            subscriber.error(error);
            return;
          }
          subscriber.next(committed);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    );
  }
}
