import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Task } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { ServerCallContext } from '@a2a-js/sdk/server';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { TASK_STATES } from '../../lib/a2a/task-states.js';
import { type ListeningA2aServer, toA2a } from '../../lib/a2a/to-a2a.js';
import { SqliteA2aTaskStore } from '../../lib/a2a/sqlite-a2a-task-store.js';
import { SqliteSessionService } from '../../lib/sqlite/sqlite-session-service.js';
import { dataPart, textOf, userMessage, weatherAgent } from './support/a2a-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'rxadk-a2a-'));
let server: ListeningA2aServer | undefined;
afterEach(async () => {
  if (server) await lastValueFrom(server.close(), { defaultValue: undefined });
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const call = { content: { role: 'model', parts: [{ functionCall: { id: 'call-ask_manager', name: 'ask_manager', args: { amount: 120 } } }] } };
const say = (text: string) => ({ content: { role: 'model', parts: [{ text }] } });

/** One serving "process": new Runner, session service and task store objects over the same SQLite files. */
async function serve(script: unknown[]) {
  const { agent, model } = weatherAgent(script as never);
  const tasks = new SqliteA2aTaskStore(join(dir, 'tasks.db'));
  const sessions = new SqliteSessionService({ path: join(dir, 'sessions.db') });
  server = await firstValueFrom(toA2a(agent, { sessionService: sessions, taskStore: tasks }).listen(0));
  return { model, url: server.url, stop: async () => (await lastValueFrom(server!.close(), { defaultValue: undefined }), tasks.close(), (server = undefined)) };
}

describe('the input-required round trip after the serving process restarts on SQLite', () => {
  it('the answer with the same taskId completes the task the first server paused', async () => {
    const first = await serve([call]);
    const client = await new ClientFactory().createFromUrl(first.url);
    const paused = (await client.sendMessage({ message: userMessage('Book it.', { contextId: 'ctx-restart' }) } as never)) as Task;
    expect(paused.status?.state).toBe(TASK_STATES.inputRequired);
    await first.stop();

    const second = await serve([say('Approved, booked.')]);
    const client2 = await new ClientFactory().createFromUrl(second.url);
    const answer = dataPart({ id: 'call-ask_manager', name: 'ask_manager', response: { approved: true } }, { adk_type: 'function_response' });
    const done = (await client2.sendMessage({ message: userMessage([answer], { contextId: 'ctx-restart', taskId: paused.id }) } as never)) as Task;
    expect(done.id).toBe(paused.id);
    expect(done.status?.state).toBe(TASK_STATES.completed);
    expect(textOf(done.artifacts.at(-1)?.parts)).toBe('Approved, booked.');
    expect(second.model.requests[0]!.contents.map((c) => c.parts?.[0]?.functionResponse?.response ?? c.parts?.[0]?.functionCall?.name ?? c.parts?.[0]?.text)).toEqual([
      'Book it.',
      'ask_manager',
      { approved: true },
    ]);
    await second.stop();
  });
});

describe('SqliteA2aTaskStore keys', () => {
  it('keeps tasks per user, and per namespace in a shared file', async () => {
    const path = join(dir, 'shared.db');
    const weather = new SqliteA2aTaskStore(path, { namespace: 'weather' });
    const travel = new SqliteA2aTaskStore(path, { namespace: 'travel' });
    const plain = new SqliteA2aTaskStore(path);
    const as = (userName: string) => new ServerCallContext({ user: { isAuthenticated: true, userName } });
    const task = { id: 't1', contextId: 'c1', status: { state: TASK_STATES.working, message: undefined, timestamp: '' }, artifacts: [], history: [], metadata: {} } as unknown as Task;
    await weather.save(task, as('alice'));
    expect((await weather.load('t1', as('alice')))?.contextId).toBe('c1');
    expect(await weather.load('t1', as('bob'))).toBeUndefined();
    expect(await travel.load('t1', as('alice'))).toBeUndefined();
    expect(await plain.load('t1', as('alice'))).toBeUndefined();
    expect((await travel.list({ contextId: '' } as never, as('alice'))).tasks).toEqual([]);
    expect((await weather.list({ contextId: '' } as never, as('alice'))).tasks.map((t) => t.id)).toEqual(['t1']);
    for (const store of [weather, travel, plain]) store.close();
  });
});
