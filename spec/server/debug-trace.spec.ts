import { firstValueFrom, lastValueFrom } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import type { Session } from '../../lib/sessions/session.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import type { RecordedSpan } from '../../lib/telemetry/recording-instrumentation.js';
import { call } from './support/http-client.js';
import { testApps } from './support/test-apps.js';

describe('adk-web\'s trace endpoints (a real server on a random port)', () => {
  let server: DevServer;
  let standIn: GeminiStandIn;

  beforeAll(async () => {
    standIn = await GeminiStandIn.start();
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf(testApps(standIn.baseUrl).apps), port: 0, ui: false, log: () => undefined }));
  });

  afterAll(async () => {
    await lastValueFrom(server.close(), { defaultValue: undefined });
    await standIn.close();
  });

  it('serves a session\'s spans and an event\'s span at the paths adk-web uses, old and new', async () => {
    const session = (await call(server.url, 'POST', '/apps/notes/users/u1/sessions')).json as Session;
    const run = await call(server.url, 'POST', '/run', { appName: 'notes', userId: 'u1', sessionId: session.id, newMessage: { role: 'user', parts: [{ text: 'note: milk' }] } });
    const events = run.json as Event[];
    expect(events).toHaveLength(3);

    const spans = (await call(server.url, 'GET', `/dev/apps/notes/debug/trace/session/${session.id}`)).json as RecordedSpan[];
    expect((await call(server.url, 'GET', `/debug/trace/session/${session.id}`)).json).toEqual(spans);
    expect(spans.map((s) => s.name).sort()).toEqual(['call_llm', 'call_llm', 'execute_tool save_note', 'invocation', 'invoke_agent notes_agent']);
    for (const span of spans) {
      expect(Object.keys(span).sort()).toEqual(['attributes', 'end_time', 'name', 'parent_span_id', 'span_id', 'start_time', 'trace_id']);
      expect(span.end_time).toBeGreaterThanOrEqual(span.start_time);
      expect(span.start_time).toBeGreaterThan(1.6e18); // nanoseconds since the epoch
    }
    const byName = (name: string) => spans.find((s) => s.name === name)!;
    expect(byName('invocation').parent_span_id).toBeNull();
    expect(byName('invoke_agent notes_agent').parent_span_id).toBe(byName('invocation').span_id);
    expect(byName('execute_tool save_note').parent_span_id).toBe(spans.find((s) => s.name === 'call_llm' && s.attributes['gcp.vertex.agent.event_id'] === events[0]!.id)!.span_id);
    expect(new Set(spans.map((s) => s.trace_id)).size).toBe(1);
    expect(byName('invoke_agent notes_agent').attributes['gen_ai.conversation.id']).toBe(session.id);

    const modelSpan = (await call(server.url, 'GET', `/dev/apps/notes/debug/trace/${events[0]!.id}`)).json as Record<string, unknown>;
    expect(modelSpan).toMatchObject({ 'gcp.vertex.agent.event_id': events[0]!.id, 'gcp.vertex.agent.invocation_id': events[0]!.invocationId, 'gen_ai.operation.name': 'chat' });
    expect(typeof modelSpan['trace_id']).toBe('string');
    expect((await call(server.url, 'GET', `/debug/trace/${events[1]!.id}`)).json).toMatchObject({ 'gen_ai.tool.name': 'save_note' });
    const missing = await call(server.url, 'GET', '/debug/trace/no-such-event');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: 'No trace is kept for event "no-such-event".' });
    expect((await call(server.url, 'GET', '/dev/apps/notes/debug/trace/session/unknown')).json).toEqual([]);
  });
});
