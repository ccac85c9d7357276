/**
 * A custom BaseAgent with agent callbacks and a plugin, run by the Runner over an in-memory
 * session. No model, no network: `npm start` runs it.
 *
 * It shows the event loop of the seeds: the before-agent callback writes state (committed as its
 * own event before the body runs), the body emits events through ctx.emit and continues only
 * once each is committed, the after-agent callback adds a closing event, and a plugin sees every
 * hook and every event.
 */
import { concat, defer, lastValueFrom, tap } from 'rxjs';
import {
  BaseAgent,
  type Event,
  createPlugin,
  InMemoryRunner,
  type InvocationContext,
  isFinalResponse,
} from '../lib/index.js';
import { simplifyEvent } from '../lib/testing/index.js';

const grey = (text: string) => `\x1b[90m${text}\x1b[0m`;

/** Counts down from the number in the user's message, one event per step. */
class CountdownAgent extends BaseAgent {
  protected runAsyncImpl(ctx: InvocationContext) {
    const from = Number(ctx.userContent?.parts?.[0]?.text ?? '3') || 3;
    return this.step(ctx, from);
  }

  private step(ctx: InvocationContext, n: number): ReturnType<BaseAgent['runAsync']> {
    if (n === 0) return ctx.emit(ctx.createEvent({ content: { role: 'model', parts: [{ text: 'Lift-off!' }] } }));
    const tick = ctx.createEvent({
      content: { role: 'model', parts: [{ text: `${n}…` }] },
      actions: { stateDelta: { remaining: n - 1 } },
    });
    // continue only once the Runner committed the tick: the next step reads the committed state
    return concat(ctx.emit(tick), defer(() => this.step(ctx, ctx.session.state['remaining'] as number)));
  }
}

const agent = new CountdownAgent({
  name: 'countdown',
  description: 'Counts down to a launch.',
  beforeAgentCallback: (ctx) => {
    ctx.state.set('launches', ((ctx.state.get<number>('launches') ?? 0) as number) + 1);
    return undefined; // go on with the body
  },
  afterAgentCallback: (ctx) => ({
    role: 'model',
    parts: [{ text: `Launch #${ctx.state.get('launches')} complete.` }],
  }),
});

const logging = createPlugin({
  name: 'console_logger',
  onUserMessageCallback: (_ctx, message) => void console.log(grey(`[plugin] user said: ${message.parts?.[0]?.text}`)),
  beforeAgentCallback: (ctx) => void console.log(grey(`[plugin] before agent ${ctx.agentName}`)),
  afterAgentCallback: (ctx) => void console.log(grey(`[plugin] after agent ${ctx.agentName}`)),
  onEventCallback: (_ctx, event: Event) =>
    void console.log(grey(`[plugin] ${isFinalResponse(event) ? 'final ' : ''}event from ${event.author}`)),
  afterRunCallback: (ctx) => void console.log(grey(`[plugin] run ${ctx.invocationId} finished`)),
});

const runner = new InMemoryRunner({ agent, appName: 'hello', plugins: [logging], autoCreateSession: true });

async function main() {
  for (const text of ['3', '2']) {
    console.log(`\nuser: ${text}`);
    await lastValueFrom(
      runner
        .runAsync({ userId: 'demo', sessionId: 'launchpad', newMessage: { role: 'user', parts: [{ text }] } })
        .pipe(tap((event) => console.log(simplifyEvent(event)))),
      { defaultValue: undefined },
    );
  }
  runner.sessionService
    .getSession({ appName: 'hello', userId: 'demo', sessionId: 'launchpad' })
    .subscribe((session) => console.log(`\nsession: ${session?.events.length} events, state ${JSON.stringify(session?.state)}`));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
