import { lastValueFrom, toArray } from 'rxjs';
import { BasePlugin } from '../../lib/plugins/base-plugin.js';
import { PluginManager } from '../../lib/plugins/plugin-manager.js';
import { nodeHooks } from '../../lib/workflow/node-hooks.js';

class BeforeOnly extends BasePlugin {
  override beforeNodeCallback() {
    return 'skipped';
  }
}

class Silent extends BasePlugin {}

describe('nodeHooks', () => {
  it('says nothing is registered with no plugin manager, and with plugins that implement neither hook', () => {
    for (const plugins of [undefined, new PluginManager([]), new PluginManager([new Silent('silent')])]) {
      const hooks = nodeHooks(plugins);
      expect([hooks.before.registered, hooks.after.registered]).toEqual([false, false]);
    }
  });

  it("holds each hook's chain of the plugins that implement it, called in place", async () => {
    const hooks = nodeHooks(new PluginManager([new Silent('silent'), new BeforeOnly('before')]));
    expect([hooks.before.registered, hooks.after.registered]).toEqual([true, false]);
    const info = { name: 'a', path: 'wf@1/a@1', attempt: 1 };
    await expect(lastValueFrom(hooks.before.run({} as never, info, 'in').pipe(toArray()))).resolves.toEqual(['skipped']);
  });
});
