// The code samples of docs/workflows.md, kept as tests so that the page cannot rot. Each `it`
// holds one sample as the page shows it (imports aside, plus the counters the checks need), then
// checks what the page says it does.
import { lastValueFrom, map, of, throwError, toArray } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import {
  AgentTool,
  DEFAULT_ROUTE,
  type Event,
  InMemoryRunner,
  JoinNode,
  LlmAgent,
  node,
  NodeError,
  NodeTool,
  type NodeContext,
  RequestInput,
  SequentialAgent,
  START,
  userMessage,
  Workflow,
  WorkflowGraphError,
} from '../../lib/index.js';
import { ScriptedLlm } from '../../lib/testing/index.js';

function runOnce(agent: Workflow | SequentialAgent, text: string): Promise<Event[]> {
  const runner = new InMemoryRunner({ agent, autoCreateSession: true });
  return lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: userMessage(text) }).pipe(toArray()));
}

const outputs = (events: Event[]) => events.filter((e) => e.output !== undefined).map((e) => e.output);
const paths = (events: Event[]) => events.map((e) => e.nodeInfo?.path);

describe('docs/workflows.md', () => {
  it('a chain: each node gets the previous one\'s output; the terminal output is the workflow\'s', async () => {
    const upper = (_ctx: NodeContext, text: string) => text.toUpperCase();
    const exclaim = (_ctx: NodeContext, text: string) => `${text}!`;
    const shout = new Workflow({ name: 'shout', edges: [[START, upper, exclaim]] });

    const events = await runOnce(shout, 'hi');
    expect(outputs(events)).toEqual(['HI', 'HI!']);
    expect(events.map((e) => e.author)).toEqual(['shout', 'shout']);
    expect(events[0]!.nodeInfo).toEqual({ path: 'shout@1/upper@1', outputFor: ['shout@1/upper@1'] });
    expect(events[1]!.nodeInfo).toEqual({ path: 'shout@1/exclaim@1', outputFor: ['shout@1/exclaim@1', 'shout@1'] });
    expect(events[1]!.content).toBeUndefined();
  });

  it('routes: ctx.route picks the edge, DEFAULT_ROUTE catches the rest', async () => {
    function triage(ctx: NodeContext, ticket: string) {
      ctx.route = ticket.includes('refund') ? 'billing' : ticket.includes('crash') ? 'bug' : 'other';
      return ticket;
    }
    const billing = (_ctx: NodeContext, ticket: string) => `billing team: ${ticket}`;
    const bug = (_ctx: NodeContext, ticket: string) => `engineering: ${ticket}`;
    const human = (_ctx: NodeContext, ticket: string) => `a person reads: ${ticket}`;
    const support = new Workflow({
      name: 'support',
      edges: [[START, triage, { billing, bug, [DEFAULT_ROUTE]: human }]],
    });

    const refund = await runOnce(support, 'refund please');
    expect(outputs(refund)).toEqual(['refund please', 'billing team: refund please']);
    expect(refund[0]!.actions.route).toBe('billing');
    expect(outputs(await runOnce(support, 'app crash'))).toEqual(['app crash', 'engineering: app crash']);
    expect(outputs(await runOnce(support, 'hello'))).toEqual(['hello', 'a person reads: hello']);
  });

  it('fan-out and join: branches of their own, the join gets {predecessor: output}', async () => {
    const words = (_ctx: NodeContext, text: string) => text.split(' ').length;
    const letters = (_ctx: NodeContext, text: string) => text.replace(/ /g, '').length;
    const stats = new JoinNode({ name: 'stats' });
    const report = (_ctx: NodeContext, s: { words: number; letters: number }) => `${s.words} words, ${s.letters} letters`;
    const count = new Workflow({ name: 'count', edges: [[START, [words, letters], stats, report]] });

    const events = await runOnce(count, 'to be or not');
    expect(outputs(events)).toEqual([4, 9, { words: 4, letters: 9 }, '4 words, 9 letters']);
    expect(events.map((e) => e.branch)).toEqual(['words@1', 'letters@1', undefined, undefined]);
  });

  it('retry and timeout, marble-tested in virtual time', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ expectObservable }) => {
      let calls = 0;
      const fetchRate = node(
        () => (++calls < 3 ? throwError(() => new Error('503 from the rates API')) : of(1.08)),
        { name: 'fetch_rate', timeout: 10, retryConfig: { maxAttempts: 3, initialDelay: 1, jitter: 0 } },
      );
      const rates = new Workflow({ name: 'rates', edges: [[START, fetchRate]] });
      const runner = new InMemoryRunner({ agent: rates, autoCreateSession: true });

      const seen = runner
        .runAsync({ userId: 'u', sessionId: 's', newMessage: userMessage('EUR/USD') })
        .pipe(map((e) => (e.errorCode ? `${e.errorCode}: ${e.errorMessage}` : e.output)));
      // attempt 1 fails at 0 s, attempt 2 at 1 s, attempt 3 succeeds at 3 s (waits of 1 and 2 s)
      expectObservable(seen).toBe('a 999ms b 1999ms (c|)', {
        a: 'Error: 503 from the rates API',
        b: 'Error: 503 from the rates API',
        c: 1.08,
      });
    });
  });

  it('cancellation: unsubscribing the run unsubscribes every running node at once', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const slowSearch = cold<string>('10s x|', { x: 'results' });
      const slowSummary = cold<string>('20s y|', { y: 'summary' });
      const search = node(() => slowSearch, { name: 'search' });
      const summarize = node(() => slowSummary, { name: 'summarize' });
      const research = new Workflow({ name: 'research', edges: [[START, [search, summarize]]] });
      const runner = new InMemoryRunner({ agent: research, autoCreateSession: true });

      const run = runner.runAsync({ userId: 'u', sessionId: 's', newMessage: userMessage('go') });
      expectObservable(run, '^ 5s !').toBe('');
      expectSubscriptions(slowSearch.subscriptions).toBe('^ 5s !');
      expectSubscriptions(slowSummary.subscriptions).toBe('^ 5s !');
    });
  });

  it('a failure after the last attempt: one error event per attempt, then NodeError; onError routes instead', async () => {
    const charge = node(
      (): number => {
        throw new Error('card declined');
      },
      { name: 'charge' },
    );
    const events: Event[] = [];
    const error = await lastValueFrom(
      new InMemoryRunner({ agent: new Workflow({ name: 'checkout', edges: [[START, charge]] }), autoCreateSession: true })
        .runAsync({ userId: 'u', sessionId: 's', newMessage: userMessage('buy') })
        .pipe(map((e) => events.push(e))),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeError);
    expect((error as NodeError).path).toBe('checkout@1/charge@1');
    expect(((error as NodeError).cause as Error).message).toBe('card declined');
    expect(events.map((e) => [e.errorCode, e.errorMessage])).toEqual([['Error', 'card declined']]);

    const chargeOrFallBack = node(charge, { name: 'charge', onError: 'declined' });
    const apologize = (_ctx: NodeContext, failure: { error: string }) => `Sorry: ${failure.error}.`;
    const checkout = new Workflow({ name: 'checkout', edges: [[START, chargeOrFallBack, { declined: apologize }]] });
    const handled = await runOnce(checkout, 'buy');
    // the error event stays; the fallback gets {error: message} as its input
    expect(handled.map((e) => e.errorCode ?? e.output)).toEqual(['Error', 'Sorry: card declined.']);
  });

  it('human input: RequestInput pauses; the answer, a function response, resumes without re-running finished nodes', async () => {
    let drafted = 0;
    function draft(_ctx: NodeContext, topic: string) {
      drafted++;
      return `A post about ${topic}`;
    }
    function review(_ctx: NodeContext, post: string) {
      return new RequestInput({ message: `Publish this?\n${post}`, responseSchema: { type: 'string', enum: ['yes', 'no'] } });
    }
    function decide(ctx: NodeContext, answer: string) {
      ctx.route = answer;
      return answer;
    }
    const publish = (ctx: NodeContext) => `published: ${String(ctx.state.get('post') ?? 'the post')}`;
    const discard = () => 'discarded';
    const blog = new Workflow({
      name: 'blog',
      edges: [
        [START, draft, review, decide],
        [decide, { yes: publish, no: discard }],
      ],
    });
    const runner = new InMemoryRunner({ agent: blog, autoCreateSession: true });

    // turn 1: the workflow pauses on a long-running adk_request_input call
    const first = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: userMessage('rxjs') }).pipe(toArray()));
    const call = first.flatMap((e) => e.content?.parts ?? []).find((p) => p.functionCall?.name === 'adk_request_input')!.functionCall!;
    const request = first.find((e) => e.content?.parts?.some((p) => p.functionCall === call))!;
    expect(request.longRunningToolIds).toEqual([call.id]);
    expect(call.args).toMatchObject({ message: 'Publish this?\nA post about rxjs' });

    // turn 2, maybe days later, maybe in another process: the answer
    const answer = { role: 'user', parts: [{ functionResponse: { id: call.id, name: 'adk_request_input', response: { result: 'yes' } } }] };
    const second = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: answer }).pipe(toArray()));
    // review's output is the answer (the function response records it); decide and publish run
    expect(outputs(second)).toEqual(['yes', 'published: the post']);
    expect(paths(second)).toEqual(['blog@1/decide@1', 'blog@1/publish@1']);
    expect(second[0]!.actions.route).toBe('yes');
    expect(drafted).toBe(1);
  });

  it('an answer that fails responseSchema gets an error event; the request stays open', async () => {
    const ask = () => new RequestInput({ interruptId: 'size', message: 'S, M or L?', responseSchema: { type: 'string', enum: ['S', 'M', 'L'] } });
    const order = (_ctx: NodeContext, size: string) => `ordered ${size}`;
    const shop = new Workflow({ name: 'shop', edges: [[START, node(ask, { name: 'ask' }), order]] });
    const runner = new InMemoryRunner({ agent: shop, autoCreateSession: true });
    const turn = (response: Record<string, unknown>) =>
      lastValueFrom(
        runner
          .runAsync({ userId: 'u', sessionId: 's', newMessage: { role: 'user', parts: [{ functionResponse: { id: 'size', name: 'adk_request_input', response } }] } })
          .pipe(toArray()),
      );
    await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: userMessage('a shirt') }).pipe(toArray()));
    const refused = await turn({ result: 'XXL' });
    expect(refused).toHaveLength(1);
    expect(refused[0]!.errorMessage).toEqual(expect.stringContaining('size'));
    expect(outputs(await turn({ result: 'M' }))).toEqual(['ordered M']);
  });

  it('from LoopAgent: a routed loop with its counter in the state', async () => {
    const write = (ctx: NodeContext) => `draft ${Number(ctx.state.get('round') ?? 0) + 1}`;
    function critique(ctx: NodeContext, text: string) {
      const round = Number(ctx.state.get('round') ?? 0) + 1;
      ctx.state.set('round', round);
      ctx.route = text.endsWith('3') || round >= 5 ? 'done' : 'again';
      return text;
    }
    const finish = (_ctx: NodeContext, text: string) => `final: ${text}`;
    const refine = new Workflow({
      name: 'refine',
      edges: [
        [START, write, critique],
        [critique, { again: write, done: finish }],
      ],
    });

    const events = await runOnce(refine, 'go');
    expect(outputs(events).at(-1)).toBe('final: draft 3');
    expect(paths(events).filter((p) => p?.includes('/write@'))).toEqual(['refine@1/write@1', 'refine@1/write@2', 'refine@1/write@3']);
  });

  it('from SequentialAgent: agents are nodes; and a Workflow is itself an agent, in a SequentialAgent, as an LlmAgent\'s sub-agent, in an AgentTool', async () => {
    const outline = new LlmAgent({ name: 'outline', model: new ScriptedLlm([{ content: { role: 'model', parts: [{ text: '1. Intro 2. End' }] } }]) });
    const write = new LlmAgent({ name: 'write', model: new ScriptedLlm([{ content: { role: 'model', parts: [{ text: 'Once upon a time.' }] } }]) });
    const story = new Workflow({ name: 'story', edges: [[START, outline, write]] });
    const proofread = new LlmAgent({ name: 'proofread', model: new ScriptedLlm([{ content: { role: 'model', parts: [{ text: 'Looks good.' }] } }]) });
    const pipeline = new SequentialAgent({ name: 'pipeline', subAgents: [story, proofread] });

    const events = await runOnce(pipeline, 'a story');
    expect(events.map((e) => e.author)).toEqual(['outline', 'write', 'proofread']);
    expect(events.map((e) => e.content?.parts?.[0]?.text)).toEqual(['1. Intro 2. End', 'Once upon a time.', 'Looks good.']);

    const upper = (_ctx: NodeContext, text: string) => text.toUpperCase();
    const model = new ScriptedLlm([{ content: { role: 'model', parts: [{ functionCall: { name: 'transfer_to_agent', args: { agent_name: 'shout' } } }] } }]);
    const shout = new Workflow({ name: 'shout', description: 'Shouts the message.', edges: [[START, upper]] });
    const host = new LlmAgent({ name: 'host', model, subAgents: [shout] });

    const transferred = await lastValueFrom(
      new InMemoryRunner({ agent: host, autoCreateSession: true }).runAsync({ userId: 'u', sessionId: 's', newMessage: userMessage('hey') }).pipe(toArray()),
    );
    expect(transferred.map((e) => e.author)).toEqual(['host', 'host', 'shout']);
    expect(transferred.at(-1)!.output).toBe('HEY');

    const caller = new ScriptedLlm([
      { content: { role: 'model', parts: [{ functionCall: { name: 'shout', args: { request: 'hello' } } }] } },
      { content: { role: 'model', parts: [{ text: 'Done.' }] } },
    ]);
    const withTool = new LlmAgent({ name: 'with_tool', model: caller, tools: [new AgentTool({ agent: shout })] });
    const called = await lastValueFrom(
      new InMemoryRunner({ agent: withTool, autoCreateSession: true }).runAsync({ userId: 'u', sessionId: 's', newMessage: userMessage('go') }).pipe(toArray()),
    );
    expect(called.flatMap((e) => e.content?.parts ?? []).find((p) => p.functionResponse)!.functionResponse!.response).toEqual({ result: 'HELLO' });
  });

  it('a node or a workflow offered to a model as a tool (NodeTool)', async () => {
    const upper = (_ctx: NodeContext, text: string) => text.toUpperCase();
    const shout = new Workflow({ name: 'shout', description: 'Shouts the text.', edges: [[START, upper]] });
    const model = new ScriptedLlm([
      { content: { role: 'model', parts: [{ functionCall: { name: 'shout', args: { input: 'hey' } } }] } },
      { content: { role: 'model', parts: [{ text: 'I shouted.' }] } },
    ]);
    const host = new LlmAgent({ name: 'host', model, tools: [new NodeTool(shout)] });

    const events = await lastValueFrom(
      new InMemoryRunner({ agent: host, autoCreateSession: true }).runAsync({ userId: 'u', sessionId: 's', newMessage: userMessage('go') }).pipe(toArray()),
    );
    const response = events.flatMap((e) => e.content?.parts ?? []).find((p) => p.functionResponse)!.functionResponse!;
    expect(response.name).toBe('shout');
    expect(response.response).toEqual({ result: 'HEY' });
  });

  it('graph errors are thrown by the constructor, naming the nodes', () => {
    const a = (_ctx: NodeContext, x: string) => x;
    const b = (_ctx: NodeContext, x: string) => x;
    let caught: unknown;
    try {
      new Workflow({ name: 'broken', edges: [[START, a], [b, a]] });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(WorkflowGraphError);
    expect((caught as WorkflowGraphError).names).toEqual(['b']);
  });
});
