import { concat, lastValueFrom, of, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { JoinNode } from '../../lib/workflow/join-node.js';
import { node } from '../../lib/workflow/node.js';
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

  it('runs a long chain and a long routed loop of synchronous nodes in constant stack (500 steps each)', async () => {
    const steps = Array.from({ length: 500 }, (_, i) => node((_ctx: NodeContext, n: number) => n + 1, { name: `step_${i}` }));
    const first = node((_ctx: NodeContext, _message: string) => 0, { name: 'zero' });
    const chain = await run(new Workflow({ name: 'chain', edges: [[START, first, ...steps]] }), 'go');
    expect(chain).toHaveLength(501);
    expect(chain.at(-1)?.output).toBe(500);

    const count = node((ctx: NodeContext, n: number | string) => {
      const next = typeof n === 'number' ? n + 1 : 1;
      ctx.route = next < 500 ? 'again' : 'done';
      return next;
    }, { name: 'count' });
    const end = node((_ctx: NodeContext, n: number) => `counted ${n}`, { name: 'end' });
    const loop = await run(new Workflow({ name: 'loop', edges: [[START, count], [count, { again: count, done: end }]] }), 'go');
    expect(loop).toHaveLength(501);
    expect(loop.at(-1)?.output).toBe('counted 500');
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

  it('routes through an emitted event, loops through a route, and writes state through events (loop_self recording)', async () => {
    const guesses = [10, 1, 0, 4, 3];
    const message = (ctx: NodeContext, t: string) => ctx.emit(ctx.createEvent({ content: { role: 'user', parts: [{ text: t }] } }));
    function validate_input(ctx: NodeContext, input: string) {
      return ctx.emit(ctx.createEvent({ actions: { stateDelta: { target_number: Number(input) } } }));
    }
    function guess_number(ctx: NodeContext) {
      const guess = guesses.shift()!;
      const correct = guess === ctx.state.get('target_number');
      return concat(message(ctx, `Guessing ${guess}...`), correct ? message(ctx, 'Correct!') : ctx.emit(ctx.createEvent({ actions: { route: 'guessed_wrong' } })));
    }
    const wf = new Workflow({ name: 'root_agent', edges: [[START, validate_input, guess_number], [guess_number, { guessed_wrong: guess_number }]] });
    const events = await run(wf, '3');
    const say = (n: number, t: string) => ({ author: 'root_agent', content: { role: 'user', parts: [{ text: t }] }, nodeInfo: { path: `root_agent@1/guess_number@${n}` } });
    const wrong = (n: number) => ({ author: 'root_agent', actions: { route: 'guessed_wrong' }, nodeInfo: { path: `root_agent@1/guess_number@${n}` } });
    expect(events.map(recordingShape)).toEqual([
      { author: 'root_agent', actions: { stateDelta: { target_number: 3 } }, nodeInfo: { path: 'root_agent@1/validate_input@1' } },
      say(1, 'Guessing 10...'), wrong(1),
      say(2, 'Guessing 1...'), wrong(2),
      say(3, 'Guessing 0...'), wrong(3),
      say(4, 'Guessing 4...'), wrong(4),
      say(5, 'Guessing 3...'), say(5, 'Correct!'),
    ]);
  });

  it('commits ctx.state writes with the node\'s output event, and later nodes read them (state recording)', async () => {
    function process_initial_input(ctx: NodeContext, input: string) {
      ctx.state.set('original_text', input);
      return input;
    }
    function update_state_via_event(ctx: NodeContext, input: string) {
      return ctx.emit(ctx.createEvent({ actions: { stateDelta: { uppercased_text: input.toUpperCase() } } }));
    }
    function read_state_via_ctx(ctx: NodeContext) {
      const result = `${String(ctx.state.get('uppercased_text'))} (Original was: ${String(ctx.state.get('original_text'))})`;
      ctx.state.set('appended_text', result);
      return result;
    }
    function read_state_via_param(ctx: NodeContext) {
      return `Final Result: ${String(ctx.state.get('appended_text'))}!`;
    }
    const wf = new Workflow({ name: 'state_sample', edges: [[START, process_initial_input, update_state_via_event, read_state_via_ctx, read_state_via_param]] });
    expect((await run(wf, 'go')).map(recordingShape)).toEqual([
      { author: 'state_sample', actions: { stateDelta: { original_text: 'go' } }, nodeInfo: { outputFor: ['state_sample@1/process_initial_input@1'], path: 'state_sample@1/process_initial_input@1' }, output: 'go' },
      { author: 'state_sample', actions: { stateDelta: { uppercased_text: 'GO' } }, nodeInfo: { path: 'state_sample@1/update_state_via_event@1' } },
      {
        author: 'state_sample',
        actions: { stateDelta: { appended_text: 'GO (Original was: go)' } },
        nodeInfo: { outputFor: ['state_sample@1/read_state_via_ctx@1'], path: 'state_sample@1/read_state_via_ctx@1' },
        output: 'GO (Original was: go)',
      },
      {
        author: 'state_sample',
        nodeInfo: { outputFor: ['state_sample@1/read_state_via_param@1', 'state_sample@1'], path: 'state_sample@1/read_state_via_param@1' },
        output: 'Final Result: GO (Original was: go)!',
      },
    ]);
  });

  it('routes on an LLM agent\'s structured output (route recording)', async () => {
    function process_input(ctx: NodeContext, input: string) {
      return ctx.emit(ctx.createEvent({ actions: { stateDelta: { input } } }));
    }
    const classifyModel = new ScriptedLlm([text('{"category": "question"}')]);
    const classify_input = new LlmAgent({
      name: 'classify_input',
      model: classifyModel,
      instruction: 'Based on this input, decide which category it belongs to: {input}',
      outputSchema: { type: 'object', properties: { category: { type: 'string', enum: ['question', 'statement', 'other'] } }, required: ['category'] },
      outputKey: 'category',
    });
    function route_on_category(ctx: NodeContext, category: { category: string }) {
      return ctx.emit(ctx.createEvent({ actions: { route: category.category } }));
    }
    const answer_question = new LlmAgent({ name: 'answer_question', model: new ScriptedLlm([text('I am a model.')]), instruction: 'Answer: {input}' });
    const comment_on_statement = new LlmAgent({ name: 'comment_on_statement', model: new ScriptedLlm([]), instruction: 'Comment: {input}' });
    function handle_other() { return undefined; }
    const wf = new Workflow({
      name: 'root_agent',
      edges: [
        [START, process_input, classify_input, route_on_category],
        [route_on_category, { question: answer_question, statement: comment_on_statement, other: handle_other }],
      ],
    });
    const events = await run(wf, 'who are you');
    expect(events.map(recordingShape)).toEqual([
      { author: 'root_agent', actions: { stateDelta: { input: 'who are you' } }, nodeInfo: { path: 'root_agent@1/process_input@1' } },
      {
        author: 'classify_input',
        actions: { stateDelta: { category: { category: 'question' } } },
        content: { role: 'model', parts: [{ text: '{"category": "question"}' }] },
        nodeInfo: { messageAsOutput: true, outputFor: ['root_agent@1/classify_input@1'], path: 'root_agent@1/classify_input@1' },
      },
      { author: 'root_agent', actions: { route: 'question' }, nodeInfo: { path: 'root_agent@1/route_on_category@1' } },
      {
        author: 'answer_question',
        content: { role: 'model', parts: [{ text: 'I am a model.' }] },
        nodeInfo: { messageAsOutput: true, outputFor: ['root_agent@1/answer_question@1', 'root_agent@1'], path: 'root_agent@1/answer_question@1' },
      },
    ]);
    expect(classifyModel.requests[0]!.config.systemInstruction).toMatch(/decide which category it belongs to: who are you/);
  });

  it('runs a nested workflow as a node: its nodes\' paths under the node\'s, its terminal output for both (nested_workflow recording)', async () => {
    function process_input(ctx: NodeContext, input: string) {
      return ctx.emit(ctx.createEvent({ actions: { stateDelta: { year: input } } }));
    }
    const find_name = new LlmAgent({ name: 'find_name', model: new ScriptedLlm([text('Ada')]), instruction: 'Name someone born in {year}.' });
    const generate_bio = new LlmAgent({ name: 'generate_bio', model: new ScriptedLlm([text('Ada was great.')]), instruction: 'Bio.' });
    const find_famous_person = new Workflow({ name: 'find_famous_person', edges: [[START, find_name, generate_bio]] });
    const find_historical_event = new LlmAgent({ name: 'find_historical_event', model: new ScriptedLlm([text('An event.')]), instruction: 'Event in {year}.' });
    const join = new JoinNode({ name: 'join_for_aggregation' });
    function aggregate_results(ctx: NodeContext, input: Record<string, string>) {
      return ctx.emit(ctx.createEvent({ content: { role: 'user', parts: [{ text: `${input['find_famous_person']} / ${input['find_historical_event']}` }] } }));
    }
    const wf = new Workflow({ name: 'root_agent', edges: [[START, process_input, [find_famous_person, find_historical_event], join, aggregate_results]] });
    const events = await run(wf, '1984');
    const reply = (author: string, t: string, path: string, outputFor: string[], branch: string) => ({
      author, branch, content: { role: 'model', parts: [{ text: t }] }, nodeInfo: { messageAsOutput: true, outputFor, path },
    });
    expect(events.map(recordingShape)).toEqual([
      { author: 'root_agent', actions: { stateDelta: { year: '1984' } }, nodeInfo: { path: 'root_agent@1/process_input@1' } },
      reply('find_name', 'Ada', 'root_agent@1/find_famous_person@1/find_name@1', ['root_agent@1/find_famous_person@1/find_name@1'], 'find_famous_person@1'),
      reply(
        'generate_bio', 'Ada was great.', 'root_agent@1/find_famous_person@1/generate_bio@1',
        ['root_agent@1/find_famous_person@1/generate_bio@1', 'root_agent@1/find_famous_person@1'], 'find_famous_person@1',
      ),
      reply('find_historical_event', 'An event.', 'root_agent@1/find_historical_event@1', ['root_agent@1/find_historical_event@1'], 'find_historical_event@1'),
      {
        author: 'root_agent',
        nodeInfo: { outputFor: ['root_agent@1/join_for_aggregation@1'], path: 'root_agent@1/join_for_aggregation@1' },
        output: { find_famous_person: 'Ada was great.', find_historical_event: 'An event.' },
      },
      { author: 'root_agent', content: { role: 'user', parts: [{ text: 'Ada was great. / An event.' }] }, nodeInfo: { path: 'root_agent@1/aggregate_results@1' } },
    ]);
  });

  it('maps a node over a list with ParallelWorker: children on their own branches, outputs in input order (parallel_worker recording)', async () => {
    const make_upper_case = node(function make_upper_case(_ctx: NodeContext, s: string) { return of(s.toUpperCase()); }, { parallelWorker: true });
    const wf = new Workflow({ name: 'root_agent', edges: [[START, (function split(_ctx: NodeContext, s: string) { return s.split(','); }), make_upper_case]] });
    const events = await run(wf, 'gardening,plants,botany');
    expect(events.map(recordingShape).slice(1)).toEqual([
      ...['GARDENING', 'PLANTS', 'BOTANY'].map((output, i) => ({
        author: 'root_agent',
        branch: `make_upper_case@${i + 1}`,
        nodeInfo: { outputFor: [`root_agent@1/make_upper_case@1/make_upper_case@${i + 1}`], path: `root_agent@1/make_upper_case@1/make_upper_case@${i + 1}` },
        output,
      })),
      {
        author: 'root_agent',
        nodeInfo: { outputFor: ['root_agent@1/make_upper_case@1', 'root_agent@1'], path: 'root_agent@1/make_upper_case@1' },
        output: ['GARDENING', 'PLANTS', 'BOTANY'],
      },
    ]);
  });

  it('runs a dynamic child with ctx.runNode; useAsOutput makes its output the parent\'s (use_as_output recording)', async () => {
    const summarizer = new LlmAgent({ name: 'summarizer', model: new ScriptedLlm([text('Short.')]), instruction: 'Summarize.' });
    const orchestrate = node((ctx: NodeContext, input: string) => ctx.runNode(summarizer, input, { useAsOutput: true }), { name: 'orchestrate', rerunOnResume: true });
    function finalize(_ctx: NodeContext, input: string) { return `final: ${input}`; }
    const events = await run(new Workflow({ name: 'root_agent', edges: [[START, orchestrate, finalize]] }), 'go');
    expect(events.map(recordingShape)).toEqual([
      {
        author: 'summarizer',
        content: { role: 'model', parts: [{ text: 'Short.' }] },
        nodeInfo: { messageAsOutput: true, outputFor: ['root_agent@1/orchestrate@1/summarizer@1', 'root_agent@1/orchestrate@1'], path: 'root_agent@1/orchestrate@1/summarizer@1' },
      },
      { author: 'root_agent', nodeInfo: { outputFor: ['root_agent@1/finalize@1', 'root_agent@1'], path: 'root_agent@1/finalize@1' }, output: 'final: Short.' },
    ]);
  });
});
