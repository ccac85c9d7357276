import type { Content } from '@google/genai';
import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import type { Event } from '../../lib/events/event.js';
import { AgentTool } from '../../lib/runner/agent-tool.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
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

const upper = (_ctx: NodeContext, s: string) => s.toUpperCase();
const exclaim = (_ctx: NodeContext, s: string) => `${s}!`;

describe('Workflow wherever an agent goes', () => {
  it('is an LlmAgent sub-agent: transfer to it, it runs from the message at its own paths, and the next turn goes back to the parent', async () => {
    const shout = new Workflow({ name: 'shout', description: 'Shouts the message.', edges: [[START, node(upper, { name: 'upper' }), node(exclaim, { name: 'exclaim' })]] });
    const model = new ScriptedLlm([calls({ name: 'transfer_to_agent', args: { agent_name: 'shout' } }), text('Back with the coordinator.')]);
    const coordinator = new LlmAgent({ name: 'coordinator', model, subAgents: [shout] });
    const runner = new InMemoryRunner({ agent: coordinator, autoCreateSession: true });
    const first = await turn(runner, user('hello'));
    expect(first.map((e) => [e.author, e.nodeInfo?.path, e.output])).toEqual([
      ['coordinator', undefined, undefined],
      ['coordinator', undefined, undefined],
      ['shout', 'shout@1/upper@1', 'HELLO'],
      ['shout', 'shout@1/exclaim@1', 'HELLO!'],
    ]);
    expect(first[3]!.nodeInfo!.outputFor).toEqual(['shout@1/exclaim@1', 'shout@1']);
    const second = await turn(runner, user('thanks'));
    expect(second.map(simplifyEvent)).toEqual(['coordinator: Back with the coordinator.']);
  });

  it('pauses for input as a sub-agent, and the answer is routed back to it', async () => {
    function ask() { return new RequestInput({ interruptId: 'name', message: 'Your name?' }); }
    function greet(_ctx: NodeContext, name: string) { return `Hello, ${name}`; }
    const greeter = new Workflow({ name: 'greeter', description: 'Greets.', edges: [[START, ask, greet]] });
    const model = new ScriptedLlm([calls({ name: 'transfer_to_agent', args: { agent_name: 'greeter' } })]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'coordinator', model, subAgents: [greeter] }), autoCreateSession: true });
    await turn(runner, user('hi'));
    const answered = await turn(runner, { role: 'user', parts: [{ functionResponse: { id: 'name', name: 'adk_request_input', response: { result: 'Ada' } } }] });
    expect(answered.map((e) => [e.author, e.nodeInfo?.path, e.output])).toEqual([['greeter', 'greeter@1/greet@1', 'Hello, Ada']]);
    expect(model.requests).toHaveLength(1);
  });

  it('runs inside an AgentTool: the tool result is the workflow\'s output', async () => {
    const shout = new Workflow({ name: 'shout', description: 'Shouts.', edges: [[START, node(upper, { name: 'upper' })]] });
    const model = new ScriptedLlm([calls({ name: 'shout', args: { request: 'hey' } }), text('done')]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'assistant', model, tools: [new AgentTool({ agent: shout })] }), autoCreateSession: true });
    const events = await turn(runner, user('go'));
    expect(events.map(simplifyEvent)).toEqual(['assistant: call shout({"request":"hey"})', 'assistant: shout returned {"result":"HEY"}', 'assistant: done']);
  });

  it('runs in a SequentialAgent, before an LlmAgent', async () => {
    const shout = new Workflow({ name: 'shout', edges: [[START, node(upper, { name: 'upper' })]] });
    const after = new LlmAgent({ name: 'after', model: new ScriptedLlm([text('seen')]) });
    const runner = new InMemoryRunner({ agent: new SequentialAgent({ name: 'seq', subAgents: [shout, after] }), autoCreateSession: true });
    const events = await turn(runner, user('hi'));
    expect(events.map((e) => [e.author, e.output ?? e.content?.parts?.[0]?.text])).toEqual([['shout', 'HI'], ['after', 'seen']]);
  });

  it('is offered to a model as a NodeTool: parameters from inputSchema (or {input: string}); its events are stored before the response; the output is the result', async () => {
    function lookup_customer_data(ctx: NodeContext, args: { user_id: string }) {
      ctx.state.set('looked_up', args.user_id);
      return { user_id: args.user_id, tier: 'VIP' };
    }
    const lookup = new Workflow({
      name: 'customer_lookup_workflow',
      description: 'Looks up customer status and tier by user_id.',
      inputSchema: { type: 'object', properties: { user_id: { type: 'string' } }, required: ['user_id'] },
      edges: [[START, lookup_customer_data]],
    });
    const discount = node((_ctx: NodeContext, tier: string) => (tier.includes('VIP') ? '20% off' : '5% off'), { name: 'calculate_discount', description: 'Discount for a tier.' });
    const model = new ScriptedLlm([
      calls({ name: 'customer_lookup_workflow', args: { user_id: 'c123' } }, { name: 'calculate_discount', args: { input: 'VIP' } }),
      text('20% for you.'),
    ]);
    const agent = new LlmAgent({ name: 'customer_service_agent', model, tools: [new NodeTool(lookup), new NodeTool(discount)] });
    const runner = new InMemoryRunner({ agent, autoCreateSession: true });
    const events = await turn(runner, user('discount for c123?'));
    expect(events.map(simplifyEvent)).toEqual([
      'customer_service_agent: call customer_lookup_workflow({"user_id":"c123"}) | call calculate_discount({"input":"VIP"})',
      'customer_lookup_workflow: state {"looked_up":"c123"}',
      'calculate_discount: (empty)',
      'customer_service_agent: customer_lookup_workflow returned {"user_id":"c123","tier":"VIP"} | calculate_discount returned {"result":"20% off"}',
      'customer_service_agent: 20% for you.',
    ]);
    const callIds = (events[0]!.content!.parts ?? []).map((p) => p.functionCall!.id!);
    expect(events.slice(1, 3).map((e) => [e.nodeInfo, e.branch, e.output])).toEqual([
      [{ path: 'customer_lookup_workflow@1/lookup_customer_data@1', outputFor: ['customer_lookup_workflow@1/lookup_customer_data@1', 'customer_lookup_workflow@1'] }, `customer_lookup_workflow@${callIds[0]}`, { user_id: 'c123', tier: 'VIP' }],
      [{ path: 'calculate_discount@1', outputFor: ['calculate_discount@1'] }, `calculate_discount@${callIds[1]}`, '20% off'],
    ]);
    expect(events[0]!.longRunningToolIds).toEqual(callIds);
    expect(events.filter((e) => e.author === 'customer_service_agent').map((e) => e.nodeInfo)).toEqual([1, 2, 3].map(() => ({ path: 'customer_service_agent@1' })));
    // the model sees the calls and their responses, not the nodes' own events
    expect(model.requests[1]!.contents.map((c) => c.parts?.map((p) => Object.keys(p)[0]))).toEqual([['text'], ['functionCall', 'functionCall'], ['functionResponse', 'functionResponse']]);
    expect((model.requests[0]!.config.tools![0] as { functionDeclarations?: unknown }).functionDeclarations).toEqual([
      {
        name: 'customer_lookup_workflow',
        description: 'Looks up customer status and tier by user_id.',
        parameters: { type: 'OBJECT', properties: { user_id: { type: 'STRING' } }, required: ['user_id'] },
      },
      { name: 'calculate_discount', description: 'Discount for a tier.', parameters: { type: 'OBJECT', properties: { input: { type: 'STRING' } }, required: ['input'] } },
    ]);
    expect(events[1]!.actions.stateDelta).toEqual({ looked_up: 'c123' });
    expect(events[3]!.actions.stateDelta).toEqual({});
    const session = await lastValueFrom(runner.sessionService.getSession({ appName: runner.appName, userId: 'u1', sessionId: 's1' }));
    expect(session!.state['looked_up']).toBe('c123');
  });
});
