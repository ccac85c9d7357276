import { concat, concatMap, defer, map, type Observable } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { LoopAgent } from '../../lib/agents/loop-agent.js';
import { ParallelAgent } from '../../lib/agents/parallel-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import type { InvocationContext } from '../../lib/context/invocation-context.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { exitLoopTool } from '../../lib/tools/exit-loop-tool.js';
import { sequentialIds } from '../../lib/utils/ids.js';
import { DelayedSessionService } from '../support/delayed-session-service.js';
import { FnAgent, textEvent } from '../support/fn-agent.js';
import { calls, text, turnOf, user } from '../support/llm.js';
import { testScheduler } from '../support/test-scheduler.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';

const run = (agent: Parameters<typeof runnerOf>[0]) => runnerOf(agent).runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') });
function runnerOf(agent: ConstructorParameters<typeof InMemoryRunner>[0]['agent'], sessionService?: InMemorySessionService) {
  if (!sessionService) return new InMemoryRunner({ agent, autoCreateSession: true, idGenerator: sequentialIds('id') });
  sessionService.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }).subscribe();
  return new Runner({ appName: 'app', agent, sessionService, idGenerator: sequentialIds('id') });
}

/** A custom agent that emits `name:x` on a marble timeline (and an escalation for 'X'). */
function timed(name: string, cold: (m: string, v?: Record<string, string>) => Observable<string>, marble: string): FnAgent {
  return new FnAgent({
    name,
    body: (ctx: InvocationContext) =>
      cold(marble).pipe(
        concatMap((x) => ctx.emit(x === 'X' ? ctx.createEvent({ content: { role: 'model', parts: [{ text: 'escalate' }] }, actions: { escalate: true } }) : textEvent(ctx, `${name}:${x}`))),
      ),
  });
}

describe('SequentialAgent', () => {
  it('runs sub-agents one after another', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const agent = new SequentialAgent({ name: 'seq', subAgents: [timed('a', cold, '-1-2|'), timed('b', cold, '--3|')] });
      expectObservable(run(agent).pipe(map((e) => e.content?.parts?.[0]?.text))).toBe('-x-y--z|', { x: 'a:1', y: 'a:2', z: 'b:3' });
    });
  });

  it('starts the second agent only after the first one\'s events are committed (store taking 50ms)', () => {
    const sessions = new DelayedSessionService(50);
    testScheduler().run(({ expectObservable }) => {
      const first = new FnAgent({ name: 'first', body: (ctx) => ctx.emit(ctx.createEvent({ actions: { stateDelta: { handoff: 'from first' } } })) });
      const second = new FnAgent({
        name: 'second',
        body: (ctx) =>
          defer(() => ctx.sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' })).pipe(
            concatMap((stored) => ctx.emit(textEvent(ctx, `stored says ${stored!.state['handoff']}`))),
          ),
      });
      const runner = runnerOf(new SequentialAgent({ name: 'seq', subAgents: [first, second] }), sessions);
      expectObservable(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(map(simplifyEvent))).toBe(
        '100ms a 49ms (b|)',
        { a: 'first: state {"handoff":"from first"}', b: 'second: stored says from first' },
      );
    });
  });

  it('the output of earlier sub-agents reaches later ones "For context"', async () => {
    const writer = new LlmAgent({ name: 'writer', model: new ScriptedLlm([text('Draft: hello')]), outputKey: 'draft' });
    const reviewerModel = new ScriptedLlm([text('Looks good')]);
    const reviewer = new LlmAgent({ name: 'reviewer', model: reviewerModel, instruction: 'Review: {draft}' });
    const events = await new Promise<string[]>((done) =>
      turnOf(new InMemoryRunner({ agent: new SequentialAgent({ name: 'pipeline', subAgents: [writer, reviewer] }), autoCreateSession: true }), 'write').subscribe(done),
    );
    expect(events).toEqual(['writer: Draft: hello', 'reviewer: Looks good']);
    expect(reviewerModel.requests[0]!.config.systemInstruction).toMatch(/^Review: Draft: hello/);
    expect(reviewerModel.requests[0]!.contents).toEqual([user('write'), { role: 'user', parts: [{ text: 'For context:' }, { text: '[writer] said: Draft: hello' }] }]);
  });
});

describe('ParallelAgent', () => {
  it('interleaves branches by completion time, each on its own branch', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const agent = new ParallelAgent({ name: 'par', subAgents: [timed('a', cold, '---1---2|'), timed('b', cold, '-1---2|')] });
      expectObservable(run(agent).pipe(map((e) => `${e.branch} ${e.content?.parts?.[0]?.text}`))).toBe('-w-x-y-z|', {
        w: 'par.b b:1',
        x: 'par.a a:1',
        y: 'par.b b:2',
        z: 'par.a a:2',
      });
    });
  });

  it('an escalation in one branch is emitted and stops the others (they are unsubscribed)', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('---1---2|');
      const agentA = new FnAgent({ name: 'a', body: (ctx) => slow.pipe(concatMap((x) => ctx.emit(textEvent(ctx, `a:${x}`)))) });
      const agent = new ParallelAgent({ name: 'par', subAgents: [agentA, timed('b', cold, '-1---X-3|')] });
      expectObservable(run(agent).pipe(map((e) => e.content?.parts?.[0]?.text))).toBe('-w-x-(y|)', { w: 'b:1', x: 'a:1', y: 'escalate' });
      expectSubscriptions(slow.subscriptions).toBe('^----!');
    });
  });

  it('each branch\'s model sees only its branch and the history before the fork', async () => {
    const modelA = new ScriptedLlm([text('from A')]);
    const modelB = new ScriptedLlm([text('from B')]);
    const fork = new ParallelAgent({
      name: 'fork',
      subAgents: [new LlmAgent({ name: 'a', model: modelA }), new LlmAgent({ name: 'b', model: modelB })],
    });
    const later = new ScriptedLlm([text('summary')]);
    const pipeline = new SequentialAgent({ name: 'pipeline', subAgents: [fork, new LlmAgent({ name: 'summary', model: later })] });
    await new Promise((done) => turnOf(new InMemoryRunner({ agent: pipeline, autoCreateSession: true }), 'question').subscribe(done));
    expect(modelA.requests[0]!.contents).toEqual([user('question')]);
    expect(modelB.requests[0]!.contents).toEqual([user('question')]);
    expect(later.requests[0]!.contents.map((c) => c.parts!.at(-1)!.text)).toEqual(['question', '[a] said: from A', '[b] said: from B']);
  });
});

describe('LoopAgent', () => {
  it('stops at maxIterations', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const agent = new LoopAgent({ name: 'loop', maxIterations: 3, subAgents: [timed('a', cold, '-1|')] });
      expectObservable(run(agent).pipe(map((e) => e.content?.parts?.[0]?.text))).toBe('-x-x-x|', { x: 'a:1' });
    });
  });

  it('stops at the escalation event, which is emitted; the rest is cancelled', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      let pass = 0;
      const rest = cold('--9|');
      const critic = new FnAgent({
        name: 'critic',
        body: (ctx) =>
          ++pass < 2
            ? ctx.emit(textEvent(ctx, 'again'))
            : concat(ctx.emit(ctx.createEvent({ content: { role: 'model', parts: [{ text: 'done' }] }, actions: { escalate: true } })), rest.pipe(map((x) => textEvent(ctx, x)))),
      });
      const agent = new LoopAgent({ name: 'loop', subAgents: [timed('writer', cold, '-w|'), critic] });
      expectObservable(run(agent).pipe(map((e) => e.content?.parts?.[0]?.text))).toBe('-abc(d|)', { a: 'writer:w', b: 'again', c: 'writer:w', d: 'done' });
      expectSubscriptions(rest.subscriptions).toBe([]);
    });
  });

  it('exit_loop ends the loop through escalate + skipSummarization', async () => {
    const criticModel = new ScriptedLlm([text('needs work'), calls({ name: 'exit_loop', args: {} })]);
    const writerModel = new ScriptedLlm([text('draft 1'), text('draft 2')]);
    const loop = new LoopAgent({
      name: 'refine',
      maxIterations: 10,
      subAgents: [new LlmAgent({ name: 'writer', model: writerModel }), new LlmAgent({ name: 'critic', model: criticModel, tools: [exitLoopTool] })],
    });
    const events = await new Promise<string[]>((done) => turnOf(new InMemoryRunner({ agent: loop, autoCreateSession: true }), 'write').subscribe(done));
    expect(events).toEqual([
      'writer: draft 1',
      'critic: needs work',
      'writer: draft 2',
      'critic: call exit_loop({})',
      'critic: exit_loop returned {"result":null}',
    ]);
    expect(criticModel.requests[1]!.config.tools).toEqual([
      { functionDeclarations: [{ name: 'exit_loop', description: 'Exits the loop.\n\n  Call this function only when you are instructed to do so.\n  ' }] },
    ]);
  });

  it('loops thousands of synchronous passes without growing the stack', () => {
    let n = 0;
    const counter = new FnAgent({ name: 'counter', body: (ctx) => ctx.emit(textEvent(ctx, String(++n))) });
    let count = 0;
    runnerOf(new LoopAgent({ name: 'loop', maxIterations: 3000, subAgents: [counter] }))
      .runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') })
      .subscribe(() => count++);
    expect(count).toBe(3000);
  });
});
