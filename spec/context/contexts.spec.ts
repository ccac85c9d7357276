import { firstValueFrom } from 'rxjs';
import { EMPTY } from 'rxjs';
import { CallbackContext } from '../../lib/context/callback-context.js';
import { InvocationContext } from '../../lib/context/invocation-context.js';
import { ReadonlyContext } from '../../lib/context/readonly-context.js';
import { ToolContext } from '../../lib/context/tool-context.js';
import { InMemoryArtifactService } from '../../lib/artifacts/in-memory-artifact-service.js';
import { InMemoryMemoryService } from '../../lib/memory/in-memory-memory-service.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../lib/sessions/session.js';
import { createEvent } from '../../lib/events/event.js';
import { FnAgent } from '../support/fn-agent.js';
import { testScheduler } from '../support/test-scheduler.js';

function invocation(withServices = true) {
  const agent = new FnAgent({ name: 'agent', body: () => EMPTY });
  return new InvocationContext({
    session: newSession({ id: 's1', appName: 'app', userId: 'u1', state: { 'user:lang': 'fr' } }),
    sessionService: new InMemorySessionService(),
    ...(withServices ? { artifactService: new InMemoryArtifactService(), memoryService: new InMemoryMemoryService() } : {}),
    agent,
    invocationId: 'inv',
    userContent: { role: 'user', parts: [{ text: 'hi' }] },
  });
}

describe('ReadonlyContext', () => {
  it('exposes who runs for whom, and the state read-only', () => {
    const ctx = new ReadonlyContext(invocation());
    expect([ctx.invocationId, ctx.agentName, ctx.userId, ctx.sessionId, ctx.appName]).toEqual(['inv', 'agent', 'u1', 's1', 'app']);
    expect(ctx.userContent?.parts?.[0]?.text).toBe('hi');
    expect(ctx.state.get('user:lang')).toBe('fr');
    expect(Object.keys(ctx.state.toRecord())).toEqual(['user:lang']);
  });
});

describe('CallbackContext', () => {
  it('writes state through to the live session and into its actions', () => {
    const inv = invocation();
    const ctx = new CallbackContext(inv);
    ctx.state.set('count', 1);
    expect(inv.session.state['count']).toBe(1);
    expect(ctx.actions.stateDelta).toEqual({ count: 1 });
  });

  it('saves, loads and lists artifacts, and records the versions in artifactDelta', async () => {
    const ctx = new CallbackContext(invocation());
    expect(await firstValueFrom(ctx.saveArtifact('report.txt', { text: 'v0' }))).toBe(0);
    expect(await firstValueFrom(ctx.saveArtifact('report.txt', { text: 'v1' }))).toBe(1);
    expect(ctx.actions.artifactDelta).toEqual({ 'report.txt': 1 });
    expect(await firstValueFrom(ctx.loadArtifact('report.txt'))).toEqual({ text: 'v1' });
    expect(await firstValueFrom(ctx.loadArtifact('report.txt', 0))).toEqual({ text: 'v0' });
    expect(await firstValueFrom(ctx.loadArtifact('missing.txt'))).toBeUndefined();
    expect(await firstValueFrom(ctx.listArtifacts())).toEqual(['report.txt']);
  });

  it('says clearly when no artifact or memory service is configured', async () => {
    const ctx = new CallbackContext(invocation(false));
    await expect(firstValueFrom(ctx.saveArtifact('a', { text: 'x' }))).rejects.toThrow(/No artifact service is configured/);
    await expect(firstValueFrom(ctx.searchMemory('x'))).rejects.toThrow(/No memory service is configured.*memoryService/);
  });

  it('searches memory by keyword', async () => {
    const inv = invocation();
    const session = newSession({ id: 'old', appName: 'app', userId: 'u1' });
    session.events.push(createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'My favourite colour is teal' }] } }));
    session.events.push(createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'unrelated' }] } }));
    await firstValueFrom(inv.memoryService!.addSessionToMemory(session), { defaultValue: undefined });
    const found = await firstValueFrom(new CallbackContext(inv).searchMemory('What COLOUR?'));
    expect(found.memories.map((m) => m.content.parts?.[0]?.text)).toEqual(['My favourite colour is teal']);
  });
});

describe('ToolContext', () => {
  it('records a confirmation request under its function-call id', () => {
    const ctx = new ToolContext(invocation(), { functionCallId: 'call-1' });
    ctx.requestConfirmation({ hint: 'Delete it?', payload: { path: '/tmp/x' } });
    expect(ctx.actions.requestedToolConfirmations).toEqual({
      'call-1': { hint: 'Delete it?', confirmed: false, payload: { path: '/tmp/x' } },
    });
    expect(ctx.toolConfirmation).toBeUndefined();
  });

  it('uses its own abort signal when given one', () => {
    const controller = new AbortController();
    const inv = invocation();
    const ctx = new ToolContext(inv, { functionCallId: 'c', abortSignal: controller.signal });
    expect(ctx.abortSignal).toBe(controller.signal);
    expect(new ToolContext(inv, { functionCallId: 'c' }).abortSignal).toBe(inv.abortSignal);
  });
});

describe('InvocationContext', () => {
  it('emits the event and completes at once without a Runner', () => {
    testScheduler().run(({ expectObservable }) => {
      const ctx = invocation();
      const event = ctx.createEvent({});
      expectObservable(ctx.emit(event)).toBe('(e|)', { e: event });
    });
  });

  it('creates events of this invocation, agent and branch', () => {
    const ctx = invocation();
    const child = ctx.forAgent(new FnAgent({ name: 'child', body: () => EMPTY }), 'par.child');
    const event = child.createEvent({ content: { parts: [{ text: 'x' }] } });
    expect(event).toMatchObject({ invocationId: 'inv', author: 'child', branch: 'par.child' });
  });

  it('shares the invocation between agent contexts: ending it and counting model calls', () => {
    const ctx = invocation();
    const child = ctx.forAgent(new FnAgent({ name: 'child', body: () => EMPTY }));
    expect(ctx.incrementLlmCallCount()).toBe(1);
    expect(child.incrementLlmCallCount()).toBe(2);
    child.endInvocation();
    expect(ctx.ended).toBe(true);
  });
});
