import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Task } from '@a2a-js/sdk';
import { firstValueFrom, lastValueFrom, map, Subject, take } from 'rxjs';
import { bearerTokens } from '../../lib/a2a/authenticate.js';
import { TASK_STATES } from '../../lib/a2a/task-states.js';
import { type ListeningA2aServer, toA2a } from '../../lib/a2a/to-a2a.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { textOf, userMessage } from './support/a2a-fixtures.js';
import { sdkClientFor } from './support/sdk-client.js';

type Payload = { $case: 'task'; value: Task } | { $case: 'statusUpdate'; value: { status: { state: number } } } | { $case: 'artifactUpdate'; value: { artifact: { parts: never }; lastChunk: boolean } };
const payloadOf = (event: unknown) => (event as { payload: Payload }).payload;

const call = { content: { role: 'model', parts: [{ functionCall: { id: 'call-wait', name: 'wait_for_data', args: {} } }] } };
const say = (text: string) => ({ content: { role: 'model', parts: [{ text }] } });

/**
 * Each turn calls `wait_for_data`, which returns only when the test says so (`gate`), then streams
 * "It is " "sunny " "in Paris." — so a task is live, mid-turn, for as long as the test wants.
 */
let gate: Subject<void>;
let toolStarted: Subject<void>;
const waitForData = new FunctionTool({
  name: 'wait_for_data',
  description: 'Waits for the weather data.',
  execute: () => (toolStarted.next(), gate.pipe(take(1), map(() => ({ weather: 'sunny' })))),
});
const model = new ScriptedLlm(Array.from({ length: 4 }, (_, turn) => (turn % 2 === 0 ? call : [say('It is '), say('sunny '), say('in Paris.')])));
const agent = new LlmAgent({ name: 'weather_agent', description: 'Weather.', model, tools: [waitForData] });

/** The task once it is no longer `working` (read again, a few milliseconds apart, at most 100 times). */
async function settled(read: () => Promise<Task>): Promise<Task> {
  let task = await read();
  for (let tries = 0; task.status?.state === TASK_STATES.working && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    task = await read();
  }
  return task;
}

let server: ListeningA2aServer;
beforeAll(async () => {
  server = await firstValueFrom(toA2a(agent, { sessionService: new InMemorySessionService(), authenticate: bearerTokens({ a: 'alice', b: 'bob' }) }).listen(0));
});
afterAll(async () => {
  await lastValueFrom(server.close(), { defaultValue: undefined });
});

describe.each(['1.0', '0.3'] as const)('SubscribeToTask (v0.3: tasks/resubscribe) on a live task, over A2A %s', (version) => {
  it('a client that left the stream rejoins it and sees the rest: the tool result, the text chunks and completed', async () => {
    gate = new Subject<void>();
    toolStarted = new Subject<void>();
    const started = firstValueFrom(toolStarted);
    const { client } = await sdkClientFor(server.url, version, 'a');

    // the first stream: read until the tool runs, then leave (the task goes on)
    let taskId = '';
    for await (const event of client.sendMessageStream({ message: userMessage('Weather in Paris?', { contextId: `ctx-${version}` }) } as never)) {
      const payload = payloadOf(event);
      if (payload.$case === 'task') taskId = payload.value.id;
      if (payload.$case === 'statusUpdate' && payload.value.status.state === TASK_STATES.working && taskId) break;
    }
    await started;
    expect(taskId).not.toBe('');

    // another user cannot join it
    const bob = await sdkClientFor(server.url, version, 'b');
    await expect(async () => {
      for await (const _event of bob.client.resubscribeTask({ id: taskId } as never)) break;
    }).rejects.toThrow(/not found/i);

    // rejoin: the task as it is now first, then everything that happens after
    const rejoined = client.resubscribeTask({ id: taskId } as never)[Symbol.asyncIterator]();
    const first = payloadOf((await rejoined.next()).value);
    expect(first.$case).toBe('task');
    expect(first.$case === 'task' && first.value.status?.state).toBe(TASK_STATES.working);
    expect(first.$case === 'task' && first.value.artifacts).toEqual([]);

    gate.next(); // the tool returns; the model streams its answer
    const rest: Payload[] = [];
    for (let step = await rejoined.next(); !step.done; step = await rejoined.next()) rest.push(payloadOf(step.value));

    const chunks = rest.filter((p) => p.$case === 'artifactUpdate').map((p) => (p.$case === 'artifactUpdate' ? textOf(p.value.artifact.parts) : ''));
    expect(chunks.join('')).toBe('It is sunny in Paris.');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const toolResult = rest.find((p) => p.$case === 'statusUpdate' && JSON.stringify(p.value).includes('function_response'));
    expect(JSON.stringify(toolResult)).toContain('"weather":"sunny"');
    const last = rest.at(-1)!;
    expect(last.$case === 'statusUpdate' && last.value.status.state).toBe(TASK_STATES.completed);

    // the store has it too, though the client that started the task left: the server read that
    // stream on (the SDK saves events as its send stream is read). The save may land a moment after
    // the subscriber's last event: both read one event bus.
    const task = await settled(() => client.getTask({ id: taskId } as never));
    expect(task.status?.state).toBe(TASK_STATES.completed);
    expect(textOf(task.artifacts[0]?.parts)).toBe('It is sunny in Paris.');
  });
});
