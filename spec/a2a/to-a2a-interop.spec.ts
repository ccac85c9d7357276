import { describe, expect, it, afterEach } from '@jest/globals';
import type { AgentCard, Task } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { bearerTokens } from '../../lib/a2a/authenticate.js';
import { TASK_STATES } from '../../lib/a2a/task-states.js';
import { type ListeningA2aServer, toA2a } from '../../lib/a2a/to-a2a.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { dataPart, textOf, userMessage, weatherAgent } from './support/a2a-fixtures.js';
import { sdkClientFor } from './support/sdk-client.js';

const call = (name: string, args: Record<string, unknown>, id = `call-${name}`) => ({ content: { role: 'model', parts: [{ functionCall: { id, name, args } }] } });
const say = (text: string) => ({ content: { role: 'model', parts: [{ text }] } });

let server: ListeningA2aServer | undefined;
afterEach(async () => {
  if (server) await lastValueFrom(server.close(), { defaultValue: undefined });
  server = undefined;
});

/** The SDK's own client, and the card as fetched by hand (the same name). */
async function clientFor(url: string, version: '1.0' | '0.3', token?: string): Promise<{ client: Client; card: AgentCard }> {
  const fetched = await (await fetch(new URL('.well-known/agent-card.json', url))).json();
  const connected = await sdkClientFor(url, version, token);
  expect(fetched.name).toBe(connected.card.name);
  return connected;
}

function listen(agent: Parameters<typeof toA2a>[0], options: Parameters<typeof toA2a>[1] = {}) {
  return firstValueFrom(toA2a(agent, { sessionService: new InMemorySessionService(), ...options }).listen(0)).then((listening) => (server = listening));
}

describe.each(['1.0', '0.3'] as const)('toA2a served to the SDK client over A2A %s', (version) => {
  it('fetches the card: name, skills from the tools, streaming, two interfaces, no instruction text', async () => {
    const { agent } = weatherAgent([]);
    const { url } = await listen(agent);
    const { card } = await clientFor(url, version);
    expect(card.name).toBe('weather_agent');
    expect(card.skills.map((s) => s.name)).toEqual(['weather_agent', 'get_weather', 'slow_report', 'ask_manager']);
    expect(card.capabilities?.streaming).toBe(true);
    expect(card.supportedInterfaces.map((i) => i.protocolVersion)).toEqual(['1.0', '0.3']);
    const raw = await (await fetch(new URL('.well-known/agent-card.json', url))).text();
    expect(raw).not.toContain('SECRET-INSTRUCTION');
    expect(JSON.parse(raw)).toMatchObject({ url, protocolVersion: '0.3.0', preferredTransport: 'JSONRPC' });
  });

  it('sends a message: the task completes with the tool call, the tool result and the text', async () => {
    const { agent } = weatherAgent([call('get_weather', { city: 'Paris' }), say('It is sunny in Paris.')]);
    const { url } = await listen(agent);
    const { client } = await clientFor(url, version);
    const result = (await client.sendMessage({ message: userMessage('Weather in Paris?', { contextId: 'ctx-1' }) } as never)) as Task;
    expect(result.status?.state).toBe(TASK_STATES.completed);
    expect(textOf(result.artifacts[0]?.parts)).toBe('It is sunny in Paris.');
    const task = await client.getTask({ id: result.id } as never);
    const data = task.history.flatMap((m) => m.parts).filter((p) => p.content?.$case === 'data');
    expect(data.map((p) => [p.metadata?.['adk_type'], p.content?.$case === 'data' ? p.content.value : undefined])).toEqual([
      ['function_call', { id: 'call-get_weather', args: { city: 'Paris' }, name: 'get_weather' }],
      ['function_response', { id: 'call-get_weather', name: 'get_weather', response: { city: 'Paris', weather: 'sunny' } }],
    ]);
    expect(task.contextId).toBe('ctx-1');
  });

  it('streams: the partial text chunks add up to the final artifact', async () => {
    const { agent } = weatherAgent([[say('It is '), say('sunny '), say('in Paris.')]]);
    const { url } = await listen(agent);
    const { client } = await clientFor(url, version);
    const chunks: string[] = [];
    const states: number[] = [];
    let taskId = '';
    for await (const event of client.sendMessageStream({ message: userMessage('Weather?') } as never)) {
      const payload = (event as { payload?: { $case: string; value: never } }).payload;
      if (payload?.$case === 'artifactUpdate') chunks.push(textOf((payload.value as { artifact: { parts: never } }).artifact.parts));
      if (payload?.$case === 'statusUpdate') states.push((payload.value as { status: { state: number } }).status.state);
      if (payload?.$case === 'task') taskId = (payload.value as Task).id;
    }
    expect(chunks).toEqual(['It is ', 'sunny ', 'in Paris.']);
    expect(states.at(-1)).toBe(TASK_STATES.completed);
    const task = await client.getTask({ id: taskId } as never);
    expect(task.artifacts).toHaveLength(1);
    expect(textOf(task.artifacts[0]!.parts)).toBe('It is sunny in Paris.');
  });

  it('cancels a long task: the tool sees the abort and the task is canceled', async () => {
    const { agent, seen } = weatherAgent([call('slow_report', {})]);
    const { url } = await listen(agent);
    const { client } = await clientFor(url, version);
    const stream = client.sendMessageStream({ message: userMessage('Write the report.') } as never);
    let taskId = '';
    for await (const event of stream) {
      const payload = (event as { payload?: { $case: string; value: { id?: string } } }).payload;
      if (payload?.$case === 'task') taskId = payload.value.id!;
      if (payload?.$case === 'statusUpdate' && seen.slowCalls > 0) break; // the model's call to slow_report has come
    }
    while (seen.slowCalls === 0) await new Promise((resolve) => setImmediate(resolve));
    const canceled = await client.cancelTask({ id: taskId } as never);
    expect(canceled.status?.state).toBe(TASK_STATES.canceled);
    expect(seen.aborts).toBe(1);
    expect((await client.getTask({ id: taskId } as never)).status?.state).toBe(TASK_STATES.canceled);
  });

  it('a turn that errors: the task fails, with the error as its status message', async () => {
    const { agent } = weatherAgent([new Error('The model quota is exhausted.')]);
    const { url } = await listen(agent);
    const { client } = await clientFor(url, version);
    const task = (await client.sendMessage({ message: userMessage('Weather?') } as never)) as Task;
    expect(task.status?.state).toBe(TASK_STATES.failed);
    expect(textOf(task.status?.message?.parts)).toContain('The model quota is exhausted.');
    expect((await client.getTask({ id: task.id } as never)).status?.state).toBe(TASK_STATES.failed);
  });

  it('is refused with a wrong token, and the agent never runs', async () => {
    const { agent, model } = weatherAgent([say('never')]);
    const { url } = await listen(agent, { authenticate: bearerTokens({ right: 'alice' }) });
    const { client } = await clientFor(url, version, 'wrong');
    await expect(client.sendMessage({ message: userMessage('Hi') } as never)).rejects.toThrow();
    expect(model.callCount).toBe(0);
    const ok = await clientFor(url, version, 'right');
    expect(((await ok.client.sendMessage({ message: userMessage('Hi') } as never)) as Task).status?.state).toBe(TASK_STATES.completed);
  });

  it('a long-running tool asks for input; the answer with the same taskId completes the task', async () => {
    const { agent, model } = weatherAgent([call('ask_manager', { amount: 120 }), say('Approved, booked.')]);
    const { url } = await listen(agent);
    const { client } = await clientFor(url, version);
    const first = (await client.sendMessage({ message: userMessage('Book it.', { contextId: 'ctx-hitl' }) } as never)) as Task;
    expect(first.status?.state).toBe(TASK_STATES.inputRequired);
    const asked = first.status?.message?.parts.find((p) => p.metadata?.['adk_is_long_running'] === true);
    expect(asked?.content).toEqual({ $case: 'data', value: { id: 'call-ask_manager', args: { amount: 120 }, name: 'ask_manager' } });
    const answer = dataPart({ id: 'call-ask_manager', name: 'ask_manager', response: { approved: true } }, { adk_type: 'function_response' });
    const second = (await client.sendMessage({ message: userMessage([answer], { contextId: 'ctx-hitl', taskId: first.id }) } as never)) as Task;
    expect(second.id).toBe(first.id);
    expect(second.status?.state).toBe(TASK_STATES.completed);
    expect(textOf(second.artifacts.at(-1)?.parts)).toBe('Approved, booked.');
    expect(model.requests[1]!.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual({ approved: true });
  });

  it('a task paused for input is canceled at once; an answer to it afterwards is refused and the agent does not run', async () => {
    const { agent, model } = weatherAgent([call('ask_manager', { amount: 120 }), say('never')]);
    const { url } = await listen(agent);
    const { client } = await clientFor(url, version);
    const paused = (await client.sendMessage({ message: userMessage('Book it.', { contextId: 'ctx-cancel' }) } as never)) as Task;
    expect(paused.status?.state).toBe(TASK_STATES.inputRequired);
    expect((await client.cancelTask({ id: paused.id } as never)).status?.state).toBe(TASK_STATES.canceled);
    expect((await client.getTask({ id: paused.id } as never)).status?.state).toBe(TASK_STATES.canceled);
    const answer = dataPart({ id: 'call-ask_manager', name: 'ask_manager', response: { approved: true } }, { adk_type: 'function_response' });
    await expect(client.sendMessage({ message: userMessage([answer], { contextId: 'ctx-cancel', taskId: paused.id }) } as never)).rejects.toThrow(/terminal/i);
    expect(model.callCount).toBe(1);
  });

  it('a tool confirmation is input-required too', async () => {
    const { model } = weatherAgent([]);
    const confirmed = new FunctionTool({ name: 'delete_file', description: 'Deletes a file.', requireConfirmation: true, execute: () => ({ ok: true }) });
    const agent = new LlmAgent({ name: 'files_agent', model: new ScriptedLlm([call('delete_file', {})]), tools: [confirmed] });
    const { url } = await listen(agent);
    const { client } = await clientFor(url, version);
    const task = (await client.sendMessage({ message: userMessage('Delete it.') } as never)) as Task;
    expect(task.status?.state).toBe(TASK_STATES.inputRequired);
    const asked = task.status?.message?.parts.find((p) => p.metadata?.['adk_is_long_running'] === true);
    expect((asked?.content?.value as { name?: string }).name).toBe('adk_request_confirmation');
    expect(model.callCount).toBe(0);
  });

  if (version === '1.0') {
    it('lists the caller\'s tasks and resubscribes to one', async () => {
      const { agent } = weatherAgent([say('one'), say('two')]);
      const { url } = await listen(agent);
      const { client } = await clientFor(url, version);
      const a = (await client.sendMessage({ message: userMessage('a', { contextId: 'c-a' }) } as never)) as Task;
      await client.sendMessage({ message: userMessage('b', { contextId: 'c-b' }) } as never);
      const listed = await client.listTasks({ tenant: '', contextId: 'c-a', status: 0, pageToken: '', statusTimestampAfter: undefined } as never);
      expect(listed.tasks.map((t) => t.id)).toEqual([a.id]);
      await expect(async () => {
        for await (const _event of client.resubscribeTask({ id: a.id } as never)) break;
      }).rejects.toThrow(); // a completed task has no live stream to join (the SDK's UnsupportedOperation)
    });
  }
});

