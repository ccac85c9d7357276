// Scenario "open handles" (rxadk): start a turn whose tool waits 10 s (an RxJS timer), unsubscribe
// after 50 ms, and compare the process's active resources (process.getActiveResourcesInfo():
// timers, sockets, …) before the turn, while the tool waits, and after unsubscribing.
import { timer, map } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { RxadkScriptedLlm, rxadkRunner } from '../frameworks/rxadk.js';
import { USER_ID } from '../frameworks/framework.js';
import { progress } from '../report.js';
import { collectGarbage, sleep } from '../stats.js';

export interface OpenHandlesResult {
  toolDelayMs: number;
  unsubscribeAfterMs: number;
  baseline: string[];
  whileRunning: string[];
  afterUnsubscribe: string[];
  /** Resources present after unsubscribing that were not there before the turn. */
  leaked: string[];
  toolStarted: boolean;
  toolAbortSignalFired: boolean;
  eventsReceived: number;
  storedAtUnsubscribe: number;
  storedLater: number;
}

/** Multiset difference a − b. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const rest = [...b];
  return a.filter((item) => {
    const index = rest.indexOf(item);
    if (index === -1) return true;
    rest.splice(index, 1);
    return false;
  });
}

export async function runOpenHandlesScenario(toolDelayMs = 10_000, unsubscribeAfterMs = 50): Promise<OpenHandlesResult> {
  progress(`open handles: rxadk, a ${toolDelayMs} ms tool, unsubscribe after ${unsubscribeAfterMs} ms`);
  let toolStarted = false;
  let toolAbortSignalFired = false;
  const slowTool = new FunctionTool({
    name: 'wait_0',
    description: `Waits ${toolDelayMs} ms.`,
    parameters: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
    execute: (_args, ctx) => {
      toolStarted = true;
      ctx.abortSignal.addEventListener('abort', () => (toolAbortSignalFired = true), { once: true });
      return timer(toolDelayMs).pipe(map(() => ({ ok: true })));
    },
  });
  const agent = new LlmAgent({
    name: 'slow_agent',
    model: new RxadkScriptedLlm({ calls: [{ name: 'wait_0', args: { label: 'slow' } }], answer: 'Done.' }),
    instruction: 'You run one slow job.',
    tools: [slowTool],
  });
  const runner = rxadkRunner(agent);
  const sessionId = 'handles';
  const storedCount = () => {
    let count = 0;
    runner.sessionService
      .getSession({ appName: runner.appName, userId: USER_ID, sessionId })
      .subscribe((session) => (count = session?.events.length ?? 0));
    return count;
  };

  collectGarbage();
  await sleep(20);
  const baseline = process.getActiveResourcesInfo();

  let eventsReceived = 0;
  const subscription = runner
    .runAsync({ userId: USER_ID, sessionId, newMessage: { role: 'user', parts: [{ text: 'Run the slow job.' }] } })
    .subscribe({ next: () => eventsReceived++ });
  await sleep(unsubscribeAfterMs);
  const whileRunning = process.getActiveResourcesInfo();
  subscription.unsubscribe();
  const storedAtUnsubscribe = storedCount();
  await sleep(20);
  const afterUnsubscribe = process.getActiveResourcesInfo();
  await sleep(100);
  const storedLater = storedCount();

  return {
    toolDelayMs,
    unsubscribeAfterMs,
    baseline,
    whileRunning,
    afterUnsubscribe,
    leaked: minus(afterUnsubscribe, baseline),
    toolStarted,
    toolAbortSignalFired,
    eventsReceived,
    storedAtUnsubscribe,
    storedLater,
  };
}

export function summarizeResources(resources: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const resource of resources) counts.set(resource, (counts.get(resource) ?? 0) + 1);
  return [...counts].map(([name, count]) => (count > 1 ? `${name}×${count}` : name)).join(', ') || '(none)';
}
