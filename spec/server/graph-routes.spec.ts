import { firstValueFrom, lastValueFrom } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import { createEvent } from '../../lib/events/event.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import type { Event } from '../../lib/events/event.js';
import { rootAgent as triage } from '../fixtures/workflows/triage/agent.js';
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
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf([{ name: 'desk', rootAgent, plugins: [] }, { name: 'triage_app', rootAgent: triage, plugins: [] }]), port: 0, ui: false, log: () => undefined }));
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
    expect((await graph('/dev', called.id)).dotSrc).toMatch(/"desk" -> "tool:lookup" \[[^\]]*penwidth=3\]/);
    expect((await graph('', answered.id)).dotSrc).toMatch(/"desk" -> "tool:lookup" \[[^\]]*penwidth=3\]/);
    const authorOnly = (await graph('/dev', said.id)).dotSrc;
    expect(authorOnly).toMatch(/^ {2}"check" \[.*penwidth=3\];$/m);
    expect(authorOnly).not.toMatch(/->.*penwidth=3/);
    expect((await call(server.url, 'GET', `/dev/apps/desk/users/u/sessions/${session.id}/events/missing/graph`)).status).toBe(404);
    expect((await call(server.url, 'GET', `/dev/apps/desk/users/u/sessions/missing/events/${said.id}/graph`)).status).toBe(404);
  });

  describe('for a workflow app', () => {
    it('build_graph: the workflow\'s graph in ADK 2.0\'s shape (nodes by kind, edges with routes), and a DOT that draws it', async () => {
      const info = (await call(server.url, 'GET', '/dev/apps/triage_app/build_graph')).json as { root_agent: { type: string; graph: { nodes: Array<{ name: string; type: string; graph?: unknown }>; edges: Array<{ from_node: { name: string }; to_node: { name: string }; route?: unknown }> } }; dotSrc: string };
      expect(info.root_agent.type).toBe('workflow');
      expect(info.root_agent.graph.nodes.map((n) => `${n.name}:${n.type}`)).toEqual(['__START__:start', 'classify:function', 'escalate:function', 'research:workflow', 'shout:parallel_worker', 'open_ticket:tool', 'merge:join', 'writer:agent']);
      expect(info.root_agent.graph.nodes[3]?.graph).toBeDefined();
      expect(info.root_agent.graph.edges[1]).toEqual({ from_node: { name: 'classify', type: 'function' }, to_node: { name: 'escalate', type: 'function' }, route: ['urgent', '__DEFAULT__'] });
      expect(info.dotSrc).toContain('"classify" -> "research" [label="  routine", lhead="cluster_research"];');
    });

    it('build_graph_image: the root\'s graph under "" and each nested workflow\'s under root/path (adk-web\'s levels); a nested node by path', async () => {
      const whole = (await call(server.url, 'GET', '/dev/apps/triage_app/build_graph_image?dark_mode=false')).json as Record<string, { dotSrc: string }>;
      expect(Object.keys(whole).sort()).toEqual(['', 'dotSrc', 'triage/research']);
      expect(whole['']?.dotSrc).toContain('subgraph "cluster_research"');
      expect(whole['triage/research']?.dotSrc).toMatch(/^digraph "research" \{/);
      expect(whole['triage/research']?.dotSrc).toContain('"gather" -> "rank";');
      const level = (await call(server.url, 'GET', '/dev/apps/triage_app/build_graph_image?dark_mode=true&node=research')).json as Record<string, { dotSrc: string }>;
      expect(Object.keys(level).sort()).toEqual(['dotSrc', 'research']);
      expect(level['research']?.dotSrc).toContain('"__START__" -> "gather";');
      expect((await call(server.url, 'GET', '/dev/apps/triage_app/build_graph_image?node=research/nowhere')).status).toBe(404);
    });

    it('events/{id}/graph lights the node a workflow event\'s path names, with its cluster; the user\'s message lights START', async () => {
      const created = (await call(server.url, 'POST', '/apps/triage_app/users/u/sessions', {})).json as { id: string };
      const run = await call(server.url, 'POST', '/run', { appName: 'triage_app', userId: 'u', sessionId: created.id, newMessage: { role: 'user', parts: [{ text: 'a routine question' }] } });
      expect(run.status).toBe(200);
      const session = (await call(server.url, 'GET', `/apps/triage_app/users/u/sessions/${created.id}`)).json as { events: Event[] };
      const byPath = (path: string) => session.events.find((event) => event.nodeInfo?.path === path);
      const graph = async (event: Event | undefined) => ((await call(server.url, 'GET', `/dev/apps/triage_app/users/u/sessions/${created.id}/events/${event?.id ?? 'none'}/graph`)).json as { dotSrc: string }).dotSrc;
      const rank = await graph(byPath('triage@1/research@1/rank@1'));
      expect(rank).toMatch(/^ {4}"research\/rank" \[label="rank".*penwidth=3\];$/m);
      expect(rank).toMatch(/subgraph "cluster_research" \{\n {4}graph \[[^\]]*penwidth=2\.5/);
      expect(rank.match(/penwidth=3\]/g)).toHaveLength(1);
      const classify = await graph(byPath('triage@1/classify@1'));
      expect(classify).toMatch(/^ {2}"classify" \[.*penwidth=3\];$/m);
      expect(classify).not.toContain('penwidth=2.5');
      const writer = await graph(session.events.find((event) => event.author === 'writer'));
      expect(writer).toMatch(/^ {2}"writer" \[.*penwidth=3\];$/m);
      expect(await graph(session.events.find((event) => event.author === 'user'))).toMatch(/^ {2}"__START__" \[.*penwidth=3\];$/m);
    });
  });
});
