import { request as httpRequest } from 'node:http';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import type { Session } from '../../lib/sessions/session.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { crossSitePolicy, crossSiteRefusal } from '../../lib/server/cross-site-policy.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import { call } from './support/http-client.js';
import { testApps } from './support/test-apps.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request with exactly these headers (as a browser on another site, or a rebinding page, would send). */
function send(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { method, agent: false, headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('cross-site protection (a real server on a random port)', () => {
  let server: DevServer;
  let allowing: DevServer;
  let standIn: GeminiStandIn;
  const EVIL = 'http://evil.example';

  beforeAll(async () => {
    standIn = await GeminiStandIn.start();
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf(testApps(standIn.baseUrl).apps), port: 0, ui: false, log: () => undefined }));
    allowing = await firstValueFrom(
      DevServer.start({ apps: appSourceOf(testApps(standIn.baseUrl).apps), port: 0, ui: false, log: () => undefined, allowOrigins: ['http://localhost:4200'] }),
    );
  });

  afterAll(async () => {
    await lastValueFrom(server.close(), { defaultValue: undefined });
    await lastValueFrom(allowing.close(), { defaultValue: undefined });
    await standIn.close();
  });

  it('refuses an evil Origin on every kind of route (403), simple text/plain requests included, and the agent never runs', async () => {
    const session = (await call(server.url, 'POST', '/apps/notes/users/u1/sessions')).json as Session;
    const run = JSON.stringify({ appName: 'notes', userId: 'u1', sessionId: session.id, newMessage: { role: 'user', parts: [{ text: 'note: stolen' }] } });
    const attempts: Array<[string, string, string?, string?]> = [
      ['GET', '/list-apps'],
      ['GET', `/apps/notes/users/u1/sessions/${session.id}`],
      ['GET', '/apps/notes/users/u1/sessions'],
      ['POST', '/apps/notes/users/u1/sessions', 'text/plain', '{}'],
      ['POST', '/run', 'text/plain', run],
      ['POST', '/run', 'application/json', run],
      ['POST', '/run_sse', 'text/plain', run],
      ['DELETE', `/apps/notes/users/u1/sessions/${session.id}`],
      ['OPTIONS', '/run'],
    ];
    for (const [method, path, type, body] of attempts) {
      const answer = await send(server.url, method, path, { origin: EVIL, ...(type ? { 'content-type': type } : {}) }, body);
      expect([method, path, answer.status]).toEqual([method, path, 403]);
      expect(JSON.parse(answer.text).error).toMatch(/Origin "http:\/\/evil.example" may not call this server/);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    const after = (await call(server.url, 'GET', `/apps/notes/users/u1/sessions/${session.id}`)).json as Session;
    expect(after.events).toEqual([]);
    expect(after.state['last_note']).toBeUndefined();
  });

  it('refuses a Host it does not answer to (DNS rebinding), and accepts loopback names and the server\'s own origin', async () => {
    const port = new URL(server.url).port;
    const rebinding = await send(server.url, 'GET', '/list-apps', { host: `attacker.example:${port}` });
    expect(rebinding.status).toBe(403);
    expect(JSON.parse(rebinding.text).error).toMatch(/Host "attacker.example:\d+" is not one this server answers to/);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `app.localhost:${port}`]) {
      expect((await send(server.url, 'GET', '/list-apps', { host })).status).toBe(200);
    }
    const own = await send(server.url, 'GET', '/list-apps', { origin: server.url });
    expect(own.status).toBe(200);
  });

  it('requires application/json for JSON bodies (415)', async () => {
    const session = (await call(server.url, 'POST', '/apps/notes/users/u1/sessions')).json as Session;
    const body = JSON.stringify({ appName: 'notes', userId: 'u1', sessionId: session.id, newMessage: { role: 'user', parts: [{ text: 'hi' }] } });
    const wrong = await send(server.url, 'POST', '/run', { 'content-type': 'text/plain' }, body);
    expect(wrong.status).toBe(415);
    expect(JSON.parse(wrong.text).error).toMatch(/Content-Type: application\/json/);
    expect((await send(server.url, 'POST', '/run', { 'content-type': 'application/json; charset=utf-8' }, body)).status).toBe(200);
  });

  it('with --allow-origins: answers the allowed origin\'s preflight and request with CORS headers, and still refuses others', async () => {
    const origin = 'http://localhost:4200';
    const preflight = await send(allowing.url, 'OPTIONS', '/run', { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': 'content-type',
      vary: 'Origin',
    });
    const session = await send(allowing.url, 'POST', '/apps/notes/users/u1/sessions', { origin, 'content-type': 'application/json' }, '{}');
    expect(session.status).toBe(200);
    expect(session.headers['access-control-allow-origin']).toBe(origin);
    expect((await send(allowing.url, 'OPTIONS', '/run', { origin: EVIL, 'access-control-request-method': 'POST' })).status).toBe(403);
  });
});

describe('crossSiteRefusal', () => {
  const policy = crossSitePolicy({ host: 'devbox.lan' });
  it.each([
    ['127.0.0.1:8000', undefined],
    ['[::1]:8000', undefined],
    ['localhost', undefined],
    ['192.168.1.20:8000', undefined],
    ['devbox.lan:8000', undefined],
    ['rebind.attacker.example:8000', 'refused'],
    ['', 'refused'],
  ])('Host %s → %s', (host, expected) => {
    expect(crossSiteRefusal({ host }, policy) ? 'refused' : undefined).toBe(expected);
  });

  it('allows same-origin and listed origins, and * allows any', () => {
    expect(crossSiteRefusal({ host: '127.0.0.1:8000', origin: 'http://127.0.0.1:8000' }, policy)).toBeUndefined();
    expect(crossSiteRefusal({ host: '127.0.0.1:8000', origin: 'http://127.0.0.1:9999' }, policy)).toMatch(/may not call/);
    expect(crossSiteRefusal({ host: '127.0.0.1:8000', origin: 'null' }, policy)).toMatch(/may not call/);
    expect(crossSiteRefusal({ host: '127.0.0.1:8000', origin: 'https://x.example' }, crossSitePolicy({ allowOrigins: ['*'] }))).toBeUndefined();
    expect(crossSiteRefusal({ host: '127.0.0.1:8000', origin: 'https://x.example' }, crossSitePolicy({ allowOrigins: ['https://x.example/'] }))).toBeUndefined();
  });
});
