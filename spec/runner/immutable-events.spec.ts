import { map, type Observable } from 'rxjs';
import { BaseAgent } from '../../lib/agents/base-agent.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { InvocationContext } from '../../lib/context/invocation-context.js';
import type { Event } from '../../lib/events/event.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { DelayedSessionService } from '../support/delayed-session-service.js';
import { testScheduler } from '../support/test-scheduler.js';

/** A parent that passes its child's events on without an author, so BaseAgent fills it in. */
class Anonymiser extends BaseAgent {
  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    return this.subAgents[0]!.runAsync(ctx).pipe(map((e) => ({ ...e, author: '' })));
  }
}

function agentTree(): BaseAgent {
  const model = new ScriptedLlm([
    [{ content: { role: 'model', parts: [{ functionCall: { name: 'lookup', args: { q: 'x' } } }] } }],
    [{ content: { role: 'model', parts: [{ text: 'Found ' }] } }, { content: { role: 'model', parts: [{ text: 'it.' }] } }],
  ]);
  const lookup = new FunctionTool({
    name: 'lookup',
    description: 'Looks up.',
    execute: (_args, ctx) => {
      ctx.state.set('looked_up', true);
      return { hit: 'x' };
    },
  });
  const child = new LlmAgent({
    name: 'finder',
    model,
    tools: [lookup],
    outputKey: 'answer',
    beforeAgentCallback: (ctx) => void ctx.state.set('started', 1),
    beforeModelCallback: (ctx) => void ctx.state.set('calls', ((ctx.state.get('calls') as number) ?? 0) + 1),
    // writes a new key per response: the actions every chunk of a model call shares keep growing
    afterModelCallback: (ctx, response) => void ctx.state.set(`seen_${response.content?.parts?.[0]?.text ?? 'call'}`, true),
    afterAgentCallback: (ctx) => void ctx.state.set('finished', 1),
  });
  return new Anonymiser({ name: 'root', subAgents: [child] });
}

describe.each([
  ['in-memory store', () => new InMemorySessionService()],
  ['store taking 30 virtual ms', () => new DelayedSessionService(30)],
])('events are immutable once emitted (%s)', (_name, makeStore) => {
  it('every event the caller received is unchanged after the run', () => {
    const sessionService = makeStore();
    const presenter = createPlugin({ name: 'presenter', onEventCallback: () => undefined });
    const runner = new Runner({ appName: 'app', agent: agentTree(), sessionService, autoCreateSession: true, plugins: [presenter] });
    const received: Array<{ event: Event; snapshot: Event }> = [];
    testScheduler().run(({ flush }) => {
      runner
        .runAsync({
          userId: 'u',
          sessionId: 's',
          newMessage: { role: 'user', parts: [{ text: 'find x' }] },
          runConfig: { streamingMode: 'sse', customMetadata: { trace: 't1' } },
        })
        .subscribe((event) => received.push({ event, snapshot: structuredClone(event) }));
      flush();
    });
    expect(received.length).toBeGreaterThan(5);
    for (const { event, snapshot } of received) expect(event).toEqual(snapshot);
    const final = received.at(-2)!.event;
    expect(final.actions.stateDelta).toEqual(expect.objectContaining({ answer: 'Found it.' }));
    expect(received.every(({ event }) => event.customMetadata?.['trace'] === 't1' && event.author === 'root')).toBe(true);
  });
});
