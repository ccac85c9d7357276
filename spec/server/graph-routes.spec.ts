import { firstValueFrom, lastValueFrom } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import { createEvent } from '../../lib/events/event.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { call } from './support/http-client.js';

const lookup = new FunctionTool({ name: 'lookup', description: 'Looks up.', execute: () => ({}) });
const rootAgent = new LlmAgent({
  name: 'desk',
  description: 'Front desk.',
  model: 'gemini-2.5-flash',
  tools: [lookup],
  subAgents: [new SequentialAgent({ name: 'booking', subAgents: [new LlmAgent({ name: 'check' }), new LlmAgent({ name: 'book' })] })],
});

describe('the agent-graph endpoints adk-web calls (a real server)', () => {
  let server: DevServer;

  beforeAll(async () => {
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf([{ name: 'desk', rootAgent, plugins: [] }]), port: 0, ui: false, log: () => undefined }));
  });

  afterAll(() => lastValueFrom(server.close(), { defaultValue: undefined }));

  it('GET /dev/apps/{app}/build_graph: the app info (ADK\'s shape) with the tree\'s DOT', async () => {
    const answer = await call(server.url, 'GET', '/dev/apps/desk/build_graph');
    expect(answer.status).toBe(200);
    const info = answer.json as { name: string; root_agent: Record<string, unknown>; dotSrc: string };
    expect(info.name).toBe('desk');
    expect(info.root_agent).toMatchObject({ name: 'desk', type: 'agent', description: 'Front desk.', model: 'gemini-2.5-flash', tools: [{ name: 'lookup', type: 'tool' }] });
    expect((info.root_agent['sub_agents'] as Array<{ name: string }>).map((s) => s.name)).toEqual(['booking']);
    expect(info.dotSrc).toContain('"desk" -> "booking" [label="  transfer"];');
    expect(info.dotSrc).toContain('"booking" -> "book" [label="  2"];');
    expect((await call(server.url, 'GET', '/dev/apps/nope/build_graph')).status).toBe(404);
  });

  it('GET /dev/apps/{app}/build_graph_image: {dotSrc} by node path, light or dark; 404 for an unknown node', async () => {
    const whole = (await call(server.url, 'GET', '/dev/apps/desk/build_graph_image?dark_mode=false')).json as Record<string, unknown>;
    expect(Object.keys(whole).sort()).toEqual(['', 'dotSrc']);
    expect(whole['']).toEqual({ dotSrc: whole['dotSrc'] });
    expect(whole['dotSrc']).toContain('bgcolor="#F8FAFC"');
    const sub = (await call(server.url, 'GET', '/dev/apps/desk/build_graph_image?dark_mode=true&node=desk/booking')).json as Record<string, { dotSrc: string }>;
    expect(sub['desk/booking']?.dotSrc).toMatch(/^digraph "booking"/);
    expect(sub['desk/booking']?.dotSrc).toContain('bgcolor="#0F172A"');
    expect(sub['desk/booking']?.dotSrc).not.toContain('"desk"');
    expect((await call(server.url, 'GET', '/dev/apps/desk/build_graph_image?node=desk/nowhere')).status).toBe(404);
  });

  it('GET …/events/{id}/graph lights the event\'s step: calls, results, or its author', async () => {
    const service = server.runners.sessionService;
    const session = await firstValueFrom(service.createSession({ appName: 'desk', userId: 'u' }));
    const called = createEvent({ invocationId: 'e-1', author: 'desk', content: { role: 'model', parts: [{ functionCall: { name: 'lookup', args: {} } }] } });
    const answered = createEvent({ invocationId: 'e-1', author: 'desk', content: { role: 'user', parts: [{ functionResponse: { name: 'lookup', response: {} } }] } });
    const said = createEvent({ invocationId: 'e-1', author: 'check', content: { role: 'model', parts: [{ text: 'ok' }] } });
    for (const event of [called, answered, said]) await firstValueFrom(service.appendEvent(session, event));
    const graph = async (prefix: string, eventId: string) => (await call(server.url, 'GET', `${prefix}/apps/desk/users/u/sessions/${session.id}/events/${eventId}/graph`)).json as { dotSrc: string };
    expect((await graph('/dev', called.id)).dotSrc).toMatch(/"desk" -> "lookup" \[[^\]]*penwidth=3\]/);
    expect((await graph('', answered.id)).dotSrc).toMatch(/"desk" -> "lookup" \[[^\]]*penwidth=3\]/);
    const authorOnly = (await graph('/dev', said.id)).dotSrc;
    expect(authorOnly).toMatch(/^ {2}"check" \[.*penwidth=3\];$/m);
    expect(authorOnly).not.toMatch(/->.*penwidth=3/);
    expect((await call(server.url, 'GET', `/dev/apps/desk/users/u/sessions/${session.id}/events/missing/graph`)).status).toBe(404);
    expect((await call(server.url, 'GET', `/dev/apps/desk/users/u/sessions/missing/events/${said.id}/graph`)).status).toBe(404);
  });
});
