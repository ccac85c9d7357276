import { AgentTool } from '../runner/agent-tool.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { ToolContext } from '../context/tool-context.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import type { Recording } from './conformance-case.js';
import { ConformanceMismatchError } from './conformance-mismatch-error.js';
import { firstDifference } from './first-difference.js';
import type { ReplayPosition } from './replay-llm.js';

type ToolRecording = NonNullable<Recording['tool_recording']> & { agent: string; turn: number };

/**
 * Matches every tool call against the recording (same agent, same tool, same arguments, in
 * order). Calls whose results cannot be reproduced here are answered from the recording: agents
 * run as tools (their inner model calls were not recorded) and the tools named in `replayTools`.
 * Every other tool runs for real and its result must equal the recorded one.
 *
 * @example
 * ```ts
 * new InMemoryRunner({ agent, plugins: [new ToolReplayPlugin(recordings, position, { replayTools: ['get_user_id'] })] });
 * ```
 */
export class ToolReplayPlugin extends BasePlugin {
  private readonly pending: ToolRecording[];
  private readonly checkedCalls = new Map<string, ToolRecording>();
  private readonly replayTools: ReadonlySet<string>;

  constructor(
    recordings: readonly Recording[],
    private readonly position: ReplayPosition,
    options: { replayTools?: Iterable<string> } = {},
  ) {
    super('conformance_tool_replay');
    this.pending = recordings
      .filter((r) => r.tool_recording)
      .map((r) => ({ ...r.tool_recording!, agent: r.agent_name, turn: r.user_message_index }));
    this.replayTools = new Set(options.replayTools ?? []);
  }

  /** Recorded tool calls not made (should be 0 at the end of a case). */
  get remaining(): number {
    return this.pending.length;
  }

  override beforeToolCallback(ctx: ToolContext, tool: BaseTool, args: Record<string, unknown>) {
    const where = { test: this.position.test, turn: this.position.turn(), agent: ctx.agentName, subject: `tool call ${tool.name}` };
    const index = this.pending.findIndex((r) => r.agent === ctx.agentName && r.tool_call.name === tool.name);
    if (index < 0) throw new ConformanceMismatchError(where, undefined, 'ADK made no such tool call');
    const [recording] = this.pending.splice(index, 1);
    const difference = firstDifference({ args: recording!.tool_call.args ?? {} }, { args });
    if (difference) throw new ConformanceMismatchError(where, difference);
    if (this.isReplayed(tool)) return recording!.tool_response.response ?? {};
    this.checkedCalls.set(ctx.functionCallId, recording!);
    return undefined;
  }

  override afterToolCallback(ctx: ToolContext, tool: BaseTool, _args: Record<string, unknown>, result: Record<string, unknown>) {
    const recording = this.checkedCalls.get(ctx.functionCallId);
    if (!recording) return undefined;
    this.checkedCalls.delete(ctx.functionCallId);
    const difference = firstDifference({ response: recording.tool_response.response ?? {} }, { response: result });
    if (difference) {
      throw new ConformanceMismatchError(
        { test: this.position.test, turn: this.position.turn(), agent: ctx.agentName, subject: `tool response ${tool.name}` },
        difference,
      );
    }
    return undefined;
  }

  private isReplayed(tool: BaseTool): boolean {
    return this.replayTools.has(tool.name) || tool instanceof AgentTool;
  }
}
