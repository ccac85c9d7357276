import { AbstractAgent, type AgentConfig } from '@ag-ui/client';
import { type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/core';
import { catchError, concatMap, defer, type Observable, of } from 'rxjs';
import type { App } from '../apps/app.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import { DEFAULT_USER_ID } from '../front-ends/default-user-id.js';
import { ClientToolsPlugin } from '../plugins/builtin/client-tools-plugin.js';
import { Runner } from '../runner/runner.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { agUiRunError } from './to-ag-ui-events.js';
import { prepareAgUiRun } from './prepare-ag-ui-run.js';

/**
 * What an {@link AdkAgent} runs: a Runner (register a `ClientToolsPlugin` on it for frontend
 * tools), or an App (its Runner gets one, over the given services or in-memory ones); and the
 * user whose threads it runs.
 *
 * @example
 * ```ts
 * const config: AdkAgentConfig = { app, userId: 'ada', threadId: 'thread-1' };
 * ```
 */
export type AdkAgentConfig = AgentConfig &
  ({ runner: Runner } | { app: App; sessionService?: BaseSessionService; artifactService?: BaseArtifactService; memoryService?: BaseMemoryService }) & {
    /** Default {@link DEFAULT_USER_ID}. */
    userId?: string;
  };

/**
 * An `@ag-ui/client` agent over an rxadk Runner: `run(input)` is the AG-UI event Observable of
 * one turn on the thread `input.threadId` (the session of that id for the agent's user). Use it
 * in process or in the browser wherever an AG-UI agent goes (`runAgent`, CopilotKit's runtime),
 * or behind HTTP (`POST /ag-ui/{app}` of `rxadk web`, which the `HttpAgent` calls).
 *
 * The turn's checks (see `agUiTurn`) and failures come out as `RUN_ERROR` with the error's class
 * name as `code`; unsubscribing (`abortRun()`) cancels the invocation.
 *
 * @example
 * ```ts
 * const agent = new AdkAgent({ app: new App({ name: 'weather', rootAgent }), threadId: 'thread-1' });
 * agent.addMessage({ id: 'm1', role: 'user', content: 'What is the weather in Paris?' });
 * const { newMessages } = await agent.runAgent();
 * ```
 */
export class AdkAgent extends AbstractAgent {
  /** The Runner the turns run on. */
  readonly runner: Runner;
  /** Whose threads (sessions) this agent runs. */
  readonly userId: string;

  constructor(config: AdkAgentConfig) {
    super(config);
    this.runner = 'runner' in config ? config.runner : runnerOfApp(config);
    this.userId = config.userId ?? DEFAULT_USER_ID;
  }

  /**
   * One turn as AG-UI events (cold). The declared type is the client package's own `Observable`
   * (it pins its own copy of rxjs); the value is an rxjs Observable, which it reads as any other.
   */
  run(input: RunAgentInput): ClientObservable {
    return agUiEventsOf(this.runner, this.userId, input) as unknown as ClientObservable;
  }
}

/** The Observable type `@ag-ui/client` declares `run` with. */
type ClientObservable = ReturnType<AbstractAgent['run']>;

/** The turn's events; a failed check becomes `RUN_STARTED` then `RUN_ERROR`. */
function agUiEventsOf(runner: Runner, userId: string, input: RunAgentInput): Observable<BaseEvent> {
  return defer(() => prepareAgUiRun(runner, userId, input)).pipe(
    concatMap((events) => events),
    catchError((error: unknown) => of({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent, agUiRunError(error))),
  );
}

function runnerOfApp(config: { app: App; sessionService?: BaseSessionService; artifactService?: BaseArtifactService; memoryService?: BaseMemoryService }): Runner {
  const app = config.app;
  const withClientTools = Object.assign(Object.create(Object.getPrototypeOf(app) as object) as App, app, { plugins: [...app.plugins, new ClientToolsPlugin()] });
  return new Runner({
    app: withClientTools,
    sessionService: config.sessionService ?? new InMemorySessionService(),
    ...(config.artifactService ? { artifactService: config.artifactService } : {}),
    ...(config.memoryService ? { memoryService: config.memoryService } : {}),
  });
}
