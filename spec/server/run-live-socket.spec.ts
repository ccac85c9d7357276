import { firstValueFrom, lastValueFrom } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { Gemini } from '../../lib/models/gemini.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { cutToBytes, liveRunConfigOf } from '../../lib/server/run-live-socket.js';
import { liveRequestFromWire, InvalidLiveFrameError } from '../../lib/server/live-request-from-wire.js';
import { GeminiLiveStandIn, type GeminiLiveStep } from '../../lib/testing/gemini-live-stand-in.js';

interface WsClient {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
}
const wsPackage = 'ws';
const { WebSocket } = (await import(wsPackage)) as { WebSocket: new (url: string, options?: { headers?: Record<string, string> }) => WsClient };

/** A client of /run_live: what it received, and how it was closed. */
function connect(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as Record<string, unknown>);
    waiters.splice(0).forEach((wake) => wake());
  });
  /** Resolves once `predicate` holds for the messages received (checked on every message). */
  const until = (predicate: (m: Record<string, unknown>) => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (messages.some(predicate) ? resolve() : waiters.push(check));
      check();
    });
  socket.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const opened = new Promise<void>((resolve) => socket.on('open', () => resolve()));
  return { socket, messages, closed, opened, until };
}

describe('WS /run_live on the dev server (real socket, Gemini Live stand-in as the model)', () => {
  let standIn: GeminiLiveStandIn;
  let server: DevServer;
  afterEach(async () => {
    await lastValueFrom(server.close(), { defaultValue: undefined });
    await standIn.close();
  });

  async function start(connections: GeminiLiveStep[][]) {
    standIn = await GeminiLiveStandIn.start({ connections });
    const model = new Gemini({ model: 'gemini-live-2.5-flash-preview', apiKey: 'k', httpOptions: { baseUrl: standIn.baseUrl } });
    const rootAgent = new LlmAgent({ name: 'voice', model, instruction: 'Be brief.' });
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf([{ name: 'voice_app', rootAgent, plugins: [] }]), port: 0, ui: false, log: () => undefined }));
    await firstValueFrom(server.runners.sessionService.createSession({ appName: 'voice_app', userId: 'u1', sessionId: 's1' }));
    return server.url.replace('http:', 'ws:');
  }

  it('snake_case frames in (a PCM blob, text), camelCase events out; closing the queue closes with 1000; the session holds the conversation', async () => {
    const base = await start([[
      { await: 'realtimeInput' },
      { await: 'clientContent' },
      { send: { serverContent: { inputTranscription: { text: 'hello', finished: true } } } },
      { send: { serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAAA' } }] }, outputTranscription: { text: 'Hi there', finished: true } } } },
      { send: { serverContent: { turnComplete: true } } },
    ]]);
    const client = connect(`${base}/run_live?app_name=voice_app&user_id=u1&session_id=s1&modalities=AUDIO`);
    await client.opened;
    client.socket.send(JSON.stringify({ blob: { mime_type: 'audio/pcm;rate=16000', data: 'AQID' } }));
    client.socket.send(JSON.stringify({ content: { role: 'user', parts: [{ text: 'hi' }] } }));
    await client.until((m) => !!m['turnComplete']);
    client.socket.send(JSON.stringify({ close: true }));
    expect(await client.closed).toEqual({ code: 1000, reason: '' });
    expect(standIn.received('realtimeInput')).toEqual([{ audio: { mimeType: 'audio/pcm;rate=16000', data: 'AQID' } }]);
    expect(standIn.connections[0]!.setup).toMatchObject({ generationConfig: { responseModalities: ['AUDIO'] } });
    expect(client.messages.find((m) => (m['inputTranscription'] as { finished?: boolean } | undefined)?.finished)).toMatchObject({ author: 'user', inputTranscription: { text: 'hello', finished: true } });
    expect(client.messages.find((m) => m['content'] && (m['content'] as { parts: Array<{ inlineData?: unknown }> }).parts[0]!.inlineData)).toMatchObject({ author: 'voice', invocationId: expect.any(String) });
    const session = await firstValueFrom(server.runners.sessionService.getSession({ appName: 'voice_app', userId: 'u1', sessionId: 's1' }));
    expect(session!.events.map((e) => [e.author, e.content?.parts?.[0]?.text ?? e.inputTranscription?.text ?? e.outputTranscription?.text])).toEqual([
      ['user', 'hi'],
      ['user', 'hello'],
      ['voice', 'Hi there'],
    ]);
  });

  it('an invalid frame gets an error event, and the conversation goes on', async () => {
    const base = await start([[{ await: 'clientContent' }, { send: { serverContent: { modelTurn: { parts: [{ text: 'ok' }] }, turnComplete: true } } }]]);
    const client = connect(`${base}/run_live?app_name=voice_app&user_id=u1&session_id=s1&modalities=TEXT`);
    await client.opened;
    client.socket.send('not json');
    client.socket.send(JSON.stringify({ blob: { data: 1 } }));
    client.socket.send(JSON.stringify({ content: { role: 'user', parts: [{ text: 'still here?' }] } }));
    await client.until((m) => !!m['turnComplete']);
    expect(client.messages.filter((m) => m['errorCode']).map((m) => m['errorCode'])).toEqual(['INVALID_LIVE_REQUEST', 'INVALID_LIVE_REQUEST']);
    expect(client.messages.some((m) => !m['partial'] && (m['content'] as { parts?: Array<{ text?: string }> } | undefined)?.parts?.[0]?.text === 'ok')).toBe(true);
    client.socket.close();
    await standIn.until((s) => s.connections[0]!.closed);
    expect(standIn.connections[0]!.closed).toBe(true);
  });

  it('closes with 1002 for a session that does not exist (and does not create it), 1008 for an unknown app or a foreign Origin', async () => {
    const base = await start([]);
    const missing = connect(`${base}/run_live?app_name=voice_app&user_id=u1&session_id=nope`);
    expect((await missing.closed).code).toBe(1002);
    expect(await firstValueFrom(server.runners.sessionService.getSession({ appName: 'voice_app', userId: 'u1', sessionId: 'nope' }))).toBeUndefined();
    expect((await connect(`${base}/run_live?app_name=nope&user_id=u1&session_id=s1`).closed).code).toBe(1008);
    const foreign = await connect(`${base}/run_live?app_name=voice_app&user_id=u1&session_id=s1`, { Origin: 'http://evil.example' }).closed;
    expect(foreign.code).toBe(1008);
    expect(foreign.reason).toContain('evil.example');
    expect(standIn.connections).toHaveLength(0);
  });

  it('closes with 1011 when the model connection fails, the reason cut to 123 bytes', async () => {
    const base = await start([[{ close: 1011, reason: 'x'.repeat(100) }]]);
    const client = connect(`${base}/run_live?app_name=voice_app&user_id=u1&session_id=s1`);
    const closed = await client.closed;
    expect(closed.code).toBe(1011);
    expect(Buffer.byteLength(closed.reason)).toBeLessThanOrEqual(123);
    expect(closed.reason).toContain('code 1011');
  });
});

describe('liveRequestFromWire', () => {
  it('reads snake_case and camelCase requests', () => {
    expect(liveRequestFromWire('{"blob":{"mime_type":"audio/pcm","data":"AA"}}')).toEqual({ blob: { mimeType: 'audio/pcm', data: 'AA' } });
    expect(liveRequestFromWire('{"activity_start":{}}')).toEqual({ activityStart: {} });
    expect(liveRequestFromWire('{"activityEnd":{}}')).toEqual({ activityEnd: {} });
    expect(liveRequestFromWire('{"close":true}')).toEqual({ close: true });
    expect(liveRequestFromWire('{"content":{"role":"user","parts":[{"function_response":{"id":"c1","name":"f","response":{}}}]}}')).toEqual({
      content: { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'f', response: {} } }] },
    });
  });

  it.each(['nope', '[]', '{}', '{"blob":{"data":1}}', '{"content":{"parts":[]}}'])('refuses %s with InvalidLiveFrameError', (frame) => {
    expect(() => liveRequestFromWire(frame)).toThrow(InvalidLiveFrameError);
  });

  it('liveRunConfigOf reads adk-web\'s query flags', () => {
    expect(liveRunConfigOf(new URLSearchParams('modalities=AUDIO&proactive_audio=true&enable_affective_dialog=true&enable_session_resumption=true&save_live_blob=true'))).toEqual({
      responseModalities: ['AUDIO'],
      proactivity: { proactiveAudio: true },
      enableAffectiveDialog: true,
      sessionResumption: {},
      saveLiveBlob: true,
    });
    expect(liveRunConfigOf(new URLSearchParams('modalities=TEXT,AUDIO&modalities=VIDEO'))).toEqual({ responseModalities: ['TEXT', 'AUDIO'] });
    expect(liveRunConfigOf(new URLSearchParams(''))).toEqual({});
  });

  it('cutToBytes never splits a character', () => {
    expect(cutToBytes('héllo', 2)).toBe('h');
    expect(cutToBytes('abc', 123)).toBe('abc');
  });
});
