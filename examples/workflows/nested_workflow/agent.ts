/**
 * ADK Python's `workflows/nested_workflow` sample: a workflow runs as one node of another, beside
 * an agent; a `JoinNode` waits for both and a node combines them. Ported from google/adk-python
 * (Apache-2.0); its recording is `shared/workflow-recordings/nested_workflow/tests/1984.json`.
 */
import { concat, defer, throwError } from 'rxjs';
import { JoinNode, LlmAgent, type NodeContext, START, Workflow } from '../../../lib/index.js';
import { nodeEvent } from '../shared/node-event.js';
import { sampleModel } from '../shared/sample-model.js';

/** Python's `ValueError`. */
export class ValueError extends Error {
  override readonly name = 'ValueError';
}

/** Validates that the input holds a 4-digit year. */
function process_input(ctx: NodeContext, nodeInput: string) {
  const match = /\b\d{4}\b/.exec(nodeInput);
  if (!match) {
    return concat(
      nodeEvent(ctx, { message: 'Please provide a valid 4-digit year (e.g., 1955).' }),
      defer(() => throwError(() => new ValueError('Invalid year format.'))),
    );
  }
  return nodeEvent(ctx, { state: { year: match[0] } });
}

const findName = new LlmAgent({
  name: 'find_name',
  model: sampleModel,
  instruction: `
    Find the name of one famous person who was born in this year: {year}.
    Return ONLY their name, nothing else.
    `,
});

const generateBio = new LlmAgent({
  name: 'generate_bio',
  model: sampleModel,
  instruction: `
    Write a short, engaging 3-sentence biography for the specified person.
    `,
});

/** A sub-workflow that runs as a single node of the parent workflow. */
const findFamousPerson = new Workflow({
  name: 'find_famous_person',
  edges: [[START, findName, generateBio]],
});

const findHistoricalEvent = new LlmAgent({
  name: 'find_historical_event',
  model: sampleModel,
  instruction: `
    Describe one highly significant historical event that occurred in this year: {year}.
    Keep the description to 2 sentences.
    `,
});

const joinForAggregation = new JoinNode({ name: 'join_for_aggregation' });

/** Combines the outputs of the parallel branches with the year from the state. */
function aggregate_results(ctx: NodeContext, nodeInput: { find_famous_person: string; find_historical_event: string }) {
  const year = ctx.state.get<string>('year');
  const combinedMessage =
    `# Year: ${year}\n\n` +
    '## Famous Person Bio:\n\n' +
    `${nodeInput.find_famous_person}\n\n` +
    '## Historical Event:\n\n' +
    `${nodeInput.find_historical_event}`;
  return nodeEvent(ctx, { message: combinedMessage });
}

export const rootAgent = new Workflow({
  name: 'root_agent',
  edges: [[START, process_input, [findFamousPerson, findHistoricalEvent], joinForAggregation, aggregate_results]],
});
