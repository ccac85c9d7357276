import { firstValueFrom, lastValueFrom } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import type { Session } from '../../lib/sessions/session.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import type { TraceEntry } from '../../lib/server/trace-entry.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import { call, SseStream } from './support/http-client.js';
import { testApps, type SlowProbe } from './support/test-apps.js';

const user = (text: string) => ({ role: 'user', parts: [{ text }] });
const sessionsOf = (app: string, userId = 'u1') => `/apps/${app}/users/${userId}/sessions`;

describe('the ADK HTTP API (a real server on a random port)', () => {
  let server: DevServer;
  let base: string;
  let slow: SlowProbe;
  let standIn: GeminiStandIn;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    const geminiChunk = (t: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text: t }] } }] });
    // the Gemini stand-in sends one chunk, then waits a minute before the next: the client hangs up first
    standIn = await GeminiStandIn.start({ script: [{ chunks: [geminiChunk('Thinking'), geminiChunk(' hard')], chunkDelayMs: 60_000 }] });
    const built = testApps(standIn.baseUrl);
    slow = built.slow;
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf(built.apps), port: 0, ui: false, log: (line) => serverErrors.push(line) }));
    base = server.url;
  });

  afterAll(async () => {
    await lastValueFrom(server.close(), { defaultValue: undefined });
    await standIn.close();
  });

  async function newSession(app = 'notes', body?: unknown): Promise<Session> {
    const answer = await call(base, 'POST', sessionsOf(app), body);
    expect(answer.status).toBe(200);
    return answer.json as Session;
  }

  describe('a tool result that is not JSON (whole turns)', () => {
    it('POST /run answers with the {error} reply, and GET of the session keeps working', async () => {
      const session = await newSession();
      const answer = await call(base, 'POST', '/run', { appName: 'notes', userId: 'u1', sessionId: session.id, newMessage: user('count big') });
      expect(answer.status).toBe(200);
      const events = answer.json as Event[];
      const reply = events.flatMap((e) => e.content?.parts ?? []).find((p) => p.functionResponse)!.functionResponse!.response;
      expect(reply).toEqual({ error: 'Tool count_big returned a result that is not JSON: a BigInt at .n.' });
      const again = await call(base, 'GET', `${sessionsOf('notes')}/${session.id}`);
      expect(again.status).toBe(200);
      expect((again.json as Session).events).toHaveLength(4);
    });
  });

  describe('invocation_id (ADK\'s RunAgentRequest)', () => {
    it('POST /run with invocation_id on an app that is not resumable is a 400 naming resumability', async () => {
      const session = await newSession();
      const answer = await call(base, 'POST', '/run', { app_name: 'notes', user_id: 'u1', session_id: session.id, invocation_id: 'e-1' });
      expect(answer.status).toBe(400);
      expect((answer.json as { error: string }).error).toContain('resumability: { isResumable: true }');
    });
  });

  describe('apps and sessions', () => {
    it('GET /list-apps lists the apps by name', async () => {
      const answer = await call(base, 'GET', '/list-apps');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json).toEqual(['broken', 'gemini', 'notes', 'slow']);
    });

    it('POST .../sessions creates a session: empty, with {state}, or with the state as the body (ADK)', async () => {
      const empty = await newSession();
      expect(empty).toMatchObject({ appName: 'notes', userId: 'u1', state: {}, events: [] });
      expect(typeof empty.id).toBe('string');
      expect((await newSession('notes', { state: { visits: 1 } })).state).toEqual({ visits: 1 });
      expect((await newSession('notes', { visits: 2 })).state).toEqual({ visits: 2 });
    });

    it('POST .../sessions/{id} chooses the id; a second create with that id is a 409', async () => {
      const answer = await call(base, 'POST', `${sessionsOf('notes')}/chosen-id`, { state: { k: 'v' } });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ id: 'chosen-id', state: { k: 'v' } });
      const again = await call(base, 'POST', `${sessionsOf('notes')}/chosen-id`);
      expect(again.status).toBe(409);
      expect((again.json as { error: string }).error).toMatch(/chosen-id.*already exists/);
    });

    it('GET .../sessions lists the user\'s sessions only', async () => {
      const mine = await newSession();
      await call(base, 'POST', sessionsOf('notes', 'someone-else'));
      const answer = await call(base, 'GET', sessionsOf('notes'));
      expect(answer.status).toBe(200);
      const sessions = answer.json as Session[];
      expect(sessions.map((s) => s.id)).toContain(mine.id);
      expect(sessions.every((s) => s.userId === 'u1' && s.appName === 'notes')).toBe(true);
    });

    it('GET .../sessions/{id} returns the session with its events; DELETE removes it', async () => {
      const session = await newSession();
      const got = await call(base, 'GET', `${sessionsOf('notes')}/${session.id}`);
      expect(got.status).toBe(200);
      expect(got.json).toMatchObject({ id: session.id, events: [] });

      const deleted = await call(base, 'DELETE', `${sessionsOf('notes')}/${session.id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect((await call(base, 'GET', `${sessionsOf('notes')}/${session.id}`)).status).toBe(404);
    });

    it('a session is found only by its user: another user\'s id is a 404', async () => {
      const session = await newSession();
      const answer = await call(base, 'GET', `${sessionsOf('notes', 'intruder')}/${session.id}`);
      expect(answer.status).toBe(404);
    });
  });

  describe('POST /run', () => {
    it('runs a turn and answers the events as one JSON array; they are stored in the session', async () => {
      const session = await newSession();
      const answer = await call(base, 'POST', '/run', { appName: 'notes', userId: 'u1', sessionId: session.id, newMessage: user('hi') });
      expect(answer.status).toBe(200);
      const events = answer.json as Event[];
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ author: 'notes_agent', content: { parts: [{ text: 'echo: hi' }] } });
      expect(typeof events[0]!.invocationId).toBe('string');

      const stored = (await call(base, 'GET', `${sessionsOf('notes')}/${session.id}`)).json as Session;
      expect(stored.events.map((e) => e.author)).toEqual(['user', 'notes_agent']);
      expect(stored.events[1]!.id).toBe(events[0]!.id);
    });

    it('accepts the snake_case body of ADK\'s Python clients, and stores stateDelta with the user event', async () => {
      const session = await newSession();
      const answer = await call(base, 'POST', '/run', {
        app_name: 'notes', user_id: 'u1', session_id: session.id, new_message: user('hello'), state_delta: { mood: 'happy' },
      });
      expect(answer.status).toBe(200);
      const stored = (await call(base, 'GET', `${sessionsOf('notes')}/${session.id}`)).json as Session;
      expect(stored.state).toEqual({ mood: 'happy' });
    });

    it('a tool\'s state change and artifact are visible through the session and its artifacts', async () => {
      const session = await newSession();
      const answer = await call(base, 'POST', '/run', { appName: 'notes', userId: 'u1', sessionId: session.id, newMessage: user('note: buy milk') });
      const events = answer.json as Event[];
      expect(events.map((e) => e.content?.parts?.[0]).map((p) => Object.keys(p ?? {})[0])).toEqual(['functionCall', 'functionResponse', 'text']);
      expect(events[1]!.actions).toMatchObject({ stateDelta: { last_note: 'buy milk' }, artifactDelta: { 'note.txt': 0 } });

      const stored = (await call(base, 'GET', `${sessionsOf('notes')}/${session.id}`)).json as Session;
      expect(stored.state).toEqual({ last_note: 'buy milk' });
      const names = await call(base, 'GET', `${sessionsOf('notes')}/${session.id}/artifacts`);
      expect(names.json).toEqual(['note.txt']);
      const file = await call(base, 'GET', `${sessionsOf('notes')}/${session.id}/artifacts/note.txt`);
      expect(file.json).toEqual({ text: 'buy milk' });
      expect((await call(base, 'GET', `${sessionsOf('notes')}/${session.id}/artifacts/other.txt`)).status).toBe(404);
    });
  });

  describe('POST /run_sse', () => {
    it('streams one `data:` frame per event, partial chunks included with streaming: true, and ends the stream', async () => {
      const session = await newSession();
      const stream = new SseStream(base, { appName: 'notes', userId: 'u1', sessionId: session.id, newMessage: user('stream me'), streaming: true });
      await stream.ended;
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.malformed).toEqual([]);
      // without `trace`, nothing but plain data frames: what ADK clients expect
      expect(stream.frames.every((f) => f.event === undefined)).toBe(true);
      const events = stream.events();
      expect(events.map((e) => [e['partial'] === true, (e['content'] as { parts: Array<{ text: string }> }).parts[0]!.text])).toEqual([
        [true, 'echo: '],
        [true, 'stream me'],
        [false, 'echo: stream me'],
      ]);
      const stored = (await call(base, 'GET', `${sessionsOf('notes')}/${session.id}`)).json as Session;
      expect(stored.events).toHaveLength(2); // partial events are not stored
    });

    it('without streaming, the answer comes as one event', async () => {
      const session = await newSession();
      const stream = new SseStream(base, { appName: 'notes', userId: 'u1', sessionId: session.id, newMessage: user('once') });
      await stream.ended;
      expect(stream.events().map((e) => e['partial'] ?? false)).toEqual([false]);
    });

    it('with trace: true, interleaves `event: trace` frames: every hook in order, before the event it leads to', async () => {
      const session = await newSession();
      const stream = new SseStream(base, { appName: 'notes', userId: 'u1', sessionId: session.id, newMessage: user('note: trace me'), trace: true });
      await stream.ended;
      expect(stream.malformed).toEqual([]);
      const sequence = stream.frames.map((f) => (f.event === 'trace' ? (f.data as TraceEntry).hook : `event:${(f.data as Event).author}`));
      expect(sequence).toEqual([
        'onUserMessage', 'beforeRun', 'beforeAgent',
        'beforeModel', 'afterModel', 'onEvent', 'event:notes_agent',            // the function call
        'beforeTool', 'afterTool', 'onEvent', 'event:notes_agent',              // the function response
        'beforeModel', 'afterModel', 'onEvent', 'event:notes_agent',            // the answer
        'afterAgent', 'afterRun',
      ]);
      const traces = stream.frames.filter((f) => f.event === 'trace').map((f) => f.data as TraceEntry);
      const seqs = traces.map((t) => t.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(traces.map((t) => t.invocationId)).size).toBe(1);
      expect(traces.find((t) => t.hook === 'beforeTool')).toMatchObject({ agent: 'notes_agent', tool: 'save_note', detail: '{"text":"trace me"}' });
      expect(traces.find((t) => t.hook === 'beforeModel')).toMatchObject({ plugins: ['audit'], callbacks: 1 });
      // every event was announced by the onEvent entry just before it
      const onEventIds = traces.filter((t) => t.hook === 'onEvent').map((t) => t.eventId);
      expect(onEventIds).toEqual(stream.events().map((e) => e['id']));

      // ... and the same entries are kept for the session
      const recorded = await call(base, 'GET', `${sessionsOf('notes')}/${session.id}/trace`);
      expect(recorded.status).toBe(200);
      expect(recorded.json).toEqual(traces);
    });

    it('an error during the run becomes an `event: error` frame with {error}; the server goes on', async () => {
      const session = await newSession('broken');
      const stream = new SseStream(base, { appName: 'broken', userId: 'u1', sessionId: session.id, newMessage: user('hi') });
      await stream.ended;
      expect(stream.status).toBe(200);
      const last = stream.frames.at(-1)!;
      expect(last.event).toBe('error');
      expect(last.data).toEqual({ error: expect.stringMatching(/The model is on fire/) });
      expect((await call(base, 'GET', '/list-apps')).status).toBe(200);
    });

    it('closing the connection unsubscribes the run: the tool sees its abort signal and nothing more is stored', async () => {
      const session = await newSession('slow');
      const stream = new SseStream(base, { appName: 'slow', userId: 'u1', sessionId: session.id, newMessage: user('wait'), trace: true });
      await stream.waitFor((f) => f.event === undefined); // the function-call event
      await slow.started;
      stream.close();

      await expect(slow.aborted).resolves.toBeDefined();
      expect(slow.abortCount).toBe(1);
      const stored = (await call(base, 'GET', `${sessionsOf('slow')}/${session.id}`)).json as Session;
      expect(stored.events.map((e) => (e.content?.parts?.[0]?.functionCall ? 'call' : e.content?.parts?.[0]?.functionResponse ? 'response' : e.author))).toEqual([
        'user',
        'call',
      ]);
      const hooks = ((await call(base, 'GET', `${sessionsOf('slow')}/${session.id}/trace`)).json as TraceEntry[]).map((t) => t.hook);
      expect(hooks).toContain('beforeTool');
      expect(hooks).not.toContain('afterTool');
      expect(hooks).not.toContain('afterRun');
    });

    it('closing the connection aborts the model\'s HTTP request (the Gemini stand-in sees the hang-up)', async () => {
      const session = await newSession('gemini');
      const stream = new SseStream(base, { appName: 'gemini', userId: 'u1', sessionId: session.id, newMessage: user('think'), streaming: true });
      const first = await stream.waitFor((f) => f.event === undefined);
      expect(first.data).toMatchObject({ partial: true, content: { parts: [{ text: 'Thinking' }] } });
      stream.close();

      await standIn.whenDisconnected(1);
      expect(standIn.disconnects).toBe(1);
      const stored = (await call(base, 'GET', `${sessionsOf('gemini')}/${session.id}`)).json as Session;
      expect(stored.events.map((e) => e.author)).toEqual(['user']);
    });
  });

  describe('bad requests get a 4xx with a JSON {error}', () => {
    const expectError = async (answer: Promise<{ status: number; json: unknown; headers: Record<string, unknown> }>, status: number, message: RegExp) => {
      const { status: actual, json, headers } = await answer;
      expect(actual).toBe(status);
      expect(headers['content-type']).toMatch(/^application\/json/);
      expect((json as { error: string }).error).toMatch(message);
    };

    it('malformed JSON → 400', async () => {
      await expectError(call(base, 'POST', '/run', '{"appName": "notes",'), 400, /not valid JSON/);
      await expectError(call(base, 'POST', '/run_sse', 'not json'), 400, /not valid JSON/);
      await expectError(call(base, 'POST', sessionsOf('notes'), '{oops'), 400, /not valid JSON/);
    });

    it('missing or malformed fields → 400 naming each', async () => {
      await expectError(call(base, 'POST', '/run', { appName: 'notes' }), 400, /userId.*sessionId.*newMessage/);
      await expectError(call(base, 'POST', '/run_sse', { appName: 'notes', userId: 'u1', sessionId: 's', newMessage: { parts: [] } }), 400, /newMessage/);
      await expectError(call(base, 'POST', '/run', [1, 2]), 400, /JSON object/);
      await expectError(call(base, 'POST', sessionsOf('notes'), { state: 'nope' }), 400, /state must be a JSON object/);
    });

    it('a body over 1 MiB → 413', async () => {
      await expectError(call(base, 'POST', '/run', JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 10) })), 413, /larger than 1048576 bytes/);
    });

    it('unknown app → 404', async () => {
      await expectError(call(base, 'GET', sessionsOf('nope')), 404, /no app "nope".*notes/);
      await expectError(call(base, 'POST', sessionsOf('nope')), 404, /no app "nope"/);
      await expectError(call(base, 'POST', '/run', { appName: 'nope', userId: 'u1', sessionId: 's', newMessage: user('x') }), 404, /no app "nope"/);
    });

    it('unknown session → 404 (for /run_sse before any streaming)', async () => {
      await expectError(call(base, 'GET', `${sessionsOf('notes')}/missing`), 404, /no session "missing"/);
      await expectError(call(base, 'DELETE', `${sessionsOf('notes')}/missing`), 404, /no session "missing"/);
      await expectError(call(base, 'GET', `${sessionsOf('notes')}/missing/trace`), 404, /no session "missing"/);
      await expectError(call(base, 'POST', '/run_sse', { appName: 'notes', userId: 'u1', sessionId: 'missing', newMessage: user('x') }), 404, /no session "missing"/);
    });

    it('unknown endpoint → 404, wrong method → 405 with Allow', async () => {
      await expectError(call(base, 'GET', '/nowhere'), 404, /no endpoint GET \/nowhere/);
      const wrong = await call(base, 'GET', '/run');
      expect(wrong.status).toBe(405);
      expect(wrong.headers['allow']).toBe('POST');
    });

    it('none of them was a server error', () => {
      expect(serverErrors).toEqual([]);
    });
  });
});
