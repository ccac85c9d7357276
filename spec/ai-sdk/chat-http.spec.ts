import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import type { Session } from '../../lib/sessions/session.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import { frontEndApp, frontEndModel, type FrontEndProbe } from '../front-ends/support/front-end-app.js';

type Part = UIMessage['parts'][number];

async function readAll<T>(stream: ReadableStream<T>): Promise<T[]> {
  const reader = stream.getReader();
  const values: T[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) values.push(read.value);
  return values;
}
type ToolPart = Extract<Part, { toolCallId: string }>;

describe('POST /apps/{app}/chat with the ai package\'s DefaultChatTransport and readUIMessageStream (a real server)', () => {
  let server: DevServer;
  let standIn: GeminiStandIn;
  let probe: FrontEndProbe;
  let transport: DefaultChatTransport<UIMessage>;
  let chats = 0;

  beforeAll(async () => {
    standIn = await GeminiStandIn.start({ script: Array.from({ length: 200 }, () => frontEndModel) });
    const built = frontEndApp(standIn.baseUrl);
    probe = built.probe;
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf([built.app]), port: 0, ui: false }));
    transport = new DefaultChatTransport({ api: `${server.url}/apps/front/chat` });
  });

  afterAll(async () => {
    await lastValueFrom(server.close(), { defaultValue: undefined });
    await standIn.close();
  });

  const userMessage = (text: string): UIMessage => ({ id: `u-${Math.random()}`, role: 'user', parts: [{ type: 'text', text }] });

  /** One request as useChat makes it; the chunks, and the assistant message readUIMessageStream builds from them. */
  async function send(chatId: string, messages: UIMessage[], abortSignal?: AbortSignal): Promise<{ chunks: UIMessageChunk[]; message: UIMessage }> {
    const stream = await transport.sendMessages({ chatId, messages, abortSignal, trigger: 'submit-message', messageId: undefined });
    const chunks: UIMessageChunk[] = [];
    const [forMessage, forChunks] = stream.tee();
    const last = messages.at(-1);
    const reading = (async () => {
      let message: UIMessage | undefined;
      for await (const snapshot of readUIMessageStream({ stream: forMessage, ...(last?.role === 'assistant' ? { message: last } : {}) })) message = snapshot;
      return message!;
    })();
    chunks.push(...(await readAll(forChunks)));
    return { chunks, message: await reading };
  }

  async function stored(chatId: string): Promise<Session> {
    return (await firstValueFrom(server.runners.sessionService.getSession({ appName: 'front', userId: 'user', sessionId: chatId })))!;
  }

  const types = (chunks: UIMessageChunk[]) => chunks.map((chunk) => chunk.type);

  it('answers with the UI message stream headers', async () => {
    const response = await fetch(`${server.url}/apps/front/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: `chat-${++chats}`, messages: [userMessage('hi')], trigger: 'submit-message' }) });
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const body = await response.text();
    expect(body.startsWith('data: {"type":"start"}\n\n')).toBe(true);
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('text: start, data-state, start-step, text-start, text-delta per chunk, text-end, finish-step, finish', async () => {
    const chatId = `chat-${++chats}`;
    const { chunks, message } = await send(chatId, [userMessage('hi')]);
    expect(types(chunks)).toEqual(['start', 'data-state', 'data-state', 'start-step', 'text-start', 'text-delta', 'text-delta', 'text-delta', 'text-end', 'finish-step', 'finish']);
    expect(message.parts.filter((part) => part.type === 'text')).toEqual([{ type: 'text', text: 'Hello there', state: 'done' }]);
    expect(message.parts.find((part) => part.type === 'data-state')).toMatchObject({ data: { turns: 1 } });
    expect((await stored(chatId)).state).toEqual({ turns: 1 });
  });

  it('only the newest user message is taken; the history comes from the session (an empty history is fine, an edited one is a 409)', async () => {
    const chatId = `chat-${++chats}`;
    const first = userMessage('hi');
    const { message } = await send(chatId, [first]);
    await send(chatId, [first, message, userMessage('hi again')]);
    await send(chatId, [userMessage('and again')]);
    const users = (await stored(chatId)).events.filter((event) => event.author === 'user').map((event) => event.content?.parts?.[0]?.text);
    expect(users).toEqual(['hi', 'hi again', 'and again']);
    await expect(send(chatId, [userMessage('HI (edited)'), userMessage('x')])).rejects.toThrow(/contradict its stored history: user message 1 reads .*HI \(edited\).*, the session has .*hi/);
    const response = await fetch(`${server.url}/apps/front/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: chatId, messages: [userMessage('HI (edited)'), userMessage('x')], trigger: 'submit-message' }) });
    expect(response.status).toBe(409);
    expect((await stored(chatId)).events.filter((event) => event.author === 'user')).toHaveLength(3);
  });

  it('a tool call: tool-input-start, tool-input-available, tool-output-available, then the answer in a second step', async () => {
    const { chunks, message } = await send(`chat-${++chats}`, [userMessage('What is the weather in Lima?')]);
    expect(types(chunks).filter((type) => type.startsWith('tool') || type.endsWith('step'))).toEqual([
      'start-step', 'tool-input-start', 'tool-input-available', 'tool-output-available', 'finish-step', 'start-step', 'finish-step',
    ]);
    const tool = message.parts.find((part) => part.type === 'tool-get_weather') as ToolPart;
    expect(tool).toMatchObject({ state: 'output-available', input: { city: 'Lima' }, output: { city: 'Lima', sky: 'sunny', temp: 21 } });
    expect(message.parts.filter((part) => part.type === 'text').map((part) => (part as { text: string }).text)).toEqual(['Done: get_weather answered {"city":"Lima","sky":"sunny","temp":21}']);
    expect(message.parts.find((part) => part.type === 'data-state')).toMatchObject({ data: { turns: 1, last_city: 'Lima' } });
  });

  it('a confirmation: a tool part waiting for the user; answered as addToolResult does, the next request resumes the turn', async () => {
    const chatId = `chat-${++chats}`;
    const ask = userMessage('delete report.pdf');
    const { message } = await send(chatId, [ask]);
    const request = message.parts.find((part) => part.type === 'tool-adk_request_confirmation') as ToolPart;
    expect(request.state).toBe('input-available');
    expect((request.input as { originalFunctionCall: { name: string } }).originalFunctionCall.name).toBe('delete_file');
    expect(probe.deleted).not.toContain('report.pdf');
    expect(lastAssistantMessageIsCompleteWithToolCalls({ messages: [ask, message] })).toBe(false);
    // what addToolResult({ tool: 'adk_request_confirmation', toolCallId, output }) does to the part
    const answered: UIMessage = { ...message, parts: message.parts.map((part) => (part === request ? ({ ...request, state: 'output-available', output: { confirmed: true } } as Part) : part)) };
    expect(lastAssistantMessageIsCompleteWithToolCalls({ messages: [ask, answered] })).toBe(true); // sendAutomaticallyWhen is satisfied
    const resumed = await send(chatId, [ask, answered]);
    expect(probe.deleted).toContain('report.pdf');
    expect(resumed.message.id).toBe(message.id); // the same assistant message goes on
    expect(resumed.message.parts.find((part) => part.type === 'tool-delete_file')).toMatchObject({ state: 'output-available', output: { deleted: 'report.pdf' } });
    expect(resumed.message.parts.filter((part) => part.type === 'text').map((part) => (part as { text: string }).text).at(-1)).toBe('Done: delete_file answered {"deleted":"report.pdf"}');
  });

  it('a client-side tool (declared in the body): its call ends the turn waiting; addToolOutput\'s answer resumes it', async () => {
    const changeBackground = { name: 'change_background', description: 'Changes the page background.', parameters: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] } };
    const withTools = new DefaultChatTransport<UIMessage>({ api: `${server.url}/apps/front/chat`, body: { tools: [changeBackground] } });
    const chatId = `chat-${++chats}`;
    const ask = userMessage('paint it teal');
    const first = await withTools.sendMessages({ chatId, messages: [ask], abortSignal: undefined, trigger: 'submit-message', messageId: undefined });
    let message: UIMessage | undefined;
    for (const snapshot of await readAll(readUIMessageStream({ stream: first }) as unknown as ReadableStream<UIMessage>)) message = snapshot;
    const call = message!.parts.find((part) => part.type === 'tool-change_background') as ToolPart;
    expect(call).toMatchObject({ state: 'input-available', input: { color: 'teal' } });
    const answered: UIMessage = { ...message!, parts: message!.parts.map((part) => (part === call ? ({ ...call, state: 'output-available', output: { applied: 'teal' } } as Part) : part)) };
    expect(lastAssistantMessageIsCompleteWithToolCalls({ messages: [ask, answered] })).toBe(true);
    const second = await withTools.sendMessages({ chatId, messages: [ask, answered], abortSignal: undefined, trigger: 'submit-message', messageId: undefined });
    const chunks = await readAll(second);
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => (chunk as { delta: string }).delta).join('')).toBe('Done: change_background answered {"applied":"teal"}');
  });

  it('a failing model: the stream ends with an error chunk naming the error class', async () => {
    const stream = await transport.sendMessages({ chatId: `chat-${++chats}`, messages: [userMessage('fail please')], abortSignal: undefined, trigger: 'submit-message', messageId: undefined });
    const chunks = await readAll(stream);
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: expect.stringMatching(/^ModelError: .*The stand-in model failed on purpose\./) });
  });

  it('abort: the client aborting the request cancels the invocation on the server', async () => {
    const chatId = `chat-${++chats}`;
    const abort = new AbortController();
    const stream = await transport.sendMessages({ chatId, messages: [userMessage('wait a bit')], abortSignal: abort.signal, trigger: 'submit-message', messageId: undefined });
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done && read.value.type !== 'tool-input-available'; read = await reader.read());
    await probe.started;
    abort.abort();
    await probe.cancelled;
    await reader.read().catch(() => undefined);
    const { chunks } = await send(chatId, [userMessage('hi')]); // the chat is free again
    expect(types(chunks).at(-1)).toBe('finish');
  });

  describe('bad input: a 4xx before any stream, nothing stored', () => {
    const post = async (body: unknown) => {
      const response = await fetch(`${server.url}/apps/front/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, error: ((await response.json()) as { error: string }).error };
    };

    it('a malformed body, a regenerate trigger', async () => {
      expect(await post({ id: '', messages: 'x' })).toEqual({ status: 400, error: expect.stringContaining('id must be a non-empty string (the chat id); messages must be an array of UIMessages') });
      expect(await post({ id: 'c', messages: [], trigger: 'regenerate-message' })).toEqual({ status: 400, error: expect.stringContaining('"regenerate-message" is not supported') });
    });

    it('a tool result for an unknown call is a 400, and no session is created', async () => {
      const answer = await post({ id: 'chat-unknown', messages: [{ id: 'a', role: 'assistant', parts: [{ type: 'tool-x', toolCallId: 'nope', state: 'output-available', input: {}, output: {} }] }], trigger: 'submit-message' });
      expect(answer).toEqual({ status: 400, error: 'A tool result answers "nope", a call thread "chat-unknown" never made.' });
      expect(await firstValueFrom(server.runners.sessionService.getSession({ appName: 'front', userId: 'user', sessionId: 'chat-unknown' }))).toBeUndefined();
    });
  });
});
