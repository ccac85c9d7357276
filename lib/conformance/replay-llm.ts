import { defer, type Observable, of } from 'rxjs';
import { camelizeKeys } from '../config/camelize-keys.js';
import { McpTool } from '../mcp/mcp-tool.js';
import { BaseLlm } from '../models/base-llm.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { LlmResponse } from '../models/llm-response.js';
import type { Recording } from './conformance-case.js';
import { ConformanceMismatchError } from './conformance-mismatch-error.js';
import { firstDifference } from './first-difference.js';
import { normalizeRequest } from './normalize.js';

/** Where a replayed call happens: the case, the current turn. */
export interface ReplayPosition {
  test: string;
  turn: () => number;
}

/**
 * A model that replays one agent's recorded model calls, in order, and checks each request it
 * receives against the recorded one (model, contents, system instruction, tool declarations,
 * generation config, under the suite's normalisation). A different request, a call in another
 * turn, or a call past the recording fails with a {@link ConformanceMismatchError} naming the
 * test, turn, agent and field.
 *
 * @example
 * ```ts
 * agent.model = new ReplayLlm('math_tutor', 'gemini-2.5-flash', recordings, { test: 'core/multi_001', turn: () => 0 });
 * ```
 */
export class ReplayLlm extends BaseLlm {
  private calls = 0;
  private readonly recordings: Recording[];

  constructor(
    readonly agentName: string,
    model: string,
    recordings: readonly Recording[],
    private readonly position: ReplayPosition,
  ) {
    super({ model });
    this.recordings = recordings.filter((r) => r.agent_name === agentName && r.llm_recording);
  }

  /** Recorded calls not replayed (should be 0 at the end of a case). */
  get remaining(): number {
    return this.recordings.length - this.calls;
  }

  generateContent(request: LlmRequest): Observable<LlmResponse> {
    return defer(() => {
      const index = this.calls++;
      const turn = this.position.turn();
      const where = { test: this.position.test, turn, agent: this.agentName, subject: `model request #${index + 1}` };
      const recording = this.recordings[index];
      if (!recording) {
        throw new ConformanceMismatchError(where, undefined, `ADK made only ${this.recordings.length} model call(s) for this agent; rxadk made more`);
      }
      if (recording.user_message_index !== turn) {
        throw new ConformanceMismatchError(where, undefined, `ADK made this call in turn ${recording.user_message_index}`);
      }
      const normalization = { externalDescriptions: mcpToolNames(request) };
      const expected = normalizeRequest(recording.llm_recording!.llm_request, normalization);
      const actual = normalizeRequest({ model: request.model, contents: request.contents, config: request.config }, normalization);
      const difference = firstDifference(expected, actual);
      if (difference) throw new ConformanceMismatchError(where, difference);
      return of(camelizeKeys(recording.llm_recording!.llm_response) as LlmResponse);
    });
  }
}

/** The request's tools that an MCP server describes (their wording is the server's, not the app's). */
function mcpToolNames(request: LlmRequest): string[] {
  return Object.entries(request.toolsDict)
    .filter(([, tool]) => tool instanceof McpTool)
    .map(([name]) => name);
}
