// Two builds of rxadk on one workflow graph, in ONE process, in alternating rounds (issue 24): the
// before/after of a change to the engine, with both builds seeing the same machine load from
// moment to moment (two processes run minutes apart on a shared 2-core machine differ by more
// than most changes do). Each build is a compiled `dist/` folder (`npx tsc -p
// tsconfig.build.json --outDir /tmp/before/dist`, with a `node_modules` link beside it); each
// imports its own copy of the engine, and both share the one rxjs.
//
//   node dist/bench/workflow-ab.js DIST_A DIST_B [--graph fan|loop|async] [--runs 30] [--rounds 10]
//
// Printed: each build's median over the rounds of its median CPU µs per node step (process CPU,
// all threads, per run), and the median of the per-round ratios B ÷ A (what a change is judged
// by: an A/A run of one build against itself reads 0.99–1.01).
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WorkflowApp, WorkflowFramework } from './workflows/workflow-framework.js';

type Graph = 'fan' | 'loop' | 'async';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

async function appOf(dist: string, graph: Graph): Promise<WorkflowApp> {
  const folder = isAbsolute(dist) ? dist : resolve(dist);
  const { rxadkWorkflows } = (await import(pathToFileURL(`${folder}/bench/workflows/rxadk-workflows.js`).href)) as { rxadkWorkflows: WorkflowFramework };
  return graph === 'fan' ? rxadkWorkflows.fanOutApp(100) : rxadkWorkflows.loopApp(1000, new Float64Array(1000), graph === 'async' ? 'async' : 'sync');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

let sessions = 0;

/** The median CPU µs per node step of `runs` runs, each on a fresh session. */
async function medianUsPerStep(app: WorkflowApp, runs: number, steps: number): Promise<number> {
  const perStep: number[] = [];
  for (let i = 0; i < runs; i++) {
    const sessionId = `ab-${++sessions}`;
    await app.createSession(sessionId);
    const before = process.cpuUsage();
    await app.run(sessionId);
    const used = process.cpuUsage(before);
    perStep.push((used.user + used.system) / steps);
    // not timed: the heap carries no earlier run's session into the next runs (of either build)
    await app.deleteSession(sessionId);
  }
  return median(perStep);
}

async function main(): Promise<void> {
  const [distA, distB] = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));
  if (!distA || !distB) throw new Error('usage: node dist/bench/workflow-ab.js DIST_A DIST_B [--graph fan|loop|async] [--runs 30] [--rounds 10]');
  const graph = option('graph', 'loop') as Graph;
  const runs = Number(option('runs', '30'));
  const rounds = Number(option('rounds', '10'));
  const steps = graph === 'fan' ? 102 : 1001;
  const apps = [await appOf(distA, graph), await appOf(distB, graph)] as const;
  for (const app of apps) await medianUsPerStep(app, runs * 2, steps); // warm-up
  const figures: [number[], number[]] = [[], []];
  for (let round = 0; round < rounds; round++) {
    // alternate which build goes first
    for (const which of round % 2 === 0 ? [0, 1] : [1, 0]) figures[which as 0 | 1].push(await medianUsPerStep(apps[which as 0 | 1], runs, steps));
  }
  const ratios = figures[0].map((a, i) => figures[1][i]! / a);
  console.log(`${graph}: A ${median(figures[0]).toFixed(2)} µs/step, B ${median(figures[1]).toFixed(2)} µs/step, B ÷ A ${median(ratios).toFixed(3)} (median of ${rounds} rounds × ${runs} runs)`);
}

await main();
