import type { BaseAgent } from '../agents/base-agent.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import type { Instrumentation } from '../context/invocation-context.js';
import type { Clock } from '../utils/clock.js';
import type { IdGenerator } from '../utils/ids.js';
import { Runner } from './runner.js';

/** What an {@link InMemoryRunner} is built from. */
export interface InMemoryRunnerConfig {
  agent: BaseAgent;
  /** Default `'InMemoryRunner'`. */
  appName?: string;
  plugins?: BasePlugin[];
  autoCreateSession?: boolean;
  idGenerator?: IdGenerator;
  clock?: Clock;
  /** Observes every run span by span (see `RunnerConfig.instrumentation`). */
  instrumentation?: Instrumentation;
}

/**
 * A {@link Runner} on in-memory session, artifact and memory services: for tests, examples and
 * notebooks. Everything it does is synchronous unless the agent's own work is not.
 *
 * @example
 * ```ts
 * const runner = new InMemoryRunner({ agent, autoCreateSession: true });
 * runner.runAsync({ userId: 'u', sessionId: 's', newMessage: userText('hi') }).subscribe(console.log);
 * ```
 */
export class InMemoryRunner extends Runner {
  constructor(config: InMemoryRunnerConfig) {
    super({
      appName: config.appName ?? 'InMemoryRunner',
      agent: config.agent,
      sessionService: new InMemorySessionService(config.idGenerator ? { idGenerator: config.idGenerator } : {}),
      artifactService: new InMemoryArtifactService(),
      memoryService: new InMemoryMemoryService(),
      ...(config.plugins ? { plugins: config.plugins } : {}),
      ...(config.autoCreateSession !== undefined ? { autoCreateSession: config.autoCreateSession } : {}),
      ...(config.idGenerator ? { idGenerator: config.idGenerator } : {}),
      ...(config.clock ? { clock: config.clock } : {}),
      ...(config.instrumentation ? { instrumentation: config.instrumentation } : {}),
    });
  }
}
