import { jest } from '@jest/globals';
import { EMPTY } from 'rxjs';
import { orElse } from '../../lib/operators/or-else.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('orElse', () => {
  it('emits the source\'s values and never calls the fallback when the source emitted', () => {
    const fallback = jest.fn(() => EMPTY);
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b|');
      expectObservable(orElse(source, fallback)).toBe('-a-b|');
      expectSubscriptions(source.subscriptions).toBe('^---!');
    });
    expect(fallback).not.toHaveBeenCalled();
  });

  it('subscribes the fallback when the source completes empty', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const fallback = cold('-x|');
      expectObservable(orElse(cold('--|'), () => fallback)).toBe('---x|');
      expectSubscriptions(fallback.subscriptions).toBe('--^-!');
    });
  });

  it('treats any Observable alike: the EMPTY constant falls back, an emitted undefined does not', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(orElse(EMPTY, () => cold('x|'))).toBe('x|');
      expectObservable(orElse(cold('u|', { u: undefined }), () => cold('x|'))).toBe('u|', { u: undefined });
    });
  });

  it('passes an error through without falling back', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const fallback = cold('x|');
      expectObservable(orElse(cold('-#'), () => fallback)).toBe('-#');
      expectSubscriptions(fallback.subscriptions).toBe([]);
    });
  });

  it('tears down the fallback when unsubscribed, and decides afresh per subscription', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const fallback = cold('---x|');
      const result = orElse(cold('-|'), () => fallback);
      expectObservable(result, '^--!').toBe('---');
      expectObservable(result).toBe('----x|');
      expectSubscriptions(fallback.subscriptions).toBe(['-^-!', '-^---!']);
    });
  });

  it('never calls the fallback while the source never completes, and unsubscribes the source when unsubscribed', () => {
    const fallback = jest.fn(() => EMPTY);
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a--');
      expectObservable(orElse(source, fallback), '^--!').toBe('-a-');
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
    expect(fallback).not.toHaveBeenCalled();
  });

  it('errors when the fallback throws', () => {
    const boom = new Error('boom');
    testScheduler().run(({ cold, expectObservable }) => {
      const thrower = (): never => {
        throw boom;
      };
      expectObservable(orElse(cold('-|'), thrower)).toBe('-#', undefined, boom);
    });
  });
});

