import { endWith, NEVER } from 'rxjs';
import { thenEmit } from '../../lib/operators/then-emit.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('thenEmit', () => {
  it('emits the value alone when the source is empty', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('--|');
      expectObservable(source.pipe(thenEmit('v'))).toBe('--(v|)');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });

  it("passes the source's values on, then the value, as rxjs's endWith does", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a--b-|');
      expectObservable(source.pipe(thenEmit('v'))).toBe('-a--b-(v|)');
      expectObservable(source.pipe(endWith('v'))).toBe('-a--b-(v|)');
    });
  });

  it("ends with the source's error, without the value", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-#').pipe(thenEmit('v'))).toBe('-a-#');
    });
  });

  it('tears the source down on an early unsubscribe, and never emits the value while the source never ends', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a---b|');
      expectObservable(source.pipe(thenEmit('v')), '^--!').toBe('-a-');
      expectSubscriptions(source.subscriptions).toBe('^--!');
      expectObservable(NEVER.pipe(thenEmit('v'))).toBe('');
    });
  });
});
