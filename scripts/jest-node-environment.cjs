// The test environment of both Jest projects (jest.config.ts `testEnvironment`): Jest's node
// environment, which also disables, when a suite ends, the AsyncLocalStorage instances the suite
// made.
//
// Why: jest-circus (Jest 30) makes a new AsyncLocalStorage in every suite and runs each test in it.
// On Node 20 a storage stays enabled until its disable() is called, which jest-circus never does,
// and every enabled storage is visited on the creation of every promise and async resource, in every
// later suite of the same worker. A worker that has run 120 suites pays 120 visits per promise: with
// the unit lane in one process, 16 % of the CPU went to async_hooks' _propagate and about as much
// again to garbage collection, and `npm run test:unit` used 130 s of CPU on a cold cache against
// 87 s with this environment. A suite is over at teardown, and so are its storages.
const { TestEnvironment } = require('jest-environment-node');
const { trackAsyncLocalStorages } = require('./track-async-local-storages.cjs');

module.exports = class SuiteScopedStoragesEnvironment extends TestEnvironment {
  /** Disables the storages made since setup; set by setup, as Jest makes one environment per suite. */
  releaseStorages = () => {};

  async setup() {
    await super.setup();
    this.releaseStorages = trackAsyncLocalStorages();
  }

  async teardown() {
    this.releaseStorages();
    await super.teardown();
  }
};
