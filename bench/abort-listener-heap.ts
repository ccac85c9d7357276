// The heap test of abort-signal wiring (issue 11, item 8), on its own:
//
//   npm run build && node dist/bench/abort-listener-heap.js [--rounds 3] [--runs 1000] [--target-mb 8] [--assert]
//
// (`npm run bench` runs it too, as its scenario "heap".) Each round builds a fresh InMemoryRunner
// (LlmAgent + the bench's scripted model + a FunctionTool that adds an abort listener capturing
// its ctx), runs `--runs` turns through it, drops the Runner, forces a full GC and records
// heapUsed. It reports the growth from round 1 to the last round; the target is < 8 MB.
// Re-runs itself under `node --expose-gc` when it lacks it. Reports only; with `--assert` the
// exit code is 1 when the target is missed.
import { respawnWithGc } from './respawn-with-gc.js';
import { benchOptions } from './bench-options.js';
import { heading } from './report.js';
import { heapReport, runAbortListenerHeapScenario } from './scenarios/abort-listener-heap.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const { int } = benchOptions(argv);
  const targetMb = int('target-mb', 8);
  const result = await runAbortListenerHeapScenario({ rounds: int('rounds', 3), runs: int('runs', 1000) });
  console.log(heading(`Heap after each round: ${result.runs} runs, a tool abort listener capturing ctx (Node ${process.version})`));
  console.log(heapReport(result, targetMb));
  if (argv.includes('--assert') && result.growthMb >= targetMb) process.exitCode = 1;
}

if (!respawnWithGc(import.meta.url)) {
  main().then(
    () => undefined,
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
