// What one workflow node step of rxadk costs in counters that do not depend on the machine's load
// (issue 24), and its CPU time per step in this process. One graph per process: 20 warm-up runs,
// then the timed runs, then the counted ones, each on a fresh session.
//
//   node --expose-gc dist/bench/workflow-probe.js [--graph loop|async|fan|tiny] [--runs 60]
//
// `tiny` is a 2-step workflow (START → step → end): its figures are per RUN, the fixed cost of a
// run (the Runner's turn, the session, the workflow's start) that a long graph spreads thin.
//
// Printed: Observable subscriptions per node step (one run); bytes allocated per node step (V8's
// sampling heap profiler, 128-byte interval, objects later collected included, 10 runs); and the
// process's CPU time (all threads) and wall time per node step over `--runs` runs.
import { countSubscriptions, sampledAllocation } from './probe-counters.js';
import { collectGarbage } from './stats.js';
import { rxadkWorkflows } from './workflows/rxadk-workflows.js';
import type { WorkflowApp } from './workflows/workflow-framework.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] ?? fallback : fallback;
}

let sessions = 0;

async function runs(app: WorkflowApp, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const sessionId = `probe-${++sessions}`;
    await app.createSession(sessionId);
    await app.run(sessionId);
  }
}

async function subscriptionsPerRun(app: WorkflowApp): Promise<number> {
  return countSubscriptions(() => runs(app, 1));
}

async function bytesPerRun(app: WorkflowApp, count: number): Promise<number> {
  return (await sampledAllocation(() => runs(app, count), 128)) / count;
}

async function main(): Promise<void> {
  const graph = option('graph', 'loop');
  const timed = Number(option('runs', '60'));
  const loopSteps = graph === 'tiny' ? 1 : 1000;
  const app = graph === 'fan' ? rxadkWorkflows.fanOutApp(100) : rxadkWorkflows.loopApp(loopSteps, new Float64Array(loopSteps), graph === 'async' ? 'async' : 'sync');
  const steps = graph === 'fan' ? 102 : loopSteps + 1;
  const unit = graph === 'tiny' ? 'run' : 'node step';
  const per = graph === 'tiny' ? 1 : steps;
  await runs(app, 20);
  // timed first: the heap profiler's session would add its own work to the process's CPU time
  collectGarbage();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await runs(app, timed);
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const subscriptions = await subscriptionsPerRun(app);
  const bytes = await bytesPerRun(app, graph === 'tiny' ? 200 : 10);
  console.log(`rxadk, ${graph}: ${steps} node steps per run`);
  console.log(`subscriptions per ${unit}: ${(subscriptions / per).toFixed(2)}`);
  console.log(`allocated per ${unit}: ${(bytes / per).toFixed(0)} bytes`);
  console.log(`CPU µs per ${unit}: ${((used.user + used.system) / timed / per).toFixed(1)} (wall ${((wall * 1000) / timed / per).toFixed(1)}), ${timed} runs`);
}

await main();
