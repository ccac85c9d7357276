import type { FunctionCall } from '@google/genai';
import { withId } from '../../lib/utils/with-id.js';

describe('withId', () => {
  it('copies the value with the id, leaving the original alone', () => {
    const call: FunctionCall = { name: 'get_weather', args: { city: 'Paris' } };
    const copy = withId(call, 'adk-1');
    expect(copy).toEqual({ id: 'adk-1', name: 'get_weather', args: { city: 'Paris' } });
    expect(call).not.toHaveProperty('id');
    expect(copy.args).toBe(call.args);
  });

  it('replaces an empty id', () => {
    const call: FunctionCall = { id: '', name: 'f' };
    expect(withId(call, 'x')).toEqual({ id: 'x', name: 'f' });
  });

  it('keeps a key named __proto__ as data (no prototype change)', () => {
    const call = JSON.parse('{"name":"f","__proto__":{"polluted":true}}') as FunctionCall;
    const copy = withId(call, 'x');
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
