// The unit lane's guard: jest.config.ts runs it before every suite of the "unit" project. The unit
// lane (`npm run test:unit`) is the specs that need no browser, no PostgreSQL, no child process and
// no packing. A unit suite that starts a process (a browser, the CLI, an MCP stdio server, esbuild,
// npm pack, tsc) fails with UnitLaneError, and finds no PostgreSQL server, so a slow spec cannot
// creep into the unit lane unseen: it belongs in SLOW_LANES (jest.config.ts). The real functions
// are put back after the suite, for the slow suites the same Jest worker runs next.
import { createRequire } from 'node:module';

/** A unit-lane spec tried to start a child process. */
export class UnitLaneError extends Error {
  constructor(call: string, command: unknown) {
    super(
      `${call}(${JSON.stringify(String(command))}): a unit suite starts no child process, browser or PostgreSQL server ` +
        '(npm run test:unit runs in a minute). If this spec needs one, add it to SLOW_LANES in jest.config.ts.',
    );
    this.name = 'UnitLaneError';
  }
}

const CALLS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

// Node's own module object, which ESM imports of node:child_process in the suite (and CommonJS
// packages such as esbuild) read from.
const childProcess = createRequire(import.meta.url)('node:child_process') as Record<string, unknown>;
const originals = CALLS.map((call) => [call, childProcess[call]] as const);

for (const call of CALLS) {
  childProcess[call] = (command: unknown) => {
    throw new UnitLaneError(call, command);
  };
}
delete process.env['RXADK_TEST_PG_URL'];

afterAll(() => {
  for (const [call, original] of originals) childProcess[call] = original;
});
