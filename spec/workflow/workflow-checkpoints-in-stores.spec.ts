import type { Content } from '@google/genai';
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { App } from '../../lib/apps/app.js';
import { Runner } from '../../lib/runner/runner.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { node } from '../../lib/workflow/node.js';
import { NodeStatus } from '../../lib/workflow/node-status.js';
import { RequestInput } from '../../lib/workflow/request-input.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { user } from '../support/llm.js';
import { type OpenStore, REAL_STORES } from '../support/real-stores.js';

describe.each(REAL_STORES)('Workflow checkpoints in a real store (%s)', (_name, open) => {
  let store: OpenStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('stores the node-state checkpoints as JSON and resumes from them: by invocationId after a failure, then by the answer to an input request, in one invocation', async () => {
    const runs: string[] = [];
    let failures = 1;
    const quiet = node(() => void runs.push('quiet'), { name: 'quiet' });
    const flaky = node(() => {
      runs.push('flaky');
      if (failures-- > 0) throw new Error('flaky down');
      return 'ok';
    }, { name: 'flaky' });
    const ask = node(() => (runs.push('ask'), new RequestInput({ interruptId: 'ok?', message: 'OK?' })), { name: 'ask' });
    const done = node((_c: NodeContext, answer: string) => (runs.push('done'), `done: ${answer}`), { name: 'done' });
    const wf = new Workflow({ name: 'wf', edges: [[START, quiet, flaky, ask, done]] });
    const runner = new Runner({ app: new App({ name: 'app', rootAgent: wf, resumability: { isResumable: true } }), sessionService: store.service, autoCreateSession: true });
    const ref = { appName: 'app', userId: 'u1', sessionId: 's-cp' };
    const turn = (request: { newMessage?: Content; invocationId?: string }) => lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's-cp', ...request }).pipe(toArray()));
    const stored = async () => (await firstValueFrom(store.service.getSession(ref)))!.events;

    await expect(turn({ newMessage: user('go') })).rejects.toThrow('flaky down');
    const invocationId = (await stored())[0]!.invocationId;
    expect((await stored()).filter((e) => e.actions.agentState).at(-1)!.actions.agentState).toEqual({
      nodes: { quiet: { status: NodeStatus.COMPLETED, interrupts: [], run_id: '1' }, flaky: { status: NodeStatus.RUNNING, interrupts: [], run_id: '1' } },
    });

    await turn({ invocationId });
    expect(runs).toEqual(['quiet', 'flaky', 'flaky', 'ask']);
    expect((await stored()).filter((e) => e.actions.agentState).at(-1)!.actions.agentState).toMatchObject({ nodes: { ask: { status: NodeStatus.WAITING, interrupts: ['ok?'] } } });

    const last = await turn({ newMessage: { role: 'user', parts: [{ functionResponse: { id: 'ok?', name: 'adk_request_input', response: { result: 'yes' } } }] } });
    expect(last.filter((e) => e.output !== undefined).map((e) => e.output)).toEqual(['done: yes']);
    expect(last.at(-1)!.actions.endOfAgent).toBe(true);
    expect(runs).toEqual(['quiet', 'flaky', 'flaky', 'ask', 'done']);
    const events = await stored();
    expect(new Set(events.map((e) => e.invocationId))).toEqual(new Set([invocationId]));
    expect(events.filter((e) => e.actions.endOfAgent).length).toBe(1);
  });
});
