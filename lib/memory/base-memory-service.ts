import type { Content } from '@google/genai';
import type { Observable } from 'rxjs';
import type { Session } from '../sessions/session.js';

/** One remembered message. */
export interface MemoryEntry {
  content: Content;
  author?: string;
  /** ISO-8601 time of the original event. */
  timestamp?: string;
}

/** What {@link BaseMemoryService.searchMemory} emits. */
export interface SearchMemoryResponse {
  memories: MemoryEntry[];
}

/**
 * Long-term memory across a user's sessions: sessions are added, then searched by query.
 *
 * @example
 * ```ts
 * memory.addSessionToMemory(session).subscribe();
 * memory.searchMemory({ appName, userId, query: 'favourite colour' }).subscribe(({ memories }) => ...);
 * ```
 */
export abstract class BaseMemoryService {
  abstract addSessionToMemory(session: Session): Observable<void>;
  abstract searchMemory(request: { appName: string; userId: string; query: string }): Observable<SearchMemoryResponse>;
}
