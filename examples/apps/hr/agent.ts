/** The HR app: a vacation tool that needs a manager's confirmation (human in the loop). */
import { LlmAgent, modelFromEnvironment, type BaseLlm } from '../../../lib/index.js';
import { DemoLlm } from '../../shared/demo-llm.js';
import { requestVacation } from '../../shared/vacation-tool.js';

/** The provider the environment has a key for (see modelFromEnvironment), else the offline demo model. */
const model: string | BaseLlm =
  modelFromEnvironment() ??
  new DemoLlm(
      [{ when: /(\d+) days? off(?: for (.+?))?[.!]*$/i, call: (m) => ({ name: 'request_vacation', args: { days: Number(m[1]), reason: m[2] ?? 'personal' } }) }],
      (_tool, r) => (r['status'] === 'approved' ? `Approved: enjoy your ${r['days']} days off!` : `Your request was ${r['status'] ?? 'not processed'}.`),
      'Tell me how many days off you need, e.g. "I need 3 days off for a family trip" (offline demo model).',
    );

export const rootAgent = new LlmAgent({
  name: 'hr_assistant',
  description: 'Files vacation requests.',
  model,
  instruction: 'You file vacation requests with request_vacation and tell the employee the outcome.',
  tools: [requestVacation],
});
