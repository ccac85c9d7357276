import { concatMap, defer, map, type Observable } from 'rxjs';
import { agentGraphDot } from './agent-graph-dot.js';
import { agentStructure } from './agent-structure.js';
import { eventLights } from './event-lights.js';
import type { SceneLights } from './graph-scene.js';
import type { AgentStructure } from './graph-structure.js';
import type { AppRunners } from './app-runners.js';
import { HttpError } from './http-error.js';
import { jsonReply, type Reply } from './reply.js';
import type { Route } from './route.js';
import { structureAt } from './structure-at.js';
import { workflowLevels } from './workflow-levels.js';

/**
 * The agent-graph endpoints adk-web calls, in ADK's shapes:
 *
 * | Route | Answer |
 * |---|---|
 * | `GET /dev/apps/{app}/build_graph` | `{name, root_agent, dotSrc}`: the agent tree (see `agentStructure`) and its DOT |
 * | `GET /dev/apps/{app}/build_graph_image?dark_mode=&node=` | `{[node]: {dotSrc}, dotSrc}`: the graph of the tree, or of the part at `node` (`a/b`); without `node`, also each nested workflow's graph, keyed `root/sub` (adk-web draws an event's level from these) |
 * | `GET /dev/apps/{app}/users/{user}/sessions/{id}/events/{eventId}/graph` (and without `/dev`) | `{dotSrc}` with the event's step lit: a workflow event's node (by `nodeInfo.path`) and the nested workflows around it, its tool calls, its tool results, or its author |
 *
 * The DOT is rendered in the browser (adk-web carries Graphviz as WebAssembly), so the server
 * needs no Graphviz and no network.
 *
 * @example
 * ```ts
 * const routes = [...apiRoutes(runners), ...graphRoutes(runners)];
 * ```
 */
export function graphRoutes(runners: AppRunners): Route[] {
  return [
    { method: 'GET', path: '/dev/apps/:app/build_graph', handle: ({ params }) => appGraph(runners, params['app']!) },
    { method: 'GET', path: '/dev/apps/:app/build_graph_image', handle: ({ params, query }) => graphImage(runners, params['app']!, query) },
    { method: 'GET', path: '/apps/:app/users/:user/sessions/:session/events/:event/graph', handle: ({ params }) => eventGraph(runners, params) },
    { method: 'GET', path: '/dev/apps/:app/users/:user/sessions/:session/events/:event/graph', handle: ({ params }) => eventGraph(runners, params) },
  ];
}

function structureOf(runners: AppRunners, app: string): Observable<AgentStructure> {
  return defer(() => {
    runners.requireApp(app);
    return runners.apps.load(app).pipe(map((loaded) => agentStructure(loaded.rootAgent)));
  });
}

function appGraph(runners: AppRunners, app: string): Observable<Reply> {
  return structureOf(runners, app).pipe(map((root) => jsonReply({ name: app, root_agent: root, dotSrc: agentGraphDot(root) })));
}

function graphImage(runners: AppRunners, app: string, query: URLSearchParams): Observable<Reply> {
  const node = query.get('node') ?? '';
  const darkMode = query.get('dark_mode') === 'true';
  return structureOf(runners, app).pipe(
    map((root) => {
      const target = structureAt(root, node);
      if (!target) throw new HttpError(404, `There is no node "${node}" in app "${app}".`);
      const dotSrc = agentGraphDot(target, { darkMode });
      const levels = node ? [] : workflowLevels(root).map(({ key, structure }) => [key, { dotSrc: agentGraphDot(structure, { darkMode }) }] as const);
      return jsonReply({ ...Object.fromEntries(levels), [node]: { dotSrc }, dotSrc });
    }),
  );
}

function eventGraph(runners: AppRunners, params: Record<string, string>): Observable<Reply> {
  const ref = { appName: params['app']!, userId: params['user']!, sessionId: params['session']! };
  return structureOf(runners, ref.appName).pipe(
    concatMap((root) =>
      runners.sessionService.getSession(ref).pipe(
        map((session) => {
          if (!session) throw new HttpError(404, `There is no session "${ref.sessionId}" for app "${ref.appName}", user "${ref.userId}".`);
          const event = session.events.find((candidate) => candidate.id === params['event']);
          if (!event) throw new HttpError(404, `There is no event "${params['event']}" in session "${ref.sessionId}".`);
          return jsonReply({ dotSrc: agentGraphDot(root, dotLights(eventLights(root, event))) });
        }),
      ),
    ),
  );
}

function dotLights(lights: SceneLights): { litPath?: string; highlights?: ReadonlyArray<readonly [string, string]> } {
  return { ...(lights.path !== undefined ? { litPath: lights.path } : {}), ...(lights.pairs ? { highlights: lights.pairs } : {}) };
}
