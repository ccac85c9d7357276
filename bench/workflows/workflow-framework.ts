// What the workflow scenarios need from a framework, so the same scenario code drives rxadk's
// `Workflow` and @google/adk 2.0's on the same graphs.

/** One workflow behind a runner with in-memory sessions. */
export interface WorkflowApp {
  /** Creates an empty session with this id (not timed). */
  createSession(sessionId: string): Promise<void>;
  /** Runs the workflow once to completion on the session; resolves with the events received. */
  run(sessionId: string): Promise<number>;
  /**
   * Deletes the session (not timed): each run's session is dropped after it, so the heap does
   * not carry every earlier run's events (nor another framework's) into the runs measured next.
   */
  deleteSession(sessionId: string): Promise<void>;
}

/** A framework's side of the workflow scenarios. */
export interface WorkflowFramework {
  /** Display name. */
  readonly name: string;
  /**
   * START → `width` function nodes (each returns its index) → a JoinNode → an end node (which
   * counts the join's keys): `width + 2` node runs.
   */
  fanOutApp(width: number): WorkflowApp;
  /**
   * START → a function node that routes back to itself (`again`) until its counter reaches
   * `steps`, then (`done`) to an end node: `steps + 1` node runs. Step `n` (1-based) writes
   * `performance.now()` into `marks[n - 1]` when it starts its work. With `body: 'async'` the
   * step returns its value as a resolved Promise (one microtask hop per step).
   */
  loopApp(steps: number, marks: Float64Array, body: LoopBody): WorkflowApp;
}

/** How the loop's step returns its value: as it is, or as a resolved Promise. */
export type LoopBody = 'sync' | 'async';

/** The user of every workflow run. */
export const WORKFLOW_USER_ID = 'bench_user';

/** The app name of every workflow runner. */
export const WORKFLOW_APP_NAME = 'bench_workflows';

/** The message that starts every run. */
export const WORKFLOW_MESSAGE = 'go';
