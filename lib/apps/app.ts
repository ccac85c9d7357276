import type { BaseAgent } from '../agents/base-agent.js';
import type { EventsCompactionConfig } from '../compaction/events-compaction-config.js';
import { validateEventsCompactionConfig } from '../compaction/events-compaction-config.js';
import { CompactionConfigError } from '../compaction/compaction-config-error.js';
import type { BaseLlm } from '../models/base-llm.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import { AppConfigError } from './app-config-error.js';

/**
 * Whether an app's invocations can be resumed (ADK's `ResumabilityConfig`). A resumable app's
 * agents write checkpoint events (`actions.agentState`, `actions.endOfAgent`), an invocation
 * pauses at a long-running call, and `runner.runAsync({ userId, sessionId, invocationId })`
 * resumes an unfinished invocation under its own id. Best effort, as in ADK: the interrupted step
 * runs again, so tools must be idempotent.
 *
 * @example
 * ```ts
 * const app = new App({ name: 'pipeline', rootAgent, resumability: { isResumable: true } });
 * ```
 */
export interface ResumabilityConfig {
  isResumable: boolean;
}

/** What an {@link App} is built from (ADK Python's `App` fields, camelCase). */
export interface AppOptions {
  /** An identifier (letters, digits, `_`), not `user`. The Runner's `appName`. */
  name: string;
  rootAgent: BaseAgent;
  /** Plugins for every agent, model call and tool of the app, in order. */
  plugins?: BasePlugin[];
  /** Resumable invocations (see {@link ResumabilityConfig}). */
  resumability?: ResumabilityConfig;
  /** Event compaction (see `EventsCompactionConfig`). */
  eventsCompaction?: EventsCompactionConfig;
}

/**
 * An agent application: the root of an agent tree with the app-wide settings around it (ADK's
 * `App`). Give it to a Runner (`new Runner({ app, sessionService })`: the app name, root agent
 * and plugins come from it), or export it as `app` from an agent file for `rxadk web`, `rxadk
 * api_server` and `rxadk run`.
 *
 * @example
 * ```ts
 * export const app = new App({
 *   name: 'support',
 *   rootAgent: new LlmAgent({ name: 'helper', model: 'gemini-2.5-flash', instruction: 'Help.' }),
 *   eventsCompaction: { compactionInterval: 10, overlapSize: 1 },
 * });
 * const runner = new Runner({ app, sessionService: new InMemorySessionService(), autoCreateSession: true });
 * ```
 */
export class App {
  readonly name: string;
  readonly rootAgent: BaseAgent;
  readonly plugins: BasePlugin[];
  readonly resumability: ResumabilityConfig | undefined;
  readonly eventsCompaction: EventsCompactionConfig | undefined;

  constructor(options: AppOptions) {
    validateAppName(options?.name);
    if (typeof options.rootAgent?.runAsync !== 'function') {
      throw new AppConfigError(`App "${options.name}" needs a rootAgent (an agent, e.g. new LlmAgent({...})).`);
    }
    if (options.eventsCompaction) {
      validateEventsCompactionConfig(options.eventsCompaction);
      if (!options.eventsCompaction.summarizer && !hasModel(options.rootAgent)) {
        throw new CompactionConfigError(
          `App "${options.name}" compacts events but its root agent "${options.rootAgent.name}" is not an LlmAgent, so there is no model to summarise with: give eventsCompaction.summarizer.`,
        );
      }
    }
    this.name = options.name;
    this.rootAgent = options.rootAgent;
    this.plugins = [...(options.plugins ?? [])];
    this.resumability = options.resumability;
    this.eventsCompaction = options.eventsCompaction;
  }
}

/**
 * True for an LlmAgent (of this copy of rxadk or another): it has a model to summarise with.
 *
 * @example
 * ```ts
 * hasModel(new LlmAgent({ name: 'a', model: 'gemini-2.5-flash' })); // true
 * ```
 */
export function hasModel(agent: BaseAgent): agent is BaseAgent & { canonicalModel(): BaseLlm } {
  return typeof (agent as { canonicalModel?: unknown }).canonicalModel === 'function';
}

/**
 * Checks an app name as ADK does: an identifier (letters, digits, `_`, not starting with a
 * digit), and not `user` (reserved for the end user's events). Throws {@link AppConfigError}.
 *
 * @example
 * ```ts
 * validateAppName('support_bot'); // ok
 * validateAppName('my-app');      // AppConfigError
 * ```
 */
export function validateAppName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new AppConfigError(`Invalid app name ${JSON.stringify(name)}: it must be an identifier (letters, digits and underscores, not starting with a digit).`);
  }
  if (name === 'user') throw new AppConfigError("An app cannot be named 'user': that name is reserved for the end user's events.");
}
