import type { Content, FunctionCall } from '@google/genai';
import { join } from 'node:path';
import { catchError, concat, concatMap, defer, from, ignoreElements, map, type Observable, of } from 'rxjs';
import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { camelizeKeys } from '../config/camelize-keys.js';
import type { AgentRegistry } from '../config/agent-registry.js';
import { loadAgentConfig } from '../config/load-agent-config.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { BaseLlm } from '../models/base-llm.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { Session } from '../sessions/session.js';
import { BaseToolset } from '../tools/base-toolset.js';
import { CallbackError, toError } from '../utils/errors.js';
import { compareSession } from './compare-session.js';
import type { ConformanceCase, SpecMessage } from './conformance-case.js';
import { ConformanceMismatchError } from './conformance-mismatch-error.js';
import { ReplayLlm } from './replay-llm.js';
import { ToolReplayPlugin } from './tool-replay-plugin.js';

/** How to run a case. */
export interface ConformanceOptions {
  /** The folder holding `agents/<app>/root_agent.yaml`. */
  suiteDir: string;
  /** Dotted names of the agent configs → TypeScript code. */
  registry?: AgentRegistry;
  /** Tools whose results are taken from the recording instead of running them. */
  replayTools?: Iterable<string>;
}

/** The outcome of one case. */
export interface ConformanceResult {
  id: string;
  passed: boolean;
  /** The first difference (or failure), when it did not pass. */
  error?: Error;
  /** What the harness noticed about the recording itself (printed under the result). */
  notes?: string[];
}

const USER_ID = 'adk_conformance_test_user';

/**
 * Runs one conformance case on a fresh in-memory Runner: loads the app's agent config, gives every
 * LLM agent a {@link ReplayLlm} with its recordings, matches tool calls with a
 * {@link ToolReplayPlugin}, sends the spec's user messages one turn at a time, then compares the
 * session with the recorded one and checks that every recorded call was made. Emits one result
 * (it never errors: a failure is a result).
 *
 * @example
 * ```ts
 * runConformanceCase(readConformanceCase(specFile, testsDir), { suiteDir, registry }).subscribe(console.log);
 * ```
 */
export function runConformanceCase(testCase: ConformanceCase, options: ConformanceOptions): Observable<ConformanceResult> {
  return defer(() => {
    let turn = 0;
    const position = { test: testCase.id, turn: () => turn };
    const root = loadAgentConfig(join(options.suiteDir, 'agents', testCase.app, 'root_agent.yaml'), options.registry ? { registry: options.registry } : {});
    const models = installReplayModels(root, testCase, position);
    const tools = new ToolReplayPlugin(testCase.recordings, position, options.replayTools ? { replayTools: options.replayTools } : {});
    const runner = new InMemoryRunner({ agent: root, appName: testCase.app, plugins: [tools] });
    const userId = (testCase.session['user_id'] as string | undefined) ?? USER_ID;
    const session$ = runner.sessionService.createSession({ appName: testCase.app, userId, state: { ...testCase.initialState } });
    return session$.pipe(
      concatMap((session) =>
        concat(
          from(testCase.messages.entries()).pipe(
            concatMap(([index, message]) =>
              defer(() => {
                turn = index;
                return runner.sessionService.getSession({ appName: testCase.app, userId, sessionId: session.id });
              }).pipe(
                concatMap((current) =>
                  runner.runAsync({
                    userId,
                    sessionId: session.id,
                    newMessage: userMessage(message, current!),
                    // a mismatch the replay plugin finds in a tool hook must fail the run, not become an {error} reply
                    runConfig: { toolErrors: 'throw' },
                    ...(message.state_delta ? { stateDelta: message.state_delta } : {}),
                  }),
                ),
                ignoreElements(),
              ),
            ),
          ),
          runner.sessionService.getSession({ appName: testCase.app, userId, sessionId: session.id }),
        ),
      ),
      map((finalSession) => verifyEnd(testCase, finalSession as Session, models, tools)),
      catchError((error: unknown) => of(failed(testCase, error))),
      concatMap((result) => concat(closeToolsets(root), of(result))),
    );
  }).pipe(catchError((error: unknown) => of(failed(testCase, error))));
}

function failed(testCase: ConformanceCase, error: unknown): ConformanceResult {
  return { id: testCase.id, passed: false, error: toError(mismatchIn(error)) };
}

/** The ConformanceMismatchError behind a CallbackError (the replay plugin's hooks throw it), else the error. */
function mismatchIn(error: unknown): unknown {
  return error instanceof CallbackError && error.cause instanceof ConformanceMismatchError ? error.cause : error;
}

function installReplayModels(root: BaseAgent, testCase: ConformanceCase, position: { test: string; turn: () => number }): ReplayLlm[] {
  const models: ReplayLlm[] = [];
  const visit = (agent: BaseAgent) => {
    if (agent instanceof LlmAgent) {
      const name = modelName(agent);
      const model = new ReplayLlm(agent.name, name, testCase.recordings, position);
      agent.model = model;
      models.push(model);
      for (const tool of agent.tools) visitToolAgent(tool, visit);
    }
    agent.subAgents.forEach(visit);
  };
  visit(root);
  return models;
}

function visitToolAgent(tool: unknown, visit: (agent: BaseAgent) => void): void {
  const inner = (tool as { agent?: BaseAgent }).agent;
  if (inner && typeof inner.runAsync === 'function') visit(inner);
}

function modelName(agent: LlmAgent): string {
  for (let a: BaseAgent | undefined = agent; a; a = a.parentAgent) {
    if (a instanceof LlmAgent && a.model) return a.model instanceof BaseLlm ? a.model.model : a.model;
  }
  return 'gemini-2.5-flash';
}

/** The spec's message as Content; a function response's placeholder id becomes the id of the latest call of that name. */
function userMessage(message: SpecMessage, session: Session): Content {
  if (message.text !== undefined) return { role: 'user', parts: [{ text: message.text }] };
  const content = camelizeKeys(message.content ?? {}) as Content;
  return {
    role: content.role ?? 'user',
    parts: (content.parts ?? []).map((part) => {
      if (!part.functionResponse) return part;
      const call = latestCall(session, part.functionResponse.name ?? '');
      return { ...part, functionResponse: { ...part.functionResponse, ...(call?.id ? { id: call.id } : {}) } };
    }),
  };
}

function latestCall(session: Session, name: string): FunctionCall | undefined {
  for (let i = session.events.length - 1; i >= 0; i--) {
    const call = getFunctionCalls(session.events[i]!).find((c) => c.name === name);
    if (call) return call;
  }
  return undefined;
}

function verifyEnd(testCase: ConformanceCase, session: Session, models: ReplayLlm[], tools: ToolReplayPlugin): ConformanceResult {
  const unused = models.find((m) => m.remaining > 0);
  if (unused) {
    throw new ConformanceMismatchError({ test: testCase.id, agent: unused.agentName, subject: 'model calls' }, undefined, `${unused.remaining} recorded model call(s) were never made`);
  }
  if (tools.remaining > 0) {
    throw new ConformanceMismatchError({ test: testCase.id, subject: 'tool calls' }, undefined, `${tools.remaining} recorded tool call(s) were never made`);
  }
  const difference = compareSession(testCase.session, session);
  if (difference) throw new ConformanceMismatchError({ test: testCase.id, subject: 'session' }, difference);
  return { id: testCase.id, passed: true };
}

function closeToolsets(root: BaseAgent): Observable<never> {
  const toolsets: BaseToolset[] = [];
  const visit = (agent: BaseAgent) => {
    if (agent instanceof LlmAgent) for (const tool of agent.tools) if (tool instanceof BaseToolset) toolsets.push(tool);
    agent.subAgents.forEach(visit);
  };
  visit(root);
  return from(toolsets).pipe(
    concatMap((toolset) => toolset.close().pipe(catchError(() => of(undefined)))),
    ignoreElements(),
  );
}

