import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defer, type Observable, of } from 'rxjs';
import { camelCaseData } from './camel-case-data.js';
import { checkNameSegment } from './check-eval-id.js';
import { EvalInputError } from './eval-input-error.js';
import { EvalNotFoundError } from './eval-not-found-error.js';

const HISTORY = join('.adk', 'eval_history');
const EXTENSION = '.evalset_result.json';

/**
 * The results of past runs, read as ADK's `LocalEvalSetResultsManager` reads them: one file per
 * run, `<agentsDir>/<app>/.adk/eval_history/<resultId>.evalset_result.json`, the result id being
 * `<app>_<set>_<timestamp>`. A file holds the `EvalSetResult` as plain JSON (rxadk's) or as ADK
 * Python's JSON inside a JSON string; either case of keys is read and the result comes out in
 * camelCase (`evalSetResultId`, `evalCaseResults`, `finalEvalStatus`, …), as ADK's HTTP API answers.
 * Node only; cold Observables reading on subscription.
 *
 * @example
 * ```ts
 * const results = new LocalEvalSetResultsManager('agents');
 * results.listEvalSetResults('weather').subscribe(console.log); // ['weather_smoke_1732650000.5']
 * results.getEvalSetResult('weather', 'weather_smoke_1732650000.5').subscribe((r) => console.log(r.evalCaseResults));
 * ```
 */
export class LocalEvalSetResultsManager {
  constructor(
    /** The folder of the apps. */
    readonly agentsDir: string,
  ) {}

  /** The result ids of the app, oldest first (none when the app has no history). */
  listEvalSetResults(appName: string): Observable<string[]> {
    return defer(() => {
      const folder = this.historyOf(appName);
      if (!existsSync(folder)) return of([]);
      return of(
        readdirSync(folder)
          .filter((file) => file.endsWith(EXTENSION))
          .map((file) => file.slice(0, -EXTENSION.length))
          .sort(byTimestamp),
      );
    });
  }

  /**
   * One result, camelCased; fails with `EvalNotFoundError` when there is no such file, with
   * `EvalInputError` for an id that could leave the folder or a file that is not a result.
   */
  getEvalSetResult(appName: string, resultId: string): Observable<EvalSetResultJson> {
    return defer(() => {
      const path = join(this.historyOf(appName), `${checkNameSegment(resultId, 'eval result id')}${EXTENSION}`);
      if (!existsSync(path)) throw new EvalNotFoundError('eval result', resultId, appName);
      return of(readResult(path));
    });
  }

  private historyOf(appName: string): string {
    return join(this.agentsDir, checkNameSegment(appName, 'app name'), HISTORY);
  }
}

/** An `EvalSetResult` as read from a file: its keys camelCased; the rest is ADK's shape as written. */
export interface EvalSetResultJson {
  evalSetResultId: string;
  evalSetResultName?: string;
  evalSetId: string;
  evalCaseResults: Array<Record<string, unknown>>;
  creationTimestamp: number;
}

function readResult(path: string): EvalSetResultJson {
  const json = parseJson(readFileSync(path, 'utf8'), path);
  // ADK Python writes `json.dumps(model_dump_json())`: the JSON is inside a JSON string
  const value = camelCaseData(typeof json === 'string' ? parseJson(json, path) : json) as Partial<EvalSetResultJson> | undefined;
  if (!value || typeof value !== 'object' || typeof value.evalSetResultId !== 'string' || !Array.isArray(value.evalCaseResults)) {
    throw new EvalInputError(`${path} is not an eval set result (it needs eval_set_result_id and eval_case_results).`, { file: path });
  }
  return value as EvalSetResultJson;
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new EvalInputError(`${path} is not valid JSON (${(error as Error).message}).`, { file: path });
  }
}

/** `app_set_1732650000.5` before `app_set_1732650100.2`; ids without a timestamp by name. */
function byTimestamp(a: string, b: string): number {
  const time = (id: string) => Number(/_(\d+(?:\.\d+)?)$/.exec(id)?.[1] ?? Number.NaN);
  const [ta, tb] = [time(a), time(b)];
  return Number.isNaN(ta) || Number.isNaN(tb) || ta === tb ? a.localeCompare(b) : ta - tb;
}
