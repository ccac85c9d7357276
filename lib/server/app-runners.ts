import { concat, defer, ignoreElements, map, type Observable, of, shareReplay } from 'rxjs';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js';
import { ClientToolsPlugin } from '../plugins/builtin/client-tools-plugin.js';
import { Runner } from '../runner/runner.js';
import { runnerTargetOf } from './runner-target-of.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { AppSource } from './app-source.js';
import { HttpError } from './http-error.js';
import type { InvocationRef } from './session-ref.js';
import { TracePlugin } from './trace-plugin.js';
import { recordingInstrumentation } from '../telemetry/recording-instrumentation.js';
import { TraceStore } from './trace-store.js';

/**
 * What {@link AppRunners} is built from.
 *
 * @example
 * ```ts
 * const config: AppRunnersConfig = { apps: new AgentApps('agents'), sessionService: new InMemorySessionService() };
 * ```
 */
export interface AppRunnersConfig {
  apps: AppSource;
  sessionService: BaseSessionService;
  /** Default: an `InMemoryArtifactService`. */
  artifactService?: BaseArtifactService;
  /** Default: an `InMemoryMemoryService`. */
  memoryService?: BaseMemoryService;
  /**
   * Where the runs' traces go: the hooks they fire (rxadk's timeline) and their spans (adk-web's
   * trace view). Default: a new `TraceStore` (bounded).
   */
  traces?: TraceStore;
  /**
   * Keep each model call's request and response and each tool call's arguments and result on
   * the spans (what the dev UIs' event views show). Default `true`, unless
   * `ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS` is `false` or `0`. The trace store bounds their size.
   */
  captureContent?: boolean;
}

/**
 * One Runner per app, built on first use from the app's root agent and plugins — with a
 * {@link TracePlugin} registered first, and a `ClientToolsPlugin` last (front-ends' tools) — over
 * services every app shares.
 *
 * @example
 * ```ts
 * const runners = new AppRunners({ apps: new AgentApps('agents'), sessionService: new InMemorySessionService() });
 * runners.runnerFor('weather').subscribe((runner) => runner.runAsync(turn).subscribe(console.log));
 * ```
 */
export class AppRunners {
  readonly apps: AppSource;
  readonly sessionService: BaseSessionService;
  readonly artifactService: BaseArtifactService;
  readonly memoryService: BaseMemoryService;
  /** The traces of every run: the hooks, and the spans as `openTelemetry()` would make them. */
  readonly traces: TraceStore;
  private readonly captureContent: boolean;
  private readonly runners = new Map<string, Observable<Runner>>();
  private readonly built = new Set<Runner>();

  constructor(config: AppRunnersConfig) {
    this.apps = config.apps;
    this.sessionService = config.sessionService;
    this.artifactService = config.artifactService ?? new InMemoryArtifactService();
    this.memoryService = config.memoryService ?? new InMemoryMemoryService();
    this.traces = config.traces ?? new TraceStore();
    this.captureContent = config.captureContent ?? !/^(false|0)$/i.test(process.env['ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS'] ?? '');
  }

  /**
   * Throws an {@link HttpError} 404 unless `appName` is one of the apps. An app whose Runner is
   * built is known without asking the source again, as ADK's agent loader keeps a loaded agent: a
   * folder's source lists the folder with synchronous file-system calls on each ask, and a turn
   * asks twice, on the event loop every other turn waits on.
   */
  requireApp(appName: string): void {
    if (this.runners.has(appName)) return;
    const names = this.apps.names();
    if (!names.includes(appName)) {
      throw new HttpError(404, `There is no app "${appName}". Apps: ${names.join(', ') || '(none)'}.`);
    }
  }

  /** The Runner of `appName` (built once); errors with a 404 for an unknown app. */
  runnerFor(appName: string): Observable<Runner> {
    return defer(() => {
      this.requireApp(appName);
      let runner = this.runners.get(appName);
      if (!runner) {
        runner = this.buildRunner(appName).pipe(shareReplay({ bufferSize: 1, refCount: false }));
        this.runners.set(appName, runner);
      }
      return runner;
    });
  }

  /** Closes every Runner built so far (their plugins). */
  close(): Observable<void> {
    return concat(
      defer(() => concat(...[...this.built].map((runner) => runner.close()))).pipe(ignoreElements()),
      of(undefined),
    );
  }

  private buildRunner(appName: string): Observable<Runner> {
    return this.apps.load(appName).pipe(
      map((app) => {
        const runner = new Runner({
          ...runnerTargetOf({ ...app, name: appName }, [new TracePlugin(this.traces, app.plugins), ...app.plugins, new ClientToolsPlugin()]),
          sessionService: this.sessionService,
          artifactService: this.artifactService,
          memoryService: this.memoryService,
          instrumentation: recordingInstrumentation({ onSpanEnd: (span, ctx) => this.traces.recordSpan(invocationRefOf(ctx), span), captureContent: this.captureContent }),
        });
        this.built.add(runner);
        return runner;
      }),
    );
  }
}

function invocationRefOf(ctx: InvocationContext): InvocationRef {
  return { appName: ctx.session.appName, userId: ctx.session.userId, sessionId: ctx.session.id, invocationId: ctx.invocationId };
}
