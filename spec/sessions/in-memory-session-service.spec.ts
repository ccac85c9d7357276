import { jest } from '@jest/globals';
import { firstValueFrom, type Observable } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import type { Session } from '../../lib/sessions/session.js';
import { createEvent } from '../../lib/events/event.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { selectEvents } from '../../lib/sessions/select-events.js';
import { sequentialIds } from '../../lib/utils/ids.js';
import { testScheduler } from '../support/test-scheduler.js';

const app = 'app';

async function setup() {
  const service = new InMemorySessionService({ idGenerator: sequentialIds('s') });
  const session = await firstValueFrom(service.createSession({ appName: app, userId: 'u1', state: { step: 1 } }));
  return { service, session };
}

describe('InMemorySessionService', () => {
  it('answers synchronously (stays in virtual time)', () => {
    testScheduler().run(({ expectObservable }) => {
      const service = new InMemorySessionService({ idGenerator: () => 'fixed' });
      expectObservable(service.createSession({ appName: app, userId: 'u' })).toBe('(a|)', {
        a: { id: 'fixed', appName: app, userId: 'u', state: {}, events: [], lastUpdateTime: 0 },
      });
    });
  });

  it('creates, gets and lists sessions; listing leaves the events out', async () => {
    const { service, session } = await setup();
    await firstValueFrom(service.appendEvent(session, createEvent({ author: 'user', timestamp: 1 })));
    const got = await firstValueFrom(service.getSession({ appName: app, userId: 'u1', sessionId: session.id }));
    expect(got?.events).toHaveLength(1);
    const { sessions } = await firstValueFrom(service.listSessions({ appName: app, userId: 'u1' }));
    expect(sessions.map((s) => [s.id, s.events.length])).toEqual([[session.id, 0]]);
  });

  it('rejects a duplicate session id', async () => {
    const { service, session } = await setup();
    await expect(
      firstValueFrom(service.createSession({ appName: app, userId: 'u1', sessionId: session.id })),
    ).rejects.toThrow(/already exists/);
  });

  it('finds a session only by the (app, user, session) triple', async () => {
    const { service, session } = await setup();
    expect(await firstValueFrom(service.getSession({ appName: app, userId: 'intruder', sessionId: session.id }))).toBeUndefined();
    expect(await firstValueFrom(service.getSession({ appName: 'other', userId: 'u1', sessionId: session.id }))).toBeUndefined();
  });

  it('shares app: state across users and user: state across a user\'s sessions, never temp:', async () => {
    const { service, session } = await setup();
    await firstValueFrom(
      service.appendEvent(
        session,
        createEvent({ author: 'a', actions: { stateDelta: { 'app:theme': 'dark', 'user:lang': 'fr', 'temp:t': 1, own: true } } }),
      ),
    );
    expect(session.state['temp:t']).toBe(1); // readable for the rest of the invocation
    const mine = await firstValueFrom(service.createSession({ appName: app, userId: 'u1' }));
    const theirs = await firstValueFrom(service.createSession({ appName: app, userId: 'u2' }));
    expect(mine.state).toEqual({ 'app:theme': 'dark', 'user:lang': 'fr' });
    expect(theirs.state).toEqual({ 'app:theme': 'dark' });
    const reloaded = await firstValueFrom(service.getSession({ appName: app, userId: 'u1', sessionId: session.id }));
    expect(reloaded!.state).toEqual({ step: 1, 'app:theme': 'dark', 'user:lang': 'fr', own: true });
    expect(reloaded!.events[0]!.actions.stateDelta).not.toHaveProperty('temp:t');
  });

  it('returns partial events untouched and does not store them', async () => {
    const { service, session } = await setup();
    const partial = createEvent({ author: 'a', partial: true, actions: { stateDelta: { x: 1 } } });
    expect(await firstValueFrom(service.appendEvent(session, partial))).toBe(partial);
    const reloaded = await firstValueFrom(service.getSession({ appName: app, userId: 'u1', sessionId: session.id }));
    expect(reloaded!.events).toHaveLength(0);
    expect(reloaded!.state).not.toHaveProperty('x');
  });

  it('deletes a key whose delta value is null', async () => {
    const { service, session } = await setup();
    await firstValueFrom(service.appendEvent(session, createEvent({ author: 'a', actions: { stateDelta: { step: null } } })));
    const reloaded = await firstValueFrom(service.getSession({ appName: app, userId: 'u1', sessionId: session.id }));
    expect(reloaded!.state).toEqual({});
  });

  it('returns a copy: changing what getSession gave does not change the store', async () => {
    const { service, session } = await setup();
    const view = await firstValueFrom(service.getSession({ appName: app, userId: 'u1', sessionId: session.id }));
    view!.events.push(createEvent({ author: 'x' }));
    view!.state['step'] = 99;
    const again = await firstValueFrom(service.getSession({ appName: app, userId: 'u1', sessionId: session.id }));
    expect(again!.events).toHaveLength(0);
    expect(again!.state['step']).toBe(1);
  });

  it('a run\'s session (getSessionForRun) shares the stored history: each append is stored once, and getSession still answers a copy', async () => {
    const { service, session } = await setup();
    const ref = { appName: app, userId: 'u1', sessionId: session.id };
    await firstValueFrom(service.appendEvent(session, createEvent({ author: 'a', id: 'e1' })));
    const live = (await firstValueFrom(service.getSessionForRun(ref)))!;
    const copy = (await firstValueFrom(service.getSession(ref)))!;
    expect(live.events.map((e) => e.id)).toEqual(['e1']);
    await firstValueFrom(service.appendEvent(live, createEvent({ author: 'a', id: 'e2', actions: { stateDelta: { step: 2, 'user:lang': 'fr', 'temp:t': 1 } } })));
    // a stale copy appends too: stored once, next to the live session's event
    await firstValueFrom(service.appendEvent(copy, createEvent({ author: 'b', id: 'e3' })));
    const after = (await firstValueFrom(service.getSession(ref)))!;
    expect(after.events.map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
    expect(after.state).toEqual({ step: 2, 'user:lang': 'fr' });
    expect(live.state).toEqual({ step: 2, 'user:lang': 'fr', 'temp:t': 1 });
    expect(after.events).not.toBe(live.events);
    expect(after.lastUpdateTime).toBe(after.events[2]!.timestamp);
  });

  it('an event with an empty state delta is stored and committed as is (appendEventNow), live or copied session, and a missing session still throws', async () => {
    const { service, session } = await setup();
    const ref = { appName: app, userId: 'u1', sessionId: session.id };
    const live = (await firstValueFrom(service.getSessionForRun(ref)))!;
    const first = createEvent({ author: 'a', id: 'e1', timestamp: 5 });
    expect(service.appendEventNow(live, first)).toBe(first);
    const copy = (await firstValueFrom(service.getSession(ref)))!;
    const second = createEvent({ author: 'b', id: 'e2', timestamp: 7 });
    expect(service.appendEventNow(copy, second)).toBe(second);
    const after = (await firstValueFrom(service.getSession(ref)))!;
    expect(after.events).toEqual([first, second]);
    expect(after.events[1]).toBe(second);
    expect(after.lastUpdateTime).toBe(7);
    expect(live.events).toEqual([first, second]);
    expect([copy.events.map((e) => e.id), copy.lastUpdateTime]).toEqual([['e1', 'e2'], 7]);
    expect(after.state).toEqual({ step: 1 });
    const gone = { ...session, id: 'gone' };
    expect(() => service.appendEventNow(gone, createEvent({ author: 'a' }))).toThrow(/Cannot append to session "gone"/);
  });

  it('a run\'s session of a missing session is undefined', async () => {
    const { service } = await setup();
    expect(await firstValueFrom(service.getSessionForRun({ appName: app, userId: 'u1', sessionId: 'nope' }))).toBeUndefined();
    expect(await firstValueFrom(service.getSessionForRun({ appName: app, userId: 'someone else', sessionId: 's-1' }))).toBeUndefined();
  });

  it('a run\'s session is the same data as getSession\'s, keys in the same order, and a subclass\'s getSession still decides', async () => {
    const { service, session } = await setup();
    const ref = { appName: app, userId: 'u1', sessionId: session.id };
    await firstValueFrom(service.appendEvent(session, createEvent({ author: 'a', id: 'e1', actions: { stateDelta: { 'app:v': 1 } } })));
    const live = (await firstValueFrom(service.getSessionForRun(ref)))!;
    const copy = (await firstValueFrom(service.getSession(ref)))!;
    expect(Object.keys(live)).toEqual(Object.keys(copy));
    expect(live).toEqual(copy);
    const asked: string[] = [];
    class Delayed extends InMemorySessionService {
      override getSession(request: Parameters<InMemorySessionService['getSession']>[0]): Observable<Session | undefined> {
        asked.push(`${request.sessionId} ${request.config?.numRecentEvents}`);
        return super.getSession(request);
      }
    }
    const delayed = new Delayed({ idGenerator: sequentialIds('d') });
    const created = await firstValueFrom(delayed.createSession({ appName: app, userId: 'u1' }));
    await firstValueFrom(delayed.appendEvent(created, createEvent({ author: 'a', id: 'x1' })));
    const run = (await firstValueFrom(delayed.getSessionForRun({ appName: app, userId: 'u1', sessionId: created.id })))!;
    expect(asked).toEqual([`${created.id} 0`]);
    expect(run.events.map((e) => e.id)).toEqual(['x1']);
  });

  it('deletes sessions', async () => {
    const { service, session } = await setup();
    await firstValueFrom(service.deleteSession({ appName: app, userId: 'u1', sessionId: session.id }));
    expect(await firstValueFrom(service.getSession({ appName: app, userId: 'u1', sessionId: session.id }))).toBeUndefined();
  });

  it('appends in one synchronous step: the stored event without temp: keys, the live session with them', () => {
    const service = new InMemorySessionService({ idGenerator: sequentialIds('s') });
    let session!: Session;
    service.createSession({ appName: app, userId: 'u1' }).subscribe((created) => (session = created));
    const event = createEvent({ author: 'a', actions: { stateDelta: { 'temp:t': 1, kept: 2 } } });
    const seen: Array<Event | 'complete'> = [];
    service.appendEvent(session, event).subscribe({ next: (stored) => seen.push(stored), complete: () => seen.push('complete') });
    expect(seen).toHaveLength(2);
    expect((seen[0] as Event).actions.stateDelta).toEqual({ kept: 2 });
    expect(seen[1]).toBe('complete');
    expect(session.state).toEqual({ 'temp:t': 1, kept: 2 });
    let reloaded!: Session | undefined;
    service.getSession({ appName: app, userId: 'u1', sessionId: session.id }).subscribe((s) => (reloaded = s));
    expect(reloaded!.state).toEqual({ kept: 2 });
    expect(reloaded!.events.map((e) => e.actions.stateDelta)).toEqual([{ kept: 2 }]);
  });

  it('a subclass that overrides storeEvent is still asked to store each event, before the live session changes', async () => {
    const stores: string[] = [];
    class Recording extends InMemorySessionService {
      protected override storeEvent(session: Session, event: Event): Observable<unknown> {
        stores.push(`store ${event.id} (live events: ${session.events.length})`);
        return super.storeEvent(session, event);
      }
    }
    const service = new Recording();
    const session = await firstValueFrom(service.createSession({ appName: app, userId: 'u1', sessionId: 's' }));
    await firstValueFrom(service.appendEvent(session, createEvent({ id: 'e1', author: 'a' })));
    expect(stores).toEqual(['store e1 (live events: 0)']);
    expect(session.events.map((e) => e.id)).toEqual(['e1']);
  });

  it('refuses to append to a session that does not exist', async () => {
    const { service, session } = await setup();
    await firstValueFrom(service.deleteSession({ appName: app, userId: 'u1', sessionId: session.id }));
    await expect(firstValueFrom(service.appendEvent(session, createEvent({ author: 'a' })))).rejects.toThrow(/does not exist/);
    expect(session.events).toHaveLength(0);
  });
});

describe('InMemorySessionService.appendEventNow (the append done at once)', () => {
  it('stores and commits as appendEvent does, and returns the stored event; a partial event untouched and not stored', async () => {
    const { service, session } = await setup();
    const stored = service.appendEventNow(session, createEvent({ id: 'e1', author: 'a', actions: { stateDelta: { 'temp:t': 1, kept: 2 } } }));
    expect(stored?.actions.stateDelta).toEqual({ kept: 2 });
    expect(session.state).toEqual({ step: 1, 'temp:t': 1, kept: 2 });
    const partial = createEvent({ id: 'p', author: 'a', partial: true });
    expect(service.appendEventNow(session, partial)).toBe(partial);
    const reloaded = await firstValueFrom(service.getSession({ appName: app, userId: 'u1', sessionId: session.id }));
    expect([reloaded!.state, reloaded!.events.map((e) => e.id)]).toEqual([{ step: 1, kept: 2 }, ['e1']]);
  });

  it('declines (undefined, nothing stored) when a subclass overrides appendEvent or storeEvent, or a spy replaces appendEvent', async () => {
    class OwnAppend extends InMemorySessionService {
      override appendEvent(session: Session, event: Event): Observable<Event> {
        return super.appendEvent(session, event);
      }
    }
    class OwnStore extends InMemorySessionService {
      protected override storeEvent(session: Session, event: Event): Observable<unknown> {
        return super.storeEvent(session, event);
      }
    }
    const spied = new InMemorySessionService();
    jest.spyOn(spied, 'appendEvent');
    for (const service of [new OwnAppend(), new OwnStore(), spied]) {
      const session = await firstValueFrom(service.createSession({ appName: app, userId: 'u1', sessionId: 's' }));
      expect(service.appendEventNow(session, createEvent({ author: 'a' }))).toBeUndefined();
      expect(session.events).toHaveLength(0);
    }
  });

  it('throws when the session does not exist, leaving the live session as it was', async () => {
    const { service, session } = await setup();
    await firstValueFrom(service.deleteSession({ appName: app, userId: 'u1', sessionId: session.id }));
    expect(() => service.appendEventNow(session, createEvent({ author: 'a' }))).toThrow(/does not exist/);
    expect(session.events).toHaveLength(0);
  });
});

describe('selectEvents', () => {
  const events = [1, 2, 3, 4].map((t) => createEvent({ author: 'a', timestamp: t }));
  it('keeps the last N events, events at or after a time, or both', () => {
    expect(selectEvents(events, { numRecentEvents: 2 }).map((e) => e.timestamp)).toEqual([3, 4]);
    expect(selectEvents(events, { numRecentEvents: 0 })).toEqual([]);
    expect(selectEvents(events, { afterTimestamp: 2 }).map((e) => e.timestamp)).toEqual([2, 3, 4]);
    expect(selectEvents(events, { afterTimestamp: 2, numRecentEvents: 1 }).map((e) => e.timestamp)).toEqual([4]);
    expect(selectEvents(events)).toEqual(events);
    expect(selectEvents(events)).not.toBe(events);
  });
});
