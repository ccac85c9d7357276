import { afterEach, describe, expect, it } from '@jest/globals';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { bearerTokens } from '../../lib/a2a/authenticate.js';
import { type ListeningA2aServer, toA2a } from '../../lib/a2a/to-a2a.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { weatherAgent } from './support/a2a-fixtures.js';

let server: ListeningA2aServer | undefined;
afterEach(async () => {
  if (server) await lastValueFrom(server.close(), { defaultValue: undefined });
  server = undefined;
});

const say = (text: string) => ({ content: { role: 'model', parts: [{ text }] } });

async function start() {
  const { agent, model } = weatherAgent([say('one'), say('two')]);
  const sessions = new InMemorySessionService();
  server = await firstValueFrom(toA2a(agent, { sessionService: sessions, authenticate: bearerTokens({ a: 'alice', b: 'bob' }), maxBodyBytes: 4096 }).listen(0));
  const post = async (body: string, token = 'a', version = '1.0') => {
    const response = await fetch(server!.url, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'A2A-Version': version }, body });
    return { status: response.status, body: (await response.json()) as { error?: { code: number; message: string }; result?: { task?: { id: string } } } };
  };
  const sessionCount = async (userId: string) => (await firstValueFrom(sessions.listSessions({ appName: 'weather_agent', userId }))).sessions.length;
  return { post, model, sessionCount };
}

const send = (message: Record<string, unknown>, method = 'SendMessage') =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }], ...message } } });

describe('bad input to toA2a: each gets its error code, and no session is created or changed', () => {
  it('malformed JSON → -32700; not JSON-RPC → -32600; an unknown method → -32601', async () => {
    const { post, model, sessionCount } = await start();
    expect((await post('{"jsonrpc": "2.0", "method": ')).body.error?.code).toBe(-32700);
    expect((await post('[1, 2]')).body.error?.code).toBe(-32600);
    expect((await post('{"jsonrpc": "1.0", "method": "SendMessage", "id": 3}')).body.error?.code).toBe(-32600);
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'NoSuchMethod', params: {} }))).body.error?.code).toBe(-32601);
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tasks/nothing', params: {} }), 'a', '0.3')).body.error?.code).toBe(-32601);
    expect(model.callCount).toBe(0);
    expect(await sessionCount('alice')).toBe(0);
  });

  it('an oversized body → HTTP 413', async () => {
    const { post, model, sessionCount } = await start();
    const reply = await post(send({ parts: [{ text: 'x'.repeat(10_000) }] }));
    expect(reply.status).toBe(413);
    expect(reply.body.error?.code).toBe(-32600);
    expect(model.callCount).toBe(0);
    expect(await sessionCount('alice')).toBe(0);
  });

  it('an answer to a task that does not exist → -32001 (task not found)', async () => {
    const { post, model, sessionCount } = await start();
    expect((await post(send({ taskId: 'no-such-task', contextId: 'c1' }))).body.error?.code).toBe(-32001);
    expect(model.callCount).toBe(0);
    expect(await sessionCount('alice')).toBe(0);
  });

  it("another user's taskId is not found, and their context id opens a session of one's own", async () => {
    const { post, model, sessionCount } = await start();
    const first = await post(send({ contextId: 'shared-ctx' }), 'a');
    const taskId = first.body.result?.task?.id;
    expect(taskId).toEqual(expect.any(String));
    expect(model.callCount).toBe(1);
    const stolen = await post(send({ taskId, contextId: 'shared-ctx' }), 'b');
    expect(stolen.body.error?.code).toBe(-32001);
    const read = await post(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'GetTask', params: { id: taskId } }), 'b');
    expect(read.body.error?.code).toBe(-32001);
    const cancel = await post(JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'CancelTask', params: { id: taskId } }), 'b');
    expect(cancel.body.error?.code).toBe(-32001);
    const own = await post(JSON.stringify({ jsonrpc: '2.0', id: 11, method: 'GetTask', params: { id: taskId } }), 'a');
    expect((own.body.result as { status?: { state?: string } } | undefined)?.status?.state).toBe('TASK_STATE_COMPLETED');
    expect(model.callCount).toBe(1);
    expect(await sessionCount('bob')).toBe(0);
    await post(send({ contextId: 'shared-ctx' }), 'b');
    expect(await sessionCount('bob')).toBe(1);
    expect(await sessionCount('alice')).toBe(1);
    expect(model.requests[1]!.contents.map((c) => c.parts?.[0]?.text)).toEqual(['hi']);
  });
});
