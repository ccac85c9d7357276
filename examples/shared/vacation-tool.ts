import { FunctionTool, type ToolContext } from '../../lib/index.js';

/**
 * The seed chapter's vacation tool: it asks a manager (ctx.requestConfirmation) before filing,
 * then runs again with the decision in ctx.toolConfirmation.
 */
export const requestVacation = new FunctionTool<{ days: number; reason: string }>({
  name: 'request_vacation',
  description: 'Files a vacation request. A manager must approve it.',
  parameters: {
    type: 'object',
    properties: { days: { type: 'integer', minimum: 1 }, reason: { type: 'string' } },
    required: ['days', 'reason'],
  },
  execute: ({ days, reason }, ctx: ToolContext) => {
    if (!ctx.toolConfirmation) {
      ctx.requestConfirmation({ hint: `Approve ${days} day(s) off (${reason})?`, payload: { days } });
      return { status: 'waiting for approval' };
    }
    return ctx.toolConfirmation.confirmed ? { status: 'approved', days } : { status: 'rejected' };
  },
});
