// Scenario "heap" (issue 11, item 8): nothing of a run may stay reachable once the run is over,
// even when a tool hangs a listener that closes over its context on `ctx.abortSignal` (the call's
// signal, linked to the run's). Rounds of runs through a fresh InMemoryRunner each (dropped
// after the round); a full GC and `heapUsed` after each round; the growth from the first round to
// the last is the figure (target < 8 MB for 3 × 1,000 runs).
import { count, lastValueFrom } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { USER_ID } from '../frameworks/framework.js';
import { RxadkScriptedLlm, rxadkRunner } from '../frameworks/rxadk.js';
import { fmt, progress, table } from '../report.js';
import { sleep } from '../stats.js';

export interface AbortListenerHeapOptions {
  rounds: number;
  runs: number;
}

export interface AbortListenerHeapResult extends AbortListenerHeapOptions {
  /** `heapUsed` after a full GC, before the first round (bytes). */
  baseline: number;
  /** `heapUsed` after a full GC at the end of each round, the Runner dropped (bytes). */
  afterRound: number[];
  /** Growth from the first round to the last, in MB (1 MB = 2^20 bytes). */
  growthMb: number;
}

/** A tool that hangs an abort listener capturing its context on the call's signal. */
function listeningTool(): FunctionTool {
  return new FunctionTool({
    name: 'touch',
    description: 'Touches the state.',
    parameters: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
    execute: (_args, ctx) => {
      ctx.abortSignal.addEventListener('abort', () => ctx.state.get('x'));
      return { ok: true };
    },
  });
}

function newRunner(): InMemoryRunner {
  const agent = new LlmAgent({
    name: 'heap_agent',
    model: new RxadkScriptedLlm({ calls: [{ name: 'touch', args: { label: 'x' } }], answer: 'Done.' }),
    instruction: 'You touch the state.',
    tools: [listeningTool()],
  });
  return rxadkRunner(agent);
}

/** Full GCs with turns of the event loop between them (finalizers and weak-listener cleanups run there). */
async function settledHeapUsed(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('The heap scenario needs node --expose-gc.');
  for (let i = 0; i < 4; i++) {
    gc();
    await sleep(10);
  }
  gc();
  return process.memoryUsage().heapUsed;
}

/** One round: a fresh Runner, `runs` turns (each in a new session), then the Runner is dropped. */
async function round(index: number, runs: number): Promise<number> {
  let runner: InMemoryRunner | undefined = newRunner();
  let events = 0;
  for (let i = 0; i < runs; i++) {
    const newMessage = { role: 'user', parts: [{ text: `run ${i}` }] };
    events += await lastValueFrom(runner.runAsync({ userId: USER_ID, sessionId: `r${index}-${i}`, newMessage }).pipe(count()));
  }
  if (events !== runs * 3) throw new Error(`Round ${index}: expected ${runs * 3} events (call, response, answer), got ${events}.`);
  runner = undefined;
  return settledHeapUsed();
}

export async function runAbortListenerHeapScenario(options: AbortListenerHeapOptions): Promise<AbortListenerHeapResult> {
  const baseline = await settledHeapUsed();
  const afterRound: number[] = [];
  for (let i = 1; i <= options.rounds; i++) {
    progress(`heap: round ${i}/${options.rounds}, ${options.runs} runs with a tool abort listener capturing ctx`);
    afterRound.push(await round(i, options.runs));
  }
  const growthMb = (afterRound[afterRound.length - 1]! - afterRound[0]!) / (1024 * 1024);
  return { ...options, baseline, afterRound, growthMb };
}

/** The report of one heap run: a table per round and the growth line. */
export function heapReport(result: AbortListenerHeapResult, targetMb: number): string {
  const mb = (bytes: number) => bytes / (1024 * 1024);
  return [
    table(
      ['round', 'heapUsed MB', 'vs. start MB'],
      result.afterRound.map((bytes, i) => [String(i + 1), fmt(mb(bytes), 2), fmt(mb(bytes - result.baseline), 2)]),
    ),
    `heap growth round 1 → round ${result.rounds}: ${fmt(result.growthMb, 2)} MB ` +
      `(target < ${targetMb} MB): ${result.growthMb < targetMb ? 'PASS' : 'FAIL'}`,
  ].join('\n');
}
