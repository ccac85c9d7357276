import { EventType } from '@ag-ui/core';
import fastJsonPatch from 'fast-json-patch';
import { closeAgUiMapping, mapAgUiEvent } from '../../lib/ag-ui/ag-ui-mapping.js';
import { statePatch, storedState } from '../../lib/ag-ui/state-patch.js';
import { createEvent } from '../../lib/events/event.js';

describe('mapAgUiEvent', () => {
  it('maps function calls to TOOL_CALL_START/ARGS/END under the event id, and responses to TOOL_CALL_RESULT', () => {
    const calls = createEvent({ id: 'e1', author: 'a', content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } } }, { functionCall: { id: 'c2', name: 'x', args: {} } }] } });
    const { mapping, out } = mapAgUiEvent({ step: 'a', state: {} }, calls);
    expect(out).toEqual([
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'get_weather', parentMessageId: 'e1' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"city":"Paris"}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c2', toolCallName: 'x', parentMessageId: 'e1' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c2', delta: '{}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c2' },
    ]);
    const responses = createEvent({ id: 'e2', author: 'a', content: { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'get_weather', response: { sky: 'sunny' } } }] } });
    expect(mapAgUiEvent(mapping, responses).out).toEqual([
      { type: EventType.TOOL_CALL_RESULT, messageId: 'e2-c1', toolCallId: 'c1', content: '{"sky":"sunny"}', role: 'tool' },
    ]);
  });

  it('partial function-call chunks are left out (the final event carries the calls); thoughts are not text', () => {
    const partial = createEvent({ id: 'e1', author: 'a', partial: true, content: { role: 'model', parts: [{ text: 'thinking', thought: true }, { functionCall: { id: 'c1', name: 'f', args: {} } }] } });
    expect(mapAgUiEvent({ step: 'a', state: {} }, partial).out).toEqual([]);
  });

  it('a state delta is one STATE_DELTA (temp: keys left out); an event without a change gives none', () => {
    const changed = createEvent({ id: 'e1', author: 'a', actions: { stateDelta: { n: 2, gone: null, 'temp:x': 1, fresh: { a: [1] } } } });
    const { mapping, out } = mapAgUiEvent({ step: 'a', state: { n: 1, gone: true } }, changed);
    expect(out).toEqual([{ type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/n', value: 2 }, { op: 'remove', path: '/gone' }, { op: 'add', path: '/fresh', value: { a: [1] } }] }]);
    expect(mapping.state).toEqual({ n: 2, fresh: { a: [1] } });
    expect(mapAgUiEvent(mapping, createEvent({ id: 'e2', author: 'a', actions: { stateDelta: { 'temp:y': 1, missing: null } } })).out).toEqual([]);
  });

  it('closing ends the open message, then the open step', () => {
    expect(closeAgUiMapping({ text: { id: 'e1', sent: 'Hi' }, step: 'a', state: {} })).toEqual([
      { type: EventType.TEXT_MESSAGE_END, messageId: 'e1' },
      { type: EventType.STEP_FINISHED, stepName: 'a' },
    ]);
    expect(closeAgUiMapping({ state: {} })).toEqual([]);
  });
});

describe('statePatch', () => {
  it('applied by a JSON Patch library to the client state gives the stored state, keys with / and ~ included', () => {
    const before = { a: 1, 'x/y': 2, 'm~n': 3, keep: 'k' };
    const delta = { a: null, 'x/y': 5, 'm~n': null, 'p/q~r': [1, 2], 'temp:t': 9, absent: null };
    const { patch, state } = statePatch(before, delta);
    const applied = fastJsonPatch.applyPatch(structuredClone(before), patch, true).newDocument;
    expect(applied).toEqual(state);
    expect(state).toEqual({ 'x/y': 5, 'p/q~r': [1, 2], keep: 'k' });
    expect(patch.map((op) => op.path)).toEqual(['/a', '/x~1y', '/m~0n', '/p~1q~0r']);
  });

  it('storedState leaves out temp: keys', () => {
    expect(storedState({ n: 1, 'temp:x': 2, 'app:y': 3 })).toEqual({ n: 1, 'app:y': 3 });
  });
});
