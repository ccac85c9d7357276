// Where a workflow run's or an agent turn's bytes go, by the function that allocated them: V8's
// sampling heap profiler (collected objects included), summed per call frame (function, file,
// line), per node step or per turn. The tool behind the by-function figures of docs/performance.md's
// issue-24 and issue-30 rounds. One process, one kind of work: warm-up runs, then the profiled ones,
// each on a fresh session (a turn: on one session, as bench/turn-probe.ts runs them).
//
//   node dist/bench/allocation-by-function.js [--work fan|loop|async|tiny|turn] [--runs 20] [--warmup 30] [--interval 64] [--top 45]
//
// Printed: the bytes per unit (node step, or turn for `turn`, run for `tiny`), then the top call
// frames by bytes per unit. V8 inlines callees into callers, so a frame's bytes move between runs.
import { rxadk } from './frameworks/rxadk.js';
import { type AllocationNode, sampledAllocationProfile } from './probe-counters.js';
import { rxadkWorkflows } from './workflows/rxadk-workflows.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] ?? fallback : fallback;
}

/** The work to profile: how to run it `count` times, and how many units one run is. */
interface Work {
  run(count: number): Promise<void>;
  unitsPerRun: number;
  unit: string;
}

let sessions = 0;

function workflowWork(graph: string): Work {
  const steps = graph === 'tiny' ? 1 : 1000;
  const app = graph === 'fan' ? rxadkWorkflows.fanOutApp(100) : rxadkWorkflows.loopApp(steps, new Float64Array(steps), graph === 'async' ? 'async' : 'sync');
  return {
    async run(count) {
      for (let i = 0; i < count; i++) {
        const sessionId = `alloc-${++sessions}`;
        await app.createSession(sessionId);
        await app.run(sessionId);
      }
    },
    unitsPerRun: graph === 'tiny' ? 1 : graph === 'fan' ? 102 : steps + 1,
    unit: graph === 'tiny' ? 'run' : 'node step',
  };
}

function turnWork(): Work {
  const app = rxadk.weatherApp();
  const sessionId = 'alloc-turns';
  let created = false;
  return {
    async run(count) {
      if (!created) await app.createSession(sessionId);
      created = true;
      for (let i = 0; i < count; i++) await app.runTurn(sessionId, 'What is the weather in Paris?');
    },
    unitsPerRun: 1,
    unit: 'turn',
  };
}

/** Bytes per call frame (`function file:line`), over the whole profile. */
function bytesByFrame(root: AllocationNode): Map<string, number> {
  const byFrame = new Map<string, number>();
  const walk = (node: AllocationNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${lineNumber + 1}`;
    byFrame.set(key, (byFrame.get(key) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  };
  walk(root);
  return byFrame;
}

async function main(): Promise<void> {
  const kind = option('work', 'fan');
  const runs = Number(option('runs', '20'));
  const work = kind === 'turn' ? turnWork() : workflowWork(kind);
  await work.run(Number(option('warmup', '30')));
  const profile = await sampledAllocationProfile(() => work.run(runs), Number(option('interval', '64')));
  const units = runs * work.unitsPerRun;
  const frames = [...bytesByFrame(profile)].sort((a, b) => b[1] - a[1]);
  const total = frames.reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`rxadk, ${kind}: ${Math.round(total / units)} bytes allocated per ${work.unit} (${runs} runs)`);
  for (const [frame, bytes] of frames.slice(0, Number(option('top', '45')))) console.log(`${String(Math.round(bytes / units)).padStart(7)} B  ${frame}`);
}

await main();
