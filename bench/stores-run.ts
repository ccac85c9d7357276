// The session-store benchmark: append throughput and the time to load a 10,000-event session, for
// each store (docs/persistence.md has the figures).
//
//   npm run build && node dist/bench/stores-run.js [--stores memory,sqlite,sqlite-normal,postgres]
//        [--appends 2000] [--warmup 200] [--events 10000] [--repeats 5] [--pg postgresql://...]
//
// Needs `better-sqlite3` and `pg` (dev dependencies).
//
// postgres runs when --pg or RXADK_TEST_PG_URL gives a server (a new database is created on it and
// dropped). Reports; never asserts.
import os from 'node:os';
import { benchOptions } from './bench-options.js';
import { fmt, heading, progress, table } from './report.js';
import { measureAppends, measureLoad, type AppendResult, type LoadResult } from './stores/measure-store.js';
import { makeStore, STORE_NAMES, type StoreName } from './stores/stores.js';

interface Options {
  stores: StoreName[];
  appends: number;
  warmup: number;
  events: number;
  repeats: number;
  postgresUrl: string | undefined;
}

function parseOptions(argv: readonly string[]): Options {
  const { value, int } = benchOptions(argv);
  const postgresUrl = value('pg') ?? process.env['RXADK_TEST_PG_URL'];
  const wanted = (value('stores') ?? STORE_NAMES.join(',')).split(',').map((s) => s.trim()) as StoreName[];
  return {
    stores: wanted.filter((name) => STORE_NAMES.includes(name) && (name !== 'postgres' || postgresUrl)),
    appends: int('appends', 2000),
    warmup: int('warmup', 200),
    events: int('events', 10_000),
    repeats: int('repeats', 5),
    postgresUrl,
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(heading('Session stores: append throughput and loading a long session'));
  console.log(`${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores (${cpu}), ${os.platform()}`);
  if (!options.stores.includes('postgres')) console.log('(postgres skipped: pass --pg <url> or set RXADK_TEST_PG_URL)');

  const appendRows: Array<[string, AppendResult]> = [];
  const loadRows: Array<[string, LoadResult]> = [];
  for (const name of options.stores) {
    const store = await makeStore(name, options.postgresUrl);
    try {
      progress(`${store.name}: ${options.repeats} × ${options.appends} appends`);
      appendRows.push([store.name, await measureAppends(store.service, options.appends, options.warmup, options.repeats)]);
      progress(`${store.name}: a ${options.events}-event session`);
      loadRows.push([store.name, await measureLoad(store.service, options.events, options.repeats)]);
    } finally {
      await store.dispose();
    }
  }

  console.log(heading(`Appending events one at a time, each awaited as the Runner does (median of ${options.repeats} runs of ${options.appends})`));
  console.log(
    table(
      ['store', 'appends/s', 'p50 ms', 'p99 ms'],
      appendRows.map(([name, r]) => [name, fmt(r.appendsPerSecond, 0), fmt(r.p50Ms, 3), fmt(r.p99Ms, 3)]),
    ),
  );
  console.log(heading(`Loading a ${options.events}-event session (getSession, median of ${options.repeats})`));
  console.log(
    table(
      ['store', 'whole session ms', 'last 20 events ms', 'filled in s', 'JSON bytes/event'],
      loadRows.map(([name, r]) => [name, fmt(r.fullMs, 2), fmt(r.recentMs, 2), fmt(r.fillSeconds, 1), fmt(r.bytesPerEvent, 0)]),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
