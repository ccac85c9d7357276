import type { Content } from '@google/genai';
import { concat, lastValueFrom, of, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { Event } from '../../lib/events/event.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { NodeTool } from '../../lib/workflow/node-tool.js';
import { node } from '../../lib/workflow/node.js';
import { RequestInput } from '../../lib/workflow/request-input.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { calls, text, user } from '../support/llm.js';

function turn(runner: InMemoryRunner, message: Content): Promise<Event[]> {
  return lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: message }).pipe(toArray()));
}

function answer(id: string, response: Record<string, unknown>): Content {
  return { role: 'user', parts: [{ functionResponse: { id, name: 'adk_request_input', response } }] };
}

/** `author path: what` for each event. */
function shape(event: Event): string {
  const where = event.nodeInfo?.path ? ` ${event.nodeInfo.path}` : '';
  const part = event.content?.parts?.[0];
  const what =
    event.errorCode !== undefined ? `error ${event.errorCode}`
    : event.output !== undefined ? `output ${JSON.stringify(event.output)}`
    : part?.functionCall ? `call ${part.functionCall.name}`
    : part?.functionResponse ? `response ${part.functionResponse.name} ${JSON.stringify(part.functionResponse.response)}`
    : part?.text !== undefined ? `text ${part.text}`
    : 'empty';
  return `${event.author}${where}: ${what}`;
}

function session(runner: InMemoryRunner) {
  return lastValueFrom(runner.sessionService.getSession({ appName: runner.appName, userId: 'u1', sessionId: 's1' })).then((s) => s!);
}

describe('NodeTool', () => {
  it('stores the node events, pauses without a response when the node asks for input, and resumes the call with the answer', async () => {
    let runs = 0;
    const discount = node(
      (ctx: NodeContext, { tier }: { tier: string }) => {
        runs++;
        const message = ctx.emit(ctx.createEvent({ content: { role: 'user', parts: [{ text: `Checking ${tier}` }] } }));
        const answer = ctx.resumeInputs['confirm'] as { text?: string } | undefined;
        return concat(message, of(answer ? (answer.text === 'yes' ? '20% off' : '5% off') : new RequestInput({ interruptId: 'confirm', message: 'VIP discount?' })));
      },
      { name: 'calculate_discount', rerunOnResume: true, inputSchema: { type: 'object', properties: { tier: { type: 'string' } }, required: ['tier'] } },
    );
    const model = new ScriptedLlm([calls({ name: 'calculate_discount', args: { tier: 'VIP' } }), text('You get 20% off.')]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'shop', model, tools: [new NodeTool(discount)] }), autoCreateSession: true });

    const first = await turn(runner, user('my discount?'));
    expect(first.map(shape)).toEqual([
      'shop shop@1: call calculate_discount',
      'calculate_discount calculate_discount@1: text Checking VIP',
      'calculate_discount calculate_discount@1: call adk_request_input',
    ]);
    const callId = first[0]!.content!.parts![0]!.functionCall!.id!;
    expect(first[0]!.longRunningToolIds).toEqual([callId]);
    expect(first.slice(1).map((e) => e.branch)).toEqual([`calculate_discount@${callId}`, `calculate_discount@${callId}`]);
    expect(first[2]!.longRunningToolIds).toEqual(['confirm']);
    expect(model.requests).toHaveLength(1);

    const second = await turn(runner, answer('confirm', { text: 'yes' }));
    expect(second.map(shape)).toEqual([
      'calculate_discount calculate_discount@1: text Checking VIP',
      'calculate_discount calculate_discount@1: output "20% off"',
      'shop shop@1: response calculate_discount {"result":"20% off"}',
      'shop shop@1: text You get 20% off.',
    ]);
    expect(runs).toBe(2);
    const stored = await session(runner);
    const userAnswer = stored.events.find((e) => e.author === 'user' && e.content?.parts?.[0]?.functionResponse);
    expect(userAnswer!.branch).toBe(`calculate_discount@${callId}`);
    // the model sees its call and the call's response, not the node's events nor the human's answer
    expect(model.requests[1]!.contents.map((c) => [c.role, Object.keys(c.parts![0]!)[0]])).toEqual([
      ['user', 'text'],
      ['model', 'functionCall'],
      ['user', 'functionResponse'],
    ]);
  });

  it('completes the node with the answer as its output without rerunOnResume, and fast-forwards finished nodes of a workflow', async () => {
    let lookups = 0;
    function lookup(_ctx: NodeContext, input: string) {
      lookups++;
      return `tier of ${input}`;
    }
    function ask(_ctx: NodeContext, tier: string) {
      return new RequestInput({ interruptId: 'ok', message: `Apply ${tier}?` });
    }
    const flow = new Workflow({ name: 'approve', description: 'Approves a discount.', edges: [[START, lookup, ask]] });
    const model = new ScriptedLlm([calls({ name: 'approve', args: { input: 'c1' } }), text('Done.')]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'shop', model, tools: [new NodeTool(flow)] }), autoCreateSession: true });
    await turn(runner, user('approve c1'));
    const second = await turn(runner, answer('ok', { result: 'approved' }));
    // as in a workflow, the answer completes the paused node without an event of its own; the
    // workflow, left with no event of this run, records its completion
    expect(second.map(shape)).toEqual(['approve approve@1: empty', 'shop shop@1: response approve {"result":"approved"}', 'shop shop@1: text Done.']);
    expect(lookups).toBe(1);
  });

  it('refuses an answer that does not match the responseSchema: an error event on the call branch, no response, the model is not called; a later answer resumes', async () => {
    const pick = node(() => new RequestInput({ interruptId: 'size', message: 'Size?', responseSchema: { type: 'string', enum: ['S', 'M'] } }), { name: 'pick_size' });
    const model = new ScriptedLlm([calls({ name: 'pick_size', args: { input: 'shirt' } }), text('Size M it is.')]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'shop', model, tools: [new NodeTool(pick)] }), autoCreateSession: true });
    const first = await turn(runner, user('a shirt'));
    const callId = first[0]!.content!.parts![0]!.functionCall!.id!;
    const refused = await turn(runner, answer('size', { result: 'XXL' }));
    expect(refused.map(shape)).toEqual(['pick_size pick_size@1: error InvalidInputResponse']);
    expect(refused[0]!.branch).toBe(`pick_size@${callId}`);
    expect(refused[0]!.errorMessage).toMatch(/The answer to input request size does not match its responseSchema/);
    expect(model.requests).toHaveLength(1);
    const accepted = await turn(runner, answer('size', { result: 'M' }));
    expect(accepted.map(shape)).toEqual(['shop shop@1: response pick_size {"result":"M"}', 'shop shop@1: text Size M it is.']);
  });

  it('leaves the call open when the node asks again, and the turn ends', async () => {
    const ask = node(
      (ctx: NodeContext) => (Object.hasOwn(ctx.resumeInputs, 'second') ? 'both' : new RequestInput({ interruptId: Object.hasOwn(ctx.resumeInputs, 'first') ? 'second' : 'first', message: '?' })),
      { name: 'twice', rerunOnResume: true },
    );
    const model = new ScriptedLlm([calls({ name: 'twice', args: { input: 'go' } }), text('Finished.')]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'host', model, tools: [new NodeTool(ask)] }), autoCreateSession: true });
    await turn(runner, user('go'));
    const again = await turn(runner, answer('first', { result: 'a' }));
    expect(again.map(shape)).toEqual(['twice twice@1: call adk_request_input']);
    expect(model.requests).toHaveLength(1);
    const done = await turn(runner, answer('second', { result: 'b' }));
    expect(done.map(shape)).toEqual(['twice twice@1: output "both"', 'host host@1: response twice {"result":"both"}', 'host host@1: text Finished.']);
  });

  it('routes the answer to the sub-agent that made the call', async () => {
    const confirm = node(
      (ctx: NodeContext) => (Object.hasOwn(ctx.resumeInputs, 'go') ? 'confirmed' : new RequestInput({ interruptId: 'go', message: 'Go?' })),
      { name: 'confirm', rerunOnResume: true },
    );
    const workerModel = new ScriptedLlm([calls({ name: 'confirm', args: { input: 'x' } }), text('Worker done.')]);
    const worker = new LlmAgent({ name: 'worker', description: 'Works.', model: workerModel, tools: [new NodeTool(confirm)], disallowTransferToParent: true });
    const rootModel = new ScriptedLlm([calls({ name: 'transfer_to_agent', args: { agent_name: 'worker' } })]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'root', model: rootModel, subAgents: [worker] }), autoCreateSession: true });
    await turn(runner, user('work'));
    const answered = await turn(runner, answer('go', { result: 'yes' }));
    expect(answered.map(shape)).toEqual(['confirm confirm@1: output "confirmed"', 'worker: response confirm {"result":"confirmed"}', 'worker: text Worker done.']);
  });
});
