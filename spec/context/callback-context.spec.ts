import { EMPTY } from 'rxjs';
import { CallbackContext } from '../../lib/context/callback-context.js';
import { InvocationContext } from '../../lib/context/invocation-context.js';
import { createEventActions } from '../../lib/events/event-actions.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../lib/sessions/session.js';
import { FnAgent } from '../support/fn-agent.js';

function context(): InvocationContext {
  return new InvocationContext({
    session: newSession({ id: 's1', appName: 'app', userId: 'u1' }),
    sessionService: new InMemorySessionService(),
    agent: new FnAgent({ name: 'writer', body: () => EMPTY }),
    invocationId: 'inv',
  });
}

describe('CallbackContext actions', () => {
  it('are made at their first read, the same object at every read; given actions are kept', () => {
    const lazy = new CallbackContext(context());
    expect(lazy.recordedActions).toBeUndefined();
    const actions = lazy.actions;
    expect(actions).toEqual(createEventActions());
    expect(lazy.actions).toBe(actions);
    expect(lazy.recordedActions).toBe(actions);
    const given = createEventActions({ escalate: true });
    const eager = new CallbackContext(context(), given);
    expect(eager.recordedActions).toBe(given);
    expect(eager.actions).toBe(given);
  });

  it('a state write lands in the actions made for it', () => {
    const ctx = new CallbackContext(context());
    ctx.state.set('k', 'v');
    expect(ctx.recordedActions?.stateDelta).toEqual({ k: 'v' });
  });
});
