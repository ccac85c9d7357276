import { firstValueFrom, type Observable, timer, map } from 'rxjs';
import { createEvent, type Event } from '../../lib/events/event.js';
import { storedSilently } from '../../lib/runner/stored-silently.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import type { Session } from '../../lib/sessions/session.js';
import { testScheduler } from '../support/test-scheduler.js';

/** A store that takes 3 frames to write each event (it goes through appendEvent, not appendEventNow). */
class SlowStore extends InMemorySessionService {
  protected override storeEvent(session: Session, event: Event): Observable<unknown> {
    return timer(3).pipe(map(() => super.storeEvent(session, event)));
  }
}

async function sessionOf(service: InMemorySessionService): Promise<Session> {
  return firstValueFrom(service.createSession({ appName: 'app', userId: 'u', sessionId: 's' }));
}

describe('storedSilently', () => {
  it('stores the event when subscribed (not before), then completes at once, emitting nothing', async () => {
    const service = new InMemorySessionService();
    const session = await sessionOf(service);
    const event = createEvent({ author: 'user', id: 'e1', timestamp: 1 });
    const stored = storedSilently(service, session, event);
    expect(session.events).toEqual([]);
    testScheduler().run(({ expectObservable }) => {
      expectObservable(stored).toBe('|');
    });
    expect(session.events).toEqual([event]);
  });

  it('waits for a store that cannot append at once, and completes once it has', async () => {
    const service = new SlowStore();
    const session = await sessionOf(service);
    const event = createEvent({ author: 'user', id: 'e1', timestamp: 1 });
    testScheduler().run(({ expectObservable }) => {
      expectObservable(storedSilently(service, session, event)).toBe('---|');
    });
    expect(session.events.map((e) => e.id)).toEqual(['e1']);
  });

  it('errors when the append throws (no such session)', () => {
    const service = new InMemorySessionService();
    const gone: Session = { id: 'gone', appName: 'app', userId: 'u', state: {}, events: [], lastUpdateTime: 0 };
    testScheduler().run(({ expectObservable }) => {
      expectObservable(storedSilently(service, gone, createEvent({ author: 'user' }))).toBe('#', undefined, expect.objectContaining({ message: expect.stringContaining('Cannot append to session "gone"') }));
    });
  });

  it('stores nothing when unsubscribed before a slow store is done', async () => {
    const service = new SlowStore();
    const session = await sessionOf(service);
    testScheduler().run(({ expectObservable }) => {
      expectObservable(storedSilently(service, session, createEvent({ author: 'user' })), '^-!').toBe('--');
    });
    expect(session.events).toEqual([]);
  });
});
