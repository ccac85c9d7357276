// Tracks the AsyncLocalStorage instances made while a Jest suite runs, so that its teardown can
// disable them (scripts/jest-node-environment.cjs says why).
const asyncHooks = require('node:async_hooks');

/**
 * From now until the returned `release()`, every `new AsyncLocalStorage()` made through
 * `node:async_hooks` (CommonJS `require` reads the module's property at each `new`, and Jest builds
 * a suite's ES module view of a core module from the same object) is remembered. `release()`
 * disables each of them and puts Node's own class back. Calls nest: a release restores the class
 * that was there when its tracking began.
 */
function trackAsyncLocalStorages() {
  const Previous = asyncHooks.AsyncLocalStorage;
  const made = [];
  asyncHooks.AsyncLocalStorage = class extends Previous {
    constructor(...args) {
      super(...args);
      made.push(this);
    }
  };
  return function release() {
    asyncHooks.AsyncLocalStorage = Previous;
    for (const storage of made.splice(0)) storage.disable();
  };
}

module.exports = { trackAsyncLocalStorages };
