import { afterEach, describe, expect, it } from '@jest/globals';
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { A2AError } from '../../lib/a2a/a2a-error.js';
import { RemoteA2aAgent } from '../../lib/a2a/remote-a2a-agent.js';
import { A2A_TASK_FAILED_ERROR_CODE } from '../../lib/a2a/remote-responses-to-events.js';
import { type ListeningA2aServer, toA2a } from '../../lib/a2a/to-a2a.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { weatherAgent } from './support/a2a-fixtures.js';

const servers: ListeningA2aServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await lastValueFrom(server.close(), { defaultValue: undefined });
});

const call = (name: string) => ({ content: { role: 'model', parts: [{ functionCall: { id: `call-${name}`, name, args: {} } }] } });

/** rxadk's weather agent served over A2A, its tasks in memory. */
async function serve(script: Parameters<typeof weatherAgent>[0]): Promise<ListeningA2aServer> {
  const { agent } = weatherAgent(script);
  const server = await firstValueFrom(toA2a(agent, { sessionService: new InMemorySessionService() }).listen(0));
  servers.push(server);
  return server;
}

/** A caller whose HTTP calls go to `route.origin` (a load balancer's choice), whatever the card says. */
function caller(url: string, streaming: boolean, route: { origin: string } = { origin: new URL(url).origin }) {
  const httpClient: typeof fetch = (input, init) => fetch(String(input instanceof Request ? input.url : input).replace(/^http:\/\/[^/]+/, route.origin), init);
  const agent = new RemoteA2aAgent({ name: 'weather', agentCard: `${url}.well-known/agent-card.json`, streaming, httpClient });
  const runner = new Runner({ appName: 'caller', agent, sessionService: new InMemorySessionService(), autoCreateSession: true });
  return (newMessage: unknown) => lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: newMessage as never }).pipe(toArray()));
}

describe.each([true, false])('RemoteA2aAgent errors (streaming: %s)', (streaming) => {
  it('a follow-up sent to a replica that does not have the task fails the run with A2AError -32001', async () => {
    const first = await serve([call('ask_manager')]);
    const replica = await serve([]);
    const route = { origin: new URL(first.url).origin };
    const turn = caller(first.url, streaming, route);
    const asked = (await turn({ role: 'user', parts: [{ text: 'Book it.' }] })).filter((e) => !e.partial).at(-1)!;
    expect(asked.longRunningToolIds).toEqual(['call-ask_manager']);
    route.origin = new URL(replica.url).origin; // the answer goes to a replica whose task store never saw the task
    const answer = { role: 'user', parts: [{ functionResponse: { id: 'call-ask_manager', name: 'ask_manager', response: { approved: true } } }] };
    const error = await turn(answer).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(A2AError);
    expect(error).toMatchObject({ rpcCode: -32001, agentName: 'weather', code: 'A2A_ERROR' });
    expect((error as Error).message).toMatch(/^The remote A2A agent "weather" failed \(-32001\): .*Task not found/);
  });

  it('a remote task that fails becomes an event with errorCode A2A_TASK_FAILED and its message', async () => {
    const { url } = await serve([new Error('The model quota is exhausted.')]);
    const events = await caller(url, streaming)({ role: 'user', parts: [{ text: 'Weather?' }] });
    const failed = events.filter((e) => e.errorCode !== undefined);
    expect(failed.map((e) => [e.author, e.errorCode])).toEqual([['weather', A2A_TASK_FAILED_ERROR_CODE]]);
    expect(failed[0]!.errorMessage).toContain('The model quota is exhausted.');
  });
});
