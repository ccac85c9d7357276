import { getFunctionCalls } from '../events/get-function-calls.js';
import { getFunctionResponses } from '../events/get-function-responses.js';
import type { Event } from '../events/event.js';
import { graphPathOf } from './graph-path-of.js';
import { type SceneLights, toolNodeId } from './graph-scene.js';
import { START_NODE_NAME, type GraphNodeStructure } from './graph-structure.js';

/**
 * What an event lights in its app's graph: a workflow event, its node (by `nodeInfo.path`) and the
 * nested workflows around it, with its tool calls' steps beside it; the user's message, a root
 * workflow's START; any other event what ADK lights: author → tool for calls, tool → author for
 * results, else the author.
 *
 * @example
 * ```ts
 * eventLights(agentStructure(triage), event); // { path: 'research/rank', pairs: [] }
 * ```
 */
export function eventLights(root: GraphNodeStructure, event: Event): SceneLights {
  const nodePath = event.nodeInfo?.path;
  if (nodePath) {
    const path = graphPathOf(root, nodePath);
    const scope = path.slice(0, path.lastIndexOf('/') + 1);
    const steps = stepsOf(event).filter(([from, to]) => from && to);
    return { path, pairs: steps.map(([from, to]) => [`${scope}${from}`, `${scope}${to}`] as const) };
  }
  if (event.author === 'user' && root.type === 'workflow') return { path: START_NODE_NAME };
  return { pairs: stepsOf(event) };
}

/** The event's steps as `[from, to]` scene ids (before the workflow scope): author → tool for calls, tool → author for results, else the author. */
function stepsOf(event: Event): Array<readonly [string, string]> {
  const calls = getFunctionCalls(event);
  if (calls.length > 0) return calls.map((call) => [event.author, toolNodeId('', call.name ?? '')] as const);
  const responses = getFunctionResponses(event);
  if (responses.length > 0) return responses.map((response) => [toolNodeId('', response.name ?? ''), event.author] as const);
  return [[event.author, '']];
}
