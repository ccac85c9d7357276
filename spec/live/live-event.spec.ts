import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { isStoredLiveEvent, liveEvent } from '../../lib/live/live-event.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { countedIds, sequentialIds } from '../../lib/utils/ids.js';
import { directInvocation } from '../support/invocation.js';

const audio: LlmResponse = { content: { role: 'model', parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAAA' } }] } };

function setUp() {
  const ctx = directInvocation(new LlmAgent({ name: 'voice', model: 'gemini-live-2.5-flash-preview' }));
  return { ctx, unstored: countedIds(sequentialIds('u')) };
}

describe('liveEvent', () => {
  it("an audio frame's event (stored nowhere) takes its id from the unstored sequence, and is built as ctx.createEvent builds it", () => {
    const { ctx, unstored } = setUp();
    const event = liveEvent(ctx, audio, {}, unstored);
    expect(isStoredLiveEvent(event)).toBe(false);
    expect(event).toEqual({ ...ctx.createEvent(audio), id: 'u-1-1', timestamp: event.timestamp });
    expect(Object.keys(event)).toEqual(['invocationId', 'author', 'content', 'id', 'timestamp', 'actions']);
    expect(liveEvent(ctx, { outputTranscription: { text: 'Hi', finished: false }, partial: true }, {}, unstored).id).toBe('u-1-2');
  });

  it("a stored event takes the Runner's id generator", () => {
    const { ctx, unstored } = setUp();
    const finished = liveEvent(ctx, { outputTranscription: { text: 'Hi', finished: true } }, {}, unstored);
    const text = liveEvent(ctx, { content: { role: 'model', parts: [{ text: 'Hello' }] } }, {}, unstored);
    expect([finished.id, text.id]).toEqual(['e-1', 'e-2']);
    expect(isStoredLiveEvent(finished) && isStoredLiveEvent(text)).toBe(true);
  });

  it("the user's transcription is authored by the user, the model's by the agent", () => {
    const { ctx, unstored } = setUp();
    expect(liveEvent(ctx, { inputTranscription: { text: 'Hi', finished: true } }, {}, unstored).author).toBe('user');
    expect(liveEvent(ctx, { outputTranscription: { text: 'Hi', finished: true } }, {}, unstored).author).toBe('voice');
  });

  it('a function call event gets the generator id and call ids, and the actions are its own', () => {
    const { ctx, unstored } = setUp();
    const event = liveEvent(ctx, { content: { role: 'model', parts: [{ functionCall: { name: 'lookup', args: {} } }] } }, {}, unstored);
    expect(event.id).toBe('e-1');
    expect(event.content?.parts?.[0]?.functionCall?.id).toBeTruthy();
    expect(Object.isFrozen(event.actions)).toBe(false);
  });

  it('without an unstored sequence every event takes the generator', () => {
    const { ctx } = setUp();
    expect([liveEvent(ctx, audio, {}).id, liveEvent(ctx, audio, {}).id]).toEqual(['e-1', 'e-2']);
  });

  it("on a branch, an audio frame's event has the branch where ctx.createEvent puts it", () => {
    const { ctx, unstored } = setUp();
    const branched = ctx.forAgent(ctx.agent, 'root.voice');
    const event = liveEvent(branched, audio, {}, unstored);
    expect(Object.keys(event)).toEqual(Object.keys(branched.createEvent(audio)));
    expect(event).toEqual({ ...branched.createEvent(audio), id: 'u-1-1', timestamp: event.timestamp });
  });

  it("the user's content is authored by the user, and a whole text (stored) takes the generator's id", () => {
    const { ctx, unstored } = setUp();
    const user = liveEvent(ctx, { content: { role: 'user', parts: [{ text: 'Hi' }] } }, {}, unstored);
    expect([user.author, user.id]).toEqual(['user', 'e-1']);
  });
});
