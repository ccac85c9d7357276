import type { MaybeAsync } from '../utils/from-maybe-async.js';
import type { HookArgs, HookResults } from './callback-types.js';

/**
 * A plugin: hooks registered once on the Runner that apply to every agent, model call and tool
 * of the tree, plus Runner-level hooks (`onUserMessageCallback`, `beforeRunCallback`,
 * `afterRunCallback`, `onRunErrorCallback`, `onEventCallback`). Implement only the hooks you
 * need. For value-returning hooks the first plugin (in registration order) that returns a result
 * wins: later plugins and the agents' own callbacks of that kind are skipped.
 *
 * @example
 * ```ts
 * class CountModelCalls extends BasePlugin {
 *   calls = 0;
 *   constructor() { super('count_model_calls'); }
 *   override beforeModelCallback() { this.calls++; return undefined; }
 * }
 * new Runner({ appName, agent, sessionService, plugins: [new CountModelCalls()] });
 * ```
 */
export abstract class BasePlugin {
  constructor(readonly name: string) {}
}

/**
 * The hooks of {@link BasePlugin}: every one is an optional method (declaration merging). See
 * `HookArgs` for their parameters and `HookResults` for what a result means.
 */
export interface BasePlugin {
  onUserMessageCallback?(...args: HookArgs['onUserMessageCallback']): MaybeAsync<HookResults['onUserMessageCallback']>;
  beforeRunCallback?(...args: HookArgs['beforeRunCallback']): MaybeAsync<HookResults['beforeRunCallback']>;
  afterRunCallback?(...args: HookArgs['afterRunCallback']): MaybeAsync<HookResults['afterRunCallback']>;
  onRunErrorCallback?(...args: HookArgs['onRunErrorCallback']): MaybeAsync<HookResults['onRunErrorCallback']>;
  onEventCallback?(...args: HookArgs['onEventCallback']): MaybeAsync<HookResults['onEventCallback']>;
  beforeAgentCallback?(...args: HookArgs['beforeAgentCallback']): MaybeAsync<HookResults['beforeAgentCallback']>;
  afterAgentCallback?(...args: HookArgs['afterAgentCallback']): MaybeAsync<HookResults['afterAgentCallback']>;
  beforeModelCallback?(...args: HookArgs['beforeModelCallback']): MaybeAsync<HookResults['beforeModelCallback']>;
  afterModelCallback?(...args: HookArgs['afterModelCallback']): MaybeAsync<HookResults['afterModelCallback']>;
  onModelErrorCallback?(...args: HookArgs['onModelErrorCallback']): MaybeAsync<HookResults['onModelErrorCallback']>;
  beforeToolCallback?(...args: HookArgs['beforeToolCallback']): MaybeAsync<HookResults['beforeToolCallback']>;
  afterToolCallback?(...args: HookArgs['afterToolCallback']): MaybeAsync<HookResults['afterToolCallback']>;
  onToolErrorCallback?(...args: HookArgs['onToolErrorCallback']): MaybeAsync<HookResults['onToolErrorCallback']>;
  /** Before each attempt of a workflow node: a value skips the node and is its output. */
  beforeNodeCallback?(...args: HookArgs['beforeNodeCallback']): MaybeAsync<HookResults['beforeNodeCallback']>;
  /** After a workflow node's output, before it is committed: a value replaces it. */
  afterNodeCallback?(...args: HookArgs['afterNodeCallback']): MaybeAsync<HookResults['afterNodeCallback']>;

  /** Releases what the plugin holds (called by `runner.close()`). */
  close?(): MaybeAsync<void>;
}
