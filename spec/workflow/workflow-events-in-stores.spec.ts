import type { Content } from '@google/genai';
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { Runner } from '../../lib/runner/runner.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { node } from '../../lib/workflow/node.js';
import { RequestInput } from '../../lib/workflow/request-input.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { user } from '../support/llm.js';
import { type OpenStore, REAL_STORES } from '../support/real-stores.js';

describe.each(REAL_STORES)('Workflow events in a real store (%s)', (_name, open) => {
  let store: OpenStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('keeps nodeInfo, output and actions.route, and resumes from what it stored', async () => {
    const pick = node((ctx: NodeContext, s: string) => ((ctx.route = ['a', 'b']), { picked: s }), { name: 'pick' });
    const ask = node(() => new RequestInput({ interruptId: 'ok', message: 'OK?' }), { name: 'ask' });
    const done = node((_ctx: NodeContext, answer: string) => `done: ${answer}`, { name: 'done' });
    const wf = new Workflow({ name: 'wf', edges: [[START, pick, { a: ask, b: node(() => undefined, { name: 'quiet' }) }], [ask, done]] });
    const runner = new Runner({ appName: 'app', agent: wf, sessionService: store.service, autoCreateSession: true });
    const turn = (message: Content) => lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's-wf', newMessage: message }).pipe(toArray()));
    await turn(user('x'));
    const stored = (await firstValueFrom(store.service.getSession({ appName: 'app', userId: 'u1', sessionId: 's-wf' })))!.events;
    expect(stored[1]).toMatchObject({ nodeInfo: { path: 'wf@1/pick@1', outputFor: ['wf@1/pick@1'] }, output: { picked: 'x' }, actions: { route: ['a', 'b'] } });
    expect(stored.find((e) => e.nodeInfo?.path === 'wf@1/ask@1')!.longRunningToolIds).toEqual(['ok']);
    const resumed = await turn({ role: 'user', parts: [{ functionResponse: { id: 'ok', name: 'adk_request_input', response: { result: 'yes' } } }] });
    expect(resumed.map((e) => [e.nodeInfo?.path, e.output])).toEqual([['wf@1/done@1', 'done: yes']]);
  });
});
