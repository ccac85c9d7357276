import { join } from 'node:path';
import { compareWorkflowSession, readWorkflowRecording, type RecordedEvent, type WorkflowRecording } from '../../lib/conformance/index.js';
import { createEvent, type Event } from '../../lib/events/event.js';
import { newSession } from '../../lib/sessions/session.js';
import { WORKFLOW_RECORDINGS_DIR } from '../support/recordings.js';

const stateRecording = readWorkflowRecording(join(WORKFLOW_RECORDINGS_DIR, 'state', 'tests', 'go.json'));

/** A produced event like the recorded one, with rxadk's own id, invocation id and timestamp, and no user nodeInfo. */
function produced(event: RecordedEvent, i: number): Event {
  const { id: _id, invocationId: _inv, nodeInfo, ...rest } = structuredClone(event) as Record<string, unknown> & { author: string; nodeInfo?: { path: string } };
  return createEvent({ ...rest, ...(nodeInfo?.path ? { nodeInfo } : {}), id: `adk-${i}`, invocationId: 'inv-x', timestamp: 1000 + i } as Parameters<typeof createEvent>[0]);
}

function sessionOf(events: Event[], state: Record<string, unknown>) {
  return newSession({ id: 's', appName: 'state', userId: 'user', state, events });
}

const recorded = (events: Array<Record<string, unknown>>, chronological = true): WorkflowRecording => ({
  ...stateRecording,
  events,
  chronological,
});

const finalState = { original_text: 'go', uppercased_text: 'GO', appended_text: 'GO (Original was: go)' };

describe('compareWorkflowSession', () => {
  it('finds nothing when only ids, invocation ids, timestamps and a user event\'s empty nodeInfo differ', () => {
    expect(compareWorkflowSession(stateRecording, sessionOf(stateRecording.events.map(produced), finalState))).toBeUndefined();
  });

  it('compares the final state with the fold of the recorded deltas (not the recording\'s own state, nor its __ keys)', () => {
    const events = stateRecording.events.map(produced);
    expect(compareWorkflowSession(stateRecording, sessionOf(events, { ...finalState, extra: 1 }))).toEqual({ path: 'state.extra', expected: undefined, actual: 1 });
    expect(compareWorkflowSession(stateRecording, sessionOf(events, { ...finalState, _adk_bookkeeping: 1 }))).toBeUndefined();
  });

  it('matches function calls by name and order, whatever ids each runtime gave them', () => {
    const call = (id: string) => ({
      author: 'wf',
      content: { role: 'model', parts: [{ functionCall: { id, name: 'adk_request_input', args: { interruptId: id, message: 'ok?' } } }] },
      longRunningToolIds: [id],
      nodeInfo: { path: 'wf@1/ask@1' },
    });
    const answer = (id: string) => ({ author: 'user', content: { role: 'user', parts: [{ functionResponse: { id, name: 'adk_request_input', response: { result: 'yes' } } }] } });
    const recording = recorded([call('fc-1'), answer('fc-1')].map((e, i) => ({ ...e, id: `e-${i}` })));
    expect(compareWorkflowSession(recording, sessionOf([call('adk-a'), answer('adk-a')].map((e, i) => produced(e, i)), {}))).toBeUndefined();
    expect(compareWorkflowSession(recording, sessionOf([call('adk-a'), answer('adk-b')].map((e, i) => produced(e, i)), {}))).toEqual({
      path: 'events[1] user: content.parts[0].functionResponse.id',
      expected: 'adk_request_input#1',
      actual: 'adk-b',
    });
  });

  it('leaves out the produced events `ignore` names', () => {
    const opening = createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'made up' }] } });
    const events = [opening, ...stateRecording.events.slice(1).map(produced)];
    const withoutUser = recorded(stateRecording.events.slice(1));
    expect(compareWorkflowSession(withoutUser, sessionOf(events, finalState))?.path).toBe('events[0] (author and node)');
    expect(compareWorkflowSession(withoutUser, sessionOf(events, finalState), { ignore: (e) => e === opening })).toBeUndefined();
  });

  describe('a recording out of order (compared as a set)', () => {
    const shuffled = [...stateRecording.events].reverse().map(({ id: _id, ...event }) => event);

    it('matches each recorded event with a distinct produced one', () => {
      expect(compareWorkflowSession(recorded(shuffled, false), sessionOf(stateRecording.events.map(produced), finalState))).toBeUndefined();
    });

    it('names a recorded event nothing matches, with the first difference from the nearest produced one', () => {
      const events = stateRecording.events.map(produced);
      events[4] = { ...events[4]!, output: 'Final Result!' };
      expect(compareWorkflowSession(recorded(shuffled, false), sessionOf(events, finalState))).toEqual({
        path: 'events[0] state_sample state_sample@1/read_state_via_param@1 (nearest produced event): output',
        expected: 'Final Result: GO (Original was: go)!',
        actual: 'Final Result!',
      });
      expect(compareWorkflowSession(recorded(shuffled, false), sessionOf(events.slice(0, 4), finalState))?.path).toBe(
        'events[0] state_sample state_sample@1/read_state_via_param@1 (no produced event from this author and node)',
      );
    });

    it('names a produced event the recording lacks', () => {
      const extra = createEvent({ author: 'state_sample', nodeInfo: { path: 'state_sample@1/extra@1' } });
      expect(compareWorkflowSession(recorded(shuffled, false), sessionOf([...stateRecording.events.map(produced), extra], finalState))).toEqual({
        path: 'produced event not in the recording: state_sample state_sample@1/extra@1',
        expected: undefined,
        actual: { author: 'state_sample', nodeInfo: { path: 'state_sample@1/extra@1' } },
      });
    });
  });

  it('does not compare a role the recording left out, but does compare one it has', () => {
    const message = (role?: string) => ({ author: 'wf', content: { ...(role ? { role } : {}), parts: [{ text: 'hi' }] }, nodeInfo: { path: 'wf@1/a@1' } });
    expect(compareWorkflowSession(recorded([{ ...message(), id: 'e-1' }]), sessionOf([produced(message('user'), 0)], {}))).toBeUndefined();
    expect(compareWorkflowSession(recorded([{ ...message('model'), id: 'e-1' }]), sessionOf([produced(message('user'), 0)], {}))).toEqual({
      path: 'events[0] wf wf@1/a@1: content.role',
      expected: 'model',
      actual: 'user',
    });
  });
});
