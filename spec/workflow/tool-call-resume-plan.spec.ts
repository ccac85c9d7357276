import { createEvent, type EventInit } from '../../lib/events/event.js';
import { toolCallsAwaitingInput } from '../../lib/flows/tool-calls-awaiting-input.js';
import { toolCallResumePlan } from '../../lib/workflow/tool-call-resume-plan.js';

const ev = (init: Partial<EventInit>) => createEvent({ author: 'calc', invocationId: 'i1', ...init });
const toolCall = ev({ author: 'shop', content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'calc', args: { tier: 'VIP' } } }] } });
const request = (id: string, path: string, branch: string, schema: unknown = null) =>
  ev({ nodeInfo: { path }, branch, longRunningToolIds: [id], content: { role: 'model', parts: [{ functionCall: { id, name: 'adk_request_input', args: { interruptId: id, response_schema: schema } } }] } });
const answer = (id: string, response: Record<string, unknown>) =>
  ev({ author: 'user', content: { role: 'user', parts: [{ functionResponse: { id, name: 'adk_request_input', response } }] } });

describe('toolCallResumePlan', () => {
  it('rebuilds the node runs of the call branch (root paths included) with every valid answer', () => {
    const events = [
      toolCall,
      ev({ nodeInfo: { path: 'calc@1/lookup@1', outputFor: ['calc@1/lookup@1'] }, branch: 'calc@c1', output: 'VIP' }),
      request('r1', 'calc@1/ask@1', 'calc@c1.ask@1'),
      request('other', 'calc@1', 'calc@c9'),
      answer('r1', { result: 'yes' }),
    ];
    const plan = toolCallResumePlan(events, 'calc@c1', { tier: 'VIP' })!;
    expect([...plan.answers]).toEqual([['r1', 'yes']]);
    expect(plan.history.get('calc@1/lookup@1')).toMatchObject({ finished: true, output: 'VIP' });
    expect(plan.history.get('calc@1/ask@1')).toMatchObject({ interruptIds: ['r1'], branch: 'calc@c1.ask@1' });
    expect(plan.history.get('calc@1')).toMatchObject({ interruptIds: ['r1'] });
    expect(plan.rejected).toEqual([]);
  });

  it('rejects an answer of the latest message that fails its responseSchema, and is undefined without requests', () => {
    const events = [toolCall, request('r1', 'calc@1', 'calc@c1', { type: 'string' }), answer('r1', { result: 3 })];
    const plan = toolCallResumePlan(events, 'calc@c1', 'x')!;
    expect(plan.answers.size).toBe(0);
    expect(plan.rejected.map((r) => r.request.id)).toEqual(['r1']);
    expect(toolCallResumePlan([toolCall], 'calc@c1', 'x')).toBeUndefined();
  });
});

describe('toolCallsAwaitingInput', () => {
  it('gives the agent\'s unanswered calls whose branch holds a request the latest user message answers', () => {
    const events = [toolCall, request('r1', 'calc@1', 'calc@c1'), answer('r1', { text: 'yes' })];
    expect(toolCallsAwaitingInput(events, 'shop').map((c) => c.id)).toEqual(['c1']);
    expect(toolCallsAwaitingInput(events, 'someone_else')).toEqual([]);
  });

  it('gives none once the call is answered, for a text message, or for an answer to another request', () => {
    const responded = ev({ author: 'shop', content: { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'calc', response: { result: 1 } } }] } });
    expect(toolCallsAwaitingInput([toolCall, request('r1', 'calc@1', 'calc@c1'), answer('r1', {}), responded], 'shop')).toEqual([]);
    expect(toolCallsAwaitingInput([toolCall, request('r1', 'calc@1', 'calc@c1'), ev({ author: 'user', content: { role: 'user', parts: [{ text: 'yes' }] } })], 'shop')).toEqual([]);
    expect(toolCallsAwaitingInput([toolCall, request('r1', 'calc@1', 'calc@c1'), answer('r2', {})], 'shop')).toEqual([]);
    expect(toolCallsAwaitingInput([], 'shop')).toEqual([]);
  });
});
