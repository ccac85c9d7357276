/**
 * ADK Python's `workflows/request_input` sample: an agent drafts a reply to a complaint, a node
 * asks a human to review it (`RequestInput`), and the answer routes to sending, rejecting or
 * revising the draft. Ported from google/adk-python (Apache-2.0); its recordings are
 * `shared/workflow-recordings/request_input/tests/phone_broke.json` and `phone_broke_reject.json`.
 */
import { LlmAgent, type NodeContext, RequestInput, START, Workflow } from '../../../lib/index.js';
import { nodeEvent } from '../shared/node-event.js';
import { sampleModel } from '../shared/sample-model.js';

/** Takes the customer's complaint and sets it in the state. */
function process_input(ctx: NodeContext, nodeInput: string) {
  return nodeEvent(ctx, { state: { complaint: nodeInput, feedback: '' } });
}

const draftEmail = new LlmAgent({
  name: 'draft_email',
  model: sampleModel,
  instruction: `
    Please write a polite, helpful response email to the following customer complaint: "{complaint}"

    If there is any feedback from the manager to revise the draft, please incorporate it: "{feedback?}"
    `,
  outputKey: 'draft',
});

function request_human_review(ctx: NodeContext) {
  const draft = ctx.state.get<string>('draft');
  return new RequestInput({
    message: `Please review the following draft email and provide 'approve', 'reject', or feedback to revise.\n\n---\n${draft}\n---`,
  });
}

function handle_human_review(ctx: NodeContext, nodeInput: string) {
  if (nodeInput === 'reject') return nodeEvent(ctx, { route: 'rejected' });
  if (nodeInput === 'approve') return nodeEvent(ctx, { route: 'approved' });
  return nodeEvent(ctx, { state: { feedback: nodeInput }, route: 'revise' });
}

function reject_email(ctx: NodeContext) {
  return nodeEvent(ctx, { message: 'Draft rejected.' });
}

function send_email(ctx: NodeContext) {
  return nodeEvent(ctx, { message: 'Draft approved and sent successfully.' });
}

export const rootAgent = new Workflow({
  name: 'request_input',
  edges: [
    [START, process_input, draftEmail, request_human_review, handle_human_review],
    [handle_human_review, { revise: draftEmail, approved: send_email, rejected: reject_email }],
  ],
});
