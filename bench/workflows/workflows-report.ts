// The workflow scenarios' tables and their SPEC §14 targets.
import { fanOutWarmupRuns, type ShapeRound, WORKFLOW_SHAPES, type WorkflowShape, type WorkflowsOptions, type WorkflowsRun } from '../scenarios/workflows.js';
import { fmt, table, times } from '../report.js';
import { median } from '../stats.js';

type Clock = 'cpuMs' | 'runMs';

/** µs of one node step in a round: the run's time (wall or CPU) ÷ its node runs. */
function usPerStep(round: ShapeRound, clock: Clock): number {
  return (round[clock] * 1000) / round.steps;
}

/** The median over the rounds of a framework's µs per node step on one graph (NaN when it has none). */
export function medianUsPerStep(run: WorkflowsRun, shape: WorkflowShape, clock: Clock): number {
  return median(run.rounds[shape].map((r) => usPerStep(r, clock)));
}

function range(values: readonly number[], decimals: number): string {
  return values.length ? `${fmt(Math.min(...values), decimals)}–${fmt(Math.max(...values), decimals)}` : '—';
}

const LOOPS: readonly WorkflowShape[] = ['loopSync', 'loopAsync'];

/** The name of the hand-written run without an engine (bench/reference/plain-workflows.ts). */
const FLOOR = 'floor';

/**
 * Each engine's CPU µs per node step above the floor's (the same work without an engine), and
 * the most any engine could be below @google/adk: @google/adk's µs ÷ the floor's, the ratio of an
 * engine that cost nothing beyond the floor.
 */
function floorTable(runs: readonly WorkflowsRun[], floor: WorkflowsRun, options: WorkflowsOptions): string[] {
  const engines = runs.filter((run) => run !== floor);
  const theirs = runs.find((r) => r.framework === '@google/adk');
  const ours = runs.find((r) => r.framework === 'rxadk');
  const rows = WORKFLOW_SHAPES.map(([shape, label]) => {
    const floorUs = medianUsPerStep(floor, shape, 'cpuMs');
    const above = engines.map((run) => fmt(medianUsPerStep(run, shape, 'cpuMs') - floorUs, 1));
    const overheadRatio = ours && theirs ? times((medianUsPerStep(theirs, shape, 'cpuMs') - floorUs) / (medianUsPerStep(ours, shape, 'cpuMs') - floorUs)) : '—';
    const ceiling = theirs ? times(medianUsPerStep(theirs, shape, 'cpuMs') / floorUs) : '—';
    return [label(options), fmt(floorUs, 1), ...above, overheadRatio, ceiling];
  });
  return [
    '\nThe floor: CPU µs per node step of the same work without an engine, and each engine above it (medians over the rounds):',
    table(
      ['graph', 'floor µs/step', ...engines.map((run) => `${run.framework} − floor`), '@google/adk ÷ rxadk above the floor', 'best possible ratio (@google/adk ÷ floor)'],
      rows,
    ),
  ];
}

/**
 * The per-graph table (medians over the rounds of each round's median run), the loops' growth
 * table, the ratio table and the graphs that did not finish.
 *
 * @example
 * ```ts
 * for (const line of workflowsTables(runs, options)) console.log(line);
 * ```
 */
export function workflowsTables(runs: readonly WorkflowsRun[], options: WorkflowsOptions): string[] {
  const rows = WORKFLOW_SHAPES.flatMap(([shape, label]) =>
    runs.map((run) => {
      const rounds = run.rounds[shape];
      const failure = run.failures.find((f) => f.shape === shape);
      if (!rounds.length) return [run.framework, label(options), '—', '—', '—', '—', '—', '—', failure ? 'did not finish' : '—'];
      return [
        run.framework,
        label(options),
        rounds[0]!.steps,
        rounds[0]!.events,
        fmt(median(rounds.map((r) => r.runMs)), 2),
        fmt(medianUsPerStep(run, shape, 'runMs'), 1),
        fmt(medianUsPerStep(run, shape, 'cpuMs'), 1),
        range(rounds.map((r) => usPerStep(r, 'cpuMs')), 1),
        `${rounds.length}${failure ? ', then failed' : ''}`,
      ];
    }),
  );
  const out = [
    table(['framework', 'graph', 'node runs', 'events', 'wall ms/run', 'wall µs/step', 'CPU µs/step', 'rounds CPU µs/step', 'rounds'], rows),
    `(Medians over the rounds of each round's median of ${options.runs} runs, each on a fresh session deleted after it, after a full GC and ` +
      `${options.warmupRuns} warm-up runs (the fan-out: ${fanOutWarmupRuns(options)}, as many node steps). µs/step = time of a run ÷ its node runs, the Runner's turn included. ` +
      `CPU = the process's user + system time (GC and compiler threads too); wall time also counts waiting for a core.)`,
  ];
  out.push(`\nThe routed loops' growth: wall µs per step of the first and last ${options.window} steps (each step stamps its start):`);
  out.push(
    table(
      ['framework', 'step', `first ${options.window} µs/step`, `last ${options.window} µs/step`, 'last/first', 'rounds last/first'],
      LOOPS.flatMap((shape) =>
        runs
          .filter((run) => run.rounds[shape].length)
          .map((run) => {
            const rounds = run.rounds[shape];
            return [
              run.framework,
              shape === 'loopSync' ? 'sync' : 'Promise',
              fmt(median(rounds.map((r) => r.firstWindowUs!)), 1),
              fmt(median(rounds.map((r) => r.lastWindowUs!)), 1),
              times(median(rounds.map((r) => r.growth!)), 2),
              range(rounds.map((r) => r.growth!), 2),
            ];
          }),
      ),
    ),
  );
  const ours = runs.find((r) => r.framework === 'rxadk');
  const theirs = runs.find((r) => r.framework === '@google/adk');
  if (ours && theirs) {
    out.push('\nOverhead ratio (@google/adk µs per node step ÷ rxadk µs per node step, medians over the rounds):');
    out.push(
      table(
        ['graph', 'by CPU time', 'by wall time'],
        WORKFLOW_SHAPES.map(([shape, label]) => [
          label(options),
          times(medianUsPerStep(theirs, shape, 'cpuMs') / medianUsPerStep(ours, shape, 'cpuMs')),
          times(medianUsPerStep(theirs, shape, 'runMs') / medianUsPerStep(ours, shape, 'runMs')),
        ]),
      ),
    );
  }
  const floor = runs.find((r) => r.framework === FLOOR);
  if (floor) out.push(...floorTable(runs, floor, options));
  const failures = runs.flatMap((run) => run.failures.map((f) => [run.framework, WORKFLOW_SHAPES.find(([s]) => s === f.shape)![1](options), f.reason]));
  if (failures.length) {
    out.push('\nGraphs that did not finish (not run again for that framework):');
    out.push(table(['framework', 'graph', 'what happened'], failures));
  }
  return out;
}

/**
 * The workflow rows of the SPEC §14 summary, judged on CPU time: ≥ 20× below @google/adk,
 * ≤ 20 µs per node step, the loop's last `window` steps ≤ 1.3× its first (the sync loop when it
 * ran, else the Promise one). A graph that did not finish is NOT MET.
 *
 * @example
 * ```ts
 * summary.push(...workflowsTargets(runs, options));
 * ```
 */
export function workflowsTargets(runs: readonly WorkflowsRun[], options: WorkflowsOptions): Array<[string, string, string]> {
  const ours = runs.find((r) => r.framework === 'rxadk');
  if (!ours) return [];
  const theirs = runs.find((r) => r.framework === '@google/adk');
  const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  const ran = (run: WorkflowsRun, shape: WorkflowShape) => run.rounds[shape].length > 0 && !run.failures.some((f) => f.shape === shape);
  const label = (shape: WorkflowShape) => WORKFLOW_SHAPES.find(([s]) => s === shape)![1](options);
  const targets: Array<[string, string, string]> = [];
  if (theirs) {
    const ratios = WORKFLOW_SHAPES.map(([shape]) => [shape, medianUsPerStep(theirs, shape, 'cpuMs') / medianUsPerStep(ours, shape, 'cpuMs')] as const);
    const floor = runs.find((r) => r.framework === FLOOR);
    const ceiling = (shape: WorkflowShape) => (floor?.rounds[shape].length ? ` (the floor allows at most ${times(medianUsPerStep(theirs, shape, 'cpuMs') / medianUsPerStep(floor, shape, 'cpuMs'))})` : '');
    targets.push([
      'workflows: overhead ≥ 20× below @google/adk (CPU µs per node step)',
      ratios.map(([shape, r]) => `${label(shape)}: ${ran(ours, shape) ? times(r) : 'did not finish'}${ceiling(shape)}`).join('; '),
      verdict(ratios.every(([shape, r]) => ran(ours, shape) && r >= 20)),
    ]);
  }
  const perStep = WORKFLOW_SHAPES.map(([shape]) => [shape, medianUsPerStep(ours, shape, 'cpuMs')] as const);
  targets.push([
    'workflows: ≤ 20 µs overhead per node step (CPU)',
    perStep.map(([shape, us]) => `${label(shape)}: ${ran(ours, shape) ? `${fmt(us, 1)} µs` : 'did not finish'}`).join('; '),
    verdict(perStep.every(([shape, us]) => ran(ours, shape) && us <= 20)),
  ]);
  const loop = LOOPS.find((shape) => ran(ours, shape));
  if (loop) {
    const growth = median(ours.rounds[loop].map((r) => r.growth!));
    const reference = theirs?.rounds[loop].length ? ` (@google/adk: ${times(median(theirs.rounds[loop].map((r) => r.growth!)), 2)})` : '';
    targets.push([
      `workflows: loop's last ${options.window} steps ≤ 1.3× its first ${options.window}`,
      `rxadk ${times(growth, 2)}, ${label(loop)}${reference}`,
      verdict(growth <= 1.3),
    ]);
  } else {
    targets.push([`workflows: loop's last ${options.window} steps ≤ 1.3× its first ${options.window}`, 'no loop finished', 'NOT MET']);
  }
  return targets;
}
