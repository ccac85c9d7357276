import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from '@jest/globals';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { bearerTokens, localUserOnly } from '../../lib/a2a/authenticate.js';
import { toA2a } from '../../lib/a2a/to-a2a.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { weatherAgent } from './support/a2a-fixtures.js';

const from = (remoteAddress: string | undefined, authorization?: string) =>
  ({ socket: { remoteAddress }, headers: authorization === undefined ? {} : { authorization } }) as unknown as IncomingMessage;

describe('authenticate', () => {
  it('localUserOnly: the loopback addresses are the local user; any other caller is refused', () => {
    const local = localUserOnly();
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].map((address) => local(from(address)))).toEqual(['local', 'local', 'local', 'local']);
    expect(['10.0.0.5', '203.0.113.9', '::ffff:10.0.0.1', 'fd00::2', '::', '0.0.0.0', '128.0.0.1', undefined].map((address) => local(from(address)))).toEqual(Array(8).fill(undefined));
    expect(localUserOnly('me')(from('::1'))).toBe('me');
  });

  it('bearerTokens: a known token is its user; a wrong, missing or malformed one, or a name of Object.prototype, is refused', () => {
    for (const auth of [bearerTokens({ s3cret: 'alice' }), bearerTokens(new Map([['s3cret', 'alice']]))]) {
      expect(auth(from('10.0.0.5', 'Bearer s3cret'))).toBe('alice');
      expect(auth(from('10.0.0.5', 'bearer   s3cret '))).toBe('alice');
      for (const header of [undefined, '', 'Bearer', 'Bearer wrong', 'Basic s3cret', 'Bearer s3cret extra', 'Bearer constructor', 'Bearer __proto__', 'Bearer toString']) {
        expect(auth(from('127.0.0.1', header))).toBeUndefined();
      }
    }
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
  // needs an address of this machine that is not loopback (most machines, CI runners included, have one)
  (external ? it : it.skip)("the default (no authenticate option): a call to this machine's own non-loopback address is refused with 401, the agent never runs; from 127.0.0.1 it runs", async () => {
    const { agent, model } = weatherAgent([{ content: { role: 'model', parts: [{ text: 'Hi.' }] } }]);
    const sessions = new InMemorySessionService();
    const server = await firstValueFrom(toA2a(agent, { sessionService: sessions }).listen(0, '0.0.0.0'));
    try {
      const port = new URL(server.url).port;
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] } } });
      const post = (host: string) => fetch(`http://${host}:${port}/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' }, body });
      const refused = await post(external!);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
      expect(model.callCount).toBe(0);
      expect((await firstValueFrom(sessions.listSessions({ appName: 'weather_agent', userId: 'local' }))).sessions).toEqual([]);
      const accepted = await post('127.0.0.1');
      expect(accepted.status).toBe(200);
      expect(((await accepted.json()) as { result?: { task?: { status?: { state?: string } } } }).result?.task?.status?.state).toBe('TASK_STATE_COMPLETED');
      expect(model.callCount).toBe(1);
    } finally {
      await lastValueFrom(server.close(), { defaultValue: undefined });
    }
  });
});
