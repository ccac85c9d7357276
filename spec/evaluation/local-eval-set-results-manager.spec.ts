import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import { EvalInputError } from '../../lib/evaluation/eval-input-error.js';
import { EvalNotFoundError } from '../../lib/evaluation/eval-not-found-error.js';
import { evalSetResultOf } from '../../lib/evaluation/eval-set-result-of.js';
import { LocalEvalSetResultsManager } from '../../lib/evaluation/local-eval-set-results-manager.js';
import { writeEvalSetResult } from '../../lib/evaluation/write-eval-set-result.js';

describe('LocalEvalSetResultsManager (results read from <agentsDir>/<app>/.adk/eval_history)', () => {
  let dir: string;
  let results: LocalEvalSetResultsManager;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rxadk-eval-results-'));
    results = new LocalEvalSetResultsManager(dir);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('an app without history: no results', async () => {
    expect(await firstValueFrom(results.listEvalSetResults('app'))).toEqual([]);
  });

  it('reads back what writeEvalSetResult wrote, and lists results oldest first by their timestamp (not by text)', async () => {
    const caseResult = { evalSetId: 's', evalId: 'c', finalEvalStatus: 1 as const, overallEvalMetricResults: [{ metricName: 'response_match_score', threshold: 0.8, score: 0.9, evalStatus: 1 as const }], evalMetricResultPerInvocation: [], sessionId: 'x' };
    const later = evalSetResultOf('app', 's', [caseResult], 10.5);
    const earlier = evalSetResultOf('app', 's', [caseResult], 9.25);
    writeEvalSetResult(join(dir, 'app'), later);
    writeEvalSetResult(join(dir, 'app'), earlier);
    expect(await firstValueFrom(results.listEvalSetResults('app'))).toEqual(['app_s_9.25', 'app_s_10.5']);
    expect(await firstValueFrom(results.getEvalSetResult('app', 'app_s_10.5'))).toEqual(later);
  });

  it('reads ADK Python\'s file (snake_case JSON inside a JSON string) in camelCase', async () => {
    const history = join(dir, 'app', '.adk', 'eval_history');
    mkdirSync(history, { recursive: true });
    const python = { eval_set_result_id: 'app_s_1', eval_set_result_name: 'app_s_1', eval_set_id: 's', eval_case_results: [{ eval_id: 'c', final_eval_status: 2, session_details: null }], creation_timestamp: 1 };
    writeFileSync(join(history, 'app_s_1.evalset_result.json'), JSON.stringify(JSON.stringify(python)));
    expect(await firstValueFrom(results.getEvalSetResult('app', 'app_s_1'))).toEqual({ evalSetResultId: 'app_s_1', evalSetResultName: 'app_s_1', evalSetId: 's', evalCaseResults: [{ evalId: 'c', finalEvalStatus: 2 }], creationTimestamp: 1 });
  });

  it('a missing result is EvalNotFoundError; an id leaving the folder, a broken or foreign file EvalInputError', async () => {
    await expect(firstValueFrom(results.getEvalSetResult('app', 'nope'))).rejects.toThrow(EvalNotFoundError);
    for (const id of ['../x', 'a/b', '..', '.hidden']) await expect(firstValueFrom(results.getEvalSetResult('app', id))).rejects.toThrow(/Invalid eval result id/);
    await expect(firstValueFrom(results.listEvalSetResults('../app'))).rejects.toThrow(/Invalid app name/);
    const history = join(dir, 'app', '.adk', 'eval_history');
    mkdirSync(history, { recursive: true });
    writeFileSync(join(history, 'broken.evalset_result.json'), '{');
    writeFileSync(join(history, 'foreign.evalset_result.json'), '{"hello": 1}');
    await expect(firstValueFrom(results.getEvalSetResult('app', 'broken'))).rejects.toThrow(EvalInputError);
    await expect(firstValueFrom(results.getEvalSetResult('app', 'foreign'))).rejects.toThrow(/is not an eval set result/);
  });
});
