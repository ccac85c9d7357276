import type { AgentExecutionEvent, AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import { finalize, lastValueFrom, Subject, tap } from 'rxjs';
import type { Runner } from '../runner/runner.js';
import { defaultIdGenerator, type IdGenerator } from '../utils/ids.js';
import { statusUpdate } from './adk-event-to-a2a-events.js';
import { STREAMING_STATE_KEY } from './streaming-state-key.js';
import { isTerminalState, TASK_STATES } from './task-states.js';
import { taskTurn } from './task-turn.js';
import { untilCanceled } from './until-canceled.js';

/** A task this executor has run: its context, and the notifier that cancels its running turn. */
interface TaskHandle {
  readonly contextId: string;
  readonly cancel: Subject<void>;
}

/**
 * The `@a2a-js/sdk` `AgentExecutor` over a Runner (the SDK's Promise API is the boundary: each
 * call subscribes to a cold pipeline once). `execute` runs {@link taskTurn} and publishes its
 * events; `cancelTask` unsubscribes the running turn — its tools see `ctx.abortSignal` fire —
 * and publishes `canceled`; a task paused for input is canceled at once.
 *
 * @example
 * ```ts
 * const handler = new sdk.DefaultRequestHandler(card, new sdk.InMemoryTaskStore(), new RunnerAgentExecutor(runner));
 * ```
 */
export class RunnerAgentExecutor implements AgentExecutor {
  /** The SDK names tasks by id when it cancels them: the handles of tasks not yet ended. */
  private readonly tasks = new Map<string, TaskHandle>();

  constructor(
    private readonly runner: Runner,
    private readonly ids: IdGenerator = defaultIdGenerator,
  ) {}

  execute(request: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const handle: TaskHandle = { contextId: request.contextId, cancel: new Subject<void>() };
    this.tasks.set(request.taskId, handle);
    const streaming = request.context.state.get(STREAMING_STATE_KEY) === true;
    const turn = taskTurn(this.runner, request, streaming, this.ids).pipe(
      untilCanceled(handle.cancel, () => this.canceled(request.taskId, handle.contextId)),
      tap((event) => {
        bus.publish(event);
        if (endsTask(event)) this.forget(request.taskId, handle);
      }),
      finalize(() => handle.cancel.complete()),
    );
    return lastValueFrom(turn, { defaultValue: undefined }).then(() => undefined);
  }

  cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    const handle = this.tasks.get(taskId);
    if (handle?.cancel.observed) handle.cancel.next();
    else {
      this.tasks.delete(taskId);
      bus.publish(this.canceled(taskId, handle?.contextId ?? ''));
    }
    return Promise.resolve();
  }

  private canceled(taskId: string, contextId: string): AgentExecutionEvent {
    return { kind: 'statusUpdate', data: statusUpdate({ taskId, contextId }, TASK_STATES.canceled, undefined, {}) };
  }

  /** A turn that ended its task forgets it; one that paused for input keeps it cancelable. */
  private forget(taskId: string, handle: TaskHandle): void {
    if (this.tasks.get(taskId) === handle) this.tasks.delete(taskId);
  }
}

function endsTask(event: AgentExecutionEvent): boolean {
  return event.kind === 'statusUpdate' && isTerminalState(event.data.status?.state);
}
