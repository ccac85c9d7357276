import { EMPTY } from 'rxjs';
import { InvocationContext } from '../../lib/context/invocation-context.js';
import { createEventActions } from '../../lib/events/event-actions.js';
import { modelResponseEvent } from '../../lib/flows/model-response-event.js';
import { partialResponseEvent } from '../../lib/flows/partial-response-event.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../lib/sessions/session.js';
import { FnAgent } from '../support/fn-agent.js';

function context(branch?: string): InvocationContext {
  let now = 1000;
  const ctx = new InvocationContext({
    session: newSession({ id: 's1', appName: 'app', userId: 'u1' }),
    sessionService: new InMemorySessionService(),
    agent: new FnAgent({ name: 'writer', body: () => EMPTY }),
    invocationId: 'inv',
    clock: () => now++,
  });
  return branch === undefined ? ctx : ctx.forAgent(ctx.agent, branch);
}

const chunk: LlmResponse = { partial: true, content: { role: 'model', parts: [{ text: 'Hel' }] }, modelVersion: 'm1' };

describe('partialResponseEvent', () => {
  it.each([
    ['without a branch', undefined],
    ['on a branch', 'root.writer'],
  ])('is the event modelResponseEvent builds for a chunk, %s: same fields, same key order', (_, branch) => {
    const base = { id: 'call-1', actions: createEventActions({ stateDelta: { seen: 1 } }) };
    const lean = partialResponseEvent(context(branch), base, chunk);
    const full = modelResponseEvent(context(branch), base, chunk, {});
    expect(lean).toEqual(full);
    expect(Object.keys(lean)).toEqual(Object.keys(full));
    expect(Object.keys(lean.actions)).toEqual(Object.keys(full.actions));
    expect(lean).toMatchObject({ invocationId: 'inv', author: 'writer', id: 'call-1', timestamp: 1000, partial: true });
  });

  it('keeps a timestamp the response carries', () => {
    const stamped = { ...chunk, timestamp: 5 } as LlmResponse;
    expect(partialResponseEvent(context(), { id: 'c', actions: createEventActions() }, stamped).timestamp).toBe(5);
  });

  it('snapshots the live actions: what callbacks write later does not change an emitted chunk', () => {
    const base = { id: 'c', actions: createEventActions() };
    const first = partialResponseEvent(context(), base, chunk);
    base.actions.stateDelta['later'] = true;
    base.actions.artifactDelta['a.txt'] = 1;
    base.actions.transferToAgent = 'other';
    expect(first.actions).toEqual(createEventActions());
    expect(partialResponseEvent(context(), base, chunk).actions).toEqual(createEventActions({ stateDelta: { later: true }, artifactDelta: { 'a.txt': 1 }, transferToAgent: 'other' }));
  });

  it('shares the response content, as modelResponseEvent does for content without calls', () => {
    expect(partialResponseEvent(context(), { id: 'c', actions: createEventActions() }, chunk).content).toBe(chunk.content);
  });
});
