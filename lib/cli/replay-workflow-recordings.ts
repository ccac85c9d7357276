import { join } from 'node:path';
import { catchError, concatMap, defer, from, map, type Observable, of, shareReplay } from 'rxjs';
import type { ConformanceResult } from '../conformance/run-conformance-case.js';
import { findWorkflowRecordings } from '../conformance/find-workflow-recordings.js';
import { runWorkflowRecording } from '../conformance/run-workflow-recording.js';
import { workflowAppOf, type WorkflowApp } from '../conformance/workflow-app.js';
import { readWorkflowRecording } from '../conformance/workflow-recording.js';
import { WorkflowRecordingError } from '../conformance/workflow-recording-error.js';
import { toError } from '../utils/errors.js';
import { findAppEntry } from '../server/app-entry.js';
import { importAgentModule } from '../server/import-agent-module.js';

/**
 * Replays every workflow recording under `dir` (`<sample>/tests/*.json`) whose id contains
 * `filter`, one after the other, each through the app named by its `appName` in `appsDir`
 * (`<appsDir>/<appName>/agent.ts` or `agent.js`, loaded once as `rxadk web` loads apps). A
 * recording without an app, or whose app does not load, is a failed result saying so.
 *
 * @example
 * ```ts
 * replayWorkflowRecordings('../shared/workflow-recordings', 'dist/examples/workflows').subscribe((r) => console.log(r.id, r.passed));
 * ```
 */
export function replayWorkflowRecordings(dir: string, appsDir: string, filter = ''): Observable<ConformanceResult> {
  return defer(() => {
    const apps = new Map<string, Observable<WorkflowApp>>();
    const appOf = (name: string): Observable<WorkflowApp> => {
      let app = apps.get(name);
      if (!app) {
        app = loadWorkflowApp(appsDir, name).pipe(shareReplay(1));
        apps.set(name, app);
      }
      return app;
    };
    return from(findWorkflowRecordings(dir)).pipe(
      concatMap((file) =>
        defer(() => {
          const recording = readWorkflowRecording(file);
          if (!recording.id.includes(filter)) return of();
          return appOf(recording.appName).pipe(
            concatMap((app) => runWorkflowRecording(recording, app)),
            catchError((error: unknown) => of<ConformanceResult>({ id: recording.id, passed: false, error: toError(error) })),
          );
        }).pipe(catchError((error: unknown) => of<ConformanceResult>({ id: file, passed: false, error: toError(error) }))),
      ),
    );
  });
}

function loadWorkflowApp(appsDir: string, name: string): Observable<WorkflowApp> {
  return defer(() => {
    const entry = /^[\w-]+$/.test(name) ? findAppEntry(join(appsDir, name)) : undefined;
    if (!entry) throw new WorkflowRecordingError(join(appsDir, name), `there is no app "${name}" (an agent.ts or agent.js) to replay its recordings through`);
    return importAgentModule(entry).pipe(map((module) => workflowAppOf(module as Record<string, unknown>, entry)));
  });
}
