import { execFileSync } from 'node:child_process';
import { EMPTY } from 'rxjs';
import { InvocationContext } from '../../lib/context/invocation-context.js';
import type { RunConfig } from '../../lib/context/run-config.js';
import { ReadonlyContext } from '../../lib/context/readonly-context.js';
import { ToolContext } from '../../lib/context/tool-context.js';
import type { McpStdioConnectionParams } from '../../lib/mcp/mcp-connection-params.js';
import { ProcessGroupStdioTransport } from '../../lib/mcp/process-group-stdio-transport.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../lib/sessions/session.js';
import { FnAgent } from '../support/fn-agent.js';
import { readYaml } from '../support/recordings.js';

/** The conformance agent's stdio server: `npx -y @modelcontextprotocol/server-everything` (installed locally). */
export const EVERYTHING: McpStdioConnectionParams = { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] };

/** The same server started by node itself, without npx's second of package resolution per start. */
export const EVERYTHING_BY_NODE: McpStdioConnectionParams = { type: 'stdio', command: 'node', args: ['node_modules/.bin/mcp-server-everything'] };

function invocation(runConfig?: RunConfig): InvocationContext {
  return new InvocationContext({
    session: newSession({ id: 's', appName: 'a', userId: 'u' }),
    sessionService: new InMemorySessionService(),
    agent: new FnAgent({ name: 'agent', body: () => EMPTY }),
    ...(runConfig ? { runConfig } : {}),
  });
}

/** A context for `getTools`. */
export function readonlyContext(): ReadonlyContext {
  return new ReadonlyContext(invocation());
}

/** A context for `runAsync`, with the call's own abort signal and the run's config when given. */
export function toolContext(abortSignal?: AbortSignal, runConfig?: RunConfig): ToolContext {
  return new ToolContext(invocation(runConfig), { functionCallId: 'call-1', ...(abortSignal ? { abortSignal } : {}) });
}

/** Processes below this one (the Jest worker) whose command line matches `pattern`. */
export function descendants(pattern: RegExp): Array<{ pid: number; args: string }> {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) if (mine.has(row.ppid) && !mine.has(row.pid)) grew = Boolean(mine.add(row.pid));
  }
  return rows.filter((row) => row.pid !== process.pid && mine.has(row.pid) && pattern.test(row.args)).map(({ pid, args }) => ({ pid, args }));
}

/** The running everything servers started by this test file (the node processes, not their npx/sh launchers). */
export function everythingServers(): number[] {
  return descendants(/^node .*mcp-server-everything/).map((p) => p.pid);
}

/** Polls `check` until it is true (at most `tries` × 100 ms); resolves with its last answer. */
export async function eventually(check: () => boolean, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

/** A function declaration as the README compares them: types in lower case, no title/default/response. */
export function normaliseDeclaration(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normaliseDeclaration);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !['title', 'default', 'response'].includes(key))
      .map(([key, v]) => [key, key === 'type' && typeof v === 'string' ? v.toLowerCase() : normaliseDeclaration(v)]),
  );
}

interface Recording {
  llm_recording?: { llm_request: { config: { tools: Array<{ function_declarations: unknown[] }> } } };
  tool_recording?: { tool_call: { name: string; args: Record<string, unknown> }; tool_response: { response: Record<string, unknown> } };
}

const recordings = () => readYaml<{ recordings: Recording[] }>('tests', 'tool', 'mcp_001', 'generated-recordings.yaml').recordings;

/** The function declarations ADK Python sent in mcp_001's first model request. */
export function recordedDeclarations(): Array<Record<string, unknown>> {
  return recordings()[0]!.llm_recording!.llm_request.config.tools[0]!.function_declarations as Array<Record<string, unknown>>;
}

/** mcp_001's recorded tool call and response (`get-sum` with {a: 5, b: 7}). */
export function recordedToolCall(): NonNullable<Recording['tool_recording']> {
  return recordings().find((r) => r.tool_recording)!.tool_recording!;
}

/** The tools_agent_006 agent config's McpToolset args (snake_case, as in its root_agent.yaml). */
export function recordedToolsetArgs(): Record<string, unknown> {
  const agent = readYaml<{ tools: Array<{ name: string; args: Record<string, unknown> }> }>('agents', 'tools_agent_006', 'root_agent.yaml');
  return agent.tools.find((t) => t.name === 'McpToolset')!.args;
}

/** A JSON-RPC message a stdio transport sent, and which transport sent it. */
export interface SentMessage {
  transport: ProcessGroupStdioTransport;
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
}

/** Records every JSON-RPC message stdio transports send (a spy on the prototype); `restore()` when done. */
export function spyOnStdioMessages() {
  const sent: SentMessage[] = [];
  const original = ProcessGroupStdioTransport.prototype.send;
  ProcessGroupStdioTransport.prototype.send = function (this: ProcessGroupStdioTransport, message) {
    sent.push({ ...(message as Omit<SentMessage, 'transport'>), transport: this });
    return original.call(this, message);
  };
  return { sent, restore: () => void (ProcessGroupStdioTransport.prototype.send = original) };
}
