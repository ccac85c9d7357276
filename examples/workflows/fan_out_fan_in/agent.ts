/**
 * ADK Python's `workflows/fan_out_fan_in` sample: three function nodes on the same input, a
 * `JoinNode` that waits for all three, and a node that reports their outputs. Ported from
 * google/adk-python (Apache-2.0); its recording is
 * `shared/workflow-recordings/fan_out_fan_in/tests/go.json`.
 */
import { JoinNode, type NodeContext, START, Workflow } from '../../../lib/index.js';
import { nodeEvent } from '../shared/node-event.js';

function make_uppercase(_ctx: NodeContext, nodeInput: string) {
  return nodeInput.toUpperCase();
}

function count_characters(_ctx: NodeContext, nodeInput: string) {
  return [...nodeInput].length;
}

function reverse_string(_ctx: NodeContext, nodeInput: string) {
  return [...nodeInput].reverse().join('');
}

const joinNode = new JoinNode({ name: 'join_for_results' });

function aggregate(ctx: NodeContext, nodeInput: { make_uppercase: string; count_characters: number; reverse_string: string }) {
  return nodeEvent(ctx, {
    message:
      `Uppercase: ${nodeInput.make_uppercase}\n\n` +
      `Character Count: ${nodeInput.count_characters}\n\n` +
      `Reversed: ${nodeInput.reverse_string}\n\n`,
  });
}

export const rootAgent = new Workflow({
  name: 'root_agent',
  edges: [[START, [make_uppercase, count_characters, reverse_string], joinNode, aggregate]],
});
