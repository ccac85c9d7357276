import { createRequire } from 'node:module';
import { trackAsyncLocalStorages } from '../../scripts/track-async-local-storages.cjs';

// scripts/jest-node-environment.cjs disables, at each suite's teardown, the AsyncLocalStorage
// instances the suite made (jest-circus makes one per suite and never disables it; on Node 20 every
// enabled storage costs every later promise). This is its tracker.

// node:async_hooks' own module object, whose property the tracker replaces (an ES import would bind
// the class once)
const asyncHooks = createRequire(import.meta.url)('node:async_hooks') as typeof import('node:async_hooks');

describe('trackAsyncLocalStorages', () => {
  it('disables the storages made until release(), which then hold no store', () => {
    const release = trackAsyncLocalStorages();
    const storage = new asyncHooks.AsyncLocalStorage<string>();
    storage.enterWith('entered');
    expect(storage.getStore()).toBe('entered');
    release();
    expect(storage.getStore()).toBeUndefined();
  });

  it('leaves the storages made before and after alone', () => {
    const before = new asyncHooks.AsyncLocalStorage<string>();
    const release = trackAsyncLocalStorages();
    release();
    const after = new asyncHooks.AsyncLocalStorage<string>();
    before.enterWith('before');
    after.enterWith('after');
    expect([before.getStore(), after.getStore()]).toEqual(['before', 'after']);
    before.disable();
    after.disable();
  });

  it('makes real AsyncLocalStorage instances that carry a store through promises', async () => {
    const release = trackAsyncLocalStorages();
    const storage = new asyncHooks.AsyncLocalStorage<string>();
    expect(storage).toBeInstanceOf(asyncHooks.AsyncLocalStorage);
    const seen = await storage.run('in run', () => Promise.resolve().then(() => storage.getStore()));
    expect(seen).toBe('in run');
    release();
  });

  it('puts back the class it found, nested trackings included', () => {
    const original = asyncHooks.AsyncLocalStorage;
    const releaseOuter = trackAsyncLocalStorages();
    const releaseInner = trackAsyncLocalStorages();
    const both = new asyncHooks.AsyncLocalStorage<string>();
    both.enterWith('both');
    releaseInner();
    expect(both.getStore()).toBeUndefined();
    expect(asyncHooks.AsyncLocalStorage).not.toBe(original);
    releaseOuter();
    expect(asyncHooks.AsyncLocalStorage).toBe(original);
  });
});
