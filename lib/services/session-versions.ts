import type { Session } from '../sessions/session.js';
import { StaleSessionError } from '../utils/errors.js';

/** What a store knows about a session when a writer appends to it. */
export interface StoredSessionVersion {
  /** The number of events stored so far (every append adds one). */
  version: number;
  lastUpdateTime: number;
}

/**
 * Remembers which version of a stored session each live `Session` object reflects, so that a
 * writer whose view is stale is refused with a {@link StaleSessionError} instead of silently
 * writing over what another writer stored in between.
 *
 * Every `Session` a store hands out (`createSession`, `getSession`, `listSessions`) is
 * remembered with the version it was read at, and moves on with each append made through it.
 * A `Session` object the store never handed out (built by hand, or sent over the wire) falls
 * back to Google ADK's rule: it is stale when the stored `lastUpdateTime` is later than its own.
 *
 * @example
 * ```ts
 * const versions = new SessionVersions();
 * versions.remember(session, 3);
 * versions.assertFresh(session, { version: 4, lastUpdateTime: 10 }); // throws StaleSessionError
 * ```
 */
export class SessionVersions {
  private readonly known = new WeakMap<Session, number>();

  /** Records that `session` reflects `version` of the stored session. */
  remember<S extends Session>(session: S, version: number): S {
    this.known.set(session, version);
    return session;
  }

  /** The version `session` reflects, if the store handed it out. */
  versionOf(session: Session): number | undefined {
    return this.known.get(session);
  }

  /** Throws {@link StaleSessionError} unless `session` reflects what is stored. */
  assertFresh(session: Session, stored: StoredSessionVersion): void {
    const known = this.known.get(session);
    const stale = known !== undefined ? known !== stored.version : stored.lastUpdateTime > session.lastUpdateTime;
    if (!stale) return;
    throw new StaleSessionError({
      sessionId: session.id,
      message:
        `Session "${session.id}" (app "${session.appName}", user "${session.userId}") was changed by another ` +
        `writer since this copy was loaded (` +
        (known !== undefined
          ? `this copy has seen ${known} events, the store now has ${stored.version}`
          : `stored lastUpdateTime ${stored.lastUpdateTime} is later than this copy's ${session.lastUpdateTime}`) +
        '). Nothing was written. Reload it with getSession(...) and retry.',
    });
  }

  /**
   * After a successful append through `session`: it now reflects `version`. An append that found
   * its event already stored at `duplicateOf` (a retry whose first attempt committed but was never
   * acknowledged) moves the copy on only when that event is the latest and the copy was exactly
   * one behind, i.e. the only change it missed was its own.
   */
  recordAppend(session: Session, version: number, duplicateOf?: number): void {
    if (duplicateOf === undefined) this.known.set(session, version);
    else if (duplicateOf === version && this.known.get(session) === version - 1) this.known.set(session, version);
  }
}
