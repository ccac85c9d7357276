import type { FunctionResponse } from '@google/genai';
import { createEvent } from '../../lib/events/event.js';
import { findFunctionResponse } from '../../lib/events/find-function-response.js';

const responsePart = (name: string, response: Record<string, unknown>) => ({ functionResponse: { id: `${name}-id`, name, response } });
const named = (name: string) => (response: FunctionResponse) => response.name === name;

describe('findFunctionResponse', () => {
  it('finds the first response that matches, the part\'s own object', () => {
    const first = responsePart('get_weather', { temp: 25 });
    const event = createEvent({
      author: 'a',
      content: { role: 'user', parts: [{ text: 'before' }, responsePart('lookup', { hit: 1 }), first, responsePart('get_weather', { temp: 30 })] },
    });
    expect(findFunctionResponse(event, named('get_weather'))).toBe(first.functionResponse);
  });

  it('is undefined when nothing matches, for parts without responses, and without content or parts', () => {
    expect(findFunctionResponse(createEvent({ author: 'a', content: { role: 'user', parts: [responsePart('lookup', {})] } }), named('get_weather'))).toBeUndefined();
    expect(findFunctionResponse(createEvent({ author: 'a', content: { role: 'model', parts: [{ text: 'hi' }, { functionCall: { name: 'get_weather' } }] } }), () => true)).toBeUndefined();
    expect(findFunctionResponse(createEvent({ author: 'a', content: { role: 'model', parts: [] } }), () => true)).toBeUndefined();
    expect(findFunctionResponse(createEvent({ author: 'a', content: { role: 'model' } }), () => true)).toBeUndefined();
    expect(findFunctionResponse(createEvent({ author: 'a' }), () => true)).toBeUndefined();
  });

  it('asks the predicate of the responses only, in order, and stops at the first match', () => {
    const asked: string[] = [];
    const event = createEvent({ author: 'a', content: { role: 'user', parts: [responsePart('a', {}), { text: 'x' }, responsePart('b', {}), responsePart('c', {})] } });
    findFunctionResponse(event, (response) => (asked.push(response.name!), response.name === 'b'));
    expect(asked).toEqual(['a', 'b']);
  });

  it('passes a throw of the predicate on', () => {
    const event = createEvent({ author: 'a', content: { role: 'user', parts: [responsePart('a', {})] } });
    expect(() =>
      findFunctionResponse(event, () => {
        throw new Error('bad predicate');
      }),
    ).toThrow('bad predicate');
  });
});
