import { map, type Observable, tap } from 'rxjs';
import { FeedbackChannel } from '../../lib/workflow/feedback-channel.js';
import { testScheduler } from '../support/test-scheduler.js';

/** `fed`'s values fed back into `channel` as they come, its completion completing it. */
function feed(channel: FeedbackChannel<string>, fed: Observable<string>) {
  fed.subscribe({ next: (v) => channel.next(v), complete: () => channel.complete() });
}

describe('FeedbackChannel', () => {
  it('empty: the first message, then completion when completed at once', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const channel = new FeedbackChannel<string>();
      expectObservable(channel.messages('s')).toBe('(s|)');
      feed(channel, cold('|'));
    });
  });

  it('one and many: the first message at subscription, then each message fed back, in order', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const one = new FeedbackChannel<string>();
      const many = new FeedbackChannel<string>();
      expectObservable(one.messages('s')).toBe('s-a|');
      expectObservable(many.messages('s')).toBe('s-a-b-c|');
      feed(one, cold('--a|'));
      feed(many, cold('--a-b-c|'));
    });
  });

  it('never: without complete, it stays open', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const channel = new FeedbackChannel<string>();
      feed(channel, cold('--a--'));
      expectObservable(channel.messages('s')).toBe('s-a--');
    });
  });

  it('early unsubscribe: later messages are dropped, and a message fed before the subscription is too', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const channel = new FeedbackChannel<string>();
      channel.next('before');
      const fed = cold('--a--b|');
      feed(channel, fed);
      expectObservable(channel.messages('s'), '^---!').toBe('s-a--');
    });
    const channel = new FeedbackChannel<string>();
    const seen: string[] = [];
    const subscription = channel.messages('s').subscribe((m) => seen.push(m));
    channel.next('a');
    subscription.unsubscribe();
    channel.next('b');
    channel.complete();
    expect(seen).toEqual(['s', 'a']);
  });

  it('error: a throw of the subscriber goes to its error, and nothing more is delivered (the channel itself never errors)', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const channel = new FeedbackChannel<string>();
      const fed = cold('--a--b|');
      fed.subscribe({ next: (v) => channel.next(v), complete: () => channel.complete() });
      const messages = channel.messages('s').pipe(
        map((m) => {
          if (m === 'a') throw new Error('bad');
          return m;
        }),
      );
      expectObservable(messages).toBe('s-#', undefined, new Error('bad'));
      expectSubscriptions(fed.subscriptions).toBe('^-----!');
    });
  });

  it('a message fed back while one is delivered is delivered in turn, re-entrantly (as a Subject does)', () => {
    const channel = new FeedbackChannel<string>();
    const seen: string[] = [];
    channel
      .messages('s')
      .pipe(tap((m) => seen.push(m)))
      .subscribe((m) => {
        if (m === 's') channel.next('a');
        if (m === 'a') channel.complete();
      });
    channel.next('after');
    expect(seen).toEqual(['s', 'a']);
  });
});
