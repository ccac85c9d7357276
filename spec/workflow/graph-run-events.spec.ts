import { map, Subject } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import { createEvent } from '../../lib/events/event.js';
import { graphRunEvents } from '../../lib/workflow/graph-run-events.js';
import type { GraphRunItem } from '../../lib/workflow/run-graph.js';
import { testScheduler } from '../support/test-scheduler.js';

const e1: Event = createEvent({ author: 'wf', id: 'e1' });
const e2: Event = createEvent({ author: 'wf', id: 'e2' });
const items: Record<string, GraphRunItem> = {
  a: { kind: 'event', event: e1 },
  b: { kind: 'event', event: e2 },
  f: { kind: 'finished', output: 1, hasOutput: true, interruptIds: [] },
};
const events = { a: e1, b: e2 };

describe('graphRunEvents', () => {
  it('many: hands the events on in order and drops the finished item; completes with the items', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b-f|', items);
      expectObservable(source.pipe(graphRunEvents())).toBe('-a-b--|', events);
      expectSubscriptions(source.subscriptions).toBe('^-----!');
    });
  });

  it('empty and one: a run with only its finished item emits nothing; one event passes', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('--f|', items).pipe(graphRunEvents())).toBe('---|');
      expectObservable(cold('a|', items).pipe(graphRunEvents())).toBe('a|', events);
    });
  });

  it('error and never: an error passes after the events before it; a run that never ends never completes', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const failing = cold('-a-#', items, new Error('boom'));
      expectObservable(failing.pipe(graphRunEvents())).toBe('-a-#', events, new Error('boom'));
      expectSubscriptions(failing.subscriptions).toBe('^--!');
      expectObservable(cold('-a-', items).pipe(graphRunEvents())).toBe('-a-', events);
    });
  });

  it('early unsubscribe: tears the run down', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a---b|', items);
      expectObservable(source.pipe(graphRunEvents()), '^--!').toBe('-a-', events);
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it("a consumer that throws: the error reaches the subscriber's error path, not the run's items", () => {
    const seen: string[] = [];
    const source = new Subject<GraphRunItem>();
    source
      .pipe(
        graphRunEvents(),
        map((event) => {
          if (event.id === 'e1') throw new Error('consumer failed');
          return event;
        }),
      )
      .subscribe({ next: (event) => seen.push(event.id), error: (error: Error) => seen.push(`error ${error.message}`) });
    source.next(items['a']!);
    source.next(items['b']!);
    expect(seen).toEqual(['error consumer failed']);
    expect(source.observed).toBe(false);
  });
});
