import { firstValueFrom, lastValueFrom, type Observable, tap, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemoryArtifactService } from '../../lib/artifacts/in-memory-artifact-service.js';
import type { Event } from '../../lib/events/event.js';
import { LiveRequestQueue } from '../../lib/live/live-request-queue.js';
import { Gemini } from '../../lib/models/gemini.js';
import { LiveConnectionClosedError } from '../../lib/models/live-connection-closed-error.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { GeminiLiveStandIn, type GeminiLiveStep } from '../../lib/testing/gemini-live-stand-in.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { ModelError, SessionNotFoundError } from '../../lib/utils/errors.js';

const MODEL = 'gemini-live-2.5-flash-preview';
const user = (text: string) => ({ role: 'user', parts: [{ text }] });
const modelText = (text: string): GeminiLiveStep => ({ send: { serverContent: { modelTurn: { parts: [{ text }] } } } });
const turnComplete: GeminiLiveStep = { send: { serverContent: { turnComplete: true } } };

describe('Runner.runLive (Gemini Live through @google/genai, against GeminiLiveStandIn)', () => {
  let standIn: GeminiLiveStandIn;
  afterEach(() => standIn?.close());

  async function setUp(connections: GeminiLiveStep[][], tools: FunctionTool[] = [], withArtifacts = false) {
    standIn = await GeminiLiveStandIn.start({ connections });
    const model = new Gemini({ model: MODEL, apiKey: 'test-key', httpOptions: { baseUrl: standIn.baseUrl } });
    const agent = new LlmAgent({ name: 'voice', model, instruction: 'Be brief.', tools });
    const sessionService = new InMemorySessionService();
    const runner = new Runner({ appName: 'app', agent, sessionService, ...(withArtifacts ? { artifactService: new InMemoryArtifactService() } : {}) });
    await firstValueFrom(sessionService.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    const stored = async () => (await firstValueFrom(sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' })))!.events;
    return { runner, stored };
  }

  /** Runs the conversation; closes the queue once `closeWhen` holds for an event (default: the first turnComplete). */
  const converse = (events: Observable<Event>, queue: LiveRequestQueue, closeWhen = (e: Event) => !!e.turnComplete) =>
    lastValueFrom(events.pipe(tap((e) => closeWhen(e) && queue.close()), toArray()));
  const brief = (e: Event) => ({
    author: e.author,
    ...(e.partial ? { partial: true } : {}),
    ...(e.content ? { content: e.content.parts } : {}),
    ...(e.inputTranscription ? { input: e.inputTranscription } : {}),
    ...(e.outputTranscription ? { output: e.outputTranscription } : {}),
    ...(e.interrupted ? { interrupted: true } : {}),
    ...(e.turnComplete ? { turnComplete: true } : {}),
  });

  it('a text turn: requests queued before the connection go out in order; partials are handed on, the whole text and the user text are stored', async () => {
    const { runner, stored } = await setUp([[{ await: 'clientContent' }, modelText('Hel'), modelText('lo'), turnComplete]]);
    const queue = new LiveRequestQueue();
    queue.sendContent(user('Hi'));
    const all = await converse(runner.runLive({ userId: 'u1', sessionId: 's1', liveRequestQueue: queue, runConfig: { responseModalities: ['TEXT'] } }), queue);
    expect(all.map(brief)).toEqual([
      { author: 'user', content: [{ text: 'Hi' }] },
      { author: 'voice', partial: true, content: [{ text: 'Hel' }] },
      { author: 'voice', partial: true, content: [{ text: 'lo' }] },
      { author: 'voice', content: [{ text: 'Hello' }] },
      { author: 'voice', turnComplete: true },
    ]);
    expect((await stored()).map(brief)).toEqual([
      { author: 'user', content: [{ text: 'Hi' }] },
      { author: 'voice', content: [{ text: 'Hello' }] },
    ]);
    const [connection] = standIn.connections;
    expect(connection!.setup).toMatchObject({ systemInstruction: { parts: [{ text: expect.stringContaining('Be brief.') }] }, generationConfig: { responseModalities: ['TEXT'] } });
  });

  const call = (id: string, name: string, args: object): GeminiLiveStep => ({ send: { toolCall: { functionCalls: [{ id, name, args }] } } });
  const live = (runner: Runner, queue: LiveRequestQueue, runConfig = {}) =>
    runner.runLive({ userId: 'u1', sessionId: 's1', liveRequestQueue: queue, runConfig: { responseModalities: ['TEXT'], ...runConfig } });

  it('tools run during the conversation; their responses go back as toolResponse with the call ids; calls and responses are stored', async () => {
    const weather = new FunctionTool({ name: 'weather', description: 'The weather.', execute: ({ city }: Record<string, unknown>) => ({ city, sky: 'sunny' }) });
    const { runner, stored } = await setUp(
      [[{ await: 'clientContent' }, call('c-1', 'weather', { city: 'Paris' }), turnComplete, { await: 'toolResponse' }, modelText('Sunny.'), turnComplete]],
      [weather],
    );
    const queue = new LiveRequestQueue();
    queue.sendContent(user('Weather in Paris?'));
    let turns = 0;
    await converse(live(runner, queue), queue, (e) => !!e.turnComplete && ++turns === 2);
    expect(standIn.received('toolResponse')).toEqual([{ functionResponses: [{ id: 'c-1', name: 'weather', response: { city: 'Paris', sky: 'sunny' } }] }]);
    expect(standIn.problems).toEqual([]);
    expect((await stored()).map(brief)).toEqual([
      { author: 'user', content: [{ text: 'Weather in Paris?' }] },
      { author: 'voice', content: [{ functionCall: { id: 'c-1', name: 'weather', args: { city: 'Paris' } } }] },
      { author: 'voice', content: [{ functionResponse: { id: 'c-1', name: 'weather', response: { city: 'Paris', sky: 'sunny' } } }] },
      { author: 'voice', content: [{ text: 'Sunny.' }] },
    ]);
  });

  it('toolCallCancellation unsubscribes the named call (its abortSignal fires) and nothing answers it', async () => {
    let aborted = false;
    const slow = new FunctionTool({
      name: 'slow',
      description: 'Never ends by itself.',
      execute: (_args: Record<string, unknown>, ctx) => new Promise<never>(() => ctx.abortSignal.addEventListener('abort', () => (aborted = true))),
    });
    const { runner, stored } = await setUp(
      [[call('c-9', 'slow', {}), turnComplete, { send: { toolCallCancellation: { ids: ['c-9'] } } }, modelText('Never mind.'), turnComplete]],
      [slow],
    );
    const queue = new LiveRequestQueue();
    let turns = 0;
    await converse(live(runner, queue), queue, (e) => !!e.turnComplete && ++turns === 2);
    expect(aborted).toBe(true);
    expect(standIn.received('toolResponse')).toEqual([]);
    expect((await stored()).map(brief)).toEqual([
      { author: 'voice', content: [{ functionCall: { id: 'c-9', name: 'slow', args: {} } }] },
      { author: 'voice', content: [{ text: 'Never mind.' }] },
    ]);
  });

  it('transcriptions: deltas are partial, finished ones are stored (the user\'s as user); model audio is handed on, not stored', async () => {
    const audio = { inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAAA' } };
    const { runner, stored } = await setUp([[
      { await: 'realtimeInput' },
      { send: { serverContent: { inputTranscription: { text: 'Hello ' } } } },
      { send: { serverContent: { inputTranscription: { text: 'there', finished: true } } } },
      { send: { serverContent: { modelTurn: { parts: [audio] }, outputTranscription: { text: 'Hi!' } } } },
      { send: { serverContent: { outputTranscription: { finished: true } } } },
      turnComplete,
    ]]);
    const queue = new LiveRequestQueue();
    queue.sendRealtime({ mimeType: 'audio/pcm;rate=16000', data: 'AQID' });
    const events = await converse(live(runner, queue, { responseModalities: ['AUDIO'], inputAudioTranscription: {}, outputAudioTranscription: {} }), queue);
    expect(events.map(brief)).toEqual([
      { author: 'user', partial: true, input: { text: 'Hello ', finished: false } },
      { author: 'user', partial: true, input: { text: 'there', finished: false } },
      { author: 'user', input: { text: 'Hello there', finished: true } },
      { author: 'voice', content: [audio] },
      { author: 'voice', partial: true, output: { text: 'Hi!', finished: false } },
      { author: 'voice', output: { text: 'Hi!', finished: true } },
      { author: 'voice', turnComplete: true },
    ]);
    expect((await stored()).map(brief)).toEqual([
      { author: 'user', input: { text: 'Hello there', finished: true } },
      { author: 'voice', output: { text: 'Hi!', finished: true } },
    ]);
    expect(standIn.connections[0]!.setup).toMatchObject({ inputAudioTranscription: {}, outputAudioTranscription: {} });
    expect(standIn.received('realtimeInput')).toEqual([{ audio: { mimeType: 'audio/pcm;rate=16000', data: 'AQID' } }]);
  });

  it('saveLiveBlob: model audio is saved as an artifact and the stored event refers to it', async () => {
    const audio = { inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAAA' } };
    const { runner, stored } = await setUp([[{ send: { serverContent: { modelTurn: { parts: [audio] } } } }, turnComplete]], [], true);
    const queue = new LiveRequestQueue();
    await converse(live(runner, queue, { saveLiveBlob: true }), queue);
    const [event] = await stored();
    const uri = event!.content!.parts![0]!.fileData!.fileUri!;
    expect(uri).toMatch(/^artifact:\/\/apps\/app\/users\/u1\/sessions\/s1\/artifacts\/adk_live_audio_storage_output_\d+\.pcm\/versions\/0$/);
    const filename = uri.split('/artifacts/')[1]!.split('/versions/')[0]!;
    const saved = await firstValueFrom(runner.artifactService!.loadArtifact({ appName: 'app', userId: 'u1', sessionId: 's1', filename }));
    expect(saved).toEqual({ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAAA' } });
  });

  const handleUpdate: GeminiLiveStep = { send: { sessionResumptionUpdate: { newHandle: 'handle-1', resumable: true } } };

  it.each([
    ['close 1011', { close: 1011, reason: 'internal' } as GeminiLiveStep],
    ['close 1006', { close: 1006 } as GeminiLiveStep],
    ['close 1012', { close: 1012, reason: 'restart' } as GeminiLiveStep],
    ['goAway', { send: { goAway: { timeLeft: '0s' } } } as GeminiLiveStep],
  ])('reconnects mid-turn after %s with the resumption handle, without sending the history again; the cut text is stored whole (interrupted); the stream goes on', async (_label, drop) => {
    const { runner, stored } = await setUp([
      [{ await: 'clientContent' }, handleUpdate, modelText('Par'), drop],
      [modelText('Paris.'), turnComplete],
    ]);
    const queue = new LiveRequestQueue();
    queue.sendContent(user('Capital of France?'));
    const all = await converse(live(runner, queue, { sessionResumption: {} }), queue);
    expect(standIn.connections).toHaveLength(2);
    expect(standIn.connections[0]!.setup).toMatchObject({ sessionResumption: {} });
    expect(standIn.connections[1]!.setup).toMatchObject({ sessionResumption: { handle: 'handle-1' } });
    expect(standIn.received('clientContent')).toEqual([{ turns: [user('Capital of France?')], turnComplete: true }]);
    expect(all.map(brief)).toEqual([
      { author: 'user', content: [{ text: 'Capital of France?' }] },
      { author: 'voice' }, // the resumption update
      { author: 'voice', partial: true, content: [{ text: 'Par' }] },
      { author: 'voice', content: [{ text: 'Par' }], interrupted: true },
      { author: 'voice', partial: true, content: [{ text: 'Paris.' }] },
      { author: 'voice', content: [{ text: 'Paris.' }] },
      { author: 'voice', turnComplete: true },
    ]);
    expect((await stored()).map(brief)).toEqual([
      { author: 'user', content: [{ text: 'Capital of France?' }] },
      { author: 'voice', content: [{ text: 'Par' }], interrupted: true },
      { author: 'voice', content: [{ text: 'Paris.' }] },
    ]);
  });

  it('a reconnect mid-turn closes the unfinished transcriptions (stored as finished), and the new connection starts fresh ones', async () => {
    const { runner, stored } = await setUp([
      [{ await: 'realtimeInput' }, handleUpdate, { send: { serverContent: { inputTranscription: { text: 'Hello ' } } } }, { send: { serverContent: { outputTranscription: { text: 'Hi ' } } } }, { close: 1011 }],
      [{ send: { serverContent: { outputTranscription: { text: 'again', finished: true } } } }, turnComplete],
    ]);
    const queue = new LiveRequestQueue();
    queue.sendRealtime({ mimeType: 'audio/pcm;rate=16000', data: 'AQID' });
    await converse(live(runner, queue, { sessionResumption: {}, responseModalities: ['AUDIO'], inputAudioTranscription: {}, outputAudioTranscription: {} }), queue);
    expect((await stored()).map(brief)).toEqual([
      { author: 'user', input: { text: 'Hello ', finished: true } },
      { author: 'voice', output: { text: 'Hi ', finished: true } },
      { author: 'voice', output: { text: 'again', finished: true } },
    ]);
  });

  it('a tool running when the connection drops is cancelled (its abortSignal fires) and answers neither connection: the resumed session never made that call', async () => {
    let aborted = false;
    const slow = new FunctionTool({
      name: 'slow',
      description: 'Never ends by itself.',
      execute: (_args: Record<string, unknown>, ctx) => new Promise<never>(() => ctx.abortSignal.addEventListener('abort', () => (aborted = true))),
    });
    const { runner, stored } = await setUp(
      [
        [{ await: 'clientContent' }, handleUpdate, call('c-1', 'slow', {}), turnComplete, { close: 1011 }],
        [modelText('Back.'), turnComplete],
      ],
      [slow],
    );
    const queue = new LiveRequestQueue();
    queue.sendContent(user('Go slow.'));
    let turns = 0;
    await converse(live(runner, queue, { sessionResumption: {} }), queue, (e) => !!e.turnComplete && ++turns === 2);
    expect(aborted).toBe(true);
    expect(standIn.received('toolResponse')).toEqual([]);
    expect(standIn.problems).toEqual([]);
    expect((await stored()).map(brief)).toEqual([
      { author: 'user', content: [{ text: 'Go slow.' }] },
      { author: 'voice', content: [{ functionCall: { id: 'c-1', name: 'slow', args: {} } }] },
      { author: 'voice', content: [{ text: 'Back.' }] },
    ]);
  });

  it('function calls still buffered (no turnComplete yet) when the connection drops are dropped with it: the tool never runs', async () => {
    let ran = 0;
    const counted = new FunctionTool({ name: 'counted', description: 'Counts its runs.', execute: () => ({ runs: ++ran }) });
    const { runner, stored } = await setUp(
      [
        [{ await: 'clientContent' }, handleUpdate, modelText('Let me check'), call('c-2', 'counted', {}), { close: 1006 }],
        [modelText('Done.'), turnComplete],
      ],
      [counted],
    );
    const queue = new LiveRequestQueue();
    queue.sendContent(user('Count.'));
    await converse(live(runner, queue, { sessionResumption: {} }), queue);
    expect(ran).toBe(0);
    expect(standIn.received('toolResponse')).toEqual([]);
    expect((await stored()).map(brief)).toEqual([
      { author: 'user', content: [{ text: 'Count.' }] },
      { author: 'voice', content: [{ text: 'Let me check' }] },
      { author: 'voice', content: [{ text: 'Done.' }] },
    ]);
  });

  it.each([
    ['1011', { close: 1011, reason: 'internal error' } as GeminiLiveStep, 'code 1011 (internal error)'],
    ['1006', { close: 1006 } as GeminiLiveStep, 'code 1006'],
  ])('without a handle, a close %s mid-turn ends the run with a ModelError naming the code; the text handed on so far is stored', async (_label, drop, named) => {
    const { runner, stored } = await setUp([[{ await: 'clientContent' }, modelText('Par'), drop]]);
    const queue = new LiveRequestQueue();
    queue.sendContent(user('Capital of France?'));
    const error = await lastValueFrom(live(runner, queue)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LiveConnectionClosedError);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toContain(named);
    expect(standIn.connections).toHaveLength(1);
    expect((await stored()).map(brief)).toEqual([
      { author: 'user', content: [{ text: 'Capital of France?' }] },
      { author: 'voice', content: [{ text: 'Par' }], interrupted: true },
    ]);
  });

  it('gives up after 5 reconnections in a row that bring no event', async () => {
    const drop: GeminiLiveStep[] = [{ send: { sessionResumptionUpdate: { newHandle: 'h', resumable: true } } }, { close: 1012 }];
    const { runner } = await setUp([drop, ...Array.from({ length: 6 }, () => [{ close: 1012 } as GeminiLiveStep])]);
    const error = await lastValueFrom(live(runner, new LiveRequestQueue(), { sessionResumption: {} })).catch((e: unknown) => e);
    expect((error as LiveConnectionClosedError).closeCode).toBe(1012);
    expect(standIn.connections).toHaveLength(6);
  });

  it('unsubscribing closes the model connection', async () => {
    const { runner } = await setUp([[]]);
    const subscription = live(runner, new LiveRequestQueue()).subscribe();
    await standIn.until((s) => s.connections.length === 1);
    subscription.unsubscribe();
    await standIn.until((s) => s.connections[0]!.closed);
    expect(standIn.connections[0]!.closed).toBe(true);
  });

  it('a missing session is a SessionNotFoundError; a model without live a ModelError', async () => {
    const { runner } = await setUp([]);
    const missing = runner.runLive({ userId: 'u1', sessionId: 'nope', liveRequestQueue: new LiveRequestQueue() });
    await expect(lastValueFrom(missing)).rejects.toBeInstanceOf(SessionNotFoundError);
    const scripted = new Runner({ appName: 'app', agent: new LlmAgent({ name: 'a', model: new ScriptedLlm([]) }), sessionService: new InMemorySessionService(), autoCreateSession: true });
    await expect(lastValueFrom(scripted.runLive({ userId: 'u1', sessionId: 's1', liveRequestQueue: new LiveRequestQueue() }))).rejects.toThrow(/does not support live/);
  });
});
