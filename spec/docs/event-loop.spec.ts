// The custom-agent example of docs/event-loop.md ("The commit barrier"), kept as a test.
import { filter, map, type Observable } from 'rxjs';
import { BaseAgent, type Event, FunctionTool, InMemoryRunner, type InvocationContext, LlmAgent } from '../../lib/index.js';
import { ScriptedLlm } from '../../lib/testing/index.js';
import { testScheduler } from '../support/test-scheduler.js';

/** Hides the child's streamed chunks and gives its events ids of its own. */
class Quiet extends BaseAgent {
  constructor(private readonly child: LlmAgent) {
    super({ name: 'quiet', subAgents: [child] });
  }

  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    return this.child.runAsync(ctx).pipe(
      filter((event) => !event.partial),
      map((event) => ({ ...event, id: `quiet-${event.id}` })),
    );
  }
}

describe('docs/event-loop.md: a custom agent that filters and re-ids its child', () => {
  it('runs to the end, twice on one session, and stores exactly what the caller saw', () => {
    const model = new ScriptedLlm([
      [{ content: { role: 'model', parts: [{ functionCall: { name: 'roll', args: {} } }] } }],
      [{ content: { role: 'model', parts: [{ text: 'You rolled ' }] } }, { content: { role: 'model', parts: [{ text: 'a 4.' }] } }],
      [{ content: { role: 'model', parts: [{ text: 'Again: ' }] } }, { content: { role: 'model', parts: [{ text: 'no.' }] } }],
    ]);
    const roll = new FunctionTool({ name: 'roll', description: 'Rolls a die.', execute: () => ({ value: 4 }) });
    const runner = new InMemoryRunner({ agent: new Quiet(new LlmAgent({ name: 'dice', model, tools: [roll] })), autoCreateSession: true });
    const seen: Event[] = [];
    const completed: number[] = [];
    testScheduler().run(({ flush }) => {
      for (const text of ['Roll a die', 'Again?']) {
        runner
          .runAsync({ userId: 'u', sessionId: 's', newMessage: { role: 'user', parts: [{ text }] }, runConfig: { streamingMode: 'sse' } })
          .subscribe({ next: (e) => seen.push(e), complete: () => completed.push(seen.length) });
      }
      flush();
    });
    expect(completed).toEqual([3, 4]);
    expect(seen.every((e) => e.id.startsWith('quiet-') && !e.partial)).toBe(true);
    let stored: Event[] = [];
    runner.sessionService.getSession({ appName: runner.appName, userId: 'u', sessionId: 's' }).subscribe((s) => (stored = s!.events));
    expect(stored.filter((e) => e.author !== 'user')).toEqual(seen);
    expect(seen.map((e) => e.content?.parts?.map((p) => p.text ?? Object.keys(p)[0]).join(''))).toEqual([
      'functionCall',
      'functionResponse',
      'You rolled a 4.',
      'Again: no.',
    ]);
  });
});
