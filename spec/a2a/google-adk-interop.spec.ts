import { afterEach, describe, expect, it } from '@jest/globals';
import { InMemoryRunner } from '@google/adk';
import { RemoteA2AAgent } from '@google/adk/a2a';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { type ListeningA2aServer, toA2a } from '../../lib/a2a/to-a2a.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { weatherAgent } from './support/a2a-fixtures.js';

let server: ListeningA2aServer | undefined;
afterEach(async () => {
  if (server) await lastValueFrom(server.close(), { defaultValue: undefined });
  server = undefined;
});

describe("@google/adk 2.0's own RemoteA2AAgent calls rxadk's v0.3 surface", () => {
  it('completes a turn with a tool call: the final text arrives as its event', async () => {
    const call = { content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } } }] } };
    const { agent } = weatherAgent([call, { content: { role: 'model', parts: [{ text: 'It is sunny in Paris.' }] } }]);
    const versions: unknown[] = [];
    const authenticate = (req: { headers: Record<string, unknown> }) => (versions.push(req.headers['a2a-version']), 'local');
    server = await firstValueFrom(toA2a(agent, { sessionService: new InMemorySessionService(), authenticate }).listen(0));
    const remote = new RemoteA2AAgent({ name: 'weather', agentCard: server.url }); // @google/adk appends /.well-known/agent-card.json itself
    const runner = new InMemoryRunner({ agent: remote, appName: 'google_adk_caller' });
    const session = await runner.sessionService.createSession({ appName: 'google_adk_caller', userId: 'u' });
    const texts: string[] = [];
    const authors = new Set<string>();
    for await (const event of runner.runAsync({ userId: 'u', sessionId: session.id, newMessage: { role: 'user', parts: [{ text: 'Weather in Paris?' }] } })) {
      authors.add(event.author ?? '');
      if (!event.partial) for (const part of event.content?.parts ?? []) if (part.text) texts.push(part.text);
    }
    expect([...authors]).toEqual(['weather']);
    expect(texts.at(-1)).toBe('It is sunny in Paris.');
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.every((version) => version === undefined)).toBe(true); // no A2A-Version header: served by the v0.3 layer
  });
});
