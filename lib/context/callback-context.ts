import { setOwn } from '../utils/set-own.js';
import type { Part } from '@google/genai';
import { defer, map, type Observable, throwError } from 'rxjs';
import { createEventActions, type EventActions } from '../events/event-actions.js';
import type { SearchMemoryResponse } from '../memory/base-memory-service.js';
import { State } from '../sessions/state.js';
import type { InvocationContext } from './invocation-context.js';
import { ReadonlyContext } from './readonly-context.js';

/**
 * The context of agent and model callbacks: read everything, write state (recorded in
 * {@link actions}, committed with the event the callback belongs to), use artifacts and memory.
 *
 * @example
 * ```ts
 * const beforeAgent = (ctx: CallbackContext) => {
 *   ctx.state.set('started_at', Date.now());
 *   if (ctx.state.get('banned')) return { role: 'model', parts: [{ text: 'Access denied.' }] };
 *   return undefined; // continue
 * };
 * ```
 */
export class CallbackContext extends ReadonlyContext {
  /** Given, or made at the first read of {@link actions}: most node runs and callbacks never read them. */
  private ownActions: EventActions | undefined;
  /** Made at the first read of {@link state}: most node runs and callbacks never read it. */
  private writableState: State | undefined;

  constructor(invocationContext: InvocationContext, actions?: EventActions) {
    super(invocationContext);
    this.ownActions = actions;
    this.writableState = undefined;
  }

  /** The side effects this context has recorded (state and artifact deltas, signals); the same object at every read. */
  get actions(): EventActions {
    return (this.ownActions ??= createEventActions());
  }

  /**
   * The actions given to this context or read through it so far; `undefined` when neither, so
   * that nothing has been recorded: a reader that only wants what was recorded (the event a
   * callback's context belongs to) does not make them.
   */
  get recordedActions(): EventActions | undefined {
    return this.ownActions;
  }

  override get state(): State {
    return (this.writableState ??= new State(this.invocationContext.session.state, this.actions.stateDelta));
  }

  /** Fires when the run is cancelled. */
  get abortSignal(): AbortSignal {
    return this.invocationContext.abortSignal;
  }

  /** The invocation this callback runs in (for plugins and tools that need the whole context). */
  get invocation(): InvocationContext {
    return this.invocationContext;
  }

  /** Loads an artifact of this session (latest version unless `version`). */
  loadArtifact(filename: string, version?: number): Observable<Part | undefined> {
    return defer(() => {
      const service = this.invocationContext.artifactService;
      if (!service) return missingService('artifact');
      return service.loadArtifact({ ...this.location(), filename, ...(version !== undefined ? { version } : {}) });
    });
  }

  /** Saves a new version of an artifact; emits the version and records it in `artifactDelta`. */
  saveArtifact(filename: string, artifact: Part): Observable<number> {
    return defer(() => {
      const service = this.invocationContext.artifactService;
      if (!service) return missingService('artifact');
      return service.saveArtifact({ ...this.location(), filename, artifact }).pipe(
        map((version) => {
          setOwn(this.actions.artifactDelta, filename, version);
          return version;
        }),
      );
    });
  }

  /** Lists the artifact filenames visible from this session. */
  listArtifacts(): Observable<string[]> {
    return defer(() => {
      const service = this.invocationContext.artifactService;
      if (!service) return missingService('artifact');
      return service.listArtifactKeys(this.location());
    });
  }

  /** Searches the user's long-term memory. */
  searchMemory(query: string): Observable<SearchMemoryResponse> {
    return defer(() => {
      const service = this.invocationContext.memoryService;
      if (!service) return missingService('memory');
      return service.searchMemory({ appName: this.appName, userId: this.userId, query });
    });
  }

  private location() {
    return { appName: this.appName, userId: this.userId, sessionId: this.sessionId };
  }
}

function missingService(kind: 'artifact' | 'memory'): Observable<never> {
  const option = kind === 'artifact' ? 'artifactService' : 'memoryService';
  return throwError(
    () => new Error(`No ${kind} service is configured. Pass ${option} to the Runner (InMemoryRunner has one).`),
  );
}
