import { from, lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { createEvent } from '../../lib/events/event.js';
import { nodeHostEvents } from '../../lib/runner/node-host-events.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { node } from '../../lib/workflow/node.js';
import { NodeTool } from '../../lib/workflow/node-tool.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';

const discount = new NodeTool(node(() => '5%', { name: 'calculate_discount' }));

describe('nodeHostEvents', () => {
  it('stamps the own events of a root LlmAgent with NodeTools with nodeInfo {path: name@1}, leaving node events and other authors alone', async () => {
    const host = new LlmAgent({ name: 'shop', model: new ScriptedLlm([]), tools: [discount] });
    const stamp = nodeHostEvents(host)!;
    const events = [
      createEvent({ author: 'shop', content: { role: 'model', parts: [{ text: 'hi' }] } }),
      createEvent({ author: 'calculate_discount', nodeInfo: { path: 'calculate_discount@1', outputFor: ['calculate_discount@1'] }, output: '5%' }),
      createEvent({ author: 'helper', content: { role: 'model', parts: [{ text: 'x' }] } }),
      createEvent({ author: 'shop', nodeInfo: { path: 'elsewhere@1' } }),
    ];
    const stamped = await lastValueFrom(from(events).pipe(stamp, toArray()));
    expect(stamped.map((e) => e.nodeInfo)).toEqual([{ path: 'shop@1' }, { path: 'calculate_discount@1', outputFor: ['calculate_discount@1'] }, undefined, { path: 'elsewhere@1' }]);
    expect(events[0]!.nodeInfo).toBeUndefined();
  });

  it('is no operator for a root without NodeTools, or one that is not an LlmAgent', () => {
    const plain = new LlmAgent({ name: 'plain', model: new ScriptedLlm([]), tools: [new FunctionTool({ name: 'f', description: 'f', execute: () => 1 })] });
    expect(nodeHostEvents(plain)).toBeUndefined();
    expect(nodeHostEvents(new Workflow({ name: 'wf', edges: [[START, node(() => 1, { name: 'one' })]] }))).toBeUndefined();
  });
});
