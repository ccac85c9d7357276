import { NEVER, Observable } from 'rxjs';
import { MethodSubscriber } from '../../lib/operators/method-subscriber.js';
import { testScheduler } from '../support/test-scheduler.js';

/** Records what reaches each handler, as marble letters: a value, E (error) or C (complete). */
class Recorder extends MethodSubscriber<string> {
  readonly seen: string[] = [];
  constructor(private readonly throwOn?: 'next' | 'error' | 'complete') {
    super();
  }
  protected onNext(value: string): void {
    this.seen.push(value);
    if (this.throwOn === 'next') throw new Error('next handler');
  }
  protected onError(error: unknown): void {
    this.seen.push(`E:${(error as Error).message}`);
    if (this.throwOn === 'error') throw new Error('error handler');
  }
  protected onComplete(): void {
    this.seen.push('C');
    if (this.throwOn === 'complete') throw new Error('complete handler');
  }
}

describe('MethodSubscriber', () => {
  it('calls onComplete for an empty source, then unsubscribes it', () => {
    const recorder = new Recorder();
    testScheduler().run(({ cold, expectSubscriptions, flush }) => {
      const source = cold('--|');
      source.subscribe(recorder);
      flush();
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
    expect(recorder.seen).toEqual(['C']);
    expect(recorder.closed).toBe(true);
  });

  it('hands one and many values to onNext, in order, then completes', () => {
    const one = new Recorder();
    const many = new Recorder();
    testScheduler().run(({ cold, flush }) => {
      cold('-a|').subscribe(one);
      cold('-a-b-c|').subscribe(many);
      flush();
    });
    expect(one.seen).toEqual(['a', 'C']);
    expect(many.seen).toEqual(['a', 'b', 'c', 'C']);
  });

  it('calls onError for an error, then unsubscribes the source', () => {
    const recorder = new Recorder();
    testScheduler().run(({ cold, expectSubscriptions, flush }) => {
      const source = cold('-a-#', undefined, new Error('boom'));
      source.subscribe(recorder);
      flush();
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
    expect(recorder.seen).toEqual(['a', 'E:boom']);
    expect(recorder.closed).toBe(true);
  });

  it('stays subscribed to a source that never ends, calling nothing', () => {
    const recorder = new Recorder();
    const subscription = NEVER.subscribe(recorder);
    expect(recorder.seen).toEqual([]);
    expect(recorder.closed).toBe(false);
    subscription.unsubscribe();
    expect(recorder.closed).toBe(true);
  });

  it('tears the source down when unsubscribed early, and calls nothing after', () => {
    const recorder = new Recorder();
    testScheduler().run(({ cold, expectSubscriptions, flush }) => {
      const source = cold('-a---b|');
      const subscription = source.subscribe(recorder);
      cold('---|').subscribe({ complete: () => subscription.unsubscribe() });
      flush();
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
    expect(recorder.seen).toEqual(['a']);
  });

  it('unsubscribes even when onComplete or onError throws, and lets the throw out', () => {
    for (const [end, message] of [['complete', 'complete handler'], ['error', 'error handler']] as const) {
      let teardowns = 0;
      let sink: { complete(): void; error(e: unknown): void } | undefined;
      const recorder = new Recorder(end);
      new Observable<string>((subscriber) => {
        sink = subscriber;
        return () => teardowns++;
      }).subscribe(recorder);
      expect(() => (end === 'complete' ? recorder.complete() : recorder.error(new Error('x')))).toThrow(message);
      expect(recorder.closed).toBe(true);
      expect(teardowns).toBe(1);
      expect(sink).toBeDefined();
    }
  });

  it('lets a throw from onNext out, still subscribed (as a Subscriber subclass does)', () => {
    const recorder = new Recorder('next');
    NEVER.subscribe(recorder);
    expect(() => recorder.next('a')).toThrow('next handler');
    expect(recorder.closed).toBe(false);
    recorder.unsubscribe();
  });
});
