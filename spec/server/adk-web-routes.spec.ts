import { firstValueFrom, lastValueFrom } from 'rxjs';
import type { Session } from '../../lib/sessions/session.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import { call } from './support/http-client.js';
import { testApps } from './support/test-apps.js';

describe('the endpoints adk-web calls beyond running agents (a real server)', () => {
  let server: DevServer;
  let standIn: GeminiStandIn;
  const sessions = '/apps/notes/users/u1/sessions';

  beforeAll(async () => {
    standIn = await GeminiStandIn.start();
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf(testApps(standIn.baseUrl).apps), port: 0, ui: false, log: () => undefined }));
  });

  afterAll(async () => {
    await lastValueFrom(server.close(), { defaultValue: undefined });
    await standIn.close();
  });

  it('GET /version names rxadk\'s version and language', async () => {
    const answer = await call(server.url, 'GET', '/version');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ version: '0.1.0', language: 'typescript', language_version: process.versions.node });
  });

  it('sessions carry lastUpdateTime in seconds, as ADK\'s API does', async () => {
    const before = Date.now() / 1000;
    const created = (await call(server.url, 'POST', sessions)).json as Session;
    await call(server.url, 'POST', '/run', { appName: 'notes', userId: 'u1', sessionId: created.id, newMessage: { role: 'user', parts: [{ text: 'hi' }] } });
    const read = (await call(server.url, 'GET', `${sessions}/${created.id}`)).json as Session;
    expect(read.lastUpdateTime).toBeGreaterThanOrEqual(Math.floor(before));
    expect(read.lastUpdateTime).toBeLessThan(Date.now() / 1000 + 1);
    const listed = ((await call(server.url, 'GET', sessions)).json as Session[]).find((s) => s.id === created.id)!;
    expect(listed.lastUpdateTime).toBe(read.lastUpdateTime);
  });

  it('PATCH a session with {stateDelta} appends a state-delta event and answers the session', async () => {
    const created = (await call(server.url, 'POST', sessions)).json as Session;
    const patched = await call(server.url, 'PATCH', `${sessions}/${created.id}`, { stateDelta: { __session_metadata__: { displayName: 'Trip plans' } } });
    expect(patched.status).toBe(200);
    const session = patched.json as Session;
    expect(session.state).toEqual({ __session_metadata__: { displayName: 'Trip plans' } });
    expect(session.events).toHaveLength(1);
    expect(session.events[0]).toMatchObject({ author: 'user', actions: { stateDelta: { __session_metadata__: { displayName: 'Trip plans' } } } });
    expect((await call(server.url, 'PATCH', `${sessions}/${created.id}`, { state: {} })).status).toBe(400);
    expect((await call(server.url, 'PATCH', `${sessions}/missing`, { stateDelta: {} })).status).toBe(404);
  });

  it('artifact versions: the list, one version, and delete', async () => {
    const created = (await call(server.url, 'POST', sessions)).json as Session;
    for (const text of ['note: first', 'note: second']) {
      await call(server.url, 'POST', '/run', { appName: 'notes', userId: 'u1', sessionId: created.id, newMessage: { role: 'user', parts: [{ text }] } });
    }
    const base = `${sessions}/${created.id}/artifacts/note.txt`;
    expect((await call(server.url, 'GET', `${base}/versions`)).json).toEqual([0, 1]);
    expect((await call(server.url, 'GET', `${base}/versions/0`)).json).toEqual({ text: 'first' });
    expect((await call(server.url, 'GET', `${base}/versions/1`)).json).toEqual({ text: 'second' });
    expect((await call(server.url, 'GET', `${base}/versions/7`)).status).toBe(404);
    expect((await call(server.url, 'GET', `${base}/versions/x`)).status).toBe(400);
    const deleted = await call(server.url, 'DELETE', base);
    expect([deleted.status, deleted.json]).toEqual([200, null]);
    expect((await call(server.url, 'GET', `${base}/versions`)).json).toEqual([]);
  });

  it('answers the builder, which rxadk does not have, with 501 and a JSON message, under both prefixes', async () => {
    const requests = [
      ['GET', '/apps/notes/builder?ts=1'],
      ['GET', '/dev/apps/notes/builder?ts=1'],
      ['POST', '/dev/apps/notes/builder/save'],
      ['POST', '/apps/notes/builder/cancel'],
      ['GET', '/builder/app/notes'],
    ] as const;
    for (const [method, path] of requests) {
      const answer = await call(server.url, method, path, method === 'POST' ? {} : undefined);
      expect([method, path, answer.status]).toEqual([method, path, 501]);
      expect((answer.json as { error: string }).error).toMatch(/The agent builder is not available in rxadk yet/);
    }
  });

  it('answers the eval endpoints with 501 saying where eval sets are kept, when the apps have no folder (built in code, no evalsDir)', async () => {
    const paths = ['eval_sets', 'eval-sets', 'eval_results', 'eval-results', 'eval_results/r1', 'eval_sets/s1/evals', 'eval_metrics', 'metrics-info'];
    const requests = [
      ...['/apps/notes', '/dev/apps/notes'].flatMap((prefix) => paths.map((path) => ['GET', `${prefix}/${path}`] as const)),
      ['POST', '/dev/apps/notes/eval-sets'],
      ['POST', '/dev/apps/notes/eval_sets/s1/add_session'],
      ['PUT', '/dev/apps/notes/eval_sets/s1/evals/c1'],
      ['DELETE', '/dev/apps/notes/eval_sets/s1/evals/c1'],
    ] as const;
    for (const [method, path] of requests) {
      const answer = await call(server.url, method, path, method === 'POST' || method === 'PUT' ? {} : undefined);
      expect([method, path, answer.status]).toEqual([method, path, 501]);
      expect((answer.json as { error: string }).error).toMatch(/kept in the apps' folder/);
    }
  });
});
