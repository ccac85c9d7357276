// The session reducer is pure data in, data out: these tests use no RxJS (but for the store check).
import { firstValueFrom } from 'rxjs';
import { createEvent, type Event } from '../../lib/events/event.js';
import { applyEvent, commitEvent } from '../../lib/sessions/apply-event.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession, type Session } from '../../lib/sessions/session.js';
import {
  applyScopedStateDelta,
  applyStateDelta,
  isEmptyStateDelta,
  isTempKey,
  splitStateDelta,
  stateScopeOf,
  withoutTempKeys,
} from '../../lib/sessions/state-delta.js';
import { deepFreeze } from './deep-freeze.js';

const base = () => newSession({ id: 's', appName: 'app', userId: 'u', state: { keep: 1, drop: 2 } });

/** A frozen copy of `session`'s containers (state and events), so that writing to them throws. */
const frozenSession = (session: Session): Session => deepFreeze({ ...session, state: { ...session.state }, events: [...session.events] });

/** A state record with `__proto__` as an own, ordinary key (as JSON.parse would give). */
const withProtoKey = (value: unknown): Record<string, unknown> =>
  Object.defineProperty({}, '__proto__', { value, writable: true, enumerable: true, configurable: true });

describe('applyEvent', () => {
  it('appends the event, applies its delta and advances lastUpdateTime, without touching its inputs', () => {
    const before = frozenSession(base());
    const event = deepFreeze(createEvent({ author: 'a', timestamp: 10, actions: { stateDelta: { added: 3, drop: null } } }));
    const after = applyEvent(before, event);
    expect(after.state).toEqual({ keep: 1, added: 3 });
    expect(after.events).toEqual([event]);
    expect(after.lastUpdateTime).toBe(10);
    expect(before.state).toEqual({ keep: 1, drop: 2 });
    expect(before.events).toEqual([]);
  });

  it('ignores partial events', () => {
    const before = base();
    expect(applyEvent(before, createEvent({ author: 'a', partial: true, actions: { stateDelta: { x: 1 } } }))).toBe(before);
  });

  it('stores the event without its temp: keys, which stay readable in the live state', () => {
    const event = deepFreeze(createEvent({ author: 'a', actions: { stateDelta: { 'temp:t': 1, n: 2 } } }));
    const after = applyEvent(frozenSession(base()), event);
    expect(after.state).toEqual({ keep: 1, drop: 2, n: 2, 'temp:t': 1 });
    expect(after.events[0]!.actions.stateDelta).toEqual({ n: 2 });
    expect(event.actions.stateDelta).toEqual({ 'temp:t': 1, n: 2 });
  });

  it('folds a history (reduce) into the final state', () => {
    const events = [1, 2, 3].map((n) => createEvent({ author: 'a', timestamp: n, actions: { stateDelta: { n } } }));
    const final = events.reduce(applyEvent, base());
    expect(final.state['n']).toBe(3);
    expect(final.events).toHaveLength(3);
  });

  it('treats __proto__ and constructor as ordinary keys: no prototype ever changes', () => {
    const delta = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}') as Record<string, unknown>;
    const after = applyEvent(base(), createEvent({ author: 'a', actions: { stateDelta: delta } }));
    expect(Object.getPrototypeOf(after.state)).toBe(Object.prototype);
    expect(Object.hasOwn(after.state, '__proto__')).toBe(true);
    expect(after.state['__proto__']).toEqual({ polluted: true });
    expect(after.state['constructor']).toBe(1);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const cleared = applyEvent(after, createEvent({ author: 'a', actions: { stateDelta: withProtoKey(null) } }));
    expect(Object.hasOwn(cleared.state, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(cleared.state)).toBe(Object.prototype);
  });
});

describe('commitEvent', () => {
  it('commits in place, keeps temp: keys readable in the live state, stores the event without them', () => {
    const session = base();
    const events = session.events;
    const event = deepFreeze(createEvent({ author: 'a', timestamp: 5, actions: { stateDelta: { 'temp:t': 1, n: 2 } } }));
    const stored = commitEvent(session, event);
    expect(session.events).toBe(events);
    expect(session.events).toEqual([stored]);
    expect(session.state).toEqual({ keep: 1, drop: 2, 'temp:t': 1, n: 2 });
    expect(stored.actions.stateDelta).toEqual({ n: 2 });
    expect(session.lastUpdateTime).toBe(5);
  });

  it('returns the given event itself when there is nothing to strip', () => {
    const event = createEvent({ author: 'a', actions: { stateDelta: { n: 1 } } });
    expect(commitEvent(base(), event)).toBe(event);
  });

  it('writes each scope to its own record when given targets, and drops the scopes it is not given', () => {
    const app = {};
    const user = {};
    const session = base();
    const own = session.state;
    commitEvent(
      session,
      createEvent({ author: 'a', actions: { stateDelta: { 'app:a': 1, 'user:u': 2, s: 3, drop: null, 'temp:t': 4 } } }),
      { app, user, session: own },
    );
    expect(app).toEqual({ 'app:a': 1 });
    expect(user).toEqual({ 'user:u': 2 });
    expect(own).toEqual({ keep: 1, s: 3 });
  });
});

// For any history, folding the pure reducer and committing in place give equal sessions; the
// inputs are deep-frozen, so a write to any of them would throw. The in-memory store, which
// keeps the app and user scopes apart, ends with the same state but for the temp: keys.
describe('applyEvent and commitEvent are one reducer', () => {
  const KEYS = ['a', 'b', 'app:x', 'app:y', 'user:x', 'user:y', 'temp:t', 'temp:u', '__proto__', 'constructor', 'toString'];
  const VALUES: unknown[] = [null, undefined, 0, 1, 'v', false, { nested: [1, { deep: true }] }, [], {}];

  /** A small deterministic PRNG (mulberry32), so a failure can be replayed by its seed. */
  const prng = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const randomEvents = (seed: number): Event[] => {
    const random = prng(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    return Array.from({ length: 1 + Math.floor(random() * 12) }, (_, i) => {
      const stateDelta: Record<string, unknown> = {};
      for (let k = Math.floor(random() * 5); k > 0; k--) {
        Object.defineProperty(stateDelta, pick(KEYS), { value: pick(VALUES), writable: true, enumerable: true, configurable: true });
      }
      const partial = random() < 0.15;
      return deepFreeze(createEvent({ id: `e${seed}-${i}`, author: 'a', timestamp: 100 + i, partial, actions: { stateDelta } }));
    });
  };

  /** The rules, written out independently as the oracle: last write wins, null deletes. */
  const expectedState = (initial: Record<string, unknown>, events: Event[], keepTemp: boolean) => {
    const state = new Map(Object.entries(initial));
    for (const event of events) {
      if (event.partial) continue;
      for (const [key, value] of Object.entries(event.actions.stateDelta)) {
        if (!keepTemp && key.startsWith('temp:')) continue;
        if (value === null || value === undefined) state.delete(key);
        else state.set(key, value);
      }
    }
    return state;
  };
  const entriesOf = (record: Record<string, unknown>) => new Map(Object.entries(record));

  const checkHistory = async (seed: number) => {
    const events = randomEvents(seed);
    const initial = frozenSession(base());

    const folded = events.reduce(applyEvent, initial);
    const live: Session = { ...initial, state: { ...initial.state }, events: [] };
    const returned = events.map((event) => commitEvent(live, event));

    expect(live).toEqual(folded);
    expect(entriesOf(live.state)).toEqual(entriesOf(folded.state));
    expect(entriesOf(folded.state)).toEqual(expectedState(initial.state, events, true));
    expect(Object.getPrototypeOf(folded.state)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(live.state)).toBe(Object.prototype);
    expect(returned.filter((e) => !e.partial)).toEqual(folded.events);
    for (const stored of folded.events) expect(Object.keys(stored.actions.stateDelta).some(isTempKey)).toBe(false);
    expect(folded.lastUpdateTime).toBe(live.lastUpdateTime);

    const service = new InMemorySessionService({ idGenerator: () => 's' });
    const created = await firstValueFrom(service.createSession({ appName: 'app', userId: 'u', state: initial.state }));
    for (const event of events) await firstValueFrom(service.appendEvent(created, event));
    const reloaded = await firstValueFrom(service.getSession({ appName: 'app', userId: 'u', sessionId: 's' }));
    expect(entriesOf(reloaded!.state)).toEqual(expectedState(initial.state, events, false));
    expect(reloaded!.events).toEqual(folded.events);
    expect(entriesOf(created.state)).toEqual(entriesOf(folded.state));
  };

  it('agree on 300 random histories (seeded; a failure names its seed)', async () => {
    for (let seed = 1; seed <= 300; seed++) {
      await checkHistory(seed).catch((error: unknown) => {
        throw new Error(`random history #${seed}: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  });
});

describe('the state-scoping rules', () => {
  it('stateScopeOf chooses the scope by prefix', () => {
    expect(['app:a', 'user:a', 'temp:a', 'a', 'apps:a'].map(stateScopeOf)).toEqual(['app', 'user', 'temp', 'session', 'session']);
  });

  it('applyStateDelta deletes null keys', () => {
    expect(applyStateDelta({ a: 1, b: 2 }, { a: 3, b: null, c: 4 })).toEqual({ a: 3, c: 4 });
  });

  it('applyScopedStateDelta reads the own keys of the delta only', () => {
    const delta = Object.create({ inherited: 1 }) as Record<string, unknown>;
    delta['own'] = 2;
    const session = {};
    applyScopedStateDelta({ session }, delta);
    expect(session).toEqual({ own: 2 });
  });

  it('withoutTempKeys returns the same event when there is nothing to strip, else a copy; never modifies it', () => {
    const event = deepFreeze(createEvent({ author: 'a', actions: { stateDelta: { a: 1 } } }));
    expect(withoutTempKeys(event)).toBe(event);
    const protoKeyed = deepFreeze(createEvent({ author: 'a', actions: { stateDelta: { ...withProtoKey(1), 'temp:t': 2 } } }));
    const stored = withoutTempKeys(protoKeyed);
    expect(Object.getPrototypeOf(stored.actions.stateDelta)).toBe(Object.prototype);
    expect(stored.actions.stateDelta['__proto__']).toBe(1);
    expect(Object.keys(stored.actions.stateDelta)).toEqual(['__proto__']);
  });

  it('splitStateDelta separates scopes, keeps deletions as null and drops temp:', () => {
    expect(splitStateDelta({ 'app:t': 'dark', 'user:l': 'fr', s: 2, gone: undefined, 'temp:x': 1 })).toEqual({
      app: { 'app:t': 'dark' },
      user: { 'user:l': 'fr' },
      session: { s: 2, gone: null },
    });
    const split = splitStateDelta(withProtoKey({ polluted: true }));
    expect(Object.getPrototypeOf(split.session)).toBe(Object.prototype);
    expect(split.session['__proto__']).toEqual({ polluted: true });
  });
});

describe('isEmptyStateDelta', () => {
  it('is true only for a delta without an own key: a deletion, a temp: key and __proto__ are keys', () => {
    expect(isEmptyStateDelta({})).toBe(true);
    expect(isEmptyStateDelta(Object.create({ inherited: 1 }) as Record<string, unknown>)).toBe(true);
    expect(isEmptyStateDelta({ gone: null })).toBe(false);
    expect(isEmptyStateDelta({ 'temp:t': 1 })).toBe(false);
    expect(isEmptyStateDelta(JSON.parse('{"__proto__": 1}') as Record<string, unknown>)).toBe(false);
  });

  it('an event with an empty delta commits without touching the state', () => {
    const session: Session = newSession({ id: 's', appName: 'app', userId: 'u', state: { a: 1 } });
    const event = createEvent({ author: 'a' });
    expect(commitEvent(session, event)).toBe(event);
    expect(session.state).toEqual({ a: 1 });
    expect(session.events).toEqual([event]);
  });
});
