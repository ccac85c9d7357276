import { defer, type Observable, of } from 'rxjs';
import type { Session } from '../sessions/session.js';
import { BaseMemoryService, type MemoryEntry, type SearchMemoryResponse } from './base-memory-service.js';

/**
 * A {@link BaseMemoryService} in memory that matches by keyword: an event is returned when any
 * word of the query (case-insensitive, letters and digits) appears among the words of its text.
 *
 * @example
 * ```ts
 * const memory = new InMemoryMemoryService();
 * memory.addSessionToMemory(session).subscribe();
 * memory.searchMemory({ appName: 'app', userId: 'u1', query: 'Paris weather' }).subscribe(console.log);
 * ```
 */
export class InMemoryMemoryService extends BaseMemoryService {
  private readonly sessions = new Map<string, Map<string, Session>>();

  addSessionToMemory(session: Session): Observable<void> {
    return defer(() => {
      const key = `${session.appName}/${session.userId}`;
      let byId = this.sessions.get(key);
      if (!byId) this.sessions.set(key, (byId = new Map()));
      byId.set(session.id, { ...session, events: session.events.filter((e) => e.content?.parts?.length) });
      return of(undefined);
    });
  }

  searchMemory(request: { appName: string; userId: string; query: string }): Observable<SearchMemoryResponse> {
    return defer(() => {
      const wanted = wordsOf(request.query);
      const memories: MemoryEntry[] = [];
      for (const session of this.sessions.get(`${request.appName}/${request.userId}`)?.values() ?? []) {
        for (const event of session.events) {
          const text = (event.content?.parts ?? []).map((p) => p.text ?? '').join(' ');
          const words = wordsOf(text);
          if ([...wanted].some((w) => words.has(w))) {
            memories.push({ content: event.content!, author: event.author, timestamp: new Date(event.timestamp).toISOString() });
          }
        }
      }
      return of({ memories });
    });
  }
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}
