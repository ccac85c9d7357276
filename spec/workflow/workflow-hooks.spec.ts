import { jest } from '@jest/globals';
import { lastValueFrom, toArray } from 'rxjs';
import { LoggingPlugin } from '../../lib/plugins/builtin/logging-plugin.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import type { NodeHookInfo } from '../../lib/plugins/node-hook-info.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { recordingInstrumentation, type RecordedSpan } from '../../lib/telemetry/recording-instrumentation.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { node } from '../../lib/workflow/node.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { user } from '../support/llm.js';
import { recordingShape } from '../support/workflow-events.js';

describe('Workflow plugin hooks and spans', () => {
  const ran: string[] = [];
  function fetch(_ctx: NodeContext, s: string) { ran.push('fetch'); return `fetched ${s}`; }
  function report(_ctx: NodeContext, s: string) { ran.push('report'); return `report of ${s}`; }
  beforeEach(() => (ran.length = 0));

  it('beforeNodeCallback: a value skips the node and is its output; afterNodeCallback: a value replaces the output before it is committed', async () => {
    const seen: string[] = [];
    const plugin = createPlugin({
      name: 'nodes',
      beforeNodeCallback: (_ctx, node: NodeHookInfo, input) => {
        seen.push(`before ${node.path} #${node.attempt} ${JSON.stringify(input)}`);
        return node.name === 'fetch' ? 'cached' : undefined;
      },
      afterNodeCallback: (ctx, node, output) => {
        seen.push(`after ${node.path} ${JSON.stringify(output)}`);
        if (node.name !== 'report') return undefined;
        ctx.state.set('reported', true);
        return `${String(output)} (checked)`;
      },
    });
    const runner = new InMemoryRunner({ agent: new Workflow({ name: 'wf', edges: [[START, fetch, report]] }), plugins: [plugin], autoCreateSession: true });
    const events = await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('x') }).pipe(toArray()));
    expect(ran).toEqual(['report']);
    expect(seen).toEqual(['before wf@1/fetch@1 #1 "x"', 'after wf@1/fetch@1 "cached"', 'before wf@1/report@1 #1 "cached"', 'after wf@1/report@1 "report of cached"']);
    expect(events.map(recordingShape)).toEqual([
      { author: 'wf', nodeInfo: { path: 'wf@1/fetch@1', outputFor: ['wf@1/fetch@1'] }, output: 'cached' },
      { author: 'wf', actions: { stateDelta: { reported: true } }, nodeInfo: { path: 'wf@1/report@1', outputFor: ['wf@1/report@1', 'wf@1'] }, output: 'report of cached (checked)' },
    ]);
  });

  it('traces invoke_workflow and one execute_node per node run, nested under the agent', async () => {
    const spans: RecordedSpan[] = [];
    const runner = new Runner({
      appName: 'app',
      agent: new Workflow({ name: 'wf', edges: [[START, fetch, report]] }),
      sessionService: new InMemorySessionService(),
      autoCreateSession: true,
      instrumentation: recordingInstrumentation({ onSpanEnd: (span) => spans.push(span) }),
    });
    await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('x') }).pipe(toArray()));
    const byName = new Map(spans.map((s) => [s.name, s]));
    expect([...byName.keys()].sort()).toEqual(['execute_node fetch', 'execute_node report', 'invocation', 'invoke_agent wf', 'invoke_workflow wf']);
    expect(byName.get('invoke_workflow wf')!.parent_span_id).toBe(byName.get('invoke_agent wf')!.span_id);
    expect(byName.get('execute_node fetch')!.parent_span_id).toBe(byName.get('invoke_workflow wf')!.span_id);
    expect(byName.get('execute_node report')!.attributes).toMatchObject({ 'rxadk.node.path': 'wf@1/report@1', 'rxadk.workflow.name': 'wf' });
  });

  it('puts a route that matches no edge in the log and in the trace, and ends that branch', async () => {
    const spans: RecordedSpan[] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pick = (ctx: NodeContext) => {
      ctx.route = 'sideways';
      return 'picked';
    };
    const left = (_ctx: NodeContext) => 'left';
    const wf = new Workflow({ name: 'wf', edges: [[START, node(pick, { name: 'pick' }), { left: node(left, { name: 'left' }) }]] });
    const runner = new Runner({
      appName: 'app',
      agent: wf,
      sessionService: new InMemorySessionService(),
      autoCreateSession: true,
      instrumentation: recordingInstrumentation({ onSpanEnd: (span) => spans.push(span) }),
    });
    const events = await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('x') }).pipe(toArray()));
    const message = 'Workflow node "pick" took route "sideways", which no edge matches: this branch ends here.';
    expect(events.map((e) => [e.nodeInfo?.path, e.output, e.actions.route])).toEqual([['wf@1/pick@1', 'picked', 'sideways']]);
    expect(warn).toHaveBeenCalledWith(`[rxadk] ${message}`);
    const warning = spans.find((s) => s.name === 'warning')!;
    expect(warning.attributes).toEqual({ 'rxadk.warning': message });
    expect(warning.parent_span_id).toBe(spans.find((s) => s.name === 'invoke_workflow wf')!.span_id);
    warn.mockRestore();
  });

  it('is logged by LoggingPlugin, node by node', async () => {
    const lines: string[] = [];
    const runner = new InMemoryRunner({ agent: new Workflow({ name: 'wf', edges: [[START, fetch]] }), plugins: [new LoggingPlugin({ log: (l) => lines.push(l), color: false })], autoCreateSession: true });
    await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('x') }).pipe(toArray()));
    const text = lines.join('\n');
    expect(text).toMatch(/NODE STARTING[\s\S]*Node: wf@1\/fetch@1 \(attempt 1\)[\s\S]*Input: "x"/);
    expect(text).toMatch(/NODE COMPLETED[\s\S]*Output: "fetched x"/);
  });
});
