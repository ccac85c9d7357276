// The session stores the store benchmark compares, each built fresh on an empty database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { lastValueFrom } from 'rxjs';
import { PostgresSessionService } from '../../lib/postgres/index.js';
import type { BaseSessionService } from '../../lib/sessions/base-session-service.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { SqliteSessionService } from '../../lib/sqlite/index.js';

/** A store ready to measure, and how to throw it away. */
export interface StoreUnderBench {
  name: string;
  service: BaseSessionService;
  dispose(): Promise<void>;
}

/** How to make each store; postgres needs a server URL. */
export type StoreName = 'memory' | 'sqlite' | 'sqlite-normal' | 'postgres';

export const STORE_NAMES: readonly StoreName[] = ['memory', 'sqlite', 'sqlite-normal', 'postgres'];

/** A fresh, empty store. */
export async function makeStore(name: StoreName, postgresUrl?: string): Promise<StoreUnderBench> {
  switch (name) {
    case 'memory':
      return { name: 'memory (InMemorySessionService)', service: new InMemorySessionService(), dispose: async () => undefined };
    case 'sqlite':
    case 'sqlite-normal':
      return sqliteStore(name === 'sqlite' ? 'full' : 'normal');
    case 'postgres':
      if (!postgresUrl) throw new Error('postgres needs --pg <url> or RXADK_TEST_PG_URL');
      return postgresStore(postgresUrl);
  }
}

function sqliteStore(synchronous: 'full' | 'normal'): StoreUnderBench {
  const dir = mkdtempSync(join(tmpdir(), 'rxadk-bench-sqlite-'));
  const service = new SqliteSessionService({ path: join(dir, 'bench.db'), synchronous });
  return {
    name: `sqlite, synchronous=${synchronous} (SqliteSessionService, WAL)`,
    service,
    dispose: async () => {
      await lastValueFrom(service.close(), { defaultValue: undefined });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new database on the server, dropped afterwards. */
async function postgresStore(serverUrl: string): Promise<StoreUnderBench> {
  const database = `rxadk_bench_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const service = new PostgresSessionService({ connectionString: url.toString() });
  return {
    name: 'postgres (PostgresSessionService, loopback)',
    service,
    dispose: async () => {
      await lastValueFrom(service.close(), { defaultValue: undefined });
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
