import type { Event } from '../../lib/events/event.js';
import type { TraceEntry, TraceHook } from '../../lib/server/trace-entry.js';
import { historyTurns } from '../../web/src/history-turns.js';

let seq = 0;
function entry(invocationId: string, hook: TraceHook, extra: Partial<TraceEntry> = {}): TraceEntry {
  return { seq: ++seq, time: 1000 + seq, elapsedMs: seq, invocationId, appName: 'a', userId: 'u', sessionId: 's', hook, ...extra };
}
function event(id: string, invocationId: string, author: string, text: string): Event {
  return {
    id, invocationId, author, timestamp: 1,
    content: { role: author === 'user' ? 'user' : 'model', parts: [{ text }] },
    actions: { stateDelta: {}, artifactDelta: {}, requestedToolConfirmations: {} },
  };
}
const shape = (messages: ReturnType<typeof historyTurns>[number]['messages']) =>
  messages.map((m) => (m.kind === 'trace' ? m.entry.hook : m.kind === 'event' ? `${m.event.partial ? '~' : ''}${m.event.id}` : m.kind));

describe('historyTurns (reopening a stored session)', () => {
  it('puts each stored event after the onEvent entry that announced it, per invocation, and rebuilds streamed chunks', () => {
    const events = [event('u1', 'e-1', 'user', 'hi'), event('m1', 'e-1', 'bot', 'Hello'), event('u2', 'e-2', 'user', 'again'), event('m2', 'e-2', 'bot', 'Hi again')];
    const traces = [
      entry('e-1', 'onUserMessage'), entry('e-1', 'beforeModel'),
      entry('e-1', 'onEvent', { eventId: 'p1', author: 'bot', partial: true, detail: 'Hel' }),
      entry('e-1', 'onEvent', { eventId: 'm1', author: 'bot' }), entry('e-1', 'afterRun'),
      entry('e-2', 'onUserMessage'), entry('e-2', 'onEvent', { eventId: 'm2', author: 'bot' }), entry('e-2', 'afterRun'),
    ];

    const turns = historyTurns(events, [...traces].reverse());

    expect(turns.map((t) => [t.invocationId, t.userContent?.parts?.[0]?.text])).toEqual([
      ['e-1', 'hi'],
      ['e-2', 'again'],
    ]);
    expect(shape(turns[0]!.messages)).toEqual(['onUserMessage', 'beforeModel', 'onEvent', '~p1', 'onEvent', 'm1', 'afterRun']);
    expect(shape(turns[1]!.messages)).toEqual(['onUserMessage', 'onEvent', 'm2', 'afterRun']);
    const chunk = turns[0]!.messages[3]!;
    expect(chunk.kind === 'event' && chunk.event.content?.parts?.[0]?.text).toBe('Hel');
  });

  it('chunks that share the final event\'s id stay chunks, and the final event comes after the last one', () => {
    const events = [event('u1', 'e-1', 'user', 'hi'), event('m1', 'e-1', 'bot', 'Hello there')];
    const traces = [
      entry('e-1', 'onUserMessage'),
      entry('e-1', 'onEvent', { eventId: 'm1', author: 'bot', partial: true, detail: 'Hello' }),
      entry('e-1', 'onEvent', { eventId: 'm1', author: 'bot', partial: true, detail: ' there' }),
      entry('e-1', 'onEvent', { eventId: 'm1', author: 'bot' }),
      entry('e-1', 'afterRun'),
    ];
    const [turn] = historyTurns(events, traces);
    expect(shape(turn!.messages)).toEqual(['onUserMessage', 'onEvent', '~m1', 'onEvent', '~m1', 'onEvent', 'm1', 'afterRun']);
    const last = turn!.messages.at(-2)!;
    expect(last.kind === 'event' && last.event.content?.parts?.[0]?.text).toBe('Hello there');
  });

  it('a recorded turn that never reached afterRun (Stop) ends cancelled; one that failed (onRunError) does not', () => {
    const events = [event('u1', 'e-1', 'user', 'hi'), event('u2', 'e-2', 'user', 'again')];
    const traces = [
      entry('e-1', 'onUserMessage'), entry('e-1', 'onEvent', { eventId: 'm1', author: 'bot', partial: true, detail: 'Let me' }),
      entry('e-2', 'onUserMessage'), entry('e-2', 'onRunError', { error: 'boom' }),
    ];
    const [stopped, failed] = historyTurns(events, traces);
    expect(shape(stopped!.messages)).toEqual(['onUserMessage', 'onEvent', '~m1', 'cancelled']);
    expect(stopped!.messages.at(-1)).toEqual({ kind: 'cancelled', detail: expect.stringContaining('without afterRun') });
    expect(shape(failed!.messages)).toEqual(['onUserMessage', 'onRunError']);
  });

  it('without recorded traces (the server restarted), a turn is its stored events', () => {
    const turns = historyTurns([event('u1', 'e-1', 'user', 'hi'), event('m1', 'e-1', 'bot', 'Hello')], []);
    expect(turns).toHaveLength(1);
    expect(shape(turns[0]!.messages)).toEqual(['m1']);
  });
});
