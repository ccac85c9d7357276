/**
 * ADK Python's `workflows/node_as_tool` sample: a node and a workflow offered to an agent as tools
 * (`NodeTool`); the node asks a human to confirm a VIP discount (`RequestInput`) and runs again
 * with the answer (`rerunOnResume`). Ported from google/adk-python (Apache-2.0); its recording is
 * `shared/workflow-recordings/node_as_tool/tests/go.json`.
 */
import { concat, defer, of } from 'rxjs';
import { LlmAgent, node, type NodeContext, NodeTool, RequestInput, START, Workflow } from '../../../lib/index.js';
import { nodeEvent } from '../shared/node-event.js';
import { sampleModel } from '../shared/sample-model.js';

/** The arguments of the customer lookup (Python's `CustomerLookupArgs`). */
interface CustomerLookupArgs {
  user_id: string;
}

const customerLookupArgsSchema = {
  type: 'object',
  properties: { user_id: { type: 'string', description: "The customer's unique identifier." } },
  required: ['user_id'],
};

/** Calculates the discount percentage based on customer tier; a VIP discount needs a human's yes. */
const calculateDiscount = node(
  (ctx: NodeContext, { tier }: { tier: string }) =>
    concat(
      nodeEvent(ctx, { message: `Checking discount rules for tier '${tier}'...` }),
      defer(() => {
        if (!tier.includes('VIP')) return of('5% off');
        const resumeInput = Object.hasOwn(ctx.resumeInputs, 'confirm_vip_discount') ? ctx.resumeInputs['confirm_vip_discount'] : undefined;
        if (!resumeInput) return of(new RequestInput({ interruptId: 'confirm_vip_discount', message: `Apply VIP discount for tier '${tier}'?` }));
        const userResponse = typeof resumeInput === 'object' ? (resumeInput as { text?: unknown }).text : resumeInput;
        return of(['yes', 'y', 'true'].includes(String(userResponse).toLowerCase()) ? '20% off' : '5% off (VIP declined)');
      }),
    ),
  {
    name: 'calculate_discount',
    description: 'Calculates the discount percentage based on customer tier.',
    rerunOnResume: true,
    inputSchema: {
      type: 'object',
      properties: { tier: { type: 'string', description: 'The customer\'s membership tier (e.g., VIP, Standard).' } },
      required: ['tier'],
    },
  },
);

function lookup_customer_data(_ctx: NodeContext, nodeInput: CustomerLookupArgs) {
  return { user_id: nodeInput.user_id, tier: 'Verified VIP Member' };
}

const customerLookupWorkflow = new Workflow({
  name: 'customer_lookup_workflow',
  description: 'Looks up customer status and tier by user_id.',
  inputSchema: customerLookupArgsSchema,
  edges: [[START, lookup_customer_data]],
});

export const rootAgent = new LlmAgent({
  name: 'customer_service_agent',
  model: sampleModel,
  instruction: `
    You are a customer service assistant.
    1. First, call \`customer_lookup_workflow\` using the user_id to get their membership tier.
    2. Then, call \`calculate_discount\` node with that tier to find out what discount they get.
    Summarize these details for the customer.
    `,
  tools: [new NodeTool(customerLookupWorkflow), new NodeTool(calculateDiscount)],
});
