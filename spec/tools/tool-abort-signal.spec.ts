import { getEventListeners } from 'node:events';
import { lastValueFrom, map, NEVER, timer, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { calls, text, user } from '../support/llm.js';

/** The abort wiring a tool sees inside a real run: the call's signal, linked to the run's until the call ends. */
describe("a tool's ctx.abortSignal in a Runner run", () => {
  it('leaves no listener on the run signal once the call is over, even when the tool listens on its own signal', async () => {
    const seen: { run?: AbortSignal; call?: AbortSignal; runListenersDuringCall?: number } = {};
    const tool = new FunctionTool({
      name: 'touch',
      description: 'Touches the state.',
      execute: (_args, ctx) => {
        seen.call = ctx.abortSignal;
        seen.run = ctx.invocation.abortSignal;
        ctx.abortSignal.addEventListener('abort', () => ctx.state.get('x'));
        seen.runListenersDuringCall = getEventListeners(seen.run, 'abort').length;
        return { ok: true };
      },
    });
    const agent = new LlmAgent({ name: 'a', model: new ScriptedLlm([calls({ name: 'touch', args: {} }), text('Done.')]), tools: [tool] });
    const runner = new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
    await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('go') }).pipe(toArray()));

    expect(seen.runListenersDuringCall).toBe(1); // the call's link to the run
    expect(getEventListeners(seen.run!, 'abort')).toHaveLength(0);
    expect(seen.call!.aborted).toBe(false); // a finished call is not aborted
  });

  it("still aborts a running tool's signal when the caller unsubscribes, and then unlinks it", async () => {
    const seen: { run?: AbortSignal; call?: AbortSignal } = {};
    const tool = new FunctionTool({
      name: 'wait',
      description: 'Waits forever.',
      execute: (_args, ctx) => {
        seen.call = ctx.abortSignal;
        seen.run = ctx.invocation.abortSignal;
        return NEVER;
      },
    });
    const agent = new LlmAgent({ name: 'a', model: new ScriptedLlm([calls({ name: 'wait', args: {} })]), tools: [tool] });
    const runner = new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
    const subscription = runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('go') }).subscribe();
    await lastValueFrom(timer(20).pipe(map(() => undefined)));
    expect(seen.call?.aborted).toBe(false);
    subscription.unsubscribe();
    expect(seen.call!.aborted).toBe(true);
    expect(seen.run!.aborted).toBe(true);
    expect(getEventListeners(seen.run!, 'abort')).toHaveLength(0);
  });
});
