import { createEvent, type EventInit } from '../../lib/events/event.js';
import { rebuildNodeRuns } from '../../lib/workflow/rebuild-node-runs.js';
import { resumePlan, unwrapAnswer } from '../../lib/workflow/resume-plan.js';

const ev = (init: Partial<EventInit>) => createEvent({ author: 'wf', invocationId: 'i1', ...init });
const request = (id: string, path: string, schema: unknown = null) =>
  ev({ nodeInfo: { path }, longRunningToolIds: [id], content: { role: 'model', parts: [{ functionCall: { id, name: 'adk_request_input', args: { interruptId: id, message: '?', payload: null, response_schema: schema } } }] } });
const answer = (id: string, response: Record<string, unknown>) =>
  ev({ author: 'user', content: { role: 'user', parts: [{ functionResponse: { id, name: 'adk_request_input', response } }] } });
const userText = (text: string) => ev({ author: 'user', content: { role: 'user', parts: [{ text }] } });

describe('rebuildNodeRuns (a pure fold over the events)', () => {
  it('records outputs for every outputFor path, routes, branches, agent replies, and input requests up the ancestors', () => {
    const runs = rebuildNodeRuns(
      [
        ev({ nodeInfo: { path: 'wf@1/a@1', outputFor: ['wf@1/a@1'] }, output: 'A', branch: 'a@1' }),
        ev({ nodeInfo: { path: 'wf@1/b@1' }, actions: { route: 'left' } }),
        ev({ author: 'writer', nodeInfo: { path: 'wf@1/sub@1/writer@1', outputFor: ['wf@1/sub@1/writer@1', 'wf@1/sub@1'], messageAsOutput: true }, content: { role: 'model', parts: [{ text: 'hi' }] } }),
        request('r1', 'wf@1/sub@1/ask@1'),
        ev({ nodeInfo: { path: 'wf@1/c@1' }, errorCode: 'Error', errorMessage: 'x' }),
        ev({ nodeInfo: { path: 'other@1/z@1', outputFor: ['other@1/z@1'] }, output: 'not mine' }),
      ],
      'wf@1',
    );
    expect(Object.fromEntries(runs)).toEqual({
      'wf@1/a@1': { finished: true, hasOutput: true, output: 'A', fromMessage: false, routes: [], interruptIds: [], branch: 'a@1' },
      'wf@1/b@1': { finished: true, hasOutput: false, output: undefined, fromMessage: false, routes: ['left'], interruptIds: [], branch: undefined },
      'wf@1/sub@1/writer@1': { finished: true, hasOutput: true, output: 'hi', fromMessage: true, routes: [], interruptIds: [], branch: undefined },
      'wf@1/sub@1': { finished: true, hasOutput: true, output: 'hi', fromMessage: false, routes: [], interruptIds: ['r1'], branch: undefined },
      'wf@1/sub@1/ask@1': { finished: false, hasOutput: false, output: undefined, fromMessage: false, routes: [], interruptIds: ['r1'], branch: undefined },
      'wf@1/c@1': { finished: false, hasOutput: false, output: undefined, fromMessage: false, routes: [], interruptIds: [], branch: undefined },
    });
  });
});

describe('resumePlan', () => {
  it('is undefined for a new run: no open request, or a message that answers nothing', () => {
    expect(resumePlan([userText('hi')], 'wf@1')).toBeUndefined();
    expect(resumePlan([userText('hi'), request('r1', 'wf@1/a@1'), answer('r1', { result: 1 }), userText('new')], 'wf@1')).toBeUndefined();
  });

  it('takes the run from the message that started it, unwraps {result}, and keeps earlier answers', () => {
    const events = [userText('old run'), userText('start'), request('r1', 'wf@1/a@1'), answer('r1', { result: 'one' }), request('r2', 'wf@1/a@2'), answer('r2', { result: 'two' })];
    const plan = resumePlan(events, 'wf@1')!;
    expect(plan.input).toBe('start');
    expect([...plan.answers]).toEqual([['r1', 'one'], ['r2', 'two']]);
    expect(plan.answered.map((r) => r.id)).toEqual(['r2']);
    expect(plan.unknownIds).toEqual([]);
  });

  it('answers every open request with a plain-text message', () => {
    const plan = resumePlan([userText('start'), request('r1', 'wf@1/a@1'), request('r2', 'wf@1/b@1'), userText('yes')], 'wf@1')!;
    expect([...plan.answers]).toEqual([['r1', 'yes'], ['r2', 'yes']]);
  });

  it('rejects an answer that fails response_schema (the request stays open) and names unknown ids', () => {
    const events = [userText('start'), request('r1', 'wf@1/a@1', { type: 'integer' }), answer('r1', { result: 'x' })];
    const plan = resumePlan(events, 'wf@1')!;
    expect(plan.answered).toEqual([]);
    expect(plan.rejected.map((r) => [r.request.id, r.reason])).toEqual([['r1', expect.stringMatching(/integer/) as unknown]]);
    const retried = resumePlan([...events, answer('r1', { result: 3 })], 'wf@1')!;
    expect([...retried.answers]).toEqual([['r1', 3]]);
    expect(resumePlan([...events, answer('zz', { result: 3 })], 'wf@1')!.unknownIds).toEqual(['zz']);
  });

  it('unwraps only a lone result key', () => {
    expect(unwrapAnswer({ result: 'v' })).toBe('v');
    expect(unwrapAnswer({ result: 'v', extra: 1 })).toEqual({ result: 'v', extra: 1 });
    expect(unwrapAnswer('plain')).toBe('plain');
  });
});
