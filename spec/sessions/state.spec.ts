import { State } from '../../lib/sessions/state.js';

describe('State', () => {
  it('writes through to the live value and records the delta', () => {
    const live: Record<string, unknown> = { a: 1 };
    const delta: Record<string, unknown> = {};
    const state = new State(live, delta);
    state.set('b', 2);
    expect(live).toEqual({ a: 1, b: 2 });
    expect(delta).toEqual({ b: 2 });
    expect(state.get('b')).toBe(2);
    expect(state.hasDelta()).toBe(true);
  });

  it('records a deletion as null and reads it as absent', () => {
    const live: Record<string, unknown> = { a: 1 };
    const delta: Record<string, unknown> = {};
    const state = new State(live, delta);
    state.delete('a');
    expect(live).toEqual({});
    expect(delta).toEqual({ a: null });
    expect(state.has('a')).toBe(false);
    expect(state.get('a')).toBeUndefined();
    expect(state.toRecord()).toEqual({});
  });

  it('treats setting null or undefined as a deletion', () => {
    const delta: Record<string, unknown> = {};
    const state = new State({ a: 1, b: 2 }, delta);
    state.set('a', null);
    state.set('b', undefined);
    expect(delta).toEqual({ a: null, b: null });
  });

  it('reads the delta before the value (a view created over an older delta sees its own writes)', () => {
    const state = new State({ k: 'old' }, { k: 'new' });
    expect(state.get('k')).toBe('new');
    expect(state.toRecord()).toEqual({ k: 'new' });
  });

  it('has no delta until written', () => {
    expect(new State({ a: 1 }).hasDelta()).toBe(false);
  });

  it('updates several keys at once and keeps prefixed keys as they are', () => {
    const delta: Record<string, unknown> = {};
    const state = new State({}, delta);
    state.update({ 'app:theme': 'dark', 'user:lang': 'fr', 'temp:scratch': 1 });
    expect(delta).toEqual({ 'app:theme': 'dark', 'user:lang': 'fr', 'temp:scratch': 1 });
    expect(State.APP_PREFIX + State.USER_PREFIX + State.TEMP_PREFIX).toBe('app:user:temp:');
  });

  it('reads own keys only: inherited names such as constructor are absent', () => {
    const state = new State({});
    expect(state.get('constructor')).toBeUndefined();
    expect(state.get('__proto__')).toBeUndefined();
    expect(state.has('toString')).toBe(false);
  });

  it('stores __proto__ as an ordinary key, changing no prototype', () => {
    const live: Record<string, unknown> = {};
    const delta: Record<string, unknown> = {};
    const state = new State(live, delta);
    state.set('__proto__', { polluted: true });
    for (const record of [live, delta, state.toRecord()]) {
      expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
      expect(Object.keys(record)).toEqual(['__proto__']);
    }
    expect(state.get('__proto__')).toEqual({ polluted: true });
    expect(state.has('__proto__')).toBe(true);
    state.delete('__proto__');
    expect(state.has('__proto__')).toBe(false);
    expect(Object.getPrototypeOf(live)).toBe(Object.prototype);
    expect(Object.hasOwn(delta, '__proto__') && delta['__proto__']).toBeNull();
  });
});
