// The contract every BaseSessionService keeps (SPEC §5). Each store's spec calls
// describeSessionServiceContract(name, makeService) once; the in-memory store, SQLite and
// PostgreSQL all run these same tests.
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { createEvent, type Event, type EventInit } from '../../../lib/events/event.js';
import type { BaseSessionService } from '../../../lib/sessions/base-session-service.js';
import type { Session } from '../../../lib/sessions/session.js';
import { StaleSessionError } from '../../../lib/utils/errors.js';
import { deepFreeze } from '../deep-freeze.js';

/** A store to test, and how to release it. */
export interface SessionServiceUnderTest {
  service: BaseSessionService;
  close?: () => Promise<void> | void;
}

/** What a store promises beyond the base contract. */
export interface ContractOptions {
  /**
   * A writer whose copy of the session is older than the store refuses with StaleSessionError,
   * and an event appended twice (same id) is stored once. Durable, multi-process stores do.
   */
  guardsConcurrentWriters?: boolean;
}

let appCounter = 0;

/** Registers the contract tests of a session store. `makeService` is called once for the suite. */
export function describeSessionServiceContract(
  name: string,
  makeService: () => Promise<SessionServiceUnderTest> | SessionServiceUnderTest,
  options: ContractOptions = {},
): void {
  describe(`${name}: the BaseSessionService contract`, () => {
    let underTest: SessionServiceUnderTest;
    let service: BaseSessionService;
    /** A fresh app name per test: tests never see each other's app:/user: state or sessions. */
    let app: string;

    beforeAll(async () => {
      underTest = await makeService();
      service = underTest.service;
    });
    afterAll(async () => {
      await underTest?.close?.();
    });
    beforeEach(() => {
      app = `contract-${process.pid}-${++appCounter}-${Math.random().toString(36).slice(2, 8)}`;
    });

    const create = (userId: string, init: { sessionId?: string; state?: Record<string, unknown> } = {}) =>
      firstValueFrom(service.createSession({ appName: app, userId, ...init }));
    const get = (userId: string, sessionId: string, config?: { numRecentEvents?: number; afterTimestamp?: number }) =>
      firstValueFrom(service.getSession({ appName: app, userId, sessionId, ...(config ? { config } : {}) }));
    const append = (session: Session, event: Event) => firstValueFrom(service.appendEvent(session, event));
    const list = (userId?: string) =>
      firstValueFrom(service.listSessions({ appName: app, ...(userId !== undefined ? { userId } : {}) }));
    const remove = (userId: string, sessionId: string) =>
      lastValueFrom(service.deleteSession({ appName: app, userId, sessionId }), { defaultValue: undefined });
    const event = (n: number, extra: Partial<EventInit> = {}) =>
      createEvent({
        id: `e${n}-${Math.random().toString(36).slice(2, 8)}`,
        invocationId: 'inv-1',
        author: 'agent',
        timestamp: 1000 + n,
        content: { role: 'model', parts: [{ text: `event ${n}` }] },
        ...extra,
      });

    describe('createSession', () => {
      it('creates a session with the given id, no events and its initial state', async () => {
        const session = await create('u1', { sessionId: 's1', state: { step: 1, nested: { a: [1, 'two'] } } });
        expect(session).toMatchObject({ id: 's1', appName: app, userId: 'u1', events: [], state: { step: 1, nested: { a: [1, 'two'] } } });
        expect(typeof session.lastUpdateTime).toBe('number');
        const got = await get('u1', 's1');
        expect(got).toMatchObject({ id: 's1', appName: app, userId: 'u1', events: [], state: { step: 1, nested: { a: [1, 'two'] } } });
        expect(got!.lastUpdateTime).toBe(session.lastUpdateTime);
      });

      it('generates distinct ids when none is given', async () => {
        const a = await create('u1');
        const b = await create('u1');
        expect(a.id).toBeTruthy();
        expect(b.id).toBeTruthy();
        expect(a.id).not.toBe(b.id);
        expect((await get('u1', a.id))?.id).toBe(a.id);
      });

      it('refuses an id the user already has', async () => {
        await create('u1', { sessionId: 'dup' });
        await expect(create('u1', { sessionId: 'dup' })).rejects.toThrow(/already exists/);
      });

      it('lets two users have the same session id, independently', async () => {
        const mine = await create('u1', { sessionId: 'same', state: { owner: 'u1' } });
        await create('u2', { sessionId: 'same', state: { owner: 'u2' } });
        await append(mine, event(1));
        expect((await get('u1', 'same'))!.events).toHaveLength(1);
        expect((await get('u2', 'same'))!.events).toHaveLength(0);
        expect((await get('u2', 'same'))!.state).toEqual({ owner: 'u2' });
      });

      it('splits the initial state by prefix and never stores temp: keys', async () => {
        await create('u1', { sessionId: 'first', state: { 'app:theme': 'dark', 'user:lang': 'fr', own: 1, 'temp:t': 1 } });
        expect((await get('u1', 'first'))!.state).toEqual({ 'app:theme': 'dark', 'user:lang': 'fr', own: 1 });
        expect((await create('u1')).state).toEqual({ 'app:theme': 'dark', 'user:lang': 'fr' });
        expect((await create('u2')).state).toEqual({ 'app:theme': 'dark' });
      });
    });

    describe('getSession', () => {
      it('returns undefined for a session that does not exist', async () => {
        expect(await get('u1', 'nope')).toBeUndefined();
      });

      it("never returns another user's session, nor another app's, by its id", async () => {
        const session = await create('u1', { sessionId: 'private', state: { secret: 42 } });
        await append(session, event(1));
        expect(await get('intruder', 'private')).toBeUndefined();
        expect(await firstValueFrom(service.getSession({ appName: `${app}-other`, userId: 'u1', sessionId: 'private' }))).toBeUndefined();
        expect((await list('intruder')).sessions).toEqual([]);
        await remove('intruder', 'private');
        expect((await get('u1', 'private'))!.events).toHaveLength(1);
      });

      it("refuses an append through another user's copy of the session id, and stores nothing", async () => {
        await create('u1', { sessionId: 'private' });
        const forged: Session = { id: 'private', appName: app, userId: 'intruder', state: {}, events: [], lastUpdateTime: 0 };
        await expect(append(forged, event(1, { actions: { stateDelta: { hacked: true } } }))).rejects.toThrow();
        const reloaded = await get('u1', 'private');
        expect(reloaded!.events).toEqual([]);
        expect(reloaded!.state).toEqual({});
      });

      it('returns a copy: changing it does not change the store', async () => {
        const session = await create('u1', { sessionId: 's', state: { step: 1 } });
        await append(session, event(1));
        const view = await get('u1', 's');
        view!.events.push(event(2));
        view!.state['step'] = 99;
        const again = await get('u1', 's');
        expect(again!.events).toHaveLength(1);
        expect(again!.state['step']).toBe(1);
      });

      it('narrows events with numRecentEvents and afterTimestamp', async () => {
        const session = await create('u1', { sessionId: 's' });
        for (const n of [1, 2, 3, 4]) await append(session, event(n));
        const times = async (config: { numRecentEvents?: number; afterTimestamp?: number }) =>
          (await get('u1', 's', config))!.events.map((e) => e.timestamp);
        expect(await times({ numRecentEvents: 2 })).toEqual([1003, 1004]);
        expect(await times({ numRecentEvents: 0 })).toEqual([]);
        expect(await times({ numRecentEvents: 10 })).toEqual([1001, 1002, 1003, 1004]);
        expect(await times({ afterTimestamp: 1002 })).toEqual([1002, 1003, 1004]);
        expect(await times({ afterTimestamp: 5000 })).toEqual([]);
        expect(await times({ afterTimestamp: 1002, numRecentEvents: 1 })).toEqual([1004]);
        expect(await times({})).toEqual([1001, 1002, 1003, 1004]);
      });
    });

    describe('listSessions', () => {
      it("lists a user's sessions, or every user's, without their events but with their state", async () => {
        const a = await create('u1', { sessionId: 'a', state: { n: 1 } });
        await create('u1', { sessionId: 'b', state: { 'user:lang': 'fr' } });
        await create('u2', { sessionId: 'c' });
        await append(a, event(1));
        const mine = (await list('u1')).sessions;
        expect(mine.map((s) => s.id).sort()).toEqual(['a', 'b']);
        for (const s of mine) {
          expect(s.events).toEqual([]);
          expect(s.appName).toBe(app);
          expect(s.userId).toBe('u1');
        }
        expect(mine.find((s) => s.id === 'a')!.state).toEqual({ n: 1, 'user:lang': 'fr' });
        expect(mine.find((s) => s.id === 'a')!.lastUpdateTime).toBe(1001);
        const all = (await list()).sessions;
        expect(all.map((s) => `${s.userId}/${s.id}`).sort()).toEqual(['u1/a', 'u1/b', 'u2/c']);
        expect((await list('nobody')).sessions).toEqual([]);
      });
    });

    describe('deleteSession', () => {
      it('deletes the session with its events and state; deleting twice is harmless', async () => {
        const session = await create('u1', { sessionId: 's', state: { own: 1, 'user:kept': 1 } });
        await append(session, event(1, { actions: { stateDelta: { more: 2 } } }));
        await remove('u1', 's');
        expect(await get('u1', 's')).toBeUndefined();
        await remove('u1', 's');
        const again = await create('u1', { sessionId: 's' });
        expect(again.events).toEqual([]);
        expect((await get('u1', 's'))!.state).toEqual({ 'user:kept': 1 });
      });

      it('refuses an append to a deleted session and leaves the live copy as it was', async () => {
        const session = await create('u1', { sessionId: 's', state: { step: 1 } });
        await remove('u1', 's');
        await expect(append(session, event(1, { actions: { stateDelta: { step: 2 } } }))).rejects.toThrow(
          /does not exist|not found/i,
        );
        expect(session.events).toEqual([]);
        expect(session.state).toEqual({ step: 1 });
        expect(await get('u1', 's')).toBeUndefined();
      });
    });

    describe('appendEvent', () => {
      it('stores the event, commits it to the live session and returns it', async () => {
        const session = await create('u1', { sessionId: 's', state: { step: 1 } });
        const e = event(1, { actions: { stateDelta: { step: 2 } } });
        const stored = await append(session, e);
        expect(stored).toEqual(e);
        expect(session.events).toEqual([e]);
        expect(session.state).toEqual({ step: 2 });
        expect(session.lastUpdateTime).toBe(1001);
        const reloaded = await get('u1', 's');
        expect(reloaded!.events).toEqual([e]);
        expect(reloaded!.state).toEqual({ step: 2 });
        expect(reloaded!.lastUpdateTime).toBe(1001);
      });

      it('returns events in order, with every field round-tripped', async () => {
        const session = await create('u1', { sessionId: 's' });
        const rich = createEvent({
          id: 'rich-1',
          invocationId: 'inv-9',
          author: 'weather_agent',
          branch: 'root.weather_agent',
          timestamp: 1234.5,
          partial: false,
          turnComplete: true,
          content: {
            role: 'model',
            parts: [
              { text: 'Héllo "world" \\ 🌍 \n\t' },
              { functionCall: { id: 'fc-1', name: 'get_weather', args: { city: 'Paris', days: [1, 2], deep: { x: null } } } },
              { functionResponse: { id: 'fc-1', name: 'get_weather', response: { temp: 21.5, ok: true } } },
              { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
            ],
          },
          longRunningToolIds: ['fc-1'],
          errorCode: 'E1',
          errorMessage: 'careful',
          interrupted: false,
          customMetadata: { trace: 'abc', n: 3 },
          usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
          actions: {
            stateDelta: { step: 2, obj: { a: [1, { b: 'c' }] } },
            artifactDelta: { 'report.txt': 0, 'user:photo.png': 3 },
            transferToAgent: 'other_agent',
            escalate: true,
            skipSummarization: true,
            endOfAgent: true,
            agentState: { current_sub_agent: 'writer', times_looped: 2 },
            requestedToolConfirmations: { 'fc-1': { hint: 'Sure?', confirmed: false, payload: { amount: 5 } } },
          },
        });
        const events = [event(0), rich, ...Array.from({ length: 30 }, (_, i) => event(i + 2))];
        for (const e of events) await append(session, e);
        const reloaded = await get('u1', 's');
        expect(reloaded!.events).toEqual(events);
        expect(reloaded!.events[1]).toStrictEqual(JSON.parse(JSON.stringify(rich)));
      });

      it('ignores partial events: returns them untouched and stores nothing', async () => {
        const session = await create('u1', { sessionId: 's' });
        const partial = event(1, { partial: true, actions: { stateDelta: { x: 1 } } });
        expect(await append(session, partial)).toBe(partial);
        expect(session.events).toEqual([]);
        const reloaded = await get('u1', 's');
        expect(reloaded!.events).toEqual([]);
        expect(reloaded!.state).toEqual({});
      });

      it('never stores temp: keys, which stay readable on the live session', async () => {
        const session = await create('u1', { sessionId: 's' });
        await append(session, event(1, { actions: { stateDelta: { 'temp:scratch': 'x', kept: 1 } } }));
        expect(session.state['temp:scratch']).toBe('x');
        expect(session.events[0]!.actions.stateDelta).toEqual({ kept: 1 });
        const reloaded = await get('u1', 's');
        expect(reloaded!.state).toEqual({ kept: 1 });
        expect(reloaded!.events[0]!.actions.stateDelta).toEqual({ kept: 1 });
      });

      it("shares app: state with every user and user: state with the user's sessions", async () => {
        const session = await create('u1', { sessionId: 's' });
        await append(
          session,
          event(1, { actions: { stateDelta: { 'app:theme': 'dark', 'user:lang': 'fr', own: true } } }),
        );
        expect((await create('u1', { sessionId: 'mine' })).state).toEqual({ 'app:theme': 'dark', 'user:lang': 'fr' });
        expect((await create('u2', { sessionId: 'theirs' })).state).toEqual({ 'app:theme': 'dark' });
        expect((await get('u1', 'mine'))!.state).toEqual({ 'app:theme': 'dark', 'user:lang': 'fr' });
        expect((await get('u1', 's'))!.state).toEqual({ 'app:theme': 'dark', 'user:lang': 'fr', own: true });
      });

      it('deletes a key whose delta value is null, in every scope', async () => {
        const session = await create('u1', { sessionId: 's', state: { own: 1, 'user:u': 1, 'app:a': 1, keep: 1 } });
        const other = await create('u2', { sessionId: 'o' });
        await append(session, event(1, { actions: { stateDelta: { own: null, 'user:u': null, 'app:a': null } } }));
        expect(session.state).toEqual({ keep: 1 });
        expect((await get('u1', 's'))!.state).toEqual({ keep: 1 });
        expect((await get('u2', other.id))!.state).toEqual({});
      });

      it('keeps the last update time of the last event', async () => {
        const session = await create('u1', { sessionId: 's' });
        await append(session, event(5));
        await append(session, event(7));
        expect((await get('u1', 's'))!.lastUpdateTime).toBe(1007);
      });

      it('never modifies the event it is given: a deep-frozen event is stored as it is', async () => {
        const session = await create('u1', { sessionId: 's', state: { gone: 1 } });
        const init = {
          actions: {
            stateDelta: { 'temp:t': { x: 1 }, 'app:a': [1, { b: 2 }], 'user:u': 'fr', own: { n: 1 }, gone: null },
            artifactDelta: { 'f.txt': 0 },
          },
        };
        const frozen = deepFreeze(event(1, init));
        const copy = JSON.parse(JSON.stringify(frozen)) as Event;
        const stored = await append(session, frozen);
        await append(session, deepFreeze(event(2, { actions: { stateDelta: { own: { n: 2 } } } })));
        await append(session, deepFreeze(event(3, { partial: true, actions: { stateDelta: { own: 3 } } })));
        expect(frozen).toEqual(copy);
        expect(stored.actions.stateDelta).toEqual({ 'app:a': [1, { b: 2 }], 'user:u': 'fr', own: { n: 1 }, gone: null });
        expect(session.state).toEqual({ 'temp:t': { x: 1 }, 'app:a': [1, { b: 2 }], 'user:u': 'fr', own: { n: 2 } });
        const reloaded = await get('u1', 's');
        expect(reloaded!.state).toEqual({ 'app:a': [1, { b: 2 }], 'user:u': 'fr', own: { n: 2 } });
        expect(reloaded!.events.map((e) => e.actions.stateDelta)).toEqual([stored.actions.stateDelta, { own: { n: 2 } }]);
      });

      it('stores __proto__ and constructor as ordinary state keys, changing no prototype', async () => {
        const stateDelta = JSON.parse('{"__proto__": {"polluted": true}, "user:__proto__": 1, "constructor": 2}') as Record<string, unknown>;
        const session = await create('u1', { sessionId: 's' });
        await append(session, deepFreeze(event(1, { actions: { stateDelta } })));
        for (const state of [session.state, (await get('u1', 's'))!.state]) {
          expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
          expect(Object.keys(state).sort()).toEqual(['__proto__', 'constructor', 'user:__proto__']);
          expect(state['__proto__']).toEqual({ polluted: true });
          expect(state['constructor']).toBe(2);
        }
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
        expect((await create('u1')).state).toEqual(JSON.parse('{"user:__proto__": 1}'));
      });
    });

    if (options.guardsConcurrentWriters) {
      describe('concurrent writers', () => {
        it('refuses a writer whose copy is stale with StaleSessionError, and writes nothing', async () => {
          await create('u1', { sessionId: 's', state: { count: 0 } });
          const a = (await get('u1', 's'))!;
          const b = (await get('u1', 's'))!;
          await append(a, event(1, { actions: { stateDelta: { count: 1 } } }));
          const late = event(2, { actions: { stateDelta: { count: 1 } } });
          await expect(append(b, late)).rejects.toBeInstanceOf(StaleSessionError);
          expect(b.events).toEqual([]);
          const stored = (await get('u1', 's'))!;
          expect(stored.events.map((e) => e.timestamp)).toEqual([1001]);
          expect(stored.state).toEqual({ count: 1 });
          await append(stored, event(3, { actions: { stateDelta: { count: 2 } } }));
          expect((await get('u1', 's'))!.state).toEqual({ count: 2 });
        });

        it('accepts a copy loaded with numRecentEvents: 0 as long as it is current', async () => {
          const session = await create('u1', { sessionId: 's' });
          await append(session, event(1));
          const light = (await get('u1', 's', { numRecentEvents: 0 }))!;
          await append(light, event(2));
          expect((await get('u1', 's'))!.events).toHaveLength(2);
        });

        it('stores an event appended twice (same id) once', async () => {
          const session = await create('u1', { sessionId: 's' });
          const e = event(1);
          await append(session, e);
          const copy = (await get('u1', 's'))!;
          await append(copy, e);
          expect((await get('u1', 's'))!.events.map((x) => x.id)).toEqual([e.id]);
        });
      });
    }
  });
}
