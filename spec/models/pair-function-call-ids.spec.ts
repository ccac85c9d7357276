import type { Content } from '@google/genai';
import { pairFunctionCallIds } from '../../lib/models/pair-function-call-ids.js';

const call = (name: string, id?: string) => ({ functionCall: { name, args: {}, ...(id ? { id } : {}) } });
const response = (name: string, id?: string) => ({ functionResponse: { name, response: { ok: true }, ...(id ? { id } : {}) } });
const ids = (contents: Content[]) =>
  contents.map((c) => (c.parts ?? []).map((p) => p.functionCall?.id ?? p.functionResponse?.id ?? p.text));

describe('pairFunctionCallIds', () => {
  it('returns contents without calls as they are', () => {
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'hi' }] }];
    expect(pairFunctionCallIds(contents)).toEqual(contents);
    expect(pairFunctionCallIds([])).toEqual([]);
  });

  it('keeps the model\'s own ids', () => {
    const contents: Content[] = [
      { role: 'model', parts: [call('f', 'call_abc'), call('f', 'call_def')] },
      { role: 'user', parts: [response('f', 'call_def'), response('f', 'call_abc')] },
    ];
    expect(ids(pairFunctionCallIds(contents))).toEqual([['call_abc', 'call_def'], ['call_def', 'call_abc']]);
  });

  it('gives calls without ids call_<n>, and responses the id of the earliest unanswered call of their name', () => {
    const contents: Content[] = [
      { role: 'model', parts: [call('get_weather'), call('get_time'), call('get_weather')] },
      { role: 'user', parts: [response('get_weather'), response('get_time'), response('get_weather')] },
      { role: 'model', parts: [call('get_weather')] },
      { role: 'user', parts: [response('get_weather')] },
    ];
    expect(ids(pairFunctionCallIds(contents))).toEqual([
      ['call_0', 'call_1', 'call_2'],
      ['call_0', 'call_1', 'call_2'],
      ['call_3'],
      ['call_3'],
    ]);
  });

  it('gives a response that answers no call a fresh id, and leaves the input unchanged', () => {
    const contents: Content[] = [{ role: 'user', parts: [response('lost')] }];
    const copy = structuredClone(contents);
    expect(ids(pairFunctionCallIds(contents))).toEqual([['call_0']]);
    expect(contents).toEqual(copy);
  });

  it('gives the same history the same ids every time', () => {
    const contents: Content[] = [{ role: 'model', parts: [call('f')] }, { role: 'user', parts: [response('f')] }];
    expect(pairFunctionCallIds(contents)).toEqual(pairFunctionCallIds(contents));
  });
});
