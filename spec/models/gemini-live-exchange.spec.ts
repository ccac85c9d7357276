import type { GoogleGenAI, LiveCallbacks, LiveServerMessage } from '@google/genai';
import { NEVER, of, Subject, throwError } from 'rxjs';
import { geminiLiveExchange } from '../../lib/models/gemini-live-exchange.js';
import { LiveConnectionClosedError } from '../../lib/models/live-connection-closed-error.js';
import type { LiveRequest } from '../../lib/models/live-request.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { testScheduler } from '../support/test-scheduler.js';

const MODEL = 'gemini-live-2.5-flash-preview';
const parameters = { model: MODEL, config: {}, history: [] };
const mapped = (error: unknown) => ({ mapped: error });

/** A client whose `live.connect` opens at once and records what is sent; the test plays the server through `callbacks`. */
function fakeClient() {
  const sent: unknown[] = [];
  let closes = 0;
  const opened: { callbacks?: LiveCallbacks } = {};
  const session = {
    sendRealtimeInput: (input: unknown) => sent.push({ realtimeInput: input }),
    sendClientContent: (content: unknown) => sent.push({ clientContent: content }),
    sendToolResponse: (response: unknown) => sent.push({ toolResponse: response }),
    close: () => closes++,
  };
  const client = {
    live: {
      connect: (options: { callbacks: LiveCallbacks }) => {
        opened.callbacks = options.callbacks;
        return Promise.resolve(session);
      },
    },
  } as unknown as GoogleGenAI;
  return { client, sent, opened, closes: () => closes };
}

const message = (value: object) => value as LiveServerMessage;

async function settle(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

describe('geminiLiveExchange', () => {
  it('a client that fails to load: the error, through toError', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(geminiLiveExchange(throwError(() => 'no sdk'), parameters, NEVER, mapped)).toBe('#', undefined, { mapped: 'no sdk' });
    });
  });

  it('no client at all: completes', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(geminiLiveExchange(cold<{ client: GoogleGenAI }>('--|'), parameters, NEVER, mapped)).toBe('--|');
    });
  });

  it('unsubscribed before the client came: the client is unsubscribed, nothing opens', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const client$ = cold<{ client: GoogleGenAI }>('----c', { c: fakeClient() });
      expectObservable(geminiLiveExchange(client$, parameters, NEVER, mapped), '^-!').toBe('---');
      expectSubscriptions(client$.subscriptions).toBe('^-!');
    });
  });

  it('converts each message where the SDK hands it over, sends the requests, and completes on a close 1000', async () => {
    const fake = fakeClient();
    const requests = new Subject<LiveRequest>();
    const seen: Array<LlmResponse | 'complete'> = [];
    geminiLiveExchange(of({ client: fake.client }), parameters, requests, mapped).subscribe({
      next: (response) => seen.push(response),
      complete: () => seen.push('complete'),
    });
    await settle();
    requests.next({ blob: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } });
    const callbacks = fake.opened.callbacks!;
    callbacks.onmessage(message({ setupComplete: {} }));
    callbacks.onmessage(message({ serverContent: { modelTurn: { parts: [{ text: 'Hel' }] } } }));
    callbacks.onmessage(message({ serverContent: { modelTurn: { parts: [{ text: 'lo' }] }, turnComplete: true } }));
    callbacks.onclose!({ code: 1000, reason: '' } as CloseEvent);
    expect(fake.sent).toEqual([{ realtimeInput: { audio: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } } }]);
    expect(seen).toEqual([
      { content: { role: 'model', parts: [{ text: 'Hel' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'lo' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'Hello' }] } },
      { turnComplete: true },
      'complete',
    ]);
  });

  it('a drop fails with LiveConnectionClosedError through toError; a message that cannot be read fails through toError and closes', async () => {
    const dropped = fakeClient();
    let failure: unknown;
    geminiLiveExchange(of({ client: dropped.client }), parameters, NEVER, (error) => error).subscribe({ error: (error: unknown) => (failure = error) });
    await settle();
    dropped.opened.callbacks!.onclose!({ code: 1011, reason: 'internal' } as CloseEvent);
    expect(failure).toBeInstanceOf(LiveConnectionClosedError);

    const broken = fakeClient();
    let error: unknown;
    geminiLiveExchange(of({ client: broken.client }), parameters, NEVER, mapped).subscribe({ error: (e: unknown) => (error = e) });
    await settle();
    broken.opened.callbacks!.onmessage(message({ serverContent: { modelTurn: { parts: [null] } } }));
    expect(error).toEqual({ mapped: expect.any(TypeError) });
    expect(broken.closes()).toBe(1);
  });

  it('stops handing on the responses of a message once the subscriber unsubscribed, and closes the session', async () => {
    const fake = fakeClient();
    const seen: LlmResponse[] = [];
    const subscription = geminiLiveExchange(of({ client: fake.client }), parameters, NEVER, mapped).subscribe((response) => {
      seen.push(response);
      subscription.unsubscribe();
    });
    await settle();
    fake.opened.callbacks!.onmessage(message({ usageMetadata: { totalTokenCount: 3 }, serverContent: { turnComplete: true } }));
    expect(seen).toEqual([{ usageMetadata: { totalTokenCount: 3 } }]);
    expect(fake.closes()).toBe(1);
  });
});
