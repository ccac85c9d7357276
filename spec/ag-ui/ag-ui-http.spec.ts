import { HttpAgent } from '@ag-ui/client';
import type { BaseEvent, Message } from '@ag-ui/core';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import type { Session } from '../../lib/sessions/session.js';
import { frontEndApp, frontEndModel, type FrontEndProbe } from '../front-ends/support/front-end-app.js';

describe('POST /ag-ui/{app} with @ag-ui/client\'s HttpAgent (a real server, the real Gemini client against a stand-in)', () => {
  let server: DevServer;
  let standIn: GeminiStandIn;
  let probe: FrontEndProbe;
  let threads = 0;

  beforeAll(async () => {
    standIn = await GeminiStandIn.start({ script: Array.from({ length: 200 }, () => frontEndModel) });
    const built = frontEndApp(standIn.baseUrl);
    probe = built.probe;
    const authenticate = (request: { headers: Record<string, string | string[] | undefined> }) => {
      const token = request.headers['authorization'];
      return token === 'Bearer ada' ? 'ada' : token === 'Bearer bob' ? 'bob' : token === undefined ? 'user' : undefined;
    };
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf([built.app]), port: 0, ui: false, authenticate }));
  });

  afterAll(async () => {
    await lastValueFrom(server.close(), { defaultValue: undefined });
    await standIn.close();
  });

  function agentFor(threadId = `thread-${++threads}`, headers: Record<string, string> = {}): HttpAgent {
    return new HttpAgent({ url: `${server.url}/ag-ui/front`, threadId, headers });
  }

  async function run(agent: HttpAgent, content?: string, tools: { name: string; description: string; parameters?: unknown }[] = []): Promise<BaseEvent[]> {
    if (content !== undefined) agent.addMessage({ id: `m-${agent.messages.length}-${Date.now()}`, role: 'user', content });
    const events: BaseEvent[] = [];
    await agent.runAgent({ tools }, { onEvent: ({ event }) => void events.push(event) });
    return events;
  }

  async function stored(threadId: string, userId = 'user'): Promise<Session> {
    const session = await firstValueFrom(server.runners.sessionService.getSession({ appName: 'front', userId, sessionId: threadId }));
    return session!;
  }

  async function post(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
    const response = await fetch(`${server.url}/ag-ui/front`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers }, body: JSON.stringify(body) });
    return { status: response.status, text: await response.text() };
  }

  const types = (events: BaseEvent[]) => events.map((event) => event.type);

  it('streams text: RUN_STARTED, STATE_SNAPSHOT, a step, one message in chunks with a stable id, RUN_FINISHED', async () => {
    const agent = agentFor();
    const events = await run(agent, 'hi');
    expect(types(events)).toEqual([
      'RUN_STARTED', 'STATE_SNAPSHOT', 'STEP_STARTED', 'STATE_DELTA',
      'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END',
      'STEP_FINISHED', 'RUN_FINISHED',
    ]);
    const ids = new Set(events.filter((event) => event.type.startsWith('TEXT_MESSAGE')).map((event) => (event as unknown as { messageId: string }).messageId));
    expect(ids.size).toBe(1);
    expect(events.filter((event) => event.type === 'TEXT_MESSAGE_CONTENT').map((event) => (event as unknown as { delta: string }).delta)).toEqual(['Hel', 'lo ', 'there']);
    const reply = agent.messages.at(-1) as Extract<Message, { role: 'assistant' }>;
    expect(reply).toMatchObject({ role: 'assistant', content: 'Hello there' });
    const session = await stored(agent.threadId);
    expect(session.events.at(-1)!.id).toBe(reply.id);
    expect((events[2] as unknown as { stepName: string }).stepName).toBe('front_agent');
  });

  it('a tool call and its result: TOOL_CALL_START/ARGS/END, TOOL_CALL_RESULT, then the answer', async () => {
    const agent = agentFor();
    const events = await run(agent, 'What is the weather in Paris?');
    const call = events.find((event) => event.type === 'TOOL_CALL_START') as unknown as { toolCallId: string; toolCallName: string; parentMessageId: string };
    expect(call.toolCallName).toBe('get_weather');
    const args = events.find((event) => event.type === 'TOOL_CALL_ARGS') as unknown as { delta: string };
    expect(JSON.parse(args.delta)).toEqual({ city: 'Paris' });
    const result = events.find((event) => event.type === 'TOOL_CALL_RESULT') as unknown as { toolCallId: string; content: string };
    expect(result.toolCallId).toBe(call.toolCallId);
    expect(JSON.parse(result.content)).toEqual({ city: 'Paris', sky: 'sunny', temp: 21 });
    const assistant = agent.messages.find((message) => message.role === 'assistant' && message.toolCalls?.length) as Extract<Message, { role: 'assistant' }>;
    expect(assistant.toolCalls![0]!.function.name).toBe('get_weather');
    expect(agent.messages.find((message) => message.role === 'tool')).toMatchObject({ toolCallId: call.toolCallId });
    expect((agent.messages.at(-1) as { content: string }).content).toBe('Done: get_weather answered {"city":"Paris","sky":"sunny","temp":21}');
  });

  it('the client\'s own JSON Patch application of STATE_SNAPSHOT and STATE_DELTA gives the stored state, turn after turn', async () => {
    const agent = agentFor();
    const first = await run(agent, 'What is the weather in Rome?');
    expect(first.filter((event) => event.type === 'STATE_DELTA').length).toBeGreaterThanOrEqual(2); // the callback's turns, the tool's last_city
    expect(agent.state).toEqual((await stored(agent.threadId)).state);
    expect(agent.state).toEqual({ turns: 1, last_city: 'Rome' });
    await run(agent, 'What is the weather in Oslo?');
    expect(agent.state).toEqual({ turns: 2, last_city: 'Oslo' });
    expect(agent.state).toEqual((await stored(agent.threadId)).state);
  });

  it('a frontend tool: offered to the model, its call ends the run, the next run answers it with a tool message', async () => {
    const agent = agentFor();
    const changeBackground = { name: 'change_background', description: 'Changes the page background.', parameters: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] } };
    const events = await run(agent, 'paint it teal', [changeBackground]);
    const declared = (standIn.requests.at(-1)!.body as { tools: { functionDeclarations: { name: string }[] }[] }).tools.flatMap((tool) => tool.functionDeclarations.map((d) => d.name));
    expect(declared).toContain('change_background');
    expect(types(events).slice(-6)).toEqual(['TEXT_MESSAGE_END', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'STEP_FINISHED', 'RUN_FINISHED']);
    expect(types(events)).not.toContain('TOOL_CALL_RESULT');
    const call = events.find((event) => event.type === 'TOOL_CALL_START') as unknown as { toolCallId: string };
    const requestsBefore = standIn.requests.length;
    agent.addMessage({ id: 'tool-answer-1', role: 'tool', toolCallId: call.toolCallId, content: JSON.stringify({ applied: 'teal' }) });
    const answer = await run(agent, undefined, [changeBackground]);
    expect(types(answer)).toContain('TEXT_MESSAGE_END');
    expect((agent.messages.at(-1) as { content: string }).content).toBe('Done: change_background answered {"applied":"teal"}');
    const sent = (standIn.requests[requestsBefore]!.body as { contents: { parts: { functionResponse?: { id?: string; response: unknown } }[] }[] }).contents;
    expect(sent.flatMap((c) => c.parts).find((p) => p.functionResponse)?.functionResponse?.response).toEqual({ applied: 'teal' });
    const session = await stored(agent.threadId);
    expect(session.events.some((event) => event.content?.parts?.some((part) => part.functionResponse?.id === call.toolCallId))).toBe(true);
  });

  it('a confirmation: the request is a tool call the front-end answers {confirmed: true}; the tool then runs', async () => {
    const agent = agentFor();
    const events = await run(agent, 'delete notes.txt');
    const starts = events.filter((event) => event.type === 'TOOL_CALL_START') as unknown as { toolCallId: string; toolCallName: string }[];
    expect(starts.map((start) => start.toolCallName)).toEqual(['delete_file', 'adk_request_confirmation']);
    expect(probe.deleted).not.toContain('notes.txt');
    const request = starts[1]!;
    const args = JSON.parse((events.filter((event) => event.type === 'TOOL_CALL_ARGS')[1] as unknown as { delta: string }).delta) as { originalFunctionCall: { name: string } };
    expect(args.originalFunctionCall.name).toBe('delete_file');
    agent.addMessage({ id: 'approve-1', role: 'tool', toolCallId: request.toolCallId, content: JSON.stringify({ confirmed: true }) });
    const answer = await run(agent);
    expect(probe.deleted).toContain('notes.txt');
    const result = answer.find((event) => event.type === 'TOOL_CALL_RESULT') as unknown as { content: string };
    expect(JSON.parse(result.content)).toEqual({ deleted: 'notes.txt' });
    expect((agent.messages.at(-1) as { content: string }).content).toBe('Done: delete_file answered {"deleted":"notes.txt"}');
  });

  it('a failing model: RUN_ERROR with the named error, nothing after it', async () => {
    const agent = agentFor();
    const events: BaseEvent[] = [];
    agent.addMessage({ id: 'f1', role: 'user', content: 'fail now' });
    await agent.runAgent({}, { onEvent: ({ event }) => void events.push(event) }).catch(() => undefined);
    const last = events.at(-1) as unknown as { type: string; code: string; message: string };
    expect(last.type).toBe('RUN_ERROR');
    expect(last.code).toBe('ModelError');
    expect(last.message).toContain('The stand-in model failed on purpose.');
  });

  it('unsubscribing mid-run (abortRun) cancels the invocation on the server', async () => {
    const agent = agentFor();
    agent.addMessage({ id: 'w1', role: 'user', content: 'wait for it' });
    const running = agent.runAgent({}).catch(() => undefined);
    await probe.started;
    agent.abortRun();
    await probe.cancelled; // the tool's teardown ran: the server unsubscribed the invocation
    await running;
    // the thread is free again: a new run goes through
    const next = agentFor(agent.threadId);
    const events = await run(next, 'hi');
    expect(types(events).at(-1)).toBe('RUN_FINISHED');
  });

  describe('bad input: a 4xx with a message before any stream starts, and nothing stored', () => {
    const input = (threadId: string, messages: unknown[], extra: Record<string, unknown> = {}) => ({ threadId, runId: 'r1', messages, tools: [], context: [], state: {}, forwardedProps: {}, ...extra });

    it('a malformed body is a 400 naming the fields', async () => {
      const answer = await post({ threadId: 7, messages: 'no' });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text).error).toMatch(/not a valid AG-UI RunAgentInput: .*threadId/);
      expect(await firstValueFrom(server.runners.sessionService.listSessions({ appName: 'front' }))).toBeDefined();
    });

    it('an edited history is a 409, and the session is unchanged', async () => {
      const agent = agentFor();
      await run(agent, 'hi');
      const before = (await stored(agent.threadId)).events.length;
      const answer = await post(input(agent.threadId, [{ id: 'x', role: 'user', content: 'hello (edited)' }, { id: 'y', role: 'user', content: 'again' }]));
      expect(answer.status).toBe(409);
      expect(JSON.parse(answer.text).error).toContain('contradict its stored history: user message 1 reads "hello (edited)", the session has "hi"');
      const edited = agent.messages.map((message) => (message.role === 'assistant' ? { ...message, content: 'I never said that' } : message));
      const second = await post(input(agent.threadId, [...edited, { id: 'z', role: 'user', content: 'more' }]));
      expect(second.status).toBe(409);
      expect(JSON.parse(second.text).error).toContain('was edited');
      expect((await stored(agent.threadId)).events.length).toBe(before);
    });

    it('a tool result for an unknown call is a 400, and no session is created', async () => {
      const answer = await post(input('fresh-thread', [{ id: 't', role: 'tool', toolCallId: 'nope', content: '{}' }]));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text).error).toBe('A tool result answers "nope", a call thread "fresh-thread" never made.');
      expect(await firstValueFrom(server.runners.sessionService.getSession({ appName: 'front', userId: 'user', sessionId: 'fresh-thread' }))).toBeUndefined();
    });

    it('a thread of another user is a 403; a caller that does not authenticate is a 401', async () => {
      const ada = agentFor('ada-thread', { authorization: 'Bearer ada' });
      await run(ada, 'hi');
      const before = (await stored('ada-thread', 'ada')).events.length;
      const answer = await post(input('ada-thread', [{ id: 'b1', role: 'user', content: 'let me in' }]), { authorization: 'Bearer bob' });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text).error).toBe('Thread "ada-thread" belongs to another user.');
      expect(await firstValueFrom(server.runners.sessionService.getSession({ appName: 'front', userId: 'bob', sessionId: 'ada-thread' }))).toBeUndefined();
      expect((await post(input('x', [{ id: 'u', role: 'user', content: 'hi' }]), { authorization: 'Bearer mallory' })).status).toBe(401);
      expect((await stored('ada-thread', 'ada')).events.length).toBe(before);
    });

    it('a cross-site origin is refused like on every other route (403)', async () => {
      const answer = await post(input('t-cors', [{ id: 'u', role: 'user', content: 'hi' }]), { origin: 'http://evil.example' });
      expect(answer.status).toBe(403);
    });
  });
});
