import type { Event } from '../../lib/events/event.js';
import { createEvent } from '../../lib/events/event.js';
import { type AttemptInner, FollowedItems, OutputCommit } from '../../lib/workflow/attempt-inner-subscribers.js';
import type { NodeRunItem } from '../../lib/workflow/node-run-item.js';
import { testScheduler } from '../support/test-scheduler.js';

/** An attempt that records what its inner work sends it, with the virtual frame. */
function recordingAttempt(now: () => number) {
  const calls: string[] = [];
  const attempt: AttemptInner = {
    event: (event) => calls.push(`${now()} event ${event.id}`),
    item: (item) => calls.push(`${now()} item ${item.kind}`),
    fail: (error) => calls.push(`${now()} fail ${String(error)}`),
    committed: () => calls.push(`${now()} committed`),
    complete: () => calls.push(`${now()} complete`),
  };
  return { attempt, calls };
}

const e1: Event = createEvent({ author: 'wf', id: 'e1' });
const done: NodeRunItem = { kind: 'done', result: { output: 1, hasOutput: true, routes: [], interruptIds: [], branch: undefined } };

describe('OutputCommit', () => {
  it('one: hands the committed event on, then the commit, and unsubscribes from the commit', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const { attempt, calls } = recordingAttempt(() => scheduler.now());
      const commit = cold('-e|', { e: e1 });
      commit.subscribe(new OutputCommit(attempt));
      flush();
      expect(calls).toEqual(['1 event e1', '2 committed']);
      expectSubscriptions(commit.subscriptions).toBe('^-!');
    });
  });

  it("empty, error, never: a commit that completes empty is committed; an error goes to fail; one that never ends calls nothing", () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, flush }) => {
      const { attempt, calls } = recordingAttempt(() => scheduler.now());
      cold<Event>('--|').subscribe(new OutputCommit(attempt));
      cold<Event>('-#', undefined, 'boom').subscribe(new OutputCommit(attempt));
      cold<Event>('-').subscribe(new OutputCommit(attempt));
      flush();
      expect(calls).toEqual(['1 fail boom', '2 committed']);
    });
  });

  it('early unsubscribe: tears the commit down, and calls nothing more', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const { attempt, calls } = recordingAttempt(() => scheduler.now());
      const commit = cold('---e|', { e: e1 });
      const subscriber = new OutputCommit(attempt);
      commit.subscribe(subscriber);
      scheduler.schedule(() => subscriber.unsubscribe(), 2);
      flush();
      expect(calls).toEqual([]);
      expectSubscriptions(commit.subscriptions).toBe('^-!');
    });
  });

  it("callback throws: a throw of the attempt's handler reaches the caller, and the subscriber is closed after an error", () => {
    const attempt: AttemptInner = {
      event: () => {
        throw new Error('handler failed');
      },
      item: () => undefined,
      fail: () => {
        throw new Error('fail failed');
      },
      committed: () => undefined,
      complete: () => undefined,
    };
    const subscriber = new OutputCommit(attempt);
    expect(() => subscriber.next(e1)).toThrow('handler failed');
    expect(() => subscriber.error('x')).toThrow('fail failed');
    expect(subscriber.closed).toBe(true);
  });
});

describe('FollowedItems', () => {
  it('many: hands every item on in order, then the completion, and unsubscribes from the path', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const { attempt, calls } = recordingAttempt(() => scheduler.now());
      const items = cold<NodeRunItem>('-e-d|', { e: { kind: 'event', event: e1 }, d: done });
      items.subscribe(new FollowedItems(attempt));
      flush();
      expect(calls).toEqual(['1 item event', '3 item done', '4 complete']);
      expectSubscriptions(items.subscriptions).toBe('^---!');
    });
  });

  it('empty and error: completes empty; an error goes to fail', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, flush }) => {
      const { attempt, calls } = recordingAttempt(() => scheduler.now());
      cold<NodeRunItem>('|').subscribe(new FollowedItems(attempt));
      cold<NodeRunItem>('--#', undefined, 'bad').subscribe(new FollowedItems(attempt));
      flush();
      expect(calls).toEqual(['0 complete', '2 fail bad']);
    });
  });
});
