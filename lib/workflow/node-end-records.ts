import type { EventActions } from '../events/event-actions.js';
import type { Event } from '../events/event.js';
import type { NodeInfo, RouteValue } from '../events/node-info.js';
import { plainConstructor } from '../utils/plain-constructor.js';

/**
 * The records of a node run's end event ({@link nodeEndRecords}), one plain constructor per
 * shape ({@link plainConstructor}: the session keeps every one of them, and literals would be
 * pretenured by V8). Keys in the order `ctx.createEvent` gives them; absent keys are left out,
 * not set to `undefined`.
 */
type Writable<T> = { -readonly [K in keyof T]: T[K] };

const OutputEvent = plainConstructor(function (
  this: Writable<Event>,
  invocationId: string,
  author: string,
  nodeInfo: NodeInfo,
  output: unknown,
  actions: EventActions,
  id: string,
  timestamp: number,
) {
  this.invocationId = invocationId;
  this.author = author;
  this.nodeInfo = nodeInfo;
  this.output = output;
  this.actions = actions;
  this.id = id;
  this.timestamp = timestamp;
});

const BranchOutputEvent = plainConstructor(function (
  this: Writable<Event>,
  invocationId: string,
  author: string,
  branch: string,
  nodeInfo: NodeInfo,
  output: unknown,
  actions: EventActions,
  id: string,
  timestamp: number,
) {
  this.invocationId = invocationId;
  this.author = author;
  this.branch = branch;
  this.nodeInfo = nodeInfo;
  this.output = output;
  this.actions = actions;
  this.id = id;
  this.timestamp = timestamp;
});

const PathEvent = plainConstructor(function (this: Writable<Event>, invocationId: string, author: string, nodeInfo: NodeInfo, actions: EventActions, id: string, timestamp: number) {
  this.invocationId = invocationId;
  this.author = author;
  this.nodeInfo = nodeInfo;
  this.actions = actions;
  this.id = id;
  this.timestamp = timestamp;
});

const BranchPathEvent = plainConstructor(function (
  this: Writable<Event>,
  invocationId: string,
  author: string,
  branch: string,
  nodeInfo: NodeInfo,
  actions: EventActions,
  id: string,
  timestamp: number,
) {
  this.invocationId = invocationId;
  this.author = author;
  this.branch = branch;
  this.nodeInfo = nodeInfo;
  this.actions = actions;
  this.id = id;
  this.timestamp = timestamp;
});

const OutputNodeInfo = plainConstructor(function (this: Writable<NodeInfo>, path: string, outputFor: string[]) {
  this.path = path;
  this.outputFor = outputFor;
});

const PathNodeInfo = plainConstructor(function (this: Writable<NodeInfo>, path: string) {
  this.path = path;
});

const EmptyActions = plainConstructor(function (this: EventActions) {
  this.stateDelta = new Object() as Record<string, unknown>;
  this.artifactDelta = new Object() as Record<string, number>;
  this.requestedToolConfirmations = new Object() as EventActions['requestedToolConfirmations'];
});

const RoutedActions = plainConstructor(function (this: EventActions, route: RouteValue | RouteValue[]) {
  this.stateDelta = new Object() as Record<string, unknown>;
  this.artifactDelta = new Object() as Record<string, number>;
  this.requestedToolConfirmations = new Object() as EventActions['requestedToolConfirmations'];
  this.route = route;
});

/** What a node run's end event says: where it is, what it outputs (if anything) and the route it takes. */
export interface NodeEndFields {
  readonly invocationId: string;
  readonly author: string;
  readonly branch: string | undefined;
  readonly path: string;
  /** The paths the output is the output of (copied); `undefined` for an event with no output. */
  readonly outputFor: readonly string[] | undefined;
  readonly output: unknown;
  readonly route: RouteValue | RouteValue[] | undefined;
  readonly id: string;
  readonly timestamp: number;
}

/**
 * A node run's end event built from plain constructors: `{invocationId, author, branch?,
 * nodeInfo: {path, outputFor?}, output?, actions: {stateDelta: {}, artifactDelta: {},
 * requestedToolConfirmations: {}, route?}, id, timestamp}`, equal, key order included, to the
 * literals it replaces (`new Object()` for the empty deltas: `{}` would have an allocation site too).
 *
 * @example
 * ```ts
 * nodeEndRecords({ invocationId: 'e-1', author: 'wf', branch: undefined, path: 'wf@1/a@1', outputFor: ['wf@1/a@1'], output: 42, route: undefined, id: 'x', timestamp: 1 });
 * // { invocationId: 'e-1', author: 'wf', nodeInfo: { path: 'wf@1/a@1', outputFor: ['wf@1/a@1'] }, output: 42, actions: {...}, id: 'x', timestamp: 1 }
 * ```
 */
export function nodeEndRecords(fields: NodeEndFields): Event {
  const { invocationId, author, branch, path, outputFor, output, id, timestamp } = fields;
  const actions = fields.route === undefined ? new EmptyActions() : new RoutedActions(fields.route);
  if (outputFor !== undefined) {
    const nodeInfo = new OutputNodeInfo(path, outputFor.slice());
    return branch === undefined
      ? new OutputEvent(invocationId, author, nodeInfo, output, actions, id, timestamp)
      : new BranchOutputEvent(invocationId, author, branch, nodeInfo, output, actions, id, timestamp);
  }
  const nodeInfo = new PathNodeInfo(path);
  return branch === undefined ? new PathEvent(invocationId, author, nodeInfo, actions, id, timestamp) : new BranchPathEvent(invocationId, author, branch, nodeInfo, actions, id, timestamp);
}
