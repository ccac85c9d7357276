import { HttpError } from '../../lib/server/http-error.js';
import { parseRunEvalRequest } from '../../lib/server/run-eval-request.js';

describe('parseRunEvalRequest (the body of run_eval / run)', () => {
  it("reads adk-web's body: the case ids and the metrics", () => {
    expect(parseRunEvalRequest({ evalIds: ['paris'], evalMetrics: [{ metricName: 'tool_trajectory_avg_score', threshold: 1 }, { metricName: 'response_match_score', threshold: 0.7 }] })).toEqual({
      evalIds: ['paris'],
      evalMetrics: [
        { metricName: 'tool_trajectory_avg_score', threshold: 1 },
        { metricName: 'response_match_score', threshold: 0.7 },
      ],
    });
  });

  it('reads snake_case, eval_case_ids before the older eval_ids, and keeps a criterion', () => {
    expect(parseRunEvalRequest({ eval_case_ids: ['a'], eval_ids: ['b'], eval_metrics: [{ metric_name: 'final_response_match_v2', threshold: 0.5, criterion: { num_samples: 3 } }] })).toEqual({
      evalIds: ['a'],
      evalMetrics: [{ metricName: 'final_response_match_v2', threshold: 0.5, criterion: { num_samples: 3 } }],
    });
  });

  it('no case ids: every case (an empty list)', () => {
    expect(parseRunEvalRequest({ evalMetrics: [{ metricName: 'response_match_score', threshold: 0 }] }).evalIds).toEqual([]);
  });

  it.each([
    [undefined, /The body .* must be a JSON object/],
    [[], /must be a JSON object/],
    [{ evalIds: 'paris', evalMetrics: [] }, /evalIds \(or eval_case_ids\) must be a list/],
    [{ evalIds: [1], evalMetrics: [] }, /must be a list of case ids/],
    [{ evalIds: [] }, /evalMetrics must be a non-empty list/],
    [{ evalMetrics: [] }, /evalMetrics must be a non-empty list/],
    [{ evalMetrics: ['x'] }, /evalMetrics\[0\] must be a JSON object/],
    [{ evalMetrics: [{ threshold: 1 }] }, /evalMetrics\[0\].metricName must be/],
    [{ evalMetrics: [{ metricName: 'response_match_score', threshold: 1.5 }] }, /threshold of response_match_score must be a number in \[0, 1\] \(it is 1.5\)/],
    [{ evalMetrics: [{ metricName: 'response_match_score', threshold: -0.1 }] }, /in \[0, 1\]/],
    [{ evalMetrics: [{ metricName: 'response_match_score' }] }, /in \[0, 1\] \(it is undefined\)/],
  ])('refuses %j with a 400 that says why', (body, message) => {
    const attempt = () => parseRunEvalRequest(body);
    expect(attempt).toThrow(HttpError);
    expect(attempt).toThrow(message);
  });
});
