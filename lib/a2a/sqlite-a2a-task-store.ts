import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ListTasksRequest, ListTasksResponse, Task } from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import type BetterSqlite3 from 'better-sqlite3';
import { requireDriver } from '../utils/require-driver.js';

/**
 * An `@a2a-js/sdk` `TaskStore` on a SQLite file (`better-sqlite3`), for `toA2a({ taskStore })`:
 * A2A tasks — a task paused for input among them — survive a restart of the serving process.
 * Tasks are kept per (tenant, authenticated user): another user's task id loads nothing. It lives in
 * `rxadk/a2a`, beside the SDK it implements, so that `rxadk/sqlite` needs no `@a2a-js/sdk`; the file
 * may be the session store's own (the table is `a2a_tasks`).
 *
 * @example
 * ```ts
 * toA2a(app, { sessionService: new SqliteSessionService({ path: 'a2a.db' }), taskStore: new SqliteA2aTaskStore('a2a-tasks.db') });
 * ```
 */
export class SqliteA2aTaskStore implements TaskStore {
  private db: BetterSqlite3.Database | undefined;

  /**
   * @param path the SQLite file (created if missing; `':memory:'` keeps nothing).
   * @param options `namespace`: keeps this store's tasks apart from other stores' in the same file,
   *   e.g. one per app (what `rxadk api_server --a2a` does). Default: none.
   */
  constructor(
    private readonly path: string,
    private readonly options: { namespace?: string } = {},
  ) {}

  save(task: Task, context: ServerCallContext): Promise<void> {
    return attempt(() => {
      this.open()
        .prepare('INSERT INTO a2a_tasks (owner, id, context_id, body, updated) VALUES (?, ?, ?, ?, ?) ON CONFLICT (owner, id) DO UPDATE SET context_id = excluded.context_id, body = excluded.body, updated = excluded.updated')
        .run(this.ownerOf(context), task.id, task.contextId, serialize(task), Date.now());
    });
  }

  load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    return attempt(() => {
      const row = this.open().prepare('SELECT body FROM a2a_tasks WHERE owner = ? AND id = ?').get(this.ownerOf(context), taskId) as { body: Buffer } | undefined;
      return row ? (deserialize(row.body) as Task) : undefined;
    });
  }

  list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    return attempt(() => {
      const rows = this.open().prepare('SELECT body FROM a2a_tasks WHERE owner = ? ORDER BY updated DESC').all(this.ownerOf(context)) as { body: Buffer }[];
      const tasks = rows
        .map((row) => deserialize(row.body) as Task)
        .filter((task) => (!params.contextId || task.contextId === params.contextId) && (!params.status || task.status?.state === params.status));
      const pageSize = params.pageSize && params.pageSize > 0 ? params.pageSize : 50;
      return { tasks: tasks.slice(0, pageSize), nextPageToken: '', pageSize, totalSize: tasks.length };
    });
  }

  /** Closes the file. */
  close(): void {
    this.db?.close();
    this.db = undefined;
  }

  private ownerOf(context: ServerCallContext): string {
    const owner = `${context.tenant ?? ''}\u0000${context.user?.userName ?? ''}`;
    return this.options.namespace === undefined ? owner : `${this.options.namespace}\u0000${owner}`;
  }

  private open(): BetterSqlite3.Database {
    if (this.db) return this.db;
    const Database = requireDriver<typeof BetterSqlite3>('better-sqlite3', 'SqliteA2aTaskStore (rxadk/a2a)');
    if (this.path !== ':memory:') mkdirSync(dirname(this.path), { recursive: true });
    const db = new Database(this.path);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE IF NOT EXISTS a2a_tasks (owner TEXT NOT NULL, id TEXT NOT NULL, context_id TEXT NOT NULL, body BLOB NOT NULL, updated INTEGER NOT NULL, PRIMARY KEY (owner, id))');
    this.db = db;
    return db;
  }
}


function attempt<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error);
  }
}
