import type { Content } from '@google/genai';
import { firstValueFrom, lastValueFrom, NEVER, Observable, take, throwError, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { LoopAgent } from '../../lib/agents/loop-agent.js';
import { ParallelAgent } from '../../lib/agents/parallel-agent.js';
import type { BaseAgent } from '../../lib/agents/base-agent.js';
import { DelayedSessionService } from '../support/delayed-session-service.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import { App } from '../../lib/apps/app.js';
import type { Event } from '../../lib/events/event.js';
import { InvocationNotFoundError } from '../../lib/runner/invocation-not-found-error.js';
import { INTERRUPTED_CALL_ERROR } from '../../lib/runner/interrupted-call-responses.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { LongRunningFunctionTool } from '../../lib/tools/long-running-function-tool.js';
import { InvalidRequestError } from '../../lib/utils/errors.js';
import { calls, text, user } from '../support/llm.js';

function label(event: Event): string {
  if (event.actions.endOfAgent) return `${event.author}{end}`;
  if (event.actions.agentState) return `${event.author}${JSON.stringify(event.actions.agentState)}`;
  const part = event.content?.parts?.[0];
  if (part?.functionCall) return `${event.author}: call ${part.functionCall.name}`;
  if (part?.functionResponse) return `${event.author}: ${part.functionResponse.name} → ${JSON.stringify(part.functionResponse.response)}`;
  return `${event.author}: ${part?.text ?? '?'}`;
}

const ref = { appName: 'app', userId: 'u1', sessionId: 's1' };

function setup(b: LlmAgent, options: { resumable?: boolean } = {}) {
  const modelA = new ScriptedLlm([text('A done.')]);
  const modelC = new ScriptedLlm([text('C done.')]);
  const seq = new SequentialAgent({ name: 'seq', subAgents: [new LlmAgent({ name: 'a', model: modelA }), b, new LlmAgent({ name: 'c', model: modelC })] });
  const sessionService = new InMemorySessionService();
  const app = new App({ name: 'app', rootAgent: seq, resumability: { isResumable: options.resumable ?? true } });
  const runner = new Runner({ app, sessionService, autoCreateSession: true });
  const turn = (request: { newMessage?: Content; invocationId?: string }) =>
    lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', ...request }).pipe(toArray()));
  const stored = async () => (await firstValueFrom(sessionService.getSession(ref)))!.events;
  return { modelA, modelC, runner, turn, stored };
}

describe('resuming an invocation (resumable app)', () => {
  it('a long-running call pauses the sequence; its answer resumes the same invocation at that sub-agent, without naming it', async () => {
    const approve = new LongRunningFunctionTool({ name: 'approve', description: 'Asks for approval.', execute: () => ({ status: 'pending' }) });
    const modelB = new ScriptedLlm([calls({ name: 'approve', args: {} }), text('B done.')]);
    const { modelA, modelC, turn } = setup(new LlmAgent({ name: 'b', model: modelB, tools: [approve] }));
    const first = await turn({ newMessage: user('go') });
    expect(first.map(label)).toEqual([
      'seq{"current_sub_agent":"a"}', 'a: A done.', 'a{end}', 'seq{"current_sub_agent":"b"}', 'b: call approve', 'b: approve → {"status":"pending"}',
    ]);
    const callId = first[4]!.content!.parts![0]!.functionCall!.id!;
    const answer: Content = { role: 'user', parts: [{ functionResponse: { id: callId, name: 'approve', response: { status: 'approved' } } }] };
    const second = await turn({ newMessage: answer });
    expect(second.map(label)).toEqual(['b: B done.', 'b{end}', 'seq{"current_sub_agent":"c"}', 'c: C done.', 'c{end}', 'seq{end}']);
    expect(new Set([...first, ...second].map((e) => e.invocationId))).toEqual(new Set([first[0]!.invocationId]));
    expect([modelA.callCount, modelB.callCount, modelC.callCount]).toEqual([1, 2, 1]);
  });

  it('after a failure mid-sequence, runAsync({invocationId}) carries on at the interrupted sub-agent; the first one is not run again', async () => {
    const modelB = new ScriptedLlm([new Error('model down'), text('B done.')]);
    const { modelA, modelC, turn, stored } = setup(new LlmAgent({ name: 'b', model: modelB }));
    await expect(turn({ newMessage: user('go') })).rejects.toThrow('model down');
    const invocationId = (await stored())[0]!.invocationId;
    const resumed = await turn({ invocationId });
    expect(resumed.map(label)).toEqual(['b: B done.', 'b{end}', 'seq{"current_sub_agent":"c"}', 'c: C done.', 'c{end}', 'seq{end}']);
    expect(resumed.every((e) => e.invocationId === invocationId)).toBe(true);
    expect([modelA.callCount, modelC.callCount]).toEqual([1, 1]);
    const checkpoints = (await stored()).filter((e) => e.actions.agentState || e.actions.endOfAgent).map(label);
    expect(checkpoints).toEqual(['seq{"current_sub_agent":"a"}', 'a{end}', 'seq{"current_sub_agent":"b"}', 'b{end}', 'seq{"current_sub_agent":"c"}', 'c{end}', 'seq{end}']);
  });

  it('a call the interrupted step left open is executed again under its own id, so it ends up answered', async () => {
    let runs = 0;
    const lookup = new FunctionTool({
      name: 'lookup',
      description: 'Looks something up.',
      execute: () => (++runs === 1 ? new Observable<never>(() => undefined) : { found: 42 }),
    });
    const modelB = new ScriptedLlm([calls({ name: 'lookup', args: {} }), text('B done.')]);
    const { runner, turn, stored } = setup(new LlmAgent({ name: 'b', model: modelB, tools: [lookup] }));
    // the "crash": the caller goes away while the tool runs (nothing more is stored)
    await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(take(5), toArray()));
    const events = await stored();
    const call = events.at(-1)!.content!.parts![0]!.functionCall!;
    const resumed = await turn({ invocationId: events[0]!.invocationId });
    expect(resumed.map(label)).toEqual(['b: lookup → {"found":42}', 'b: B done.', 'b{end}', 'seq{"current_sub_agent":"c"}', 'c: C done.', 'c{end}', 'seq{end}']);
    expect(resumed[0]!.content!.parts![0]!.functionResponse!.id).toBe(call.id);
    expect([runs, modelB.callCount]).toEqual([2, 2]);
  });

  it('a resumed root that had ended completes at once', async () => {
    const modelB = new ScriptedLlm([text('B done.')]);
    const { modelA, turn } = setup(new LlmAgent({ name: 'b', model: modelB }));
    const first = await turn({ newMessage: user('go') });
    expect(await turn({ invocationId: first[0]!.invocationId })).toEqual([]);
    expect(modelA.callCount).toBe(1);
  });

  it('an unknown invocation id is an InvocationNotFoundError; an invocationId in a non-resumable app, an InvalidRequestError', async () => {
    const { turn } = setup(new LlmAgent({ name: 'b', model: new ScriptedLlm([]) }));
    await expect(turn({ invocationId: 'e-nope' })).rejects.toBeInstanceOf(InvocationNotFoundError);
    const plain = setup(new LlmAgent({ name: 'b', model: new ScriptedLlm([]) }), { resumable: false });
    await expect(plain.turn({ invocationId: 'e-nope' })).rejects.toBeInstanceOf(InvalidRequestError);
  });

  it('calls left open stay open while the invocation may be resumed; a new user message starts a new invocation and answers them', async () => {
    const lookup = new FunctionTool({ name: 'lookup', description: 'Looks something up.', execute: () => NEVER });
    const modelB = new ScriptedLlm([calls({ name: 'lookup', args: {} })]);
    const { runner, turn, stored } = setup(new LlmAgent({ name: 'b', model: modelB, tools: [lookup] }));
    await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(take(5), toArray()));
    const before = await stored();
    expect(before.at(-1)!.content!.parts![0]!.functionCall).toBeDefined();
    await turn({ newMessage: user('start over') }).catch(() => undefined);
    const after = await stored();
    const repair = after[before.length]!;
    expect(repair.invocationId).not.toBe(before[0]!.invocationId);
    expect(repair.content!.parts![0]!.functionResponse!.response).toEqual({ error: INTERRUPTED_CALL_ERROR });
    expect(after[before.length + 1]!.author).toBe('user');
  });

  it('a sub-agent that ended just before the process died (no next checkpoint yet) is not run again', async () => {
    /** A store that fails once, on the checkpoint that names `b` (the "crash" between a's end and it). */
    class FailingOnceStore extends InMemorySessionService {
      failed = false;
      protected override storeEvent(session: Parameters<InMemorySessionService['appendEvent']>[0], event: Event) {
        if (!this.failed && event.actions.agentState?.['current_sub_agent'] === 'b') {
          this.failed = true;
          return throwError(() => new Error('disk full'));
        }
        return super.storeEvent(session, event);
      }
    }
    const modelA = new ScriptedLlm([text('A done.')]);
    const modelB = new ScriptedLlm([text('B done.')]);
    const seq = new SequentialAgent({ name: 'seq', subAgents: [new LlmAgent({ name: 'a', model: modelA }), new LlmAgent({ name: 'b', model: modelB })] });
    const sessionService = new FailingOnceStore();
    const runner = new Runner({ app: new App({ name: 'app', rootAgent: seq, resumability: { isResumable: true } }), sessionService, autoCreateSession: true });
    const turn = (request: { newMessage?: Content; invocationId?: string }) => lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', ...request }).pipe(toArray()));
    await expect(turn({ newMessage: user('go') })).rejects.toThrow('disk full');
    const stored = (await firstValueFrom(sessionService.getSession(ref)))!.events;
    expect(stored.map(label).slice(1)).toEqual(['seq{"current_sub_agent":"a"}', 'a: A done.', 'a{end}']);
    const resumed = await turn({ invocationId: stored[0]!.invocationId });
    expect(resumed.map(label)).toEqual(['seq{"current_sub_agent":"b"}', 'b: B done.', 'b{end}', 'seq{end}']);
    expect([modelA.callCount, modelB.callCount]).toEqual([1, 1]);
  });

  describe.each([
    ['a synchronous store', () => new InMemorySessionService()],
    ['a store taking 5 ms per call', () => new DelayedSessionService(5)],
  ])('on %s', (_name, makeStore) => {
    function resumable(rootAgent: BaseAgent) {
      const sessionService = makeStore();
      const runner = new Runner({ app: new App({ name: 'app', rootAgent, resumability: { isResumable: true } }), sessionService, autoCreateSession: true });
      const turn = (request: { newMessage?: Content; invocationId?: string }) =>
        lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', ...request }).pipe(toArray()));
      const firstInvocation = async () => (await firstValueFrom(sessionService.getSession(ref)))!.events[0]!.invocationId;
      return { turn, firstInvocation };
    }

    it('LoopAgent resumes at the pass and sub-agent of its checkpoint', async () => {
      const writer = new ScriptedLlm([text('w0'), text('w1'), text('w2')]);
      const critic = new ScriptedLlm([text('c0'), new Error('critic down'), text('c1')]);
      const loop = new LoopAgent({ name: 'loop', maxIterations: 2, subAgents: [new LlmAgent({ name: 'writer', model: writer }), new LlmAgent({ name: 'critic', model: critic })] });
      const { turn, firstInvocation } = resumable(loop);
      await expect(turn({ newMessage: user('go') })).rejects.toThrow('critic down');
      const resumed = await turn({ invocationId: await firstInvocation() });
      expect(resumed.map(label)).toEqual(['critic: c1', 'critic{end}', 'loop{end}']);
      expect([writer.callCount, critic.callCount]).toEqual([2, 3]);
    });

    it('ParallelAgent resumed runs only the children that had not ended', async () => {
      const approve = new LongRunningFunctionTool({ name: 'approve', description: 'Asks for approval.', execute: () => undefined });
      const left = new ScriptedLlm([text('left done')]);
      const right = new ScriptedLlm([calls({ name: 'approve', args: {} }), text('right done')]);
      const par = new ParallelAgent({ name: 'par', subAgents: [new LlmAgent({ name: 'left', model: left }), new LlmAgent({ name: 'right', model: right, tools: [approve] })] });
      const { turn } = resumable(par);
      const first = await turn({ newMessage: user('go') });
      expect(first.map(label)).toEqual(expect.arrayContaining(['par{}', 'left: left done', 'left{end}', 'right: call approve']));
      expect(first.map(label)).not.toContain('par{end}');
      const call = first.find((e) => e.content?.parts?.[0]?.functionCall)!.content!.parts![0]!.functionCall!;
      const second = await turn({ newMessage: { role: 'user', parts: [{ functionResponse: { id: call.id!, name: 'approve', response: { ok: true } } }] } });
      expect(second.map(label)).toEqual(['right: right done', 'right{end}', 'par{end}']);
      expect([left.callCount, right.callCount]).toEqual([1, 2]);
    });
  });
});
