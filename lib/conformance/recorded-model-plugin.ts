import type { CallbackContext } from '../context/callback-context.js';
import type { LlmResponse } from '../models/llm-response.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { ConformanceMismatchError } from './conformance-mismatch-error.js';

/**
 * The replay model of a workflow recording: it answers every model call, before the model is
 * reached, with the calling agent's next recorded answer (see `recordedModelAnswers`). It sees
 * every agent of the run — graph nodes, nested workflows, parallel workers, and agents a node
 * runs with `ctx.runNode` — so the app needs no changes. A call past an agent's recorded answers
 * is a {@link ConformanceMismatchError} naming the test and the agent.
 *
 * @example
 * ```ts
 * const model = new RecordedModelPlugin(recordedModelAnswers(recording), recording.id);
 * new InMemoryRunner({ agent, plugins: [model] });
 * model.unused(); // [] once every recorded answer was asked for
 * ```
 */
export class RecordedModelPlugin extends BasePlugin {
  private readonly calls = new Map<string, number>();

  constructor(
    private readonly answers: ReadonlyMap<string, readonly LlmResponse[]>,
    private readonly test: string,
  ) {
    super('conformance_recorded_model');
  }

  override beforeModelCallback(ctx: CallbackContext): LlmResponse {
    const agent = ctx.agentName;
    const index = this.calls.get(agent) ?? 0;
    const recorded = this.answers.get(agent) ?? [];
    const answer = recorded[index];
    if (!answer) {
      throw new ConformanceMismatchError(
        { test: this.test, agent, subject: `model call #${index + 1}` },
        undefined,
        `the recording holds ${recorded.length} model answer(s) of this agent; rxadk asked for more`,
      );
    }
    this.calls.set(agent, index + 1);
    return answer;
  }

  /** `explain_topic: 1 of 3 recorded answers never asked for`, one line per agent with answers left. */
  unused(): string[] {
    return [...this.answers]
      .filter(([agent, answers]) => (this.calls.get(agent) ?? 0) < answers.length)
      .map(([agent, answers]) => `${agent}: ${answers.length - (this.calls.get(agent) ?? 0)} of ${answers.length} recorded model answer(s) never asked for`);
  }
}
