import { concat, firstValueFrom, NEVER, of, toArray } from 'rxjs';
import { Gemini } from '../../lib/models/gemini.js';
import { LiveConnectionClosedError } from '../../lib/models/live-connection-closed-error.js';
import type { LiveRequest } from '../../lib/models/live-request.js';
import { createLlmRequest } from '../../lib/models/llm-request.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { GeminiLiveStandIn } from '../../lib/testing/gemini-live-stand-in.js';
import { ModelError } from '../../lib/utils/errors.js';
import { HoldingSubject } from '../../lib/utils/holding-subject.js';

const MODEL = 'gemini-live-2.5-flash-preview';
const user = (text: string) => ({ role: 'user', parts: [{ text }] });

describe('Gemini.connect (through @google/genai live client, against GeminiLiveStandIn)', () => {
  let standIn: GeminiLiveStandIn;
  afterEach(() => standIn?.close());
  const gemini = () => new Gemini({ model: MODEL, apiKey: 'test-key', httpOptions: { baseUrl: standIn.baseUrl } });

  it('sends the setup and history, then the requests in order; converts the answers; closes on {close}', async () => {
    standIn = await GeminiLiveStandIn.start({
      connections: [[
        { await: 'clientContent' },
        { await: 'realtimeInput' },
        { await: 'clientContent' },
        { send: { serverContent: { modelTurn: { parts: [{ text: 'Hel' }] } } } },
        { send: { serverContent: { modelTurn: { parts: [{ text: 'lo' }] } } } },
        { send: { serverContent: { turnComplete: true } } },
      ]],
    });
    const request = createLlmRequest({
      contents: [user('earlier'), { role: 'model', parts: [{ text: 'ok' }] }],
      config: { systemInstruction: 'Be brief.' },
      liveConnectConfig: { responseModalities: ['TEXT' as never] },
    });
    const requests = new HoldingSubject<LiveRequest>();
    const answers = firstValueFrom(gemini().connect(request).exchange(requests.observable).pipe(toArray()));
    requests.next({ blob: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } });
    requests.next({ content: user('Hi'), blob: undefined });
    await standIn.until((s) => s.received('clientContent').length === 2);
    requests.next({ close: true, content: user('ignored: close wins') });
    const responses = await answers;
    expect(responses).toEqual([
      { content: { role: 'model', parts: [{ text: 'Hel' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'lo' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'Hello' }] } },
      { turnComplete: true },
    ]);
    const [connection] = standIn.connections;
    expect(connection!.path).toBe('/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent');
    expect(connection!.setup.model).toBe(`models/${MODEL}`);
    expect(connection!.setup).toMatchObject({ systemInstruction: { parts: [{ text: 'Be brief.' }] }, generationConfig: { responseModalities: ['TEXT'] } });
    expect(connection!.received).toEqual([
      { clientContent: { turns: [user('earlier'), { role: 'model', parts: [{ text: 'ok' }] }], turnComplete: false } },
      { realtimeInput: { audio: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } } },
      { clientContent: { turns: [user('Hi')], turnComplete: true } },
    ]);
    await standIn.until((s) => s.connections[0]!.closed);
    expect(standIn.problems).toEqual([]);
  });

  it('sends function responses as toolResponse with the call ids, and activity markers as realtimeInput', async () => {
    standIn = await GeminiLiveStandIn.start({
      connections: [[
        { send: { toolCall: { functionCalls: [{ id: 'call-1', name: 'lookup', args: { q: 'x' } }] } } },
        { send: { serverContent: { turnComplete: true } } },
        { await: 'toolResponse' },
        { await: 'realtimeInput' },
        { await: 'realtimeInput' },
        { close: 1000 },
      ]],
    });
    const requests = new HoldingSubject<LiveRequest>();
    const answers = firstValueFrom(gemini().connect(createLlmRequest()).exchange(requests.observable).pipe(toArray()));
    requests.next({ content: { role: 'user', parts: [{ functionResponse: { id: 'call-1', name: 'lookup', response: { result: 'y' } } }] } });
    requests.next({ activityStart: {} });
    requests.next({ activityEnd: {} });
    expect(await answers).toEqual([
      { content: { role: 'model', parts: [{ functionCall: { id: 'call-1', name: 'lookup', args: { q: 'x' } } }] } },
      { turnComplete: true },
    ]);
    expect(standIn.connections[0]!.received).toEqual([
      { toolResponse: { functionResponses: [{ id: 'call-1', name: 'lookup', response: { result: 'y' } }] } },
      { realtimeInput: { activityStart: {} } },
      { realtimeInput: { activityEnd: {} } },
    ]);
    expect(standIn.problems).toEqual([]);
  });

  it('the stand-in reports a toolResponse whose id was never called', async () => {
    standIn = await GeminiLiveStandIn.start({ connections: [[{ await: 'toolResponse' }, { close: 1000 }]] });
    const requests = of<LiveRequest>({ content: { role: 'user', parts: [{ functionResponse: { id: 'nope', name: 'lookup', response: {} } }] } });
    await firstValueFrom(gemini().connect(createLlmRequest()).exchange(requests).pipe(toArray()));
    expect(standIn.problems).toEqual(['toolResponse for lookup names id nope, which no toolCall on this connection sent']);
  });

  it.each([1006, 1011, 1012])('fails with LiveConnectionClosedError naming close code %i', async (code) => {
    standIn = await GeminiLiveStandIn.start({ connections: [[{ send: { serverContent: { modelTurn: { parts: [{ text: 'a' }] } } } }, { close: code, reason: 'overloaded' }]] });
    const seen: unknown[] = [];
    const error = await new Promise<unknown>((resolve) => gemini().connect(createLlmRequest()).exchange(NEVER).subscribe({ next: (r) => seen.push(r), error: resolve }));
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(LiveConnectionClosedError);
    expect((error as LiveConnectionClosedError).closeCode).toBe(code);
    expect((error as Error).message).toContain(`code ${code}`);
  });

  it('does not send the history when resuming with a handle', async () => {
    standIn = await GeminiLiveStandIn.start({ connections: [[{ await: 'clientContent' }, { close: 1000 }]] });
    const request = createLlmRequest({ contents: [user('earlier')], liveConnectConfig: { sessionResumption: { handle: 'h-1' } } });
    await firstValueFrom(gemini().connect(request).exchange(of({ content: user('now') })).pipe(toArray()));
    expect(standIn.connections[0]!.setup).toMatchObject({ sessionResumption: { handle: 'h-1' } });
    expect(standIn.received('clientContent')).toEqual([{ turns: [user('now')], turnComplete: true }]);
  });

  it('the stand-in counts what it does not keep (keepMessages: false), and awaits by the counts', async () => {
    standIn = await GeminiLiveStandIn.start({ keepMessages: false, connections: [[{ await: 'realtimeInput' }, { await: 'realtimeInput' }, { close: 1000 }]] });
    const blob = { mimeType: 'audio/pcm;rate=16000', data: 'AQID' };
    const responses = await firstValueFrom(gemini().connect(createLlmRequest()).exchange(concat(of({ blob }, { blob }), NEVER)).pipe(toArray()));
    expect(responses).toEqual([]);
    expect(standIn.connections[0]!.counts).toEqual({ clientContent: 0, realtimeInput: 2, toolResponse: 0 });
    expect(standIn.connections[0]!.received).toEqual([]);
  });

  it('unsubscribing closes the socket', async () => {
    standIn = await GeminiLiveStandIn.start({ connections: [[]] });
    const subscription = gemini().connect(createLlmRequest()).exchange(NEVER).subscribe();
    await standIn.until((s) => s.connections.length === 1);
    subscription.unsubscribe();
    await standIn.until((s) => s.connections[0]!.closed);
    expect(standIn.connections[0]!.closed).toBe(true);
  });

  it('a model without live support answers with a ModelError', async () => {
    const scripted = new ScriptedLlm([]);
    await expect(firstValueFrom(scripted.connect(createLlmRequest()).exchange(NEVER))).rejects.toThrow(ModelError);
    await expect(firstValueFrom(scripted.connect(createLlmRequest()).exchange(NEVER))).rejects.toThrow(/does not support live/);
  });
});
