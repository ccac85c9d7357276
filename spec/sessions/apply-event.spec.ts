// The session reducer is pure data in, data out: these tests use no RxJS.
import { createEvent } from '../../lib/events/event.js';
import { applyEvent, commitEvent } from '../../lib/sessions/apply-event.js';
import { newSession } from '../../lib/sessions/session.js';
import { applyStateDelta, splitStateDelta, withoutTempKeys } from '../../lib/sessions/state-delta.js';

const base = () => newSession({ id: 's', appName: 'app', userId: 'u', state: { keep: 1, drop: 2 } });

describe('applyEvent', () => {
  it('appends the event, applies its delta and advances lastUpdateTime, without touching its inputs', () => {
    const before = base();
    const event = createEvent({ author: 'a', timestamp: 10, actions: { stateDelta: { added: 3, drop: null } } });
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

  it('never stores temp: keys, in the state or in the stored event', () => {
    const after = applyEvent(base(), createEvent({ author: 'a', actions: { stateDelta: { 'temp:t': 1, n: 2 } } }));
    expect(after.state).toEqual({ keep: 1, drop: 2, n: 2 });
    expect(after.events[0]!.actions.stateDelta).toEqual({ n: 2 });
  });

  it('folds a history (reduce) into the final state', () => {
    const events = [1, 2, 3].map((n) => createEvent({ author: 'a', timestamp: n, actions: { stateDelta: { n } } }));
    const final = events.reduce(applyEvent, base());
    expect(final.state['n']).toBe(3);
    expect(final.events).toHaveLength(3);
  });
});

describe('commitEvent', () => {
  it('commits in place, keeps temp: keys readable in the live state, stores the event without them', () => {
    const session = base();
    const events = session.events;
    const stored = commitEvent(session, createEvent({ author: 'a', timestamp: 5, actions: { stateDelta: { 'temp:t': 1, n: 2 } } }));
    expect(session.events).toBe(events);
    expect(session.events).toEqual([stored]);
    expect(session.state).toEqual({ keep: 1, drop: 2, 'temp:t': 1, n: 2 });
    expect(stored.actions.stateDelta).toEqual({ n: 2 });
    expect(session.lastUpdateTime).toBe(5);
  });
});

describe('state deltas', () => {
  it('applyStateDelta deletes null keys', () => {
    expect(applyStateDelta({ a: 1, b: 2 }, { a: 3, b: null, c: 4 })).toEqual({ a: 3, c: 4 });
  });

  it('withoutTempKeys returns the same event when there is nothing to strip', () => {
    const event = createEvent({ author: 'a', actions: { stateDelta: { a: 1 } } });
    expect(withoutTempKeys(event)).toBe(event);
  });

  it('splitStateDelta separates scopes and drops temp:', () => {
    expect(splitStateDelta({ 'app:t': 'dark', 'user:l': 'fr', s: 2, 'temp:x': 1 })).toEqual({
      app: { 'app:t': 'dark' },
      user: { 'user:l': 'fr' },
      session: { s: 2 },
    });
  });
});
