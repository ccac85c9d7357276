import type { Part } from '@google/genai';
import { map } from 'rxjs';
import { createEvent, type Event, type EventInit } from '../../lib/events/event.js';
import { createConfirmationResponse } from '../../lib/events/confirmation-requests.js';
import { toTranscript } from '../../lib/embedding/to-transcript.js';
import { EMPTY_TRANSCRIPT, settleTranscript, type Transcript, transcriptReducer } from '../../lib/embedding/transcript.js';
import { userMessage } from '../../lib/embedding/user-message.js';
import { testScheduler } from '../support/test-scheduler.js';

let ids = 0;
const event = (init: EventInit): Event => createEvent({ id: `e${++ids}`, invocationId: 'i1', timestamp: 0, ...init });
const said = (author: string, text: string, partial = false) =>
  event({ author, content: { role: author === 'user' ? 'user' : 'model', parts: [{ text }] }, ...(partial ? { partial } : {}) });
const fold = (events: Event[], from: Transcript = EMPTY_TRANSCRIPT) => events.reduce(transcriptReducer, from);
const texts = (t: Transcript) => t.messages.map((m) => (m.kind === 'message' ? `${m.author}: ${m.text}${m.partial ? '…' : ''}` : m.kind));

const confirmationCall = (id: string, callId: string): Part => ({
  functionCall: {
    id,
    name: 'adk_request_confirmation',
    args: { originalFunctionCall: { id: callId, name: 'delete_file', args: {} }, toolConfirmation: { hint: 'Delete it?', confirmed: false } },
  },
});

describe('userMessage', () => {
  it('is a user Content: the text part first, then the extra parts', () => {
    expect(userMessage('hi')).toEqual({ role: 'user', parts: [{ text: 'hi' }] });
    const image: Part = { inlineData: { mimeType: 'image/png', data: 'AAAA' } };
    expect(userMessage('look', image)).toEqual({ role: 'user', parts: [{ text: 'look' }, image] });
  });
});

describe('transcriptReducer', () => {
  it('merges partial chunks per author and invocation; the final text replaces them, keeping the first chunk\'s id', () => {
    const first = said('a', 'Hel', true);
    const t = fold([said('user', 'hi'), first, said('b', 'Other', true), said('a', 'lo', true)]);
    expect(texts(t)).toEqual(['user: hi', 'a: Hello…', 'b: Other…']);
    const done = fold([said('a', 'Hello!')], t);
    expect(texts(done)).toEqual(['user: hi', 'a: Hello!', 'b: Other…']);
    expect(done.messages[1]).toMatchObject({ id: first.id, role: 'model', partial: false });
  });

  it('leaves thoughts out of the text; a final event without text settles what was streamed', () => {
    const thought = event({ author: 'a', content: { role: 'model', parts: [{ text: 'hmm', thought: true }, { text: 'Yes' }] }, partial: true });
    const t = fold([thought, event({ author: 'a', content: { role: 'model', parts: [] } })]);
    expect(texts(t)).toEqual(['a: Yes']);
  });

  it('pairs a call with its result by id, even in a later turn; a result without its call still shows', () => {
    const call = event({ author: 'a', content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'f', args: { x: 1 } } }] } });
    const result = event({ author: 'a', invocationId: 'i2', content: { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'f', response: { y: 2 } } }] } });
    const orphan = event({ author: 'a', content: { role: 'user', parts: [{ functionResponse: { id: 'c9', name: 'g', response: {} } }] } });
    const t = fold([call, said('a', 'between'), result, orphan]);
    expect(t.messages).toEqual([
      { kind: 'tool', id: 'c1', author: 'a', name: 'f', args: { x: 1 }, status: 'done', result: { y: 2 } },
      expect.objectContaining({ kind: 'message', text: 'between' }),
      { kind: 'tool', id: 'c9', author: 'a', name: 'g', args: {}, status: 'done', result: {} },
    ]);
  });

  it('keeps confirmation requests pending (not as tool entries) until a response with their id arrives', () => {
    const ask = event({ author: 'a', content: { role: 'model', parts: [confirmationCall('r1', 'c1')] } });
    const asked = fold([ask]);
    expect(asked.messages).toEqual([]);
    expect(asked.pending).toEqual([
      { id: 'r1', originalFunctionCall: { id: 'c1', name: 'delete_file', args: {} }, toolConfirmation: { hint: 'Delete it?', confirmed: false } },
    ]);
    expect(fold([ask], asked).pending).toHaveLength(1); // the same request twice (history + live) counts once
    const answered = fold([event({ author: 'user', content: createConfirmationResponse({ id: 'r1' }, { confirmed: true }) })], asked);
    expect(answered.pending).toEqual([]);
  });

  it('adds an error entry for an error event', () => {
    const t = fold([event({ author: 'a', errorCode: 'MAX_TOKENS', errorMessage: 'Too long.' })]);
    expect(t.messages).toEqual([{ kind: 'error', id: expect.any(String), author: 'a', code: 'MAX_TOKENS', message: 'Too long.' }]);
  });

  it('never changes a transcript it was given, and returns it unchanged for an event that shows nothing', () => {
    const before = fold([said('a', 'Hel', true)]);
    const snapshot = JSON.parse(JSON.stringify(before)) as Transcript;
    fold([said('a', 'lo', true), said('a', 'Hello')], before);
    expect(before).toEqual(snapshot);
    expect(transcriptReducer(before, event({ author: 'a', actions: { stateDelta: { x: 1 } } }))).toBe(before);
  });

  it('settleTranscript ends streaming and cancels running calls (or keeps them, for a completed turn)', () => {
    const call = event({ author: 'a', content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'f', args: {} } }] } });
    const t = fold([said('a', 'Hel', true), call]);
    expect(settleTranscript(t).messages.map((m) => (m.kind === 'tool' ? m.status : m.kind === 'message' && m.partial))).toEqual([false, 'cancelled']);
    expect(settleTranscript(t, false).messages.map((m) => (m.kind === 'tool' ? m.status : m.kind === 'message' && m.partial))).toEqual([false, 'running']);
    expect(settleTranscript(settleTranscript(t))).toEqual(settleTranscript(t));
  });
});

describe('toTranscript', () => {
  it('emits the transcript after each event, at the event\'s frame', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const events = cold('-a-b-c|', { a: said('user', 'hi'), b: said('bot', 'Hel', true), c: said('bot', 'Hello') });
      expectObservable(events.pipe(toTranscript(), map(texts))).toBe('-a-b-c|', {
        a: ['user: hi'],
        b: ['user: hi', 'bot: Hel…'],
        c: ['user: hi', 'bot: Hello'],
      });
    });
  });

  it('continues from a given transcript', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const start = fold([said('user', 'earlier')]);
      const events = cold('-a|', { a: said('bot', 'later') });
      expectObservable(events.pipe(toTranscript(start))).toBe('-t|', { t: expect.objectContaining({ messages: [start.messages[0], expect.objectContaining({ text: 'later' })] }) });
    });
  });
});
