import pg from 'pg';

/**
 * The PostgreSQL server the tests use. `npm test` (scripts/test.sh) starts a throw-away cluster
 * and exports its URL; without it these tests fail, on purpose, with this message.
 */
export function testPostgresUrl(): string {
  const url = process.env['RXADK_TEST_PG_URL'];
  if (!url) {
    throw new Error(
      'RXADK_TEST_PG_URL is not set, and the PostgreSQL tests need a server. Run them with `npm test` ' +
        '(scripts/test.sh starts a throw-away cluster on 127.0.0.1 and sets it), or start one yourself: ' +
        '`export RXADK_TEST_PG_URL=$(bash scripts/postgres.sh start /tmp/rxadk-pg)`.',
    );
  }
  return url;
}

/** A new, empty database on the test server, and a function that drops it. */
export async function createTestDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = testPostgresUrl();
  const name = `rxadk_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.replace(/[^a-z0-9_]/g, '_');
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Runs `work` with a connected client, then closes it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
