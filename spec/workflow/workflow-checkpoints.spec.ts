import type { Content } from '@google/genai';
import { asyncScheduler, concat, defer, firstValueFrom, lastValueFrom, map, of, throwError, toArray } from 'rxjs';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { App } from '../../lib/apps/app.js';
import type { BaseAgent } from '../../lib/agents/base-agent.js';
import type { Event } from '../../lib/events/event.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { JoinNode } from '../../lib/workflow/join-node.js';
import { node } from '../../lib/workflow/node.js';
import { NodeStatus } from '../../lib/workflow/node-status.js';
import { RequestInput } from '../../lib/workflow/request-input.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { text, user } from '../support/llm.js';
import { DelayedSessionService } from '../support/delayed-session-service.js';
import { testScheduler } from '../support/test-scheduler.js';

const testNow = () => asyncScheduler.now();

const { RUNNING, COMPLETED, WAITING } = NodeStatus;

/** A short label: checkpoints as `wf{a:2@1,…}` (status@run), outputs as `path=output`. */
function label(event: Event): string {
  if (event.actions.endOfAgent) return `${event.author}{end}`;
  const nodes = event.actions.agentState?.['nodes'] as Record<string, { status: number; run_id: string; interrupts: string[] }> | undefined;
  if (nodes) return `${event.author}{${Object.entries(nodes).map(([n, s]) => `${n}:${s.status}@${s.run_id}${s.interrupts.length ? `!${s.interrupts.join('+')}` : ''}`).join(',')}}`;
  if (event.actions.agentState) return `${event.author}${JSON.stringify(event.actions.agentState)}`;
  if (event.errorCode) return `${event.nodeInfo?.path} error ${event.errorMessage}`;
  const call = event.content?.parts?.[0]?.functionCall;
  if (call) return `${event.nodeInfo?.path ?? event.author} call ${call.name}`;
  if (event.author === 'user') return 'user';
  if (event.output !== undefined) return `${event.nodeInfo?.path}=${JSON.stringify(event.output)}`;
  return `${event.nodeInfo?.path ?? event.author}: ${event.content?.parts?.[0]?.text ?? JSON.stringify(event.actions.stateDelta)}`;
}

function setup(root: BaseAgent, resumable = true) {
  const sessionService = new InMemorySessionService();
  const app = new App({ name: 'app', rootAgent: root, resumability: { isResumable: resumable } });
  const runner = new Runner({ app, sessionService, autoCreateSession: true });
  const turn = (request: { newMessage?: Content; invocationId?: string }) => lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', ...request }).pipe(toArray()));
  const stored = async () => (await firstValueFrom(sessionService.getSession({ appName: 'app', userId: 'u', sessionId: 's' })))!.events;
  return { turn, stored };
}

function answer(id: string, result: unknown): Content {
  return { role: 'user', parts: [{ functionResponse: { id, name: 'adk_request_input', response: { result } } }] };
}

function requestId(events: Event[]): string {
  return events.flatMap((e) => e.content?.parts ?? []).find((p) => p.functionCall?.name === 'adk_request_input')!.functionCall!.id!;
}

/** What a resumable fan-out's turn is, as the scheduler wrote it before its eleventh round (pinned). */
const EXPECTED_FAN_OUT = [
  'wf{x:2@1,y:2@1,z:2@1}',
  'wf@1/x@1="gox"',
  'wf@1/y@1="goy"',
  'wf@1/z@1="goz"',
  'wf{x:3@1,y:2@1,z:2@1}',
  'wf{x:3@1,y:3@1,z:2@1}',
  'wf{x:3@1,y:3@1,z:3@1,join:2@1}',
  'wf@1/join@1={"x":"gox","y":"goy","z":"goz"}',
  'wf{x:3@1,y:3@1,z:3@1,join:3@1,end:2@1}',
  'wf@1/end@1="x+y+z"',
  'wf{x:3@1,y:3@1,z:3@1,join:3@1,end:3@1}',
  'wf{end}',
];
/** The same with `maxConcurrency: 2`: z starts when x ends, in the step that checkpoints x's end. */
const EXPECTED_FAN_OUT_LIMITED = [
  'wf{x:2@1,y:2@1}',
  'wf@1/x@1="gox"',
  'wf@1/y@1="goy"',
  'wf{x:3@1,y:2@1,z:2@1}',
  'wf@1/z@1="goz"',
  'wf{x:3@1,y:3@1,z:2@1}',
  'wf{x:3@1,y:3@1,z:3@1,join:2@1}',
  'wf@1/join@1={"x":"gox","y":"goy","z":"goz"}',
  'wf{x:3@1,y:3@1,z:3@1,join:3@1,end:2@1}',
  'wf@1/end@1="x+y+z"',
  'wf{x:3@1,y:3@1,z:3@1,join:3@1,end:3@1}',
  'wf{end}',
];

describe('Workflow checkpoints (resumable app)', () => {
  it('writes no checkpoint in an app that is not resumable', async () => {
    const wf = new Workflow({ name: 'wf', edges: [[START, node((_c: NodeContext, s: string) => s.toUpperCase(), { name: 'upper' })]] });
    const { turn } = setup(wf, false);
    const events = await turn({ newMessage: user('go') });
    expect(events.some((e) => e.actions.agentState !== undefined || e.actions.endOfAgent !== undefined)).toBe(false);
  });

  it("writes ADK 2.x's node-state checkpoints ({nodes: {name: {status, interrupts}}}) as nodes start and end, then endOfAgent", async () => {
    const a = node((_c: NodeContext, s: string) => s.toUpperCase(), { name: 'a' });
    const b = node((_c: NodeContext, s: string) => `${s}!`, { name: 'b' });
    const { turn } = setup(new Workflow({ name: 'wf', edges: [[START, a, b]] }));
    const events = await turn({ newMessage: user('go') });
    expect(events.map(label)).toEqual([
      `wf{a:${RUNNING}@1}`,
      'wf@1/a@1="GO"',
      `wf{a:${COMPLETED}@1,b:${RUNNING}@1}`,
      'wf@1/b@1="GO!"',
      `wf{a:${COMPLETED}@1,b:${COMPLETED}@1}`,
      'wf{end}',
    ]);
    expect(events[0]!.actions.agentState).toEqual({ nodes: { a: { status: 2, interrupts: [], run_id: '1' } } });
    expect(events[0]).toMatchObject({ author: 'wf' });
    expect(events[0]!.content).toBeUndefined();
    expect(events[0]!.nodeInfo).toBeUndefined();
  });

  it('pauses on an input request (WAITING, no endOfAgent); the answer resumes the same invocation without a checkpoint for fast-forwarded nodes', async () => {
    const runs: string[] = [];
    const a = node((_c: NodeContext, s: string) => (runs.push('a'), s.toUpperCase()), { name: 'a' });
    const ask = node(() => (runs.push('ask'), new RequestInput({ message: 'OK?' })), { name: 'ask' });
    const b = node((_c: NodeContext, s: unknown) => (runs.push('b'), `done ${String(s)}`), { name: 'b' });
    const { turn, stored } = setup(new Workflow({ name: 'wf', edges: [[START, a, ask, b]] }));
    const first = await turn({ newMessage: user('go') });
    const id = requestId(first);
    expect(first.map(label)).toEqual([
      `wf{a:${RUNNING}@1}`,
      'wf@1/a@1="GO"',
      `wf{a:${COMPLETED}@1,ask:${RUNNING}@1}`,
      'wf@1/ask@1 call adk_request_input',
      `wf{a:${COMPLETED}@1,ask:${WAITING}@1!${id}}`,
    ]);
    const second = await turn({ newMessage: answer(id, 'yes') });
    expect(second.map(label)).toEqual([`wf{a:${COMPLETED}@1,ask:${COMPLETED}@1,b:${RUNNING}@1}`, 'wf@1/b@1="done yes"', `wf{a:${COMPLETED}@1,ask:${COMPLETED}@1,b:${COMPLETED}@1}`, 'wf{end}']);
    expect(new Set((await stored()).map((e) => e.invocationId)).size).toBe(1);
    expect(runs).toEqual(['a', 'ask', 'b']);
  });

  it('runAsync({invocationId, newMessage: answer}) resumes the paused run under its id, like an answer that names no invocation', async () => {
    const ask = node(() => new RequestInput({ interruptId: 'ok?', message: 'OK?' }), { name: 'ask' });
    const done = node((_c: NodeContext, answer: string) => `done: ${answer}`, { name: 'done' });
    const { turn, stored } = setup(new Workflow({ name: 'wf', edges: [[START, ask, done]] }));
    await turn({ newMessage: user('go') });
    const invocationId = (await stored())[0]!.invocationId;
    const resumed = await turn({ invocationId, newMessage: answer('ok?', 'yes') });
    expect(resumed.map(label)).toEqual([`wf{ask:${COMPLETED}@1,done:${RUNNING}@1}`, 'wf@1/done@1="done: yes"', `wf{ask:${COMPLETED}@1,done:${COMPLETED}@1}`, 'wf{end}']);
    expect(new Set((await stored()).map((e) => e.invocationId))).toEqual(new Set([invocationId]));
  });

  it('runAsync({invocationId}) after a node failed carries on from the checkpoints: finished nodes are not run again, even one that left no event', async () => {
    const runs: string[] = [];
    const quiet = node(() => void runs.push('quiet'), { name: 'quiet' });
    let failures = 1;
    const flaky = node(() => {
      runs.push('flaky');
      if (failures-- > 0) throw new Error('flaky down');
      return 'ok';
    }, { name: 'flaky' });
    const { turn, stored } = setup(new Workflow({ name: 'wf', edges: [[START, quiet, flaky]] }));
    await expect(turn({ newMessage: user('go') })).rejects.toThrow('flaky down');
    const invocationId = (await stored())[0]!.invocationId;
    const resumed = await turn({ invocationId });
    expect(resumed.map(label)).toEqual([`wf{quiet:${COMPLETED}@1,flaky:${RUNNING}@1}`, 'wf@1/flaky@1="ok"', `wf{quiet:${COMPLETED}@1,flaky:${COMPLETED}@1}`, 'wf{end}']);
    expect(resumed.every((e) => e.invocationId === invocationId)).toBe(true);
    expect(runs).toEqual(['quiet', 'flaky', 'flaky']);
  });

  it('a node the checkpoints left RUNNING runs again on resume, even when it had stored an event (the process died in it)', async () => {
    const runs: string[] = [];
    let lives = 0;
    const step = node((ctx: NodeContext) => {
      runs.push('step');
      const life = ++lives;
      const progress = ctx.emit(ctx.createEvent({ actions: { stateDelta: { progress: life } } }));
      return concat(progress, defer(() => (life === 1 ? throwError(() => new Error('died')) : of('done'))));
    }, { name: 'step' });
    const { turn, stored } = setup(new Workflow({ name: 'wf', edges: [[START, step]] }));
    await expect(turn({ newMessage: user('go') })).rejects.toThrow('died');
    const invocationId = (await stored())[0]!.invocationId;
    await turn({ invocationId });
    expect(runs).toEqual(['step', 'step']);
    expect((await stored()).filter((e) => e.actions.endOfAgent).map(label)).toEqual(['wf{end}']);
  });

  it('runAsync({invocationId}) of a workflow paused on input keeps it paused, without running anything again', async () => {
    const runs: string[] = [];
    const a = node(() => (runs.push('a'), 'A'), { name: 'a' });
    const ask = node(() => (runs.push('ask'), new RequestInput({ message: 'OK?' })), { name: 'ask' });
    const { turn, stored } = setup(new Workflow({ name: 'wf', edges: [[START, a, ask]] }));
    await turn({ newMessage: user('go') });
    const invocationId = (await stored())[0]!.invocationId;
    expect(await turn({ invocationId })).toEqual([]);
    expect(runs).toEqual(['a', 'ask']);
  });

  it('a fan-out and its join: the checkpoints and outputs in order, with and without maxConcurrency, and the same outputs in an app that is not resumable', async () => {
    const fanOut = (maxConcurrency?: number) => {
      const branches = ['x', 'y', 'z'].map((name) => node((_c: NodeContext, s: string) => `${s}${name}`, { name }));
      const join = new JoinNode({ name: 'join' });
      const end = node((_c: NodeContext, joined: Record<string, string>) => Object.keys(joined).join('+'), { name: 'end' });
      return new Workflow({ name: 'wf', edges: [[START, branches, join, end]], maxConcurrency });
    };
    const resumable = await setup(fanOut()).turn({ newMessage: user('go') });
    expect(resumable.map(label)).toEqual(EXPECTED_FAN_OUT);
    const limited = await setup(fanOut(2)).turn({ newMessage: user('go') });
    expect(limited.map(label)).toEqual(EXPECTED_FAN_OUT_LIMITED);
    const plain = await setup(fanOut(), false).turn({ newMessage: user('go') });
    expect(plain.map(label)).toEqual(EXPECTED_FAN_OUT.filter((l) => !l.startsWith('wf{')));
  });

  it('a finished workflow resumed completes at once', async () => {
    const { turn, stored } = setup(new Workflow({ name: 'wf', edges: [[START, node(() => 'x', { name: 'x' })]] }));
    await turn({ newMessage: user('go') });
    const before = (await stored()).length;
    expect(await turn({ invocationId: (await stored())[0]!.invocationId })).toEqual([]);
    expect((await stored()).length).toBe(before);
  });

  it('in a SequentialAgent: a paused workflow stops the sequence; answered, it ends (endOfAgent) and the sequence goes on, in one invocation', async () => {
    const ask = node(() => new RequestInput({ message: 'OK?' }), { name: 'ask' });
    const wf = new Workflow({ name: 'wf', edges: [[START, ask]] });
    const after = new LlmAgent({ name: 'after', model: new ScriptedLlm([text('After.')]) });
    const { turn, stored } = setup(new SequentialAgent({ name: 'seq', subAgents: [wf, after] }));
    const first = await turn({ newMessage: user('go') });
    expect(first.map(label)).toEqual(['seq{"current_sub_agent":"wf"}', `wf{ask:${RUNNING}@1}`, 'wf@1/ask@1 call adk_request_input', `wf{ask:${WAITING}@1!${requestId(first)}}`]);
    const second = await turn({ newMessage: answer(requestId(first), 'yes') });
    expect(second.map(label)).toEqual([`wf{ask:${COMPLETED}@1}`, 'wf{end}', 'seq{"current_sub_agent":"after"}', 'after: After.', 'after{end}', 'seq{end}']);
    expect(new Set((await stored()).map((e) => e.invocationId)).size).toBe(1);
  });
});

describe('Workflow checkpoints on a store that takes time (marble)', () => {
  it('a checkpoint is stored before the runs it announces start, and the end after the last checkpoint', () => {
    testScheduler().run(({ expectObservable, flush }) => {
      const started: string[] = [];
      const a = node((_c: NodeContext, s: string) => (started.push(`a@${testNow()}`), s.toUpperCase()), { name: 'a' });
      const b = node((_c: NodeContext, s: string) => (started.push(`b@${testNow()}`), `${s}!`), { name: 'b' });
      const sessionService = new DelayedSessionService(2);
      const app = new App({ name: 'app', rootAgent: new Workflow({ name: 'wf', edges: [[START, a, b]] }), resumability: { isResumable: true } });
      const runner = new Runner({ app, sessionService, autoCreateSession: true });
      const run = runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('go') }).pipe(map(label));
      // the user event is written 0–2 ms, then each event takes 2 ms to store before the caller gets it
      expectObservable(run).toBe('4ms a 1ms b 1ms c 1ms d 1ms e 1ms (f|)', {
        a: `wf{a:${RUNNING}@1}`,
        b: 'wf@1/a@1="GO"',
        c: `wf{a:${COMPLETED}@1,b:${RUNNING}@1}`,
        d: 'wf@1/b@1="GO!"',
        e: `wf{a:${COMPLETED}@1,b:${COMPLETED}@1}`,
        f: 'wf{end}',
      });
      flush();
      // each node ran only once the checkpoint announcing it was stored
      expect(started).toEqual(['a@4', 'b@8']);
    });
  });
});
