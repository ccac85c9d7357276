import { endWith, map, NEVER } from 'rxjs';
import { mapThenEmit } from '../../lib/operators/map-then-emit.js';
import { testScheduler } from '../support/test-scheduler.js';

const upper = (s: string) => s.toUpperCase();

describe('mapThenEmit', () => {
  it('emits the value alone when the source is empty', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('--|');
      expectObservable(source.pipe(mapThenEmit(upper, 'v'))).toBe('--(v|)');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });

  it("passes the source's values on projected, then the value, as map and endWith do", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a--b-|');
      expectObservable(source.pipe(mapThenEmit(upper, 'v'))).toBe('-A--B-(v|)', { A: 'A', B: 'B', v: 'v' });
      expectObservable(source.pipe(map(upper), endWith('v'))).toBe('-A--B-(v|)', { A: 'A', B: 'B', v: 'v' });
    });
  });

  it("ends with the source's error, without the value", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-#').pipe(mapThenEmit(upper, 'v'))).toBe('-A-#', { A: 'A' });
    });
  });

  it('ends with the error the projection throws, without the value, and unsubscribes the source', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a--b-|');
      const boom = new Error('boom');
      const project = (s: string) => {
        if (s === 'b') throw boom;
        return s.toUpperCase();
      };
      expectObservable(source.pipe(mapThenEmit(project, 'v'))).toBe('-A--#', { A: 'A' }, boom);
      expectSubscriptions(source.subscriptions).toBe('^---!');
    });
  });

  it('tears the source down on an early unsubscribe, and never emits the value while the source never ends', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a---b|');
      expectObservable(source.pipe(mapThenEmit(upper, 'v')), '^--!').toBe('-A-', { A: 'A' });
      expectSubscriptions(source.subscriptions).toBe('^--!');
      expectObservable(NEVER.pipe(mapThenEmit(upper, 'v'))).toBe('');
    });
  });
});
