import { defer, map, Observable, of } from 'rxjs';
import type { Event } from '../events/event.js';
import { defaultIdGenerator, type IdGenerator } from '../utils/ids.js';
import { schedulerClock, type Clock } from '../utils/clock.js';
import {
  BaseSessionService,
  type CreateSessionRequest,
  type DeleteSessionRequest,
  type GetSessionRequest,
  type ListSessionsRequest,
  type ListSessionsResponse,
  type SessionRef,
} from './base-session-service.js';
import { SessionAlreadyExistsError } from './session-already-exists-error.js';
import type { Session } from './session.js';
import { selectEvents } from './select-events.js';
import { applyStoredEvent, commitEvent } from './apply-event.js';
import { applyScopedStateDelta, isEmptyStateDelta, NO_STATE_TARGETS, type StateTargets, withoutTempKeys } from './state-delta.js';

/**
 * A {@link BaseSessionService} in memory, for tests, examples and single-process apps. Every
 * method answers synchronously (`of(...)`), so runs over it stay in virtual time inside
 * `TestScheduler.run`.
 *
 * `getSession` returns a fresh session object each time (its own state record and event array);
 * events themselves are shared and treated as immutable once stored, so a read costs one array
 * copy and an append costs O(delta). A Runner's turn reads through {@link getSessionForRun}, whose
 * session shares the stored array, so a turn costs no copy of the history. Each stored session keeps only its own keys; `app:` and
 * `user:` keys live in shared records. An append goes through the session reducer
 * ({@link commitEvent}) with those records as its state targets, so this store applies the same
 * state-scoping rules as every other.
 *
 * @example
 * ```ts
 * const sessions = new InMemorySessionService();
 * sessions.createSession({ appName: 'app', userId: 'u1', state: { 'user:lang': 'fr' } })
 *   .subscribe((s) => console.log(s.id, s.state)); // '...', { 'user:lang': 'fr' }
 * ```
 */
export class InMemorySessionService extends BaseSessionService {
  private readonly sessions = new Map<string, Map<string, Map<string, Session>>>();
  private readonly appState = new Map<string, Record<string, unknown>>();
  private readonly userState = new Map<string, Map<string, Record<string, unknown>>>();
  private readonly idGenerator: IdGenerator;
  private readonly clock: Clock;

  constructor(options: { idGenerator?: IdGenerator; clock?: Clock } = {}) {
    super();
    this.idGenerator = options.idGenerator ?? defaultIdGenerator;
    this.clock = options.clock ?? schedulerClock;
  }

  createSession(request: CreateSessionRequest): Observable<Session> {
    return defer(() => {
      const id = request.sessionId?.trim() || this.idGenerator();
      const byUser = this.userSessions(request.appName, request.userId);
      if (byUser.has(id)) throw new SessionAlreadyExistsError({ appName: request.appName, userId: request.userId, sessionId: id });
      const stored: Session = {
        id,
        appName: request.appName,
        userId: request.userId,
        state: {},
        events: [],
        lastUpdateTime: this.clock(),
      };
      applyScopedStateDelta(this.targetsOf(stored), request.state ?? {});
      byUser.set(id, stored);
      return of(this.view(stored, []));
    });
  }

  getSession(request: GetSessionRequest): Observable<Session | undefined> {
    return defer(() => {
      const stored = this.find(request.appName, request.userId, request.sessionId);
      return of(stored && this.view(stored, selectEvents(stored.events, request.config)));
    });
  }

  /**
   * The session a Runner's turn runs on: {@link getSession} without events (so a subclass's
   * `getSession` still decides when and whether it answers), whose `events` is then the stored
   * history array itself. Appends through {@link appendEvent} land there once, so a turn never
   * copies the history; `getSession` still answers a copy. Unless a subclass overrides
   * `getSession`, this is one subscriber (no `defer`, `of` and `map`).
   */
  override getSessionForRun(ref: SessionRef): Observable<Session | undefined> {
    const { appName, userId, sessionId } = ref;
    if (this.getSession === InMemorySessionService.prototype.getSession) {
      return new Observable<Session | undefined>((subscriber) => {
        const stored = this.find(appName, userId, sessionId);
        subscriber.next(stored && this.view(stored, stored.events));
        subscriber.complete();
      });
    }
    return this.getSession({ appName, userId, sessionId, config: { numRecentEvents: 0 } }).pipe(map((session) => session && this.withStoredEvents(session)));
  }

  private withStoredEvents(session: Session): Session {
    const stored = this.find(session.appName, session.userId, session.id);
    return stored ? { ...session, events: stored.events } : session;
  }

  listSessions(request: ListSessionsRequest): Observable<ListSessionsResponse> {
    return defer(() => {
      const byApp = this.sessions.get(request.appName);
      const users = request.userId === undefined ? [...(byApp?.values() ?? [])] : [byApp?.get(request.userId)];
      const sessions: Session[] = [];
      for (const byUser of users) {
        for (const stored of byUser?.values() ?? []) sessions.push(this.view(stored, []));
      }
      return of({ sessions });
    });
  }

  deleteSession(request: DeleteSessionRequest): Observable<void> {
    return defer(() => {
      this.sessions.get(request.appName)?.get(request.userId)?.delete(request.sessionId);
      return of(undefined);
    });
  }

  /**
   * Stores `event` and commits it into `session`, as every store does ({@link BaseSessionService.appendEvent}),
   * in one subscriber: this store writes synchronously, so there is no `storeEvent` to wait for.
   * A subclass that overrides `storeEvent` (a slower or failing store) goes the common way.
   *
   * @example
   * ```ts
   * service.appendEvent(session, createEvent({ author: 'user' })).subscribe((stored) => render(stored));
   * ```
   */
  override appendEvent(session: Session, event: Event): Observable<Event> {
    if (event.partial || this.storeEvent !== InMemorySessionService.prototype.storeEvent) return super.appendEvent(session, event);
    return new Observable<Event>((subscriber) => {
      subscriber.next(this.storedAndCommitted(session, event));
      subscriber.complete();
    });
  }

  /**
   * {@link appendEvent} at once (this store writes synchronously), unless a subclass overrides
   * `appendEvent` or `storeEvent` (a slower or failing store): then `undefined`, and the caller
   * goes through `appendEvent`.
   *
   * @example
   * ```ts
   * service.appendEventNow(session, createEvent({ author: 'user' })); // the stored event
   * ```
   */
  override appendEventNow(session: Session, event: Event): Event | undefined {
    if (this.appendEvent !== InMemorySessionService.prototype.appendEvent || this.storeEvent !== InMemorySessionService.prototype.storeEvent) return undefined;
    return event.partial ? event : this.storedAndCommitted(session, event);
  }

  /** `event` stored (free of `temp:` keys) and committed into `session`: the committed event. */
  private storedAndCommitted(session: Session, event: Event): Event {
    if (isEmptyStateDelta(event.actions.stateDelta)) return this.storedAndCommittedAsIs(session, event);
    this.store(session, withoutTempKeys(event));
    return commitEvent(session, event);
  }

  /**
   * {@link storedAndCommitted} for an event whose delta is empty (most events): no `temp:` key to
   * drop and no state to write, so the event itself is stored and committed, with its delta looked
   * at once here instead of seven times (`withoutTempKeys` thrice, `isEmptyStateDelta` and the
   * delta's application twice each, on the store's and on the caller's side).
   */
  private storedAndCommittedAsIs(session: Session, event: Event): Event {
    const stored = this.storedSession(session);
    stored.lastUpdateTime = event.timestamp;
    // a live session (getSessionForRun) shares the stored array: the caller's commit appends to it
    if (session.events !== stored.events) stored.events.push(event);
    session.events.push(event);
    session.lastUpdateTime = event.timestamp;
    return event;
  }

  protected storeEvent(session: Session, event: Event): Observable<unknown> {
    return new Observable((subscriber) => {
      subscriber.next(this.store(session, event));
      subscriber.complete();
    });
  }

  /** Writes `event` (free of `temp:` keys) into the stored session; throws if there is none. */
  private store(session: Session, event: Event): Event {
    const stored = this.storedSession(session);
    const targets = isEmptyStateDelta(event.actions.stateDelta) ? NO_STATE_TARGETS : this.targetsOf(stored);
    // a live session (getSessionForRun) shares the stored array: the caller's commit appends to it
    return session.events === stored.events ? applyStoredEvent(stored, event, targets) : commitEvent(stored, event, targets);
  }

  /** The stored session that `session` is a view of; throws if there is none. */
  private storedSession(session: Session): Session {
    const stored = this.find(session.appName, session.userId, session.id);
    if (!stored) {
      throw new Error(`Cannot append to session "${session.id}" (app "${session.appName}", user "${session.userId}"): it does not exist.`);
    }
    return stored;
  }

  /** A session object for the caller: its own merged state record, and `events`. */
  private view(stored: Session, events: Event[]): Session {
    return {
      id: stored.id,
      appName: stored.appName,
      userId: stored.userId,
      state: {
        ...this.appState.get(stored.appName),
        ...this.userState.get(stored.appName)?.get(stored.userId),
        ...stored.state,
      },
      events,
      lastUpdateTime: stored.lastUpdateTime,
    };
  }

  /** Where a stored session's state scopes live: shared app and user records, its own record; no `temp:`. */
  private targetsOf(stored: Session): StateTargets {
    return {
      app: this.appStateOf(stored.appName),
      user: this.userStateOf(stored.appName, stored.userId),
      session: stored.state,
    };
  }

  private find(appName: string, userId: string, sessionId: string): Session | undefined {
    return this.sessions.get(appName)?.get(userId)?.get(sessionId);
  }

  private userSessions(appName: string, userId: string): Map<string, Session> {
    let byApp = this.sessions.get(appName);
    if (!byApp) this.sessions.set(appName, (byApp = new Map()));
    let byUser = byApp.get(userId);
    if (!byUser) byApp.set(userId, (byUser = new Map()));
    return byUser;
  }

  private appStateOf(appName: string): Record<string, unknown> {
    let state = this.appState.get(appName);
    if (!state) this.appState.set(appName, (state = {}));
    return state;
  }

  private userStateOf(appName: string, userId: string): Record<string, unknown> {
    let byApp = this.userState.get(appName);
    if (!byApp) this.userState.set(appName, (byApp = new Map()));
    let state = byApp.get(userId);
    if (!state) byApp.set(userId, (state = {}));
    return state;
  }
}
