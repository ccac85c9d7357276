import type { Content, FunctionCall, FunctionResponse, Part } from '@google/genai';

/** The tool calls, tool responses and sub-agent messages of one invocation (ADK's `IntermediateData`). */
export interface IntermediateData {
  toolUses: FunctionCall[];
  toolResponses: FunctionResponse[];
  /** `[author, parts]` pairs: what sub-agents said on the way to the final response. */
  intermediateResponses: Array<[string, Part[]]>;
}

/** One event of an invocation, the other form of intermediate data (ADK's `InvocationEvent`). */
export interface InvocationEvent {
  author: string;
  content?: Content;
}

/** The event form of intermediate data (ADK's `InvocationEvents`). */
export interface InvocationEvents {
  invocationEvents: InvocationEvent[];
}

/** One user turn and what the agent did with it (ADK's `Invocation`). */
export interface Invocation {
  invocationId: string;
  userContent: Content;
  finalResponse?: Content;
  intermediateData?: IntermediateData | InvocationEvents;
  creationTimestamp: number;
}

/** How a case's session starts (ADK's `SessionInput`). */
export interface SessionInput {
  appName: string;
  userId: string;
  state: Record<string, unknown>;
}

/** One conversation to replay, or a scenario for a user simulator (ADK's `EvalCase`). */
export interface EvalCase {
  evalId: string;
  conversation?: Invocation[];
  /** A user-simulator scenario: rxadk reports such cases NOT_EVALUATED. */
  conversationScenario?: unknown;
  sessionInput?: SessionInput;
  finalSessionState?: Record<string, unknown>;
  creationTimestamp: number;
}

/** A named set of eval cases (ADK's `EvalSet`, the `*.evalset.json` file). */
export interface EvalSet {
  evalSetId: string;
  name?: string;
  description?: string;
  evalCases: EvalCase[];
  creationTimestamp: number;
}

/**
 * A user message as ADK stores one in an invocation.
 *
 * @example
 * ```ts
 * userText('Turn off device_2'); // { role: 'user', parts: [{ text: 'Turn off device_2' }] }
 * ```
 */
export function userText(text: string): Content {
  return { role: 'user', parts: [{ text }] };
}
