import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { JoinNode } from '../../lib/workflow/join-node.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { text, user } from '../support/llm.js';
import { recordingShape } from '../support/workflow-events.js';

function run(agent: Workflow | LlmAgent, message: string) {
  const runner = new InMemoryRunner({ agent, autoCreateSession: true });
  return lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user(message) }).pipe(toArray()));
}

describe('Workflow', () => {
  it('runs a chain of function nodes: outputs as events authored by the workflow, the terminal one for the workflow too', async () => {
    const upper = (_ctx: NodeContext, s: string) => s.toUpperCase();
    const exclaim = (_ctx: NodeContext, s: string) => `${s}!`;
    const events = await run(new Workflow({ name: 'shout', edges: [[START, upper, exclaim]] }), 'hi');
    expect(events.map(recordingShape)).toEqual([
      { author: 'shout', nodeInfo: { path: 'shout@1/upper@1', outputFor: ['shout@1/upper@1'] }, output: 'HI' },
      { author: 'shout', nodeInfo: { path: 'shout@1/exclaim@1', outputFor: ['shout@1/exclaim@1', 'shout@1'] }, output: 'HI!' },
    ]);
  });

  it('fans out on branches and joins (fan_out_fan_in recording)', async () => {
    function make_uppercase(_ctx: NodeContext, s: string) { return s.toUpperCase(); }
    function count_characters(_ctx: NodeContext, s: string) { return s.length; }
    function reverse_string(_ctx: NodeContext, s: string) { return [...s].reverse().join(''); }
    function aggregate(ctx: NodeContext, input: Record<string, unknown>) {
      return ctx.emit(ctx.createEvent({ content: { role: 'user', parts: [{ text: `Uppercase: ${String(input['make_uppercase'])}` }] } }));
    }
    const join = new JoinNode({ name: 'join_for_results' });
    const wf = new Workflow({ name: 'root_agent', edges: [[START, [make_uppercase, count_characters, reverse_string], join, aggregate]] });
    const events = await run(wf, 'go');
    expect(events.map(recordingShape)).toEqual([
      { author: 'root_agent', branch: 'make_uppercase@1', nodeInfo: { path: 'root_agent@1/make_uppercase@1', outputFor: ['root_agent@1/make_uppercase@1'] }, output: 'GO' },
      { author: 'root_agent', branch: 'count_characters@1', nodeInfo: { path: 'root_agent@1/count_characters@1', outputFor: ['root_agent@1/count_characters@1'] }, output: 2 },
      { author: 'root_agent', branch: 'reverse_string@1', nodeInfo: { path: 'root_agent@1/reverse_string@1', outputFor: ['root_agent@1/reverse_string@1'] }, output: 'og' },
      {
        author: 'root_agent',
        nodeInfo: { path: 'root_agent@1/join_for_results@1', outputFor: ['root_agent@1/join_for_results@1'] },
        output: { make_uppercase: 'GO', count_characters: 2, reverse_string: 'og' },
      },
      { author: 'root_agent', content: { role: 'user', parts: [{ text: 'Uppercase: GO' }] }, nodeInfo: { path: 'root_agent@1/aggregate@1' } },
    ]);
  });

  it('runs LLM agents as nodes: their reply is the output, and the next agent gets it as its input (sequence recording)', async () => {
    const fruitModel = new ScriptedLlm([text('Apple')]);
    const benefitModel = new ScriptedLlm([text('Apples have fiber.')]);
    const fruit = new LlmAgent({ name: 'generate_fruit_agent', model: fruitModel, instruction: 'Return a fruit.' });
    const benefit = new LlmAgent({ name: 'generate_benefit_agent', model: benefitModel, instruction: 'Tell a benefit.' });
    const events = await run(new Workflow({ name: 'root_agent', edges: [[START, fruit, benefit]] }), 'go');
    expect(events.map(recordingShape)).toEqual([
      {
        author: 'generate_fruit_agent',
        content: { role: 'model', parts: [{ text: 'Apple' }] },
        nodeInfo: { path: 'root_agent@1/generate_fruit_agent@1', outputFor: ['root_agent@1/generate_fruit_agent@1'], messageAsOutput: true },
      },
      {
        author: 'generate_benefit_agent',
        content: { role: 'model', parts: [{ text: 'Apples have fiber.' }] },
        nodeInfo: {
          path: 'root_agent@1/generate_benefit_agent@1',
          outputFor: ['root_agent@1/generate_benefit_agent@1', 'root_agent@1'],
          messageAsOutput: true,
        },
      },
    ]);
    expect(fruitModel.requests[0]!.contents).toEqual([user('go')]);
    expect(benefitModel.requests[0]!.contents).toEqual([user('Apple')]);
  });
});
