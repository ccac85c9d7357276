import { EMPTY } from 'rxjs';
import { CallbackContext } from '../../lib/context/callback-context.js';
import { InvocationContext } from '../../lib/context/invocation-context.js';
import { createEventActions, snapshotEventActions } from '../../lib/events/event-actions.js';
import { ModelCallEventBase, modelEventActions } from '../../lib/flows/model-call-event-base.js';
import { modelResponseEvent } from '../../lib/flows/model-response-event.js';
import { partialResponseEvent } from '../../lib/flows/partial-response-event.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../lib/sessions/session.js';
import { FnAgent } from '../support/fn-agent.js';

function context(): InvocationContext {
  let now = 1000;
  return new InvocationContext({
    session: newSession({ id: 's1', appName: 'app', userId: 'u1' }),
    sessionService: new InMemorySessionService(),
    agent: new FnAgent({ name: 'writer', body: () => EMPTY }),
    invocationId: 'inv',
    clock: () => now++,
  });
}

const final: LlmResponse = { content: { role: 'model', parts: [{ text: 'Hello' }] }, modelVersion: 'm1' };
const chunk: LlmResponse = { partial: true, content: { role: 'model', parts: [{ text: 'Hel' }] } };

describe('ModelCallEventBase', () => {
  it('makes no actions while nothing reads them; its events get empty actions of their own, as from empty ones', () => {
    const ctx = context();
    const callbackContext = new CallbackContext(ctx);
    const base = new ModelCallEventBase('call-1', callbackContext);
    expect(modelEventActions(base)).toBeUndefined();
    expect(callbackContext.recordedActions).toBeUndefined();
    const lazy = modelResponseEvent(ctx, base, final, {});
    const eager = modelResponseEvent(context(), { id: 'call-1', actions: createEventActions() }, final, {});
    expect(JSON.stringify(lazy)).toBe(JSON.stringify(eager));
    expect(JSON.stringify(partialResponseEvent(context(), base, chunk))).toBe(JSON.stringify(partialResponseEvent(context(), { id: 'call-1', actions: createEventActions() }, chunk)));
    // each event its own deltas: a write into one reaches no other
    const other = modelResponseEvent(ctx, base, final, {});
    lazy.actions.stateDelta['x'] = 1;
    expect(other.actions.stateDelta).toEqual({});
    expect(callbackContext.recordedActions).toBeUndefined();
  });

  it('snapshots what a callback recorded, and later writes reach later events only', () => {
    const ctx = context();
    const callbackContext = new CallbackContext(ctx);
    const base = new ModelCallEventBase('call-1', callbackContext);
    callbackContext.state.set('seen', true);
    expect(base.actions).toBe(callbackContext.actions);
    const first = modelResponseEvent(ctx, base, final, {});
    base.actions.artifactDelta['a.txt'] = 1;
    const second = partialResponseEvent(ctx, base, chunk);
    expect(first.actions).toEqual({ stateDelta: { seen: true }, artifactDelta: {}, requestedToolConfirmations: {} });
    expect(second.actions).toEqual({ stateDelta: { seen: true }, artifactDelta: { 'a.txt': 1 }, requestedToolConfirmations: {} });
  });

  it('snapshots the actions of any other base', () => {
    const actions = createEventActions({ stateDelta: { a: 1 }, escalate: true });
    const snapshot = modelEventActions({ id: 'x', actions });
    expect(snapshot).toEqual(snapshotEventActions(actions));
    expect(snapshot!.stateDelta).not.toBe(actions.stateDelta);
  });
});
