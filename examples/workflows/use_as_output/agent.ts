/**
 * ADK Python's `workflows/use_as_output` sample: a node runs an agent as a dynamic child
 * (`ctx.runNode`) whose reply is the node's own output (`useAsOutput`). Ported from
 * google/adk-python (Apache-2.0); its recording is
 * `shared/workflow-recordings/use_as_output/tests/go.json`.
 */
import { LlmAgent, node, type NodeContext, START, Workflow } from '../../../lib/index.js';
import { sampleModel } from '../shared/sample-model.js';

const summarizer = new LlmAgent({
  name: 'summarizer',
  model: sampleModel,
  instruction: 'Summarize the following text in one sentence.',
});

const orchestrate = node((ctx: NodeContext, nodeInput: string) => ctx.runNode(summarizer, nodeInput, { useAsOutput: true }), {
  name: 'orchestrate',
  rerunOnResume: true,
});

function finalize(_ctx: NodeContext, nodeInput: string) {
  return `final: ${nodeInput}`;
}

export const rootAgent = new Workflow({
  name: 'root_agent',
  edges: [[START, orchestrate, finalize]],
});
