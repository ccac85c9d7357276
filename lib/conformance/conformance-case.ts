import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { parse } from 'yaml';

/** One user message of a conformance spec (snake_case, as recorded). */
export interface SpecMessage {
  text?: string;
  content?: Record<string, unknown>;
  state_delta?: Record<string, unknown>;
}

/** A recorded model or tool call. */
export interface Recording {
  user_message_index: number;
  agent_name: string;
  llm_recording?: { llm_request: Record<string, unknown>; llm_response: Record<string, unknown> };
  tool_recording?: {
    tool_call: { id?: string; name: string; args?: Record<string, unknown> };
    tool_response: { id?: string; name: string; response?: Record<string, unknown> };
  };
}

/** A test case of Google ADK's conformance suite, as stored on disk. */
export interface ConformanceCase {
  /** `core/multi_001`: category and case folder. */
  id: string;
  dir: string;
  /** The app (folder under `agents/`) the case runs. */
  app: string;
  description: string;
  initialState: Record<string, unknown>;
  messages: SpecMessage[];
  recordings: Recording[];
  /** The session ADK left behind (snake_case). */
  session: Record<string, unknown>;
}

/**
 * Reads a case folder (`spec.yaml`, `generated-recordings.yaml`, `generated-session.yaml`).
 *
 * @example
 * ```ts
 * readConformanceCase('conformance/tests/core/multi_001/spec.yaml', 'conformance/tests').id; // 'core/multi_001'
 * ```
 */
export function readConformanceCase(specFile: string, testsRoot: string): ConformanceCase {
  const dir = dirname(specFile);
  const spec = yaml(specFile) as { agent: string; description?: string; initial_state?: Record<string, unknown>; user_messages?: SpecMessage[] };
  return {
    id: relative(testsRoot, dir).split('\\').join('/') || basename(dir),
    dir,
    app: spec.agent,
    description: spec.description ?? '',
    initialState: spec.initial_state ?? {},
    messages: spec.user_messages ?? [],
    recordings: ((yaml(join(dir, 'generated-recordings.yaml')) as { recordings?: Recording[] } | null)?.recordings ?? []),
    session: (yaml(join(dir, 'generated-session.yaml')) ?? {}) as Record<string, unknown>,
  };
}

function yaml(file: string): unknown {
  return parse(readFileSync(file, 'utf8'));
}
