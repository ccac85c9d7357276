/** A coordinator that transfers to subject tutors (multi-agent). */
import { LlmAgent, modelFromEnvironment } from '../../../lib/index.js';
import { DemoLlm } from '../../shared/demo-llm.js';

/** The provider the environment has a key for (see modelFromEnvironment); offline demo models without one. */
const online = modelFromEnvironment();
const offline = online === undefined;
const gemini = (): string => online!;

const mathTutor = new LlmAgent({
  name: 'math_tutor',
  description: 'Mathematics tutor.',
  model: offline ? new DemoLlm([], () => '', 'Let us solve it step by step: factor, then set each factor to zero.') : gemini(),
  instruction: 'You are a patient math tutor.',
});

const historyTutor = new LlmAgent({
  name: 'history_tutor',
  description: 'History tutor.',
  model: offline ? new DemoLlm([], () => '', 'Historians would start with the primary sources of the period.') : gemini(),
  instruction: 'You are a history tutor.',
});

export const rootAgent = new LlmAgent({
  name: 'study_buddy',
  description: 'Delegates homework questions to the right tutor.',
  model: offline
    ? new DemoLlm(
        [
          { when: /equation|math|solve|\d+\s*[x+*/-]/i, call: () => ({ name: 'transfer_to_agent', args: { agent_name: 'math_tutor' } }) },
          { when: /history|war|king|century/i, call: () => ({ name: 'transfer_to_agent', args: { agent_name: 'history_tutor' } }) },
        ],
        () => '',
        'Ask me a math or history question (offline demo model).',
      )
    : gemini(),
  instruction: 'Delegate each question to the tutor of its subject.',
  subAgents: [mathTutor, historyTutor],
});
