import type { MaybeAsync } from '../utils/from-maybe-async.js';
import { BasePlugin } from './base-plugin.js';
import type { PluginHooks } from './callback-types.js';

/** The config form of a plugin: a name and any hooks. */
export type PluginConfig = { name: string; close?: () => MaybeAsync<void> } & Partial<PluginHooks>;

/**
 * Builds a plugin from a config object (the Go-style `plugin.New(plugin.Config{...})` form of
 * the seed chapter).
 *
 * @example
 * ```ts
 * const audit = createPlugin({
 *   name: 'audit',
 *   onEventCallback: (ctx, event) => { if (isFinalResponse(event)) log(event); return undefined; },
 * });
 * ```
 */
export function createPlugin(config: PluginConfig): BasePlugin {
  return new ConfiguredPlugin(config);
}

class ConfiguredPlugin extends BasePlugin {
  constructor(config: PluginConfig) {
    super(config.name);
    const { name: _name, ...hooks } = config;
    Object.assign(this, hooks);
  }
}
