import { BehaviorSubject, of, Subject } from 'rxjs';
import { liveItems } from '../../lib/live/live-items.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { testScheduler } from '../support/test-scheduler.js';

const GONE = new Error('goAway');
const r: LlmResponse = { content: { role: 'model', parts: [{ text: 'hi' }] } };
const h: LlmResponse = { liveSessionResumptionUpdate: { newHandle: 'h1', resumable: true } };
const u: LlmResponse = { liveSessionResumptionUpdate: { newHandle: 'h2', resumable: false } };
const g: LlmResponse = { goAway: { timeLeft: '1s' } };
const c: LlmResponse = { toolCallCancellation: { ids: ['call-1'] } };

function setUp(handleValue?: string) {
  const handle = new BehaviorSubject<string | undefined>(handleValue);
  const cancellations = new Subject<readonly string[]>();
  const seen: Array<readonly string[] | 'end'> = [];
  cancellations.subscribe({ next: (ids) => seen.push(ids), complete: () => seen.push('end') });
  return { handle, cancellations, seen, operator: liveItems(handle, () => GONE, cancellations) };
}

describe('liveItems', () => {
  it('an empty connection: no items, and the cancellations complete', () => {
    const { operator, seen } = setUp();
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<LlmResponse>('|');
      expectObservable(source.pipe(operator)).toBe('|');
      expectSubscriptions(source.subscriptions).toBe('(^!)');
    });
    expect(seen).toEqual(['end']);
  });

  it('hands on each response as {response}, in order', () => {
    const { operator } = setUp();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-r-r|', { r }).pipe(operator)).toBe('-a-a|', { a: { response: r } });
    });
  });

  it('keeps a resumable new handle, not one marked unresumable', () => {
    const { operator, handle } = setUp();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-h-u|', { h, u }).pipe(operator)).toBe('-a-b|', { a: { response: h }, b: { response: u } });
    });
    expect(handle.value).toBe('h1');
  });

  it('a goAway without a handle is handed on; with one it ends the items with the failure and unsubscribes the connection', () => {
    const without = setUp();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-g|', { g }).pipe(without.operator)).toBe('-a|', { a: { response: g } });
    });
    const withHandle = setUp();
    testScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const source = hot('^-h-g-r-', { h, g, r });
      expectObservable(source.pipe(withHandle.operator)).toBe('--a-(f|)', { a: { response: h }, f: { failure: GONE } });
      expectSubscriptions(source.subscriptions).toBe('^---!');
    });
    expect(withHandle.seen).toEqual(['end']);
  });

  it("reports a cancellation's ids before its item, and completes the cancellations at the end", () => {
    const { operator, cancellations, seen } = setUp();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-c|', { c }).pipe(operator)).toBe('-a|', { a: { response: c } });
    });
    expect(seen).toEqual([['call-1'], 'end']);
    const order: string[] = [];
    const again = setUp();
    again.cancellations.subscribe((ids) => order.push(`cancelled ${ids.join()}`));
    of(c).pipe(again.operator).subscribe(() => order.push('item'));
    expect(order).toEqual(['cancelled call-1', 'item']);
    expect(cancellations.observed).toBe(false);
  });

  it("a connection's error becomes the last item, {failure}", () => {
    const { operator, seen } = setUp();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-r-#', { r }, GONE).pipe(operator)).toBe('-a-(f|)', { a: { response: r }, f: { failure: GONE } });
    });
    expect(seen).toEqual(['end']);
  });

  it('never ends while the connection does not', () => {
    const { operator, seen } = setUp();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-r-', { r }).pipe(operator)).toBe('-a-', { a: { response: r } });
    });
    expect(seen).toEqual([]);
  });

  it('an early unsubscribe unsubscribes the connection', () => {
    const { operator } = setUp();
    testScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-r-r-r-', { r });
      expectObservable(source.pipe(operator), '----!').toBe('-a-a', { a: { response: r } });
      expectSubscriptions(source.subscriptions).toBe('^---!');
    });
  });
});
