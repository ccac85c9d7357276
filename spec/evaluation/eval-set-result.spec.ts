import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEvalConfig } from '../../lib/evaluation/eval-config.js';
import { EvalInputError } from '../../lib/evaluation/eval-input-error.js';
import type { EvalCaseResult } from '../../lib/evaluation/eval-result.js';
import { evalSetResultOf } from '../../lib/evaluation/eval-set-result-of.js';
import { EvalStatus } from '../../lib/evaluation/eval-status.js';
import { finalEvalStatusOf } from '../../lib/evaluation/final-eval-status-of.js';
import { ThresholdRangeError } from '../../lib/evaluation/threshold-range-error.js';
import { UnknownMetricError } from '../../lib/evaluation/unknown-metric-error.js';
import { writeEvalSetResult } from '../../lib/evaluation/write-eval-set-result.js';

const caseResult: EvalCaseResult = {
  evalSetId: 'simple',
  evalId: 'c1',
  finalEvalStatus: EvalStatus.PASSED,
  overallEvalMetricResults: [{ metricName: 'response_match_score', threshold: 0.8, score: 0.9, evalStatus: EvalStatus.PASSED }],
  evalMetricResultPerInvocation: [],
  sessionId: '___eval___session___1',
  userId: 'test_user_id',
};

describe('EvalSetResult', () => {
  it("evalSetResultOf names the result <app>_<set>_<timestamp>, as ADK's managers do", () => {
    expect(evalSetResultOf('home', 'simple', [caseResult], 1764196800.5)).toEqual({
      evalSetResultId: 'home_simple_1764196800.5',
      evalSetResultName: 'home_simple_1764196800.5',
      evalSetId: 'simple',
      evalCaseResults: [caseResult],
      creationTimestamp: 1764196800.5,
    });
  });

  it('writeEvalSetResult writes plain JSON with camelCase keys and numeric statuses under .adk/eval_history', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-result-'));
    const path = writeEvalSetResult(dir, evalSetResultOf('home', 'simple', [caseResult], 1764196800.5));
    expect(path).toBe(join(dir, '.adk', 'eval_history', 'home_simple_1764196800.5.evalset_result.json'));
    const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(json['evalCaseResults']).toEqual([caseResult]);
    expect(() => writeEvalSetResult(dir, evalSetResultOf('home', '../x', [], 1))).toThrow(EvalInputError);
    expect(readdirSync(join(dir, '.adk', 'eval_history'))).toEqual(['home_simple_1764196800.5.evalset_result.json']);
  });

  it('finalEvalStatusOf: any FAILED fails; else any PASSED passes; else NOT_EVALUATED', () => {
    const r = (evalStatus: EvalStatus) => ({ metricName: 'm', threshold: 1, evalStatus });
    expect(finalEvalStatusOf([r(EvalStatus.PASSED), r(EvalStatus.FAILED)])).toBe(EvalStatus.FAILED);
    expect(finalEvalStatusOf([r(EvalStatus.NOT_EVALUATED), r(EvalStatus.PASSED)])).toBe(EvalStatus.PASSED);
    expect(finalEvalStatusOf([r(EvalStatus.NOT_EVALUATED)])).toBe(EvalStatus.NOT_EVALUATED);
    expect(finalEvalStatusOf([])).toBe(EvalStatus.NOT_EVALUATED);
  });
});

describe('parseEvalConfig', () => {
  const metrics = ['tool_trajectory_avg_score', 'response_match_score', 'final_response_match_v2'];

  it("reads ADK's test_config.json shape: plain thresholds and objects with options (camelCased)", () => {
    const config = parseEvalConfig(
      { criteria: { tool_trajectory_avg_score: { threshold: 1, match_type: 'ANY_ORDER' }, final_response_match_v2: { threshold: 0.5, judge_model_options: { judge_model: 'm', num_samples: 3 } }, response_match_score: 0 } },
      'test_config.json',
      metrics,
    );
    expect(config.criteria).toEqual([
      { metricName: 'tool_trajectory_avg_score', threshold: 1, options: { matchType: 'ANY_ORDER' } },
      { metricName: 'final_response_match_v2', threshold: 0.5, options: { judgeModelOptions: { judgeModel: 'm', numSamples: 3 } } },
      { metricName: 'response_match_score', threshold: 0, options: {} },
    ]);
  });

  it('names the unknown metric, the threshold outside [0, 1], the unknown key, and the file', () => {
    expect(() => parseEvalConfig({ criteria: { rouge: 0.5 } }, 'a/test_config.json', metrics)).toThrow(new UnknownMetricError('rouge', metrics, 'a/test_config.json'));
    expect(() => parseEvalConfig({ criteria: { response_match_score: -0.1 } }, 'c.json', metrics)).toThrow(ThresholdRangeError);
    expect(() => parseEvalConfig({ criteria: { response_match_score: { threshold: '1' } } }, 'c.json', metrics)).toThrow(/must be a number in \[0, 1\], not "1"/);
    expect(() => parseEvalConfig({ criteria: { response_match_score: 0.5 }, thresholds: {} }, 'c.json', metrics)).toThrow(/Unknown key "thresholds" in c.json/);
    expect(() => parseEvalConfig({ criteria: {} }, 'c.json', metrics)).toThrow(/names no criteria/);
    expect(() => parseEvalConfig([], 'c.json', metrics)).toThrow(EvalInputError);
  });

  it('accepts a criterion naming a custom metric registered in custom_metrics, and refuses one that is not a function', () => {
    const polite = () => 1;
    expect(parseEvalConfig({ criteria: { polite: 1 }, custom_metrics: { polite } }, 'code', metrics).customMetrics.get('polite')).toBe(polite);
    expect(() => parseEvalConfig({ criteria: { polite: 1 }, customMetrics: { polite: 'x' } }, 'code', metrics)).toThrow(/custom metric "polite" in code is not a function/);
  });
});
