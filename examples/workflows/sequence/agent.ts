/**
 * ADK Python's `workflows/sequence` sample: two agents in a chain; the second gets the first's
 * reply as its input. Ported from google/adk-python (Apache-2.0); its recording is
 * `shared/workflow-recordings/sequence/tests/go.json`.
 */
import { LlmAgent, START, Workflow } from '../../../lib/index.js';
import { sampleModel } from '../shared/sample-model.js';

const generateFruitAgent = new LlmAgent({
  name: 'generate_fruit_agent',
  model: sampleModel,
  instruction: `Return the name of a random fruit.
      Return only the name, nothing else.`,
});

const generateBenefitAgent = new LlmAgent({
  name: 'generate_benefit_agent',
  model: sampleModel,
  instruction: 'Tell me a health benefit about the specified fruit.',
});

export const rootAgent = new Workflow({
  name: 'root_agent',
  edges: [[START, generateFruitAgent, generateBenefitAgent]],
});
