import { createEvent, type EventInit } from '../../lib/events/event.js';
import { answeredCallBranch } from '../../lib/runner/answered-call-branch.js';

const call = (id: string, name: string, extra: Partial<EventInit> = {}) =>
  createEvent({ author: 'a', content: { role: 'model', parts: [{ functionCall: { id, name, args: {} } }] }, ...extra });
const responses = (...ids: Array<string | undefined>) => ({
  role: 'user',
  parts: ids.map((id) => ({ functionResponse: { ...(id !== undefined ? { id } : {}), name: 'adk_request_input', response: { result: 'x' } } })),
});

describe('answeredCallBranch', () => {
  const events = [
    call('r1', 'adk_request_input', { branch: 'discount@c1' }),
    call('r2', 'adk_request_input', { branch: 'discount@c1' }),
    call('r3', 'adk_request_input', { branch: 'other@c2' }),
    call('r4', 'adk_request_input'),
  ];

  it('is the branch of the calls the message answers', () => {
    expect(answeredCallBranch(events, responses('r1'))).toBe('discount@c1');
    expect(answeredCallBranch(events, responses('r1', 'r2'))).toBe('discount@c1');
  });

  it('is undefined for a call on no branch, calls on two branches, an unknown call, a response without id, or a text message', () => {
    expect(answeredCallBranch(events, responses('r4'))).toBeUndefined();
    expect(answeredCallBranch(events, responses('r1', 'r3'))).toBeUndefined();
    expect(answeredCallBranch(events, responses('r1', 'nope'))).toBeUndefined();
    expect(answeredCallBranch(events, responses(undefined))).toBeUndefined();
    expect(answeredCallBranch(events, { role: 'user', parts: [{ text: 'hi' }] })).toBeUndefined();
    expect(answeredCallBranch([], responses('r1'))).toBeUndefined();
  });
});
