/**
 * ADK Python's `workflows/route` sample: an agent classifies the input (structured output), a
 * function node routes on the category to one of three branches. Ported from google/adk-python
 * (Apache-2.0); its recording is `shared/workflow-recordings/route/tests/who_are_you.json`.
 */
import { LlmAgent, type NodeContext, START, Workflow } from '../../../lib/index.js';
import { nodeEvent } from '../shared/node-event.js';
import { sampleModel } from '../shared/sample-model.js';

/** The classifier's answer (Python's `InputCategory`). */
interface InputCategory {
  category: 'question' | 'statement' | 'other';
}

const inputCategorySchema = {
  type: 'object',
  properties: { category: { type: 'string', enum: ['question', 'statement', 'other'] } },
  required: ['category'],
};

function process_input(ctx: NodeContext, nodeInput: string) {
  return nodeEvent(ctx, { state: { input: nodeInput } });
}

const classifyInput = new LlmAgent({
  name: 'classify_input',
  model: sampleModel,
  instruction: 'Based on this input, decide which category it belongs to: {input}',
  outputSchema: inputCategorySchema,
  outputKey: 'category',
});

/** Routes on the classification. */
function route_on_category(ctx: NodeContext, category: InputCategory) {
  return nodeEvent(ctx, { route: category.category });
}

const answerQuestion = new LlmAgent({
  name: 'answer_question',
  model: sampleModel,
  instruction: 'Answer the question: {input}',
});

const commentOnStatement = new LlmAgent({
  name: 'comment_on_statement',
  model: sampleModel,
  instruction: 'Comment on the statement: {input}',
});

function handle_other(ctx: NodeContext) {
  return nodeEvent(ctx, { message: 'Sorry I can only answer questions or comment on statements.' });
}

export const rootAgent = new Workflow({
  name: 'root_agent',
  edges: [
    [START, process_input, classifyInput, route_on_category],
    [route_on_category, { question: answerQuestion, statement: commentOnStatement, other: handle_other }],
  ],
});
