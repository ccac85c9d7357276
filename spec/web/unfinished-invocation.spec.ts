import { createEvent } from '../../lib/events/event.js';
import { unfinishedInvocation } from '../../web/src/unfinished-invocation.js';

const e = (invocationId: string, author: string, actions: Record<string, unknown> = {}) => createEvent({ invocationId, author, actions });

describe('unfinishedInvocation (when the dev UI offers Resume)', () => {
  it('none for an empty session', () => {
    expect(unfinishedInvocation([], 'seq')).toBeUndefined();
  });

  it("the last invocation when it has checkpoints but not its root's endOfAgent", () => {
    const events = [e('e-1', 'user'), e('e-1', 'seq', { agentState: { current_sub_agent: 'a' } }), e('e-1', 'a', { endOfAgent: true }), e('e-1', 'seq', { agentState: { current_sub_agent: 'b' } })];
    expect(unfinishedInvocation(events, 'seq')).toBe('e-1');
    expect(unfinishedInvocation(events, undefined)).toBe('e-1');
  });

  it("none once the root's endOfAgent is stored; only the last invocation counts", () => {
    const ended = [e('e-1', 'user'), e('e-1', 'seq', { agentState: { current_sub_agent: 'a' } }), e('e-1', 'seq', { endOfAgent: true })];
    expect(unfinishedInvocation(ended, 'seq')).toBeUndefined();
    expect(unfinishedInvocation(ended, undefined)).toBeUndefined();
    const unfinishedThenEnded = [e('e-0', 'user'), e('e-0', 'seq', { agentState: {} }), ...ended];
    expect(unfinishedInvocation(unfinishedThenEnded, 'seq')).toBeUndefined();
  });

  it('none without checkpoints (an app that is not resumable), even when the turn failed', () => {
    expect(unfinishedInvocation([e('e-1', 'user'), e('e-1', 'helper')], 'helper')).toBeUndefined();
  });

  it("a sub-agent's endOfAgent does not end the invocation", () => {
    expect(unfinishedInvocation([e('e-1', 'user'), e('e-1', 'seq', { agentState: {} }), e('e-1', 'a', { endOfAgent: true })], 'seq')).toBe('e-1');
  });
});
