import { Observable, type OperatorFunction, Subscriber } from 'rxjs';
import type { Event } from '../events/event.js';
import type { GraphRunItem } from './run-graph.js';

/**
 * The events of a graph run, its `finished` item dropped: what `filter` on the item's kind and
 * `map` to its event do, with one subscriber instead of two (a workflow run that is not resumable
 * pays it once per run, and one call per event). Errors, completion and unsubscription pass through.
 *
 * ```
 * items:   e1─e2─F─|        (F: the finished item)
 * result:  e1─e2───|
 * ```
 *
 * @example
 * ```ts
 * runGraph(ctx, spec).pipe(graphRunEvents()); // Observable<Event>
 * ```
 */
export function graphRunEvents(): OperatorFunction<GraphRunItem, Event> {
  return (items) => new Observable<Event>((subscriber) => items.subscribe(new GraphRunEventsSubscriber(subscriber)));
}

/** Hands each event item's event on; the rest (errors, completion, teardown) as RxJS's operator subscribers do. */
class GraphRunEventsSubscriber extends Subscriber<GraphRunItem> {
  constructor(private readonly events: Subscriber<Event>) {
    super(events as unknown as Subscriber<GraphRunItem>);
  }

  protected override _next(item: GraphRunItem): void {
    if (item.kind === 'event') this.events.next(item.event);
  }
}
