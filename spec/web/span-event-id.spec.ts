import type { Event } from '../../lib/events/event.js';
import type { TraceEntry, TraceHook } from '../../lib/server/trace-entry.js';
import type { RunMessage } from '../../web/src/run-message.js';
import { spanEventIdOf } from '../../web/src/span-event-id.js';

const base = { invocationId: 'e-1', appName: 'a', userId: 'u', sessionId: 's', time: 0, elapsedMs: 0 };
let seq = 0;
const hook = (name: TraceHook, extra: Partial<TraceEntry> = {}): RunMessage => ({ kind: 'trace', entry: { ...base, seq: ++seq, hook: name, agent: 'bot', ...extra } });
const event = (id: string, extra: Partial<Event> = {}): RunMessage => ({
  kind: 'event',
  event: { id, invocationId: 'e-1', author: 'bot', timestamp: 0, actions: { stateDelta: {}, artifactDelta: {}, requestedToolConfirmations: {} }, ...extra },
});
const toolResult = (id: string, callId: string): RunMessage =>
  event(id, { content: { role: 'user', parts: [{ functionResponse: { id: callId, name: 'get_weather', response: {} } }] } });

describe('spanEventIdOf (which event\'s span the inspector reads for a timeline row)', () => {
  // beforeModel → call event → beforeTool → afterTool → result event → beforeModel → chunk → final
  const turn: RunMessage[] = [
    hook('onUserMessage'),
    { kind: 'event', event: { ...(event('u1') as { event: Event }).event, author: 'user' } },
    hook('beforeModel'),
    hook('afterModel'),
    event('call'),
    hook('beforeTool', { tool: 'get_weather', functionCallId: 'fc-1' }),
    hook('afterTool', { tool: 'get_weather', functionCallId: 'fc-1' }),
    toolResult('result', 'fc-1'),
    hook('beforeModel'),
    hook('afterModel', { partial: true }),
    event('answer', { partial: true }),
    event('answer'),
    hook('afterRun'),
  ];

  it("an agent's event is its own span's event (a streamed chunk shares its final event's id); a user's has none", () => {
    expect(spanEventIdOf(turn, 4)).toBe('call');
    expect(spanEventIdOf(turn, 10)).toBe('answer');
    expect(spanEventIdOf(turn, 1)).toBeUndefined();
  });

  it('a model hook points at the event its model call produced', () => {
    expect([2, 3, 8, 9].map((index) => spanEventIdOf(turn, index))).toEqual(['call', 'call', 'answer', 'answer']);
  });

  it("a tool hook points at the event answering its function call, not the model's next event", () => {
    expect([5, 6].map((index) => spanEventIdOf(turn, index))).toEqual(['result', 'result']);
    expect(spanEventIdOf([hook('beforeTool', { functionCallId: 'other' }), toolResult('result', 'fc-1')], 0)).toBeUndefined();
  });

  it('Runner hooks, errors and cancellations have no span', () => {
    expect(spanEventIdOf(turn, 0)).toBeUndefined();
    expect(spanEventIdOf(turn, 12)).toBeUndefined();
    expect(spanEventIdOf([{ kind: 'cancelled' }], 0)).toBeUndefined();
    expect(spanEventIdOf([{ kind: 'error', error: 'boom' }], 0)).toBeUndefined();
  });
});
