import { EventAcknowledger, immediateAcknowledgements } from '../../lib/context/event-acknowledger.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('EventAcknowledger', () => {
  it('completes at once for an acknowledgement that came before the wait (synchronous store)', () => {
    testScheduler().run(({ expectObservable }) => {
      const acks = new EventAcknowledger();
      acks.acknowledge('e1');
      expectObservable(acks.whenAcknowledged('e1')).toBe('|');
    });
  });

  it('waits for an acknowledgement that comes later (asynchronous store)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const acks = new EventAcknowledger();
      cold('---a').subscribe(() => acks.acknowledge('e1'));
      expectObservable(acks.whenAcknowledged('e1')).toBe('---|');
    });
  });

  it('ignores acknowledgements of other events', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const acks = new EventAcknowledger();
      cold('-a-b').subscribe((x) => acks.acknowledge(x === 'a' ? 'other' : 'e1'));
      expectObservable(acks.whenAcknowledged('e1')).toBe('---|');
    });
  });

  it('consumes an acknowledgement: a second wait on the same id waits again', () => {
    testScheduler().run(({ expectObservable }) => {
      const acks = new EventAcknowledger();
      acks.acknowledge('e1');
      acks.whenAcknowledged('e1').subscribe();
      expectObservable(acks.whenAcknowledged('e1')).toBe('-');
    });
  });
});

describe('immediateAcknowledgements', () => {
  it('treats every event as acknowledged', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(immediateAcknowledgements.whenAcknowledged('any')).toBe('|');
    });
  });
});
