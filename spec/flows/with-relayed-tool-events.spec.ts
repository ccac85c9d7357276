import { concat, defer, EMPTY, ignoreElements, map, Subject, tap } from 'rxjs';
import { createEvent, type Event } from '../../lib/events/event.js';
import { withRelayedToolEvents } from '../../lib/flows/with-relayed-tool-events.js';
import { testScheduler } from '../support/test-scheduler.js';

const ev = (author: string) => createEvent({ author });

describe('withRelayedToolEvents', () => {
  it('puts each relayed event in the stream as it is relayed, before the body\'s own, and completes with the body', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const response = ev('agent');
      const body = cold('----r|', { r: response });
      const node = [ev('n1'), ev('n2')];
      const result = withRelayedToolEvents((relay) =>
        concat(
          cold('-a-b|', { a: 0, b: 1 }).pipe(
            tap((i) => relay(node[i]!)),
            ignoreElements(),
          ),
          body,
        ),
      ).pipe(map((event) => event.author));
      expectObservable(result).toBe('-a-b----r|', { a: 'n1', b: 'n2', r: 'agent' });
      expectSubscriptions(body.subscriptions).toBe('----^----!');
    });
  });

  it('relays synchronously: the event reaches the subscriber before relay returns', () => {
    const seen: string[] = [];
    withRelayedToolEvents((relay) =>
      defer(() => {
        relay(ev('n1'));
        seen.push('after relay');
        return EMPTY;
      }),
    ).subscribe((event) => seen.push(event.author));
    expect(seen).toEqual(['n1', 'after relay']);
  });

  it('passes on nothing relayed while the body is only being built, before it runs', () => {
    const seen: string[] = [];
    withRelayedToolEvents((relay) => {
      relay(ev('too early'));
      return defer(() => {
        relay(ev('n1'));
        return EMPTY;
      });
    }).subscribe({ next: (event) => seen.push(event.author), complete: () => seen.push('|') });
    expect(seen).toEqual(['n1', '|']);
  });

  it('passes the body\'s error on, and ignores relays after the body ended', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(withRelayedToolEvents(() => cold('-#', undefined, new Error('tool')))).toBe('-#', undefined, new Error('tool'));
    });
    let late: ((event: Event) => void) | undefined;
    const seen: string[] = [];
    withRelayedToolEvents((relay) => {
      late = relay;
      return EMPTY;
    }).subscribe({ next: (event) => seen.push(event.author), complete: () => seen.push('|') });
    late!(ev('late'));
    expect(seen).toEqual(['|']);
  });

  it('unsubscribes the body on early unsubscribe, and emits nothing relayed after it', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const relays = new Subject<Event>();
      const body = cold('------r|', { r: ev('agent') });
      const result = withRelayedToolEvents((relay) => {
        relays.subscribe(relay);
        return body;
      });
      cold('--a---b', { a: ev('n1'), b: ev('n2') }).subscribe(relays);
      expectObservable(result.pipe(map((e) => e.author)), '^----!').toBe('--a', { a: 'n1' });
      expectSubscriptions(body.subscriptions).toBe('^----!');
    });
  });
});
