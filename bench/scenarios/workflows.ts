// Scenario "workflows" (issue 24, SPEC §14): rxadk's `Workflow` and @google/adk 2.0's on the same
// graphs, each run on a fresh in-memory session:
// - fan-out/fan-in: START → 100 function nodes → a JoinNode → an end node (102 node runs);
// - a routed loop: a function node routes back to itself 1000 times, then to an end node
//   (1001 node runs), its step returning its value as it is ("sync") or as a resolved Promise
//   ("async"); every step stamps its start time, so the last 100 steps can be set against the
//   first 100.
// Each run's session is deleted after it (not timed): a heap that kept every earlier run's events,
// and the other frameworks' (the scenario runs them in one process), put their garbage
// collection into the runs measured next. The node bodies do next to nothing, so a run's time is the engine's (and the Runner's)
// overhead. The floor (bench/reference/plain-workflows.ts) runs the same graphs' work by hand,
// without an engine: what is left of a run's time there no engine can avoid. Each run's wall time and the process's CPU time are taken (on a loaded machine the
// CPU time is the steadier of the two). Rounds are interleaved (each round alternates which
// framework goes first); a framework's figure in a round is the median of its measured runs, and
// the report takes the median over the rounds. A run that does not settle within `hangMs` is
// recorded as a failure (with the last step it reached) and that graph is not run again for that
// framework.
import type { LoopBody, WorkflowApp, WorkflowFramework } from '../workflows/workflow-framework.js';
import { progress } from '../report.js';
import { collectGarbage, median, nowMs } from '../stats.js';

export interface WorkflowsOptions {
  /** Function nodes between START and the join. */
  width: number;
  /** Steps of the routed loop. */
  loopSteps: number;
  /** Interleaved rounds. */
  rounds: number;
  /**
   * Warm-up runs of each loop before each round's measured runs (not measured). The fan-out warms
   * up for as many node steps: {@link fanOutWarmupRuns}.
   */
  warmupRuns: number;
  /** Measured runs of each graph per round and framework. */
  runs: number;
  /** Steps at each end of the loop compared for growth. */
  window: number;
  /** A run that has not settled after this many ms is a failure. */
  hangMs: number;
}

/** The graphs the scenario runs. */
export type WorkflowShape = 'fanOut' | 'loopSync' | 'loopAsync';

/** The graphs, in run order, with their labels. */
export const WORKFLOW_SHAPES: ReadonlyArray<readonly [WorkflowShape, (o: WorkflowsOptions) => string]> = [
  ['fanOut', (o) => `fan-out/fan-in ×${o.width}`],
  ['loopSync', (o) => `routed loop ×${o.loopSteps}, sync step`],
  ['loopAsync', (o) => `routed loop ×${o.loopSteps}, Promise step`],
];

/** One framework's figures for one graph in one round: medians of its measured runs. */
export interface ShapeRound {
  /** Median wall time of one run (ms). */
  runMs: number;
  /** Median process CPU time of one run (ms; user + system, all threads). */
  cpuMs: number;
  /** Node runs in one run. */
  steps: number;
  /** Events the caller received in one run. */
  events: number;
  /** Loops only: median over the runs of (last `window` steps' time ÷ first `window` steps'). */
  growth?: number;
  /** Loops only: median µs per step of the first and the last `window` steps. */
  firstWindowUs?: number;
  lastWindowUs?: number;
}

/** A graph that did not finish for a framework. */
export interface ShapeFailure {
  shape: WorkflowShape;
  /** What happened: the error, or "did not settle within N s", with the last loop step reached. */
  reason: string;
}

/** One framework's rounds. */
export interface WorkflowsRun {
  framework: string;
  rounds: Record<WorkflowShape, ShapeRound[]>;
  failures: ShapeFailure[];
}

interface Timed {
  ms: number[];
  cpuMs: number[];
  events: number;
}

class RunFailed extends Error {}

/** Numbers every session of the scenario, so no id is used twice on an app. */
let sessionCount = 0;

/** `promise`, or a {@link RunFailed} when it has not settled after `ms`. */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RunFailed(`did not settle within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

/** Runs one app `runs` times, each on a fresh session; each run's wall and CPU time. */
async function timedRuns(app: WorkflowApp, label: string, runs: number, hangMs: number, afterRun?: () => void): Promise<Timed> {
  const ms: number[] = [];
  const cpuMs: number[] = [];
  let events = 0;
  for (let i = 0; i < runs; i++) {
    const sessionId = `${label}${++sessionCount}`;
    await app.createSession(sessionId);
    const cpu = process.cpuUsage();
    const start = nowMs();
    events = await withinMs(app.run(sessionId), hangMs);
    ms.push(nowMs() - start);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
    await app.deleteSession(sessionId);
    afterRun?.();
  }
  return { ms, cpuMs, events };
}

/**
 * The fan-out's warm-up runs: as many node steps as a loop's `warmupRuns` (a fan-out run has a
 * tenth of a loop run's steps; with as few runs its code is measured before the JIT is done).
 *
 * @example
 * ```ts
 * fanOutWarmupRuns({ width: 100, loopSteps: 1000, warmupRuns: 30, ... }); // 294
 * ```
 */
export function fanOutWarmupRuns(options: WorkflowsOptions): number {
  return Math.round((options.warmupRuns * (options.loopSteps + 1)) / (options.width + 2));
}

function fanOutRound(framework: WorkflowFramework, options: WorkflowsOptions) {
  const app = framework.fanOutApp(options.width);
  return async (): Promise<ShapeRound> => {
    collectGarbage();
    await timedRuns(app, 'warm', fanOutWarmupRuns(options), options.hangMs);
    const { ms, cpuMs, events } = await timedRuns(app, 'fan', options.runs, options.hangMs);
    return { runMs: median(ms), cpuMs: median(cpuMs), steps: options.width + 2, events };
  };
}

/** The steps a loop run reached (marks are zeroed before each run). */
function stepsReached(marks: Float64Array): number {
  const next = marks.indexOf(0);
  return next === -1 ? marks.length : next;
}

function loopRound(framework: WorkflowFramework, options: WorkflowsOptions, body: LoopBody) {
  const { window, loopSteps } = options;
  const marks = new Float64Array(loopSteps);
  const app = framework.loopApp(loopSteps, marks, body);
  const round = async (): Promise<ShapeRound> => {
    collectGarbage();
    await timedRuns(app, 'warm', options.warmupRuns, options.hangMs, () => marks.fill(0));
    const first: number[] = [];
    const last: number[] = [];
    // step n's cost: from its start to the next step's start
    const { ms, cpuMs, events } = await timedRuns(app, 'loop', options.runs, options.hangMs, () => {
      first.push(marks[window]! - marks[0]!);
      last.push(marks[loopSteps - 1]! - marks[loopSteps - 1 - window]!);
      marks.fill(0);
    });
    return {
      runMs: median(ms),
      cpuMs: median(cpuMs),
      steps: loopSteps + 1,
      events,
      growth: median(first.map((f, i) => last[i]! / f)),
      firstWindowUs: (median(first) * 1000) / window,
      lastWindowUs: (median(last) * 1000) / window,
    };
  };
  return { round, reached: () => stepsReached(marks) };
}

/**
 * Runs every graph for every framework in `options.rounds` interleaved rounds (odd rounds in the
 * given order, even rounds reversed).
 *
 * @example
 * ```ts
 * const runs = await runWorkflowsScenario([rxadkWorkflows, adkWorkflows], { width: 100, loopSteps: 1000, rounds: 4, warmupRuns: 20, runs: 10, window: 100, hangMs: 30_000 });
 * ```
 */
export async function runWorkflowsScenario(frameworks: readonly WorkflowFramework[], options: WorkflowsOptions): Promise<WorkflowsRun[]> {
  const runs = new Map<WorkflowFramework, WorkflowsRun>(
    frameworks.map((f) => [f, { framework: f.name, rounds: { fanOut: [], loopSync: [], loopAsync: [] }, failures: [] }]),
  );
  const shapes = new Map(
    frameworks.map((f) => {
      const sync = loopRound(f, options, 'sync');
      const async = loopRound(f, options, 'async');
      return [
        f,
        new Map<WorkflowShape, { round: () => Promise<ShapeRound>; reached?: () => number }>([
          ['fanOut', { round: fanOutRound(f, options) }],
          ['loopSync', sync],
          ['loopAsync', async],
        ]),
      ];
    }),
  );
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? frameworks : [...frameworks].reverse();
    for (const framework of order) {
      const run = runs.get(framework)!;
      for (const [shape, label] of WORKFLOW_SHAPES) {
        if (run.failures.some((f) => f.shape === shape)) continue;
        progress(`workflows round ${round + 1}/${options.rounds}: ${framework.name}, ${label(options)}`);
        const { round: measure, reached } = shapes.get(framework)!.get(shape)!;
        try {
          run.rounds[shape].push(await measure());
        } catch (error) {
          const where = reached ? ` (the loop reached step ${reached()} of ${options.loopSteps})` : '';
          const reason = `${error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error)}${where}`;
          progress(`  failed: ${reason}`);
          run.failures.push({ shape, reason });
        }
      }
    }
  }
  collectGarbage();
  return [...runs.values()];
}
