import { join } from 'node:path';
import { lastValueFrom } from 'rxjs';
import { PostgresSessionService } from '../../lib/postgres/postgres-session-service.js';
import type { BaseSessionService } from '../../lib/sessions/base-session-service.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { SqliteSessionService } from '../../lib/sqlite/sqlite-session-service.js';
import { createTestDatabase } from '../postgres/support/test-database.js';
import { tempDir } from '../sqlite/temp-dir.js';

/** A real store for a test, and how to close and remove it. */
export interface OpenStore {
  service: BaseSessionService;
  close(): Promise<void>;
}

/**
 * The three real stores the "whole turns" guarantees are tested against: in memory, SQLite in a
 * temp file, and a fresh database on the throw-away PostgreSQL cluster (`npm test` starts it).
 */
export const REAL_STORES: Array<[string, () => Promise<OpenStore>]> = [
  ['in-memory', async () => ({ service: new InMemorySessionService(), close: async () => undefined })],
  [
    'SQLite',
    async () => {
      const dir = tempDir('rxadk-whole-turns');
      const service = new SqliteSessionService({ path: join(dir.path, 'sessions.db') });
      return {
        service,
        close: async () => {
          await lastValueFrom(service.close(), { defaultValue: undefined });
          dir.remove();
        },
      };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const database = await createTestDatabase('whole_turns');
      const service = new PostgresSessionService({ connectionString: database.url });
      return {
        service,
        close: async () => {
          await lastValueFrom(service.close(), { defaultValue: undefined });
          await database.drop();
        },
      };
    },
  ],
];
