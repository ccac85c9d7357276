import { concatMap, lastValueFrom, map, type Observable, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { LoopAgent } from '../../lib/agents/loop-agent.js';
import { ParallelAgent } from '../../lib/agents/parallel-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import type { BaseAgent } from '../../lib/agents/base-agent.js';
import { App } from '../../lib/apps/app.js';
import type { InvocationContext } from '../../lib/context/invocation-context.js';
import type { Event } from '../../lib/events/event.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { LongRunningFunctionTool } from '../../lib/tools/long-running-function-tool.js';
import { sequentialIds } from '../../lib/utils/ids.js';
import { FnAgent, textEvent } from '../support/fn-agent.js';
import { calls, text, user } from '../support/llm.js';
import { testScheduler } from '../support/test-scheduler.js';

/** A checkpoint as `author{state}` or `author{end}`, any other event as its text. */
function label(event: Event): string {
  if (event.actions.endOfAgent) return `${event.author}{end}`;
  if (event.actions.agentState) return `${event.author}${JSON.stringify(event.actions.agentState)}`;
  const part = event.content?.parts?.[0];
  return part?.text ?? (part?.functionCall ? `call ${part.functionCall.name}` : part?.functionResponse ? `response ${part.functionResponse.name}` : '?');
}

function runnerOf(rootAgent: BaseAgent, isResumable = true): Runner {
  const app = new App({ name: 'app', rootAgent, resumability: { isResumable } });
  return new Runner({ app, sessionService: new InMemorySessionService(), autoCreateSession: true, idGenerator: sequentialIds('id') });
}
const run = (runner: Runner) => runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') });

function timed(name: string, cold: (m: string) => Observable<string>, marble: string): FnAgent {
  return new FnAgent({ name, body: (ctx: InvocationContext) => cold(marble).pipe(concatMap((x) => ctx.emit(x === 'X' ? ctx.createEvent({ actions: { escalate: true } }) : textEvent(ctx, `${name}:${x}`)))) });
}

const toList = (runner: Runner) => lastValueFrom(run(runner).pipe(map(label), toArray()));

describe('checkpoints of a resumable app', () => {
  it('SequentialAgent: {current_sub_agent} before each sub-agent, endOfAgent after the last', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const seq = new SequentialAgent({ name: 'seq', subAgents: [timed('a', cold, '-1-2|'), timed('b', cold, '--3|')] });
      expectObservable(run(runnerOf(seq)).pipe(map(label))).toBe('px-yq-z(e|)', {
        p: 'seq{"current_sub_agent":"a"}', x: 'a:1', y: 'a:2', q: 'seq{"current_sub_agent":"b"}', z: 'b:3', e: 'seq{end}',
      });
    });
  });

  it('writes none when the app is not resumable (the same run as without an App)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const seq = new SequentialAgent({ name: 'seq', subAgents: [timed('a', cold, '-1-2|'), timed('b', cold, '--3|')] });
      expectObservable(run(runnerOf(seq, false)).pipe(map(label))).toBe('-x-y--z|', { x: 'a:1', y: 'a:2', z: 'b:3' });
    });
  });

  it('SequentialAgent with no sub-agents writes nothing; an early unsubscribe stops before the next checkpoint', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      expectObservable(run(runnerOf(new SequentialAgent({ name: 'empty' }))).pipe(map(label))).toBe('|');
      const slow = cold('-1-----|');
      const a = new FnAgent({ name: 'a', body: (ctx) => slow.pipe(concatMap((x) => ctx.emit(textEvent(ctx, `a:${x}`)))) });
      const seq = new SequentialAgent({ name: 'seq', subAgents: [a, timed('b', cold, '3|')] });
      expectObservable(run(runnerOf(seq)).pipe(map(label)), '---!').toBe('px', { p: 'seq{"current_sub_agent":"a"}', x: 'a:1' });
      expectSubscriptions(slow.subscriptions).toBe('^--!');
    });
  });

  it('LoopAgent: {current_sub_agent, times_looped} before each sub-agent of each pass, endOfAgent at the end', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const loop = new LoopAgent({ name: 'loop', maxIterations: 2, subAgents: [timed('a', cold, '(1|)'), timed('b', cold, '(2|)')] });
      expectObservable(run(runnerOf(loop)).pipe(map(label))).toBe('(pxqyPXQYe|)', {
        p: 'loop{"current_sub_agent":"a","times_looped":0}', x: 'a:1', q: 'loop{"current_sub_agent":"b","times_looped":0}', y: 'b:2',
        P: 'loop{"current_sub_agent":"a","times_looped":1}', X: 'a:1', Q: 'loop{"current_sub_agent":"b","times_looped":1}', Y: 'b:2',
        e: 'loop{end}',
      });
    });
  });

  it('LoopAgent: an escalation ends the loop, which then writes endOfAgent', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const loop = new LoopAgent({ name: 'loop', subAgents: [timed('a', cold, '(1|)'), timed('b', cold, '(X|)')] });
      const labels = { p: 'loop{"current_sub_agent":"a","times_looped":0}', x: 'a:1', q: 'loop{"current_sub_agent":"b","times_looped":0}', y: '?', e: 'loop{end}' };
      expectObservable(run(runnerOf(loop)).pipe(map(label))).toBe('(pxqye|)', labels);
    });
  });

  it('ParallelAgent: {} first, endOfAgent for each child as it completes, then its own', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const par = new ParallelAgent({ name: 'par', subAgents: [timed('a', cold, '---1|'), timed('b', cold, '-2|')] });
      expectObservable(run(runnerOf(par)).pipe(map(label))).toBe('pyBx(Ae|)', {
        p: 'par{}', y: 'b:2', B: 'b{end}', x: 'a:1', A: 'a{end}', e: 'par{end}',
      });
    });
  });

  it('LlmAgent: endOfAgent after its final answer', async () => {
    const agent = new LlmAgent({ name: 'helper', model: new ScriptedLlm([text('Hi.')]) });
    expect(await toList(runnerOf(agent))).toEqual(['Hi.', 'helper{end}']);
  });

  it('pauses at a long-running call, even one answered at once: no endOfAgent, no next sub-agent, no further model call', async () => {
    const approve = new LongRunningFunctionTool({ name: 'approve', description: 'Asks for approval.', execute: () => ({ status: 'pending' }) });
    const model = new ScriptedLlm([calls({ name: 'approve', args: {} }), text('never sent')]);
    const second = new ScriptedLlm([text('never sent either')]);
    const seq = new SequentialAgent({
      name: 'seq',
      subAgents: [new LlmAgent({ name: 'asker', model, tools: [approve] }), new LlmAgent({ name: 'after', model: second })],
    });
    expect(await toList(runnerOf(seq))).toEqual(['seq{"current_sub_agent":"asker"}', 'call approve', 'response approve']);
    expect([model.callCount, second.callCount]).toEqual([1, 0]);
  });

  it('without resumability the same long-running call does not pause (the model is called again)', async () => {
    const approve = new LongRunningFunctionTool({ name: 'approve', description: 'Asks for approval.', execute: () => ({ status: 'pending' }) });
    const model = new ScriptedLlm([calls({ name: 'approve', args: {} }), text('I asked.')]);
    expect(await toList(runnerOf(new LlmAgent({ name: 'asker', model, tools: [approve] }), false))).toEqual(['call approve', 'response approve', 'I asked.']);
  });
});
