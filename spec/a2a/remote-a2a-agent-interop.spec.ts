import { afterEach, describe, expect, it } from '@jest/globals';
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { RemoteA2aAgent } from '../../lib/a2a/remote-a2a-agent.js';
import { AgentCardError } from '../../lib/a2a/agent-card-error.js';
import type { Event } from '../../lib/events/event.js';
import { REQUEST_INPUT_FUNCTION_CALL_NAME } from '../../lib/events/framework-function-names.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { startScriptedA2aServer } from './support/scripted-a2a-server.js';

type Started = Awaited<ReturnType<typeof startScriptedA2aServer>>;
let server: Started | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const text = (value: string) => ({ role: 'user', parts: [{ text: value }] });
const textOf = (event: Event) => (event.content?.parts ?? []).map((p) => p.text ?? '').join('');

async function setUp(options: { streaming?: boolean } = {}) {
  server = await startScriptedA2aServer();
  const agent = new RemoteA2aAgent({ name: 'scripted', agentCard: `${server.url}.well-known/agent-card.json`, ...options });
  const runner = new Runner({ appName: 'remote', agent, sessionService: new InMemorySessionService(), autoCreateSession: true });
  const turn = (newMessage: unknown) => lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: newMessage as never }).pipe(toArray()));
  return { runner, turn, log: server.log };
}

describe('RemoteA2aAgent against a server built only from @a2a-js/sdk', () => {
  it('streams the chunks, surfaces the question as a long-running request, and sends the taskId with a text answer', async () => {
    const { turn, log } = await setUp();
    const first = await turn(text('Weather?'));
    expect(first.filter((e) => e.partial).map(textOf)).toEqual(['Let me ', 'check. ']);
    const question = first.filter((e) => !e.partial).at(-1)!;
    expect(textOf(question)).toBe('Which city?');
    const call = question.content!.parts!.find((p) => p.functionCall)!.functionCall!;
    expect(call.name).toBe(REQUEST_INPUT_FUNCTION_CALL_NAME);
    expect(question.longRunningToolIds).toEqual([call.id]);
    const taskId = question.customMetadata?.['a2a:task_id'];
    expect(taskId).toBe(log.turns[0]!.taskId);
    expect(question.customMetadata?.['a2a:context_id']).toEqual(expect.any(String));

    const second = await turn(text('Paris'));
    expect(log.turns[1]).toEqual({ taskId, sentTaskId: taskId, text: 'Paris' });
    expect(second.filter((e) => e.partial).map(textOf)).toEqual(['Sunny in ', 'Paris']);
    expect(second.filter((e) => !e.partial).map(textOf)).toEqual(['Sunny in Paris']);
  });

  it('sends the taskId with a function response answering the request', async () => {
    const { turn, log } = await setUp();
    const first = await turn(text('Weather?'));
    const call = first.at(-1)!.content!.parts!.find((p) => p.functionCall)!.functionCall!;
    const answer = { role: 'user', parts: [{ functionResponse: { id: call.id, name: call.name, response: { answer: 'Rome' } } }] };
    const second = await turn(answer);
    expect(log.turns[1]).toEqual({ taskId: log.turns[0]!.taskId, sentTaskId: log.turns[0]!.taskId, text: 'Rome' });
    expect(second.filter((e) => !e.partial).map(textOf)).toEqual(['Sunny in Rome']);
  });

  it('without streaming, one SendMessage: the question, then the answer as the artifact', async () => {
    const { turn, log } = await setUp({ streaming: false });
    const first = await turn(text('Weather?'));
    expect(first.map(textOf)).toEqual(['Which city?']);
    const second = await turn(text('Oslo'));
    expect(log.turns[1]!.sentTaskId).toBe(log.turns[0]!.taskId);
    expect(second.map(textOf)).toEqual(['Sunny in Oslo']);
  });

  it('unsubscribing sends CancelTask for the running task', async () => {
    const { runner, log } = await setUp();
    const subscription = runner.runAsync({ userId: 'u', sessionId: 's', newMessage: text('hang') as never }).subscribe();
    while (log.turns.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 20)); // the task event reaches the client
    subscription.unsubscribe();
    while (log.canceled.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log.canceled).toEqual([log.turns[0]!.taskId]);
  });

  it('unsubscribing before the stream named its task still cancels that task, once it is named', async () => {
    const { runner, log } = await setUp();
    const subscription = runner.runAsync({ userId: 'u', sessionId: 's', newMessage: text('hang late') as never }).subscribe();
    while (!log.releaseTask) await new Promise((resolve) => setTimeout(resolve, 5));
    subscription.unsubscribe(); // the client knows no task id yet
    log.releaseTask();
    while (log.canceled.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log.canceled).toEqual([log.turns[0]!.taskId]);
  });

  it('refuses a card that is not http(s), and one whose interface is on another origin', async () => {
    const local = new RemoteA2aAgent({ name: 'bad', agentCard: 'file:///etc/passwd' });
    const runner = new Runner({ appName: 'remote', agent: local, sessionService: new InMemorySessionService(), autoCreateSession: true });
    await expect(firstValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: text('hi') as never }))).rejects.toBeInstanceOf(AgentCardError);
    server = await startScriptedA2aServer();
    const card = await (await fetch(`${server.url}.well-known/agent-card.json`)).json();
    const elsewhere = new RemoteA2aAgent({
      name: 'elsewhere',
      agentCard: `${server.url}.well-known/agent-card.json`,
      httpClient: async (input, init) => {
        const response = await fetch(input, init);
        return String(input).endsWith('agent-card.json') ? Response.json({ ...card, supportedInterfaces: [{ ...card.supportedInterfaces[0], url: 'http://203.0.113.9/' }] }) : response;
      },
    });
    const runner2 = new Runner({ appName: 'remote', agent: elsewhere, sessionService: new InMemorySessionService(), autoCreateSession: true });
    await expect(firstValueFrom(runner2.runAsync({ userId: 'u', sessionId: 's', newMessage: text('hi') as never }))).rejects.toThrow(/another origin/);
  });
});
