import type { Event } from '../../lib/events/event.js';

/** An event as ADK's workflow recordings show it: no ids, timestamps or empty actions. */
export function recordingShape(event: Event): Record<string, unknown> {
  const shape: Record<string, unknown> = { author: event.author };
  if (event.branch !== undefined) shape['branch'] = event.branch;
  if (event.content !== undefined) shape['content'] = event.content;
  if (event.errorCode !== undefined) shape['errorCode'] = event.errorCode;
  if (event.errorMessage !== undefined) shape['errorMessage'] = event.errorMessage;
  if (event.longRunningToolIds?.length) shape['longRunningToolIds'] = event.longRunningToolIds;
  if (event.nodeInfo !== undefined) shape['nodeInfo'] = event.nodeInfo;
  if (event.output !== undefined) shape['output'] = event.output;
  const actions: Record<string, unknown> = {};
  if (Object.keys(event.actions.stateDelta).length) actions['stateDelta'] = event.actions.stateDelta;
  if (event.actions.route !== undefined) actions['route'] = event.actions.route;
  if (Object.keys(actions).length) shape['actions'] = actions;
  return shape;
}
