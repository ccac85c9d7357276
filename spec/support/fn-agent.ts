import type { Observable } from 'rxjs';
import { BaseAgent, type BaseAgentConfig } from '../../lib/agents/base-agent.js';
import type { InvocationContext } from '../../lib/context/invocation-context.js';
import type { Event } from '../../lib/events/event.js';

/** A custom agent whose body is a function: the smallest real BaseAgent subclass. */
export class FnAgent extends BaseAgent {
  private readonly body: (ctx: InvocationContext) => Observable<Event>;

  constructor(config: BaseAgentConfig & { body: (ctx: InvocationContext) => Observable<Event> }) {
    super(config);
    this.body = config.body;
  }

  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    return this.body(ctx);
  }
}

/** A model-role text event authored by the context's agent. */
export function textEvent(ctx: InvocationContext, text: string, extra: Partial<Event> = {}): Event {
  return ctx.createEvent({ content: { role: 'model', parts: [{ text }] }, ...extra });
}

/** A user-role message. */
export function userText(text: string) {
  return { role: 'user', parts: [{ text }] };
}
