import type { Content } from '@google/genai';
import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { Event } from '../../lib/events/event.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import type { Runner } from '../../lib/runner/runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { node } from '../../lib/workflow/node.js';
import { RequestInput } from '../../lib/workflow/request-input.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { text, user } from '../support/llm.js';
import { recordingShape } from '../support/workflow-events.js';

function turn(runner: Runner, message: Content): Promise<Event[]> {
  return lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: message }).pipe(toArray()));
}

function answer(id: string, response: Record<string, unknown>): Content {
  return { role: 'user', parts: [{ functionResponse: { id, name: 'adk_request_input', response } }] };
}

function requestId(events: Event[]): string {
  const call = events.flatMap((e) => e.content?.parts ?? []).find((p) => p.functionCall?.name === 'adk_request_input')!.functionCall!;
  return call.id!;
}

/** The request_input sample: draft, human review, revise or send. */
function reviewWorkflow(drafts: string[], runs: Record<string, number>) {
  const count = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);
  function process_input(ctx: NodeContext, complaint: string) {
    count('process_input');
    return ctx.emit(ctx.createEvent({ actions: { stateDelta: { complaint, feedback: '' } } }));
  }
  const draft_email = new LlmAgent({
    name: 'draft_email',
    model: new ScriptedLlm(drafts.map((d) => text(d))),
    instruction: 'Reply to "{complaint}". Feedback: "{feedback?}"',
    outputKey: 'draft',
  });
  function request_human_review(ctx: NodeContext) {
    count('request_human_review');
    return new RequestInput({ message: `Review:\n${String(ctx.state.get('draft'))}` });
  }
  function handle_human_review(ctx: NodeContext, input: string) {
    count('handle_human_review');
    if (input === 'reject') return ctx.emit(ctx.createEvent({ actions: { route: 'rejected' } }));
    if (input === 'approve') return ctx.emit(ctx.createEvent({ actions: { route: 'approved' } }));
    return ctx.emit(ctx.createEvent({ actions: { stateDelta: { feedback: input }, route: 'revise' } }));
  }
  const say = (t: string) => (ctx: NodeContext) => ctx.emit(ctx.createEvent({ content: { role: 'user', parts: [{ text: t }] } }));
  const reject_email = node(say('Draft rejected.'), { name: 'reject_email' });
  const send_email = node(say('Draft approved and sent successfully.'), { name: 'send_email' });
  return new Workflow({
    name: 'request_input',
    edges: [
      [START, process_input, draft_email, request_human_review, handle_human_review],
      [handle_human_review, { revise: draft_email, approved: send_email, rejected: reject_email }],
    ],
  });
}

describe('Workflow human input (RequestInput) and resume from the session', () => {
  it('pauses on RequestInput with a long-running adk_request_input call, and resumes from the answer without re-running finished nodes (phone_broke recording)', async () => {
    const runs: Record<string, number> = {};
    const runner = new InMemoryRunner({ agent: reviewWorkflow(['Draft 1', 'Draft 2'], runs), autoCreateSession: true });
    const first = await turn(runner, user('phone broke'));
    const id1 = requestId(first);
    expect(first.map(recordingShape)).toEqual([
      { author: 'request_input', actions: { stateDelta: { complaint: 'phone broke', feedback: '' } }, nodeInfo: { path: 'request_input@1/process_input@1' } },
      {
        author: 'draft_email',
        actions: { stateDelta: { draft: 'Draft 1' } },
        content: { role: 'model', parts: [{ text: 'Draft 1' }] },
        nodeInfo: { messageAsOutput: true, outputFor: ['request_input@1/draft_email@1'], path: 'request_input@1/draft_email@1' },
      },
      {
        author: 'request_input',
        content: {
          role: 'model',
          parts: [{ functionCall: { id: id1, name: 'adk_request_input', args: { interruptId: id1, message: 'Review:\nDraft 1', payload: null, response_schema: null } } }],
        },
        longRunningToolIds: [id1],
        nodeInfo: { path: 'request_input@1/request_human_review@1' },
      },
    ]);

    const second = await turn(runner, answer(id1, { result: 'shorter' }));
    const id2 = requestId(second);
    expect(second.map(recordingShape)).toEqual([
      { author: 'request_input', actions: { route: 'revise', stateDelta: { feedback: 'shorter' } }, nodeInfo: { path: 'request_input@1/handle_human_review@1' } },
      {
        author: 'draft_email',
        actions: { stateDelta: { draft: 'Draft 2' } },
        content: { role: 'model', parts: [{ text: 'Draft 2' }] },
        nodeInfo: { messageAsOutput: true, outputFor: ['request_input@1/draft_email@2'], path: 'request_input@1/draft_email@2' },
      },
      {
        author: 'request_input',
        content: {
          role: 'model',
          parts: [{ functionCall: { id: id2, name: 'adk_request_input', args: { interruptId: id2, message: 'Review:\nDraft 2', payload: null, response_schema: null } } }],
        },
        longRunningToolIds: [id2],
        nodeInfo: { path: 'request_input@1/request_human_review@2' },
      },
    ]);

    const third = await turn(runner, answer(id2, { result: 'approve' }));
    expect(third.map(recordingShape)).toEqual([
      { author: 'request_input', actions: { route: 'approved' }, nodeInfo: { path: 'request_input@1/handle_human_review@2' } },
      { author: 'request_input', content: { role: 'user', parts: [{ text: 'Draft approved and sent successfully.' }] }, nodeInfo: { path: 'request_input@1/send_email@1' } },
    ]);
    expect(runs).toEqual({ process_input: 1, request_human_review: 2, handle_human_review: 2 });
    // as in ADK's recording (every event is i-1): the answers continue the paused invocation
    expect(new Set([...first, ...second, ...third].map((e) => e.invocationId))).toEqual(new Set([first[0]!.invocationId]));
  });

  it('keeps the paused invocation id for the answer and its user event, in an app that is not resumable; a message that is not only answers starts a new invocation', async () => {
    const runner = new InMemoryRunner({ agent: reviewWorkflow(['Draft 1', 'Draft 2'], {}), autoCreateSession: true });
    const first = await turn(runner, user('phone broke'));
    await turn(runner, answer(requestId(first), { result: 'approve' }));
    const session = await lastValueFrom(runner.sessionService.getSession({ appName: runner.appName, userId: 'u1', sessionId: 's1' }));
    expect(new Set(session!.events.map((e) => e.invocationId))).toEqual(new Set([first[0]!.invocationId]));
    expect(session!.events.filter((e) => e.author === 'user').length).toBe(2);
    const next = await turn(runner, user('another complaint'));
    expect(next[0]!.invocationId).not.toBe(first[0]!.invocationId);
  });

  it('ends the reject branch (phone_broke_reject recording)', async () => {
    const runner = new InMemoryRunner({ agent: reviewWorkflow(['Draft 1'], {}), autoCreateSession: true });
    const id = requestId(await turn(runner, user('phone broke')));
    expect((await turn(runner, answer(id, { result: 'reject' }))).map(recordingShape)).toEqual([
      { author: 'request_input', actions: { route: 'rejected' }, nodeInfo: { path: 'request_input@1/handle_human_review@1' } },
      { author: 'request_input', content: { role: 'user', parts: [{ text: 'Draft rejected.' }] }, nodeInfo: { path: 'request_input@1/reject_email@1' } },
    ]);
  });

  it('refuses an answer that fails responseSchema with an error event and keeps the request open; a later valid answer resumes', async () => {
    function ask() { return new RequestInput({ interruptId: 'age', message: 'Your age?', responseSchema: { type: 'integer', minimum: 0 } }); }
    function report(_ctx: NodeContext, age: number) { return `age ${age}`; }
    const runner = new InMemoryRunner({ agent: new Workflow({ name: 'wf', edges: [[START, ask, report]] }), autoCreateSession: true });
    await turn(runner, user('hi'));
    const refused = await turn(runner, answer('age', { result: 'old' }));
    expect(refused.map(recordingShape)).toEqual([
      {
        author: 'wf',
        errorCode: 'InvalidInputResponse',
        errorMessage: expect.stringMatching(/^The answer to input request age does not match its responseSchema: .*must be integer.*The request stays open/) as unknown,
        nodeInfo: { path: 'wf@1/ask@1' },
      },
    ]);
    const accepted = await turn(runner, answer('age', { result: 42 }));
    expect(accepted.map(recordingShape)).toEqual([{ author: 'wf', nodeInfo: { path: 'wf@1/report@1', outputFor: ['wf@1/report@1', 'wf@1'] }, output: 'age 42' }]);
  });

  it('says so when an answer names no open request', async () => {
    function ask() { return new RequestInput({ interruptId: 'q1', message: '?' }); }
    function done(_ctx: NodeContext, a: string) { return a; }
    const runner = new InMemoryRunner({ agent: new Workflow({ name: 'wf', edges: [[START, ask, done]] }), autoCreateSession: true });
    await turn(runner, user('hi'));
    await turn(runner, answer('q1', { result: 'yes' }));
    const again = await turn(runner, answer('q1', { result: 'yes again' }));
    expect(again.map((e) => [e.errorCode, e.errorMessage])).toEqual([
      ['UnknownInputRequest', 'Workflow "wf" has no open input request with id q1 (it does not exist in this run, or was already answered); the answer is ignored.'],
    ]);
  });

  it('re-runs a rerunOnResume node with the answer in ctx.resumeInputs; a plain-text message answers the open request', async () => {
    const seen: unknown[] = [];
    const confirm = node(
      (ctx: NodeContext) => {
        seen.push(ctx.resumeInputs['ok']);
        return ctx.resumeInputs['ok'] === undefined ? new RequestInput({ interruptId: 'ok', message: 'Sure?' }) : `confirmed: ${String(ctx.resumeInputs['ok'])}`;
      },
      { name: 'confirm', rerunOnResume: true },
    );
    const runner = new InMemoryRunner({ agent: new Workflow({ name: 'wf', edges: [[START, confirm]] }), autoCreateSession: true });
    await turn(runner, user('go'));
    const resumed = await turn(runner, user('yes'));
    expect(resumed.map(recordingShape)).toEqual([{ author: 'wf', nodeInfo: { path: 'wf@1/confirm@1', outputFor: ['wf@1/confirm@1', 'wf@1'] }, output: 'confirmed: yes' }]);
    expect(seen).toEqual([undefined, 'yes']);
  });

  it('never repairs an open adk_request_input call as interrupted', async () => {
    function ask() { return new RequestInput({ interruptId: 'q', message: '?' }); }
    const runner = new InMemoryRunner({ agent: new Workflow({ name: 'wf', edges: [[START, ask]] }), autoCreateSession: true });
    await turn(runner, user('hi'));
    const next = await turn(runner, user('something else'));
    expect(next.flatMap((e) => e.content?.parts ?? []).filter((p) => p.functionResponse)).toEqual([]);
  });

  it('fast-forwards on resume a node that finished without output or event (its completion is an event with just its nodeInfo)', async () => {
    const runs: Record<string, number> = {};
    const count = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);
    const notify = node(() => void count('notify'), { name: 'notify' });
    const ask = node(() => (count('ask'), new RequestInput({ interruptId: 'go', message: 'Go?' })), { name: 'ask' });
    const done = node((_ctx: NodeContext, a: string) => (count('done'), `done: ${a}`), { name: 'done' });
    const runner = new InMemoryRunner({ agent: new Workflow({ name: 'wf', edges: [[START, notify, ask, done]] }), autoCreateSession: true });
    const first = await turn(runner, user('start'));
    expect(first.map(recordingShape)[0]).toEqual({ author: 'wf', nodeInfo: { path: 'wf@1/notify@1' } });
    const second = await turn(runner, answer('go', { result: 'yes' }));
    expect(runs).toEqual({ notify: 1, ask: 1, done: 1 });
    expect(second.map(recordingShape)).toEqual([{ author: 'wf', nodeInfo: { path: 'wf@1/done@1', outputFor: ['wf@1/done@1', 'wf@1'] }, output: 'done: yes' }]);
  });
});
