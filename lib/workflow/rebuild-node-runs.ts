import type { Event } from '../events/event.js';
import { REQUEST_INPUT_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import type { RecordedNodeRun } from './recorded-node-run.js';

const EMPTY_RUN: RecordedNodeRun = { finished: false, hasOutput: false, output: undefined, fromMessage: false, routes: [], interruptIds: [], branch: undefined };

/**
 * The node runs of a workflow run, rebuilt from its events (a pure fold over the events whose
 * `nodeInfo.path` lies under `rootPath`; every path when `rootPath` is `''`, as for the node a
 * `NodeTool` runs at `name@1`), keyed by path (`wf@1/a@1`, nested ones too): outputs
 * (from `output`, or an agent's reply with `messageAsOutput`) for every path in `outputFor`,
 * routes, branches, and the input requests each run — and each of its ancestors below the
 * root — waits on.
 *
 * @example
 * ```ts
 * rebuildNodeRuns(session.events, 'wf@1').get('wf@1/review@1'); // { interruptIds: ['adk-1'], finished: false, ... }
 * ```
 */
export function rebuildNodeRuns(events: readonly Event[], rootPath: string): ReadonlyMap<string, RecordedNodeRun> {
  const runs = new Map<string, RecordedNodeRun>();
  const prefix = rootPath === '' ? '' : `${rootPath}/`;
  const update = (path: string, change: (run: RecordedNodeRun) => RecordedNodeRun) => runs.set(path, change(runs.get(path) ?? EMPTY_RUN));
  for (const event of events) {
    const info = event.nodeInfo;
    if (!info?.path.startsWith(prefix)) continue;
    const branch = event.branch;
    const requests = getFunctionCalls(event).filter((c) => c.name === REQUEST_INPUT_FUNCTION_CALL_NAME && c.id).map((c) => c.id!);
    update(info.path, (run) => ({ ...run, branch: run.branch ?? branch }));
    if (requests.length) {
      for (const path of [info.path, ...ancestorsBelow(info.path, prefix)]) update(path, (run) => ({ ...run, interruptIds: [...run.interruptIds, ...requests] }));
      continue;
    }
    if (event.errorCode !== undefined && event.output === undefined) continue;
    const route = event.actions.route;
    update(info.path, (run) => ({ ...run, finished: true, routes: route === undefined ? run.routes : [...run.routes, ...(Array.isArray(route) ? route : [route])] }));
    for (const path of info.outputFor ?? []) {
      if (!path.startsWith(prefix)) continue;
      const output = info.messageAsOutput ? replyText(event) : event.output;
      update(path, (run) => ({ ...run, finished: true, hasOutput: true, output, fromMessage: info.messageAsOutput === true && path === info.path, branch: run.branch ?? branch }));
    }
  }
  return runs;
}

/** The paths of `path`'s ancestors strictly between the root (whose paths start with `prefix`) and it. */
function ancestorsBelow(path: string, prefix: string): string[] {
  const segments = path.slice(prefix.length).split('/');
  return segments.slice(1).map((_, i) => `${prefix}${segments.slice(0, i + 1).join('/')}`);
}

function replyText(event: Event): string {
  return (event.content?.parts ?? []).filter((p) => p.text && !p.thought).map((p) => p.text).join('');
}
