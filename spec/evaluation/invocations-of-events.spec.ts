import type { Content } from '@google/genai';
import { createEvent, type Event } from '../../lib/events/event.js';
import { invocationsOfEvents } from '../../lib/evaluation/invocations-of-events.js';

const user = (invocationId: string, text: string, timestamp = 1): Event => createEvent({ invocationId, author: 'user', timestamp, content: { role: 'user', parts: [{ text }] } });
const said = (invocationId: string, author: string, content: Content, extra: Partial<Event> = {}): Event => createEvent({ invocationId, author, content, ...extra });
const text = (value: string): Content => ({ role: 'model', parts: [{ text: value }] });
const call: Content = { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } } }] };
const response: Content = { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'get_weather', response: { sky: 'sunny' } } }] };

describe('invocationsOfEvents (a session as eval invocations, as ADK converts one)', () => {
  it('no events: no invocations', () => {
    expect(invocationsOfEvents([])).toEqual([]);
  });

  it('one turn with a tool: the user content, the final answer, the call and its response on the way', () => {
    const [invocation, ...rest] = invocationsOfEvents([user('i1', 'Weather in Paris?', 17.5), said('i1', 'weather', call), said('i1', 'weather', response), said('i1', 'weather', text('Sunny.'))]);
    expect(rest).toEqual([]);
    expect(invocation).toEqual({
      invocationId: 'i1',
      userContent: { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      finalResponse: text('Sunny.'),
      intermediateData: { invocationEvents: [{ author: 'weather', content: call }, { author: 'weather', content: response }] },
      creationTimestamp: 17.5,
    });
  });

  it('many turns: one invocation each, in order of first appearance', () => {
    const invocations = invocationsOfEvents([user('b', 'first'), said('b', 'a', text('one')), user('a', 'second'), said('a', 'a', text('two'))]);
    expect(invocations.map((i) => [i.invocationId, i.userContent.parts?.[0]?.text, i.finalResponse?.parts?.[0]?.text])).toEqual([
      ['b', 'first', 'one'],
      ['a', 'second', 'two'],
    ]);
    expect(invocations.map((i) => i.intermediateData)).toEqual([{ invocationEvents: [] }, { invocationEvents: [] }]);
  });

  it('a sub-agent\'s words on the way stay in the events; the last final response is the answer', () => {
    const [invocation] = invocationsOfEvents([user('i', 'plan'), said('i', 'planner', text('Step 1.')), said('i', 'writer', text('Done.'))]);
    expect(invocation!.finalResponse).toEqual(text('Done.'));
    expect(invocation!.intermediateData).toEqual({ invocationEvents: [{ author: 'planner', content: text('Step 1.') }] });
  });

  it('a final response with text is not replaced by a later one without text', () => {
    const image: Content = { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: 'AA==' } }] };
    const [invocation] = invocationsOfEvents([user('i', 'draw'), said('i', 'a', text('Here it is.')), said('i', 'a', image)]);
    expect(invocation!.finalResponse).toEqual(text('Here it is.'));
    expect(invocation!.intermediateData).toEqual({ invocationEvents: [{ author: 'a', content: image }] });
  });

  it('a final event that calls a long-running tool is kept with its call', () => {
    const [invocation] = invocationsOfEvents([user('i', 'approve'), said('i', 'hr', call, { longRunningToolIds: ['c1'] })]);
    expect(invocation!.finalResponse).toEqual(call);
    expect(invocation!.intermediateData).toEqual({ invocationEvents: [{ author: 'hr', content: call }] });
  });

  it('partial chunks and state-only events are left out; a turn without an answer has no final response', () => {
    const stateOnly = createEvent({ invocationId: 'i', author: 'a', actions: { stateDelta: { k: 1 } } });
    const [invocation] = invocationsOfEvents([user('i', 'hi'), said('i', 'a', text('he'), { partial: true }), stateOnly]);
    expect(invocation).toEqual({ invocationId: 'i', userContent: { role: 'user', parts: [{ text: 'hi' }] }, intermediateData: { invocationEvents: [] }, creationTimestamp: 1 });
  });

  it('an invocation without user content (a resumed one) has empty user content and time 0', () => {
    const [invocation] = invocationsOfEvents([said('r', 'a', text('Resumed.'))]);
    expect(invocation).toMatchObject({ userContent: { parts: [] }, finalResponse: text('Resumed.'), creationTimestamp: 0 });
  });
});
