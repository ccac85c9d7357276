/**
 * ADK Python's `workflows/state` sample: nodes write the session state through `ctx.state` and
 * through events, and read it back. Ported from google/adk-python (Apache-2.0); its recording is
 * `shared/workflow-recordings/state/tests/go.json`.
 */
import { type NodeContext, START, Workflow } from '../../../lib/index.js';
import { nodeEvent } from '../shared/node-event.js';

/** Takes the initial input and sets it in the state by writing `ctx.state`. */
function process_initial_input(ctx: NodeContext, nodeInput: string) {
  ctx.state.set('original_text', nodeInput);
  return nodeInput;
}

/** Emits an event that updates the state. */
function update_state_via_event(ctx: NodeContext, nodeInput: string) {
  return nodeEvent(ctx, { state: { uppercased_text: nodeInput.toUpperCase() } });
}

/** Reads state through `ctx.state` and appends to it. */
function read_state_via_ctx(ctx: NodeContext) {
  const original = ctx.state.get<string>('original_text');
  const uppercased = ctx.state.get<string>('uppercased_text');
  const result = `${uppercased} (Original was: ${original})`;
  ctx.state.set('appended_text', result);
  return result;
}

/** Reads a state value (Python injects it as a parameter; here it is read from `ctx.state`). */
function read_state_via_param(ctx: NodeContext) {
  return `Final Result: ${ctx.state.get<string>('appended_text')}!`;
}

export const rootAgent = new Workflow({
  name: 'state_sample',
  edges: [[START, process_initial_input, update_state_via_event, read_state_via_ctx, read_state_via_param]],
});
