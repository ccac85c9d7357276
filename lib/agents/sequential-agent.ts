import { concatMap, from, type Observable } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { BaseAgent } from './base-agent.js';

/**
 * Runs its sub-agents one after another (`concatMap`). A sub-agent starts only once the previous
 * one has completed — that is, once its last event was committed — and not at all once the
 * invocation has ended (e.g. a tool asked for confirmation).
 *
 * ```
 * first:    --a--b|
 * second:          --c|
 * result:   --a--b--c|
 * ```
 *
 * @example
 * ```ts
 * const pipeline = new SequentialAgent({ name: 'trip_planner', subAgents: [findFlights, findHotels, summarise] });
 * ```
 */
export class SequentialAgent extends BaseAgent {
  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    return from(this.subAgents).pipe(concatMap((agent) => ctx.unlessEnded(() => agent.runAsync(ctx))));
  }
}
