/**
 * Jest reads this file through ts-node, which would type-check it (about 4 s of CPU before the
 * first suite starts); the type-check of the repository covers it (scripts/typecheck.sh), so ts-node
 * only strips its types.
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "Node10"}}
 */
import { availableParallelism } from 'node:os';
import type { Config } from 'jest';

/**
 * The slow lanes: the suites that start a browser, need the PostgreSQL test server, start a child
 * process (the CLI, an MCP stdio server, esbuild, tsc, ng build, a process to kill) or pack the
 * package. `npm test` runs them (the "slow" project); `npm run test:unit` (the "unit" project) runs
 * every other spec, in about a minute, under a guard (spec/support/unit-lane-guard.ts) that fails a
 * unit suite starting a process or finding a PostgreSQL server: a new slow spec goes here.
 * Each entry is a regular expression over the spec's path.
 */
const SLOW_LANES = [
  // folders: browsers, PostgreSQL, the packed package
  '/spec/browser/',
  '/spec/postgres/',
  '/spec/consumer/',
  // the naming rule of browser specs elsewhere
  '\\.browser\\.spec\\.ts$',
  // single suites
  '/spec/cli/rxadk-run\\.spec\\.ts$',
  '/spec/cli/rxadk-eval\\.spec\\.ts$',
  '/spec/cli/rxadk-typescript-apps\\.spec\\.ts$',
  '/spec/conformance/conformance\\.spec\\.ts$',
  '/spec/examples/examples\\.spec\\.ts$',
  '/spec/mcp/mcp-connection-errors\\.spec\\.ts$',
  '/spec/mcp/mcp-connection-from-config\\.spec\\.ts$',
  '/spec/mcp/mcp-tool-timeout\\.spec\\.ts$',
  '/spec/mcp/mcp-toolset-http\\.spec\\.ts$',
  '/spec/mcp/mcp-toolset-stdio\\.spec\\.ts$',
  '/spec/models/gemini-lazy-load\\.spec\\.ts$',
  '/spec/runner/fuzz-function-calls\\.spec\\.ts$',
  '/spec/runner/whole-turns\\.spec\\.ts$',
  '/spec/services/get-session-service-from-uri\\.spec\\.ts$',
  '/spec/sqlite/crash-durability\\.spec\\.ts$',
  '\\.browser-workflow\\.spec\\.ts$',
  '/spec/cli/rxadk-conformance-workflows\\.spec\\.ts$',
  '/spec/sqlite/kill-and-resume\\.spec\\.ts$',
  '/spec/workflow/workflow-resume-process\\.spec\\.ts$',
  '/spec/workflow/workflow-events-in-stores\\.spec\\.ts$',
  '/spec/workflow/workflow-checkpoints-in-stores\\.spec\\.ts$',
  '/spec/cli/api-server-resume\\.spec\\.ts$',
  '/spec/apps/compact-after-turn\\.spec\\.ts$',
  '/spec/flows/request-processors/compaction\\.spec\\.ts$',
  '/spec/server/import-agent-module\\.spec\\.ts$',
  '/spec/a2a/two-processes\\.spec\\.ts$',
  '/spec/cli/api-server-a2a\\.spec\\.ts$',
];

const shared: Config = {
  // Jest's node environment, which also disables the AsyncLocalStorage instances a suite made when
  // it ends (jest-circus leaves one enabled per suite, and on Node 20 each one slows every later
  // promise in the worker): see the file
  testEnvironment: '<rootDir>/scripts/jest-node-environment.cjs',
  extensionsToTreatAsEsm: ['.ts'],
  roots: ['<rootDir>/spec'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': '<rootDir>/scripts/jest-esbuild-transform.cjs',
  },
};

const config: Config = {
  testTimeout: 20000,
  // one and a half workers per core (3 on 2 cores): the slow lanes' suites wait part of the time
  // (on Chromium, a server, a child process, PostgreSQL), and a third worker runs other suites
  // meanwhile. `npm test` took 292 s with 3 workers and 322 s with 2, Jest's span 265 s against
  // 297 s (back to back, same clone and load). The unit lane (`npm run test:unit`) waits on nothing,
  // and keeps one worker per core (`--maxWorkers=100%`). A number, not '150%': Jest reads a
  // percentage above 100 as a count of workers.
  maxWorkers: Math.max(1, Math.floor(availableParallelism() * 1.5)),
  testSequencer: '<rootDir>/scripts/jest-sequencer.mjs',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...SLOW_LANES],
      setupFilesAfterEnv: ['<rootDir>/spec/support/unit-lane-guard.ts'],
    },
    {
      ...shared,
      displayName: 'slow',
      // one Chromium for the run's browser suites (spec/support/chromium.ts connects to it)
      globalSetup: '<rootDir>/scripts/jest-chromium-setup.mjs',
      globalTeardown: '<rootDir>/scripts/jest-chromium-teardown.mjs',
      // the same expressions: every spec is in exactly one of the two projects
      testRegex: SLOW_LANES.map((lane) => (lane.endsWith('$') ? lane : `${lane}.*\\.spec\\.ts$`)),
    },
  ],
};

export default config;
