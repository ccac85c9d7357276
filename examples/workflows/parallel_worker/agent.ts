/**
 * ADK Python's `workflows/parallel_worker` sample: an agent lists related topics, a function node
 * and then an agent each run once per item of the list (`parallelWorker`), and a node joins the
 * explanations. Ported from google/adk-python (Apache-2.0); its recording is
 * `shared/workflow-recordings/parallel_worker/tests/flower.json`.
 */
import { of } from 'rxjs';
import { LlmAgent, node, type NodeContext, START, Workflow } from '../../../lib/index.js';
import { nodeEvent } from '../shared/node-event.js';
import { sampleModel } from '../shared/sample-model.js';

/** One explanation (Python's `TopicExplanation`). */
interface TopicExplanation {
  topic: string;
  explanation: string;
}

/** Puts the user's input in the state. */
function process_input(ctx: NodeContext, nodeInput: string) {
  return nodeEvent(ctx, { state: { topic: nodeInput } });
}

const findRelatedTopics = new LlmAgent({
  name: 'find_related_topics',
  model: sampleModel,
  instruction: 'Given the specific topic "{topic}", generate a list of 3 related topics.',
  outputSchema: { type: 'array', items: { type: 'string' } },
});

const makeUpperCase = node(
  function make_upper_case(_ctx: NodeContext, nodeInput: string) {
    return of(nodeInput.toUpperCase());
  },
  { parallelWorker: true },
);

const explainTopic = node(
  new LlmAgent({
    name: 'explain_topic',
    model: sampleModel,
    instruction: 'Explain how the following topic relates the the original topic: "{topic}".',
    outputSchema: {
      type: 'object',
      properties: { topic: { type: 'string' }, explanation: { type: 'string' } },
      required: ['topic', 'explanation'],
    },
  }),
  { parallelWorker: true },
);

function aggregate(ctx: NodeContext, nodeInput: TopicExplanation[]) {
  return nodeEvent(ctx, {
    message: nodeInput.map((explanation) => `${explanation.topic}: ${explanation.explanation}`).join('\n\n---\n\n'),
  });
}

export const rootAgent = new Workflow({
  name: 'root_agent',
  edges: [[START, process_input, findRelatedTopics, makeUpperCase, explainTopic, aggregate]],
});
