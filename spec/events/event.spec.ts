import { map } from 'rxjs';
import { createEvent } from '../../lib/events/event.js';
import { createEventActions, hasActions } from '../../lib/events/event-actions.js';
import { getFunctionCalls } from '../../lib/events/get-function-calls.js';
import { getFunctionResponses } from '../../lib/events/get-function-responses.js';
import { hasTrailingCodeExecutionResult } from '../../lib/events/has-trailing-code-execution-result.js';
import { isFinalResponse } from '../../lib/events/is-final-response.js';
import { testScheduler } from '../support/test-scheduler.js';

const call = { functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } } };
const response = { functionResponse: { id: 'c1', name: 'get_weather', response: { temp: 25 } } };

describe('createEvent', () => {
  it('fills an id, empty actions and the given fields', () => {
    const event = createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'hi' }] } });
    expect(event.id).toMatch(/^[\w-]{21}$/);
    expect(event.author).toBe('user');
    expect(event.invocationId).toBe('');
    expect(event.actions).toEqual({ stateDelta: {}, artifactDelta: {}, requestedToolConfirmations: {} });
  });

  it('takes its timestamp from the scheduler clock (virtual inside TestScheduler.run)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const stamps = cold('---a|').pipe(map(() => createEvent({ author: 'a' }).timestamp));
      expectObservable(stamps).toBe('---t|', { t: 3 });
    });
  });

  it('is JSON round-trippable', () => {
    const event = createEvent({ author: 'a', actions: { stateDelta: { k: 1 } }, content: { parts: [call] } });
    expect(JSON.parse(JSON.stringify(event))).toEqual(event);
  });
});

describe('createEventActions / hasActions', () => {
  it('keeps given fields and defaults the deltas', () => {
    expect(createEventActions({ escalate: true }).escalate).toBe(true);
    expect(hasActions(createEventActions())).toBe(false);
    expect(hasActions(createEventActions({ stateDelta: { a: 1 } }))).toBe(true);
    expect(hasActions(createEventActions({ artifactDelta: { f: 0 } }))).toBe(true);
    expect(hasActions(createEventActions({ transferToAgent: 'x' }))).toBe(true);
  });
});

describe('getFunctionCalls / getFunctionResponses', () => {
  it('returns the calls and responses in part order', () => {
    const second = { functionCall: { id: 'c2', name: 'get_time', args: {} } };
    const event = createEvent({ author: 'a', content: { parts: [{ text: 'x' }, call, second] } });
    expect(getFunctionCalls(event).map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(getFunctionResponses(event)).toEqual([]);
    expect(getFunctionResponses(createEvent({ author: 'a', content: { parts: [response] } }))[0]!.response).toEqual({
      temp: 25,
    });
  });

  it('returns [] for an event without content', () => {
    expect(getFunctionCalls(createEvent({ author: 'a' }))).toEqual([]);
  });
});

describe('isFinalResponse', () => {
  it('is true for plain text', () => {
    expect(isFinalResponse(createEvent({ author: 'a', content: { parts: [{ text: 'Done.' }] } }))).toBe(true);
  });

  it('is false for a function call, a function response or a partial chunk', () => {
    expect(isFinalResponse(createEvent({ author: 'a', content: { parts: [call] } }))).toBe(false);
    expect(isFinalResponse(createEvent({ author: 'a', content: { parts: [response] } }))).toBe(false);
    expect(isFinalResponse(createEvent({ author: 'a', partial: true, content: { parts: [{ text: 'Do' }] } }))).toBe(
      false,
    );
  });

  it('is false with a trailing code execution result', () => {
    const event = createEvent({ author: 'a', content: { parts: [{ codeExecutionResult: { output: '4' } }] } });
    expect(hasTrailingCodeExecutionResult(event)).toBe(true);
    expect(isFinalResponse(event)).toBe(false);
  });

  it('is true when summarisation is skipped or long-running tools are pending, even with calls', () => {
    expect(isFinalResponse(createEvent({ author: 'a', content: { parts: [response] }, actions: { skipSummarization: true } }))).toBe(true);
    expect(isFinalResponse(createEvent({ author: 'a', content: { parts: [call] }, longRunningToolIds: ['c1'] }))).toBe(true);
  });
});
