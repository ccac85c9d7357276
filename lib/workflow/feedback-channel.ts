import { Observable, type Subscriber } from 'rxjs';

/**
 * A feedback loop's channel: {@link messages} is `first`, then whatever is fed back with
 * {@link next} while it is subscribed, until {@link complete}. What a `Subject` with one subscriber
 * does for a workflow run's `finished` messages, without its observer list, the copy of it, and
 * the iterator and closure a `Subject.next` makes on every call (one per node step). Fed before
 * it is subscribed or after it is unsubscribed, a message is dropped, as a `Subject`'s would be;
 * after `complete`, nothing more is delivered. Subscribe to {@link messages} once (one
 * subscriber at a time: the latest).
 *
 * ```
 * next:      ─────a───b────c──     (complete after c)
 * messages:  s────a───b────c|      s = first, delivered at subscription
 * ```
 *
 * @example
 * ```ts
 * const feedback = new FeedbackChannel<string>();
 * feedback.messages('start').subscribe((m) => console.log(m)); // start
 * feedback.next('a');                                           // a
 * feedback.complete();
 * ```
 */
export class FeedbackChannel<T> {
  private subscriber: Subscriber<T> | undefined;

  /** `first` at subscription, then the messages fed back, until {@link complete}. */
  messages(first: T): Observable<T> {
    return new Observable<T>((subscriber) => {
      this.subscriber = subscriber;
      subscriber.next(first);
      return () => {
        if (this.subscriber === subscriber) this.subscriber = undefined;
      };
    });
  }

  /** Feeds `message` back (dropped when nothing is subscribed, or after {@link complete}). */
  next(message: T): void {
    this.subscriber?.next(message);
  }

  /** Completes the messages. */
  complete(): void {
    this.subscriber?.complete();
  }
}
