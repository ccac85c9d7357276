import { NEVER } from 'rxjs';
import type { NodeRunItem } from '../../lib/workflow/node-run-item.js';
import { EMIT_DONE, endedBy, type NodeRunEnd } from '../../lib/workflow/node-run-end.js';
import type { NodeRunResult } from '../../lib/workflow/schedule.js';
import { testScheduler } from '../support/test-scheduler.js';

const result = (output: unknown): NodeRunResult => ({ output, hasOutput: true, routes: [], interruptIds: [], branch: undefined });
const event = (id: string) => ({ kind: 'event', event: { id } }) as unknown as NodeRunItem;
const items = { a: event('a'), b: event('b'), d: { kind: 'done', result: result(42) } as NodeRunItem };

/** An end that records the results it is handed, at the virtual time it is handed them. */
function recordingEnd(now: () => number) {
  const ended: [number, unknown][] = [];
  const end: NodeRunEnd<never> = { ended: (done) => void ended.push([now(), done.output]) };
  return { end, ended };
}

describe('endedBy', () => {
  it('is the source itself when the end emits the done item', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold<NodeRunItem>('-a-d|', items);
      expect(endedBy(source, EMIT_DONE)).toBe(source);
      expectObservable(endedBy(source, EMIT_DONE)).toBe('-a-d|', items);
    });
  });

  it('passes an empty source through, never calling the end', () => {
    const scheduler = testScheduler();
    const { end, ended } = recordingEnd(() => scheduler.now());
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<NodeRunItem>('--|', items);
      expectObservable(endedBy(source, end)).toBe('--|');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
    expect(ended).toEqual([]);
  });

  it('passes one event and many events on, and hands the done to the end in its place, before the completion', () => {
    const scheduler = testScheduler();
    const { end, ended } = recordingEnd(() => scheduler.now());
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(endedBy(cold<NodeRunItem>('-a|', items), end)).toBe('-a|', items);
      expectObservable(endedBy(cold<NodeRunItem>('-a-b-d|', items), end)).toBe('-a-b--|', items);
    });
    expect(ended).toEqual([[5, 42]]);
  });

  it("passes the source's error on", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const { end } = recordingEnd(() => 0);
      expectObservable(endedBy(cold<NodeRunItem>('-a-#', items, new Error('boom')), end)).toBe('-a-#', items, new Error('boom'));
    });
  });

  it('stays open with a source that never ends, and unsubscribes it when unsubscribed early', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const { end } = recordingEnd(() => 0);
      expectObservable(endedBy(NEVER, end)).toBe('-');
      const source = cold<NodeRunItem>('-a---b-d|', items);
      expectObservable(endedBy(source, end), '^--!').toBe('-a-', items);
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it("a throw of the end is the result's error, and unsubscribes the source", () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<NodeRunItem>('-a-d-b|', items);
      const throwing: NodeRunEnd<never> = {
        ended: () => {
          throw new Error('end failed');
        },
      };
      expectObservable(endedBy(source, throwing)).toBe('-a-#', items, new Error('end failed'));
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });
});
