import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { BUILT_IN_METRICS } from '../../lib/evaluation/built-in-metrics.js';
import type { Session } from '../../lib/sessions/session.js';
import { AgentApps } from '../../lib/server/agent-apps.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import { call } from './support/http-client.js';
import { testApps } from './support/test-apps.js';

interface EvalCaseOnWire {
  evalId: string;
  conversation: Array<{ userContent: { parts: Array<{ text?: string }> }; finalResponse?: { parts: Array<{ text?: string }> }; intermediateData: { invocationEvents: Array<{ author: string; content: { parts: Array<Record<string, unknown>> } }> } }>;
  sessionInput: { appName: string; userId: string; state: Record<string, unknown> };
}

describe('the eval endpoints adk-web calls (a real server, eval sets in a folder)', () => {
  let server: DevServer;
  let standIn: GeminiStandIn;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rxadk-eval-routes-'));
    standIn = await GeminiStandIn.start();
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf(testApps(standIn.baseUrl).apps), evalsDir: dir, port: 0, ui: false, log: () => undefined }));
  });

  afterAll(async () => {
    await lastValueFrom(server.close(), { defaultValue: undefined });
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A session of `notes` where the user saved a note (a tool call) and said hello. */
  async function noteSession(): Promise<string> {
    const session = (await call(server.url, 'POST', '/apps/notes/users/u1/sessions')).json as Session;
    for (const text of ['note: buy milk', 'hello']) {
      await call(server.url, 'POST', '/run', { appName: 'notes', userId: 'u1', sessionId: session.id, newMessage: { role: 'user', parts: [{ text }] } });
    }
    return session.id;
  }

  it('creates a set with adk-web\'s body (execution modes accepted), stored as ADK stores it, and lists it in both spellings', async () => {
    const created = await call(server.url, 'POST', '/dev/apps/notes/eval-sets', { eval_set: { eval_set_id: 'smoke', model_execution_mode: 'live', tool_execution_mode: 'live', eval_cases: [] } });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ evalSetId: 'smoke', name: 'smoke', evalCases: [] });
    const file = JSON.parse(readFileSync(join(dir, 'notes', 'smoke.evalset.json'), 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({ eval_set_id: 'smoke', name: 'smoke', eval_cases: [] });
    expect(typeof file['creation_timestamp']).toBe('number');
    expect((await call(server.url, 'GET', '/dev/apps/notes/eval_sets')).json).toEqual(['smoke']);
    expect((await call(server.url, 'GET', '/apps/notes/eval_sets')).json).toEqual(['smoke']);
    expect((await call(server.url, 'GET', '/dev/apps/notes/eval-sets')).json).toEqual({ evalSetIds: ['smoke'] });
    expect((await call(server.url, 'GET', '/dev/apps/notes/eval_sets/smoke')).json).toMatchObject({ evalSetId: 'smoke', evalCases: [] });
    // the older create, by id in the path, answers null as ADK's does
    const legacy = await call(server.url, 'POST', '/apps/notes/eval_sets/older');
    expect([legacy.status, legacy.json]).toEqual([200, null]);
    expect((await call(server.url, 'GET', '/apps/notes/eval-sets')).json).toEqual({ evalSetIds: ['older', 'smoke'] });
  });

  it('add_session turns the session into a case: one invocation per turn, the tool call and response on the way, the final answer', async () => {
    const sessionId = await noteSession();
    const added = await call(server.url, 'POST', '/dev/apps/notes/eval_sets/smoke/add_session', { evalId: 'milk', sessionId, userId: 'u1' });
    expect([added.status, added.json]).toEqual([200, null]);
    expect((await call(server.url, 'GET', '/dev/apps/notes/eval_sets/smoke/evals')).json).toEqual(['milk']);
    const evalCase = (await call(server.url, 'GET', '/dev/apps/notes/eval_sets/smoke/evals/milk')).json as EvalCaseOnWire;
    expect(evalCase.evalId).toBe('milk');
    expect(evalCase.sessionInput).toEqual({ appName: 'notes', userId: 'u1', state: {} });
    expect(evalCase.conversation.map((inv) => [inv.userContent.parts[0]?.text, inv.finalResponse?.parts[0]?.text])).toEqual([
      ['note: buy milk', 'Saved ({"saved":true,"version":0}).'],
      ['hello', 'echo: hello'],
    ]);
    const [first] = evalCase.conversation;
    expect(first!.intermediateData.invocationEvents.map((e) => Object.keys(e.content.parts[0]!)[0])).toEqual(['functionCall', 'functionResponse']);
    expect(first!.intermediateData.invocationEvents[0]!.content.parts[0]).toMatchObject({ functionCall: { name: 'save_note', args: { text: 'buy milk' } } });
    // the hyphenated spelling, and the same case id again: refused
    const again = await call(server.url, 'POST', '/apps/notes/eval-sets/smoke/add-session', { eval_id: 'milk', session_id: sessionId, user_id: 'u1' });
    expect(again.status).toBe(400);
    expect((again.json as { error: string }).error).toMatch(/"milk" already exists in eval set "smoke"/);
    // stored in ADK Python's spelling
    const file = readFileSync(join(dir, 'notes', 'smoke.evalset.json'), 'utf8');
    expect(file).toContain('"function_call"');
    expect(file).toContain('"invocation_events"');
  });

  it('PUT replaces a case (the route names it), GET shows the change, DELETE removes it', async () => {
    const path = '/dev/apps/notes/eval_sets/smoke/evals/milk';
    const evalCase = (await call(server.url, 'GET', path)).json as EvalCaseOnWire;
    evalCase.conversation[1]!.finalResponse = { parts: [{ text: 'Hello to you.' }] };
    const { evalId: _id, ...withoutId } = evalCase;
    const put = await call(server.url, 'PUT', path, withoutId);
    expect([put.status, put.json]).toEqual([200, null]);
    const read = (await call(server.url, 'GET', '/apps/notes/eval-sets/smoke/eval-cases/milk')).json as EvalCaseOnWire;
    expect(read.conversation[1]!.finalResponse?.parts[0]?.text).toBe('Hello to you.');
    expect((await call(server.url, 'PUT', path, { ...evalCase, evalId: 'other' })).status).toBe(400);
    expect((await call(server.url, 'PUT', '/dev/apps/notes/eval_sets/smoke/evals/nope', withoutId)).status).toBe(404);
    expect((await call(server.url, 'PUT', path, { ...withoutId, unknown_key: 1 })).status).toBe(400);
    const deleted = await call(server.url, 'DELETE', path);
    expect([deleted.status, deleted.json]).toEqual([200, null]);
    expect((await call(server.url, 'GET', path)).status).toBe(404);
    expect((await call(server.url, 'DELETE', path)).status).toBe(404);
  });

  it('refuses bad input with a named 4xx: a set id with a path separator, an unknown app, set or session, a malformed body', async () => {
    const cases: Array<[string, string, unknown, number, RegExp]> = [
      ['POST', '/dev/apps/notes/eval-sets', { eval_set: { eval_set_id: '../escape' } }, 400, /Invalid eval set id/],
      ['POST', '/dev/apps/notes/eval-sets', { eval_set: { eval_set_id: 'a/b' } }, 400, /Invalid eval set id/],
      ['GET', '/dev/apps/notes/eval_sets/..%2F..%2Fescape', undefined, 400, /Invalid eval set id/],
      ['POST', '/dev/apps/notes/eval-sets', { eval_set: {} }, 400, /eval_set_id must be a non-empty string/],
      ['POST', '/dev/apps/notes/eval-sets', [], 400, /must be a JSON object/],
      ['POST', '/dev/apps/notes/eval-sets', { eval_set: { eval_set_id: 'smoke' } }, 400, /already exists/],
      ['GET', '/dev/apps/nope/eval_sets', undefined, 404, /There is no app "nope"/],
      ['POST', '/dev/apps/nope/eval-sets', { eval_set: { eval_set_id: 'x' } }, 404, /There is no app "nope"/],
      ['GET', '/dev/apps/notes/eval_sets/missing', undefined, 404, /Eval set "missing" not found/],
      ['GET', '/dev/apps/notes/eval_sets/missing/evals', undefined, 404, /Eval set "missing" not found/],
      ['POST', '/dev/apps/notes/eval_sets/missing/add_session', { evalId: 'c', sessionId: 's', userId: 'u1' }, 404, /There is no session "s"/],
      ['POST', '/dev/apps/notes/eval_sets/smoke/add_session', { evalId: 'c' }, 400, /sessionId must be a non-empty string/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const answer = await call(server.url, method, path, body);
      expect([method, path, answer.status]).toEqual([method, path, status]);
      expect((answer.json as { error: string }).error).toMatch(message);
    }
    expect(existsSync(join(dir, 'escape.evalset.json'))).toBe(false);
    expect(existsSync(join(dir, '..', 'escape.evalset.json'))).toBe(false);
  });

  it('add_session into a missing set: 404, and nothing is written', async () => {
    const sessionId = await noteSession();
    const answer = await call(server.url, 'POST', '/dev/apps/notes/eval_sets/missing/add_session', { evalId: 'c', sessionId, userId: 'u1' });
    expect(answer.status).toBe(404);
    expect(existsSync(join(dir, 'notes', 'missing.evalset.json'))).toBe(false);
  });

  it('lists and reads results from .adk/eval_history: rxadk\'s plain JSON and ADK Python\'s JSON-in-a-string, camelCased', async () => {
    const history = join(dir, 'notes', '.adk', 'eval_history');
    mkdirSync(history, { recursive: true });
    const result = (id: string, at: number) => ({
      eval_set_result_id: id,
      eval_set_result_name: id,
      eval_set_id: 'smoke',
      eval_case_results: [{ eval_set_id: 'smoke', eval_id: 'milk', final_eval_status: 1, overall_eval_metric_results: [{ metric_name: 'response_match_score', threshold: 0.8, score: 0.9, eval_status: 1 }], eval_metric_result_per_invocation: [], session_id: 's1', user_id: 'u1' }],
      creation_timestamp: at,
    });
    writeFileSync(join(history, 'notes_smoke_1700000100.5.evalset_result.json'), JSON.stringify(result('notes_smoke_1700000100.5', 1700000100.5)));
    writeFileSync(join(history, 'notes_smoke_1700000000.25.evalset_result.json'), JSON.stringify(JSON.stringify(result('notes_smoke_1700000000.25', 1700000000.25))));
    writeFileSync(join(history, 'notes.txt'), 'not a result');
    expect((await call(server.url, 'GET', '/dev/apps/notes/eval_results')).json).toEqual(['notes_smoke_1700000000.25', 'notes_smoke_1700000100.5']);
    expect((await call(server.url, 'GET', '/apps/notes/eval-results')).json).toEqual({ evalResultIds: ['notes_smoke_1700000000.25', 'notes_smoke_1700000100.5'] });
    for (const [path, id] of [
      ['/dev/apps/notes/eval_results/notes_smoke_1700000000.25', 'notes_smoke_1700000000.25'],
      ['/apps/notes/eval-results/notes_smoke_1700000100.5', 'notes_smoke_1700000100.5'],
    ] as const) {
      const answer = await call(server.url, 'GET', path);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        evalSetResultId: id,
        evalSetId: 'smoke',
        evalCaseResults: [{ evalId: 'milk', finalEvalStatus: 1, overallEvalMetricResults: [{ metricName: 'response_match_score', threshold: 0.8, score: 0.9, evalStatus: 1 }], sessionId: 's1' }],
      });
    }
    expect((await call(server.url, 'GET', '/dev/apps/notes/eval_results/notes_smoke_1')).status).toBe(404);
    const escape = await call(server.url, 'GET', '/dev/apps/notes/eval_results/..%2F..%2Fsmoke');
    expect([escape.status, (escape.json as { error: string }).error]).toEqual([400, expect.stringMatching(/Invalid eval result id/)]);
    writeFileSync(join(history, 'notes_bad_1.evalset_result.json'), '{"eval_set_id": "x"}');
    expect((await call(server.url, 'GET', '/dev/apps/notes/eval_results/notes_bad_1')).status).toBe(400);
  });

  it('run_eval runs the set through the app (the eval session kept in the server), scores each metric, answers ADK\'s RunEvalResult list, and stores the result', async () => {
    await call(server.url, 'POST', '/dev/apps/notes/eval-sets', { eval_set: { eval_set_id: 'runs' } });
    const sessionId = await noteSession();
    await call(server.url, 'POST', '/dev/apps/notes/eval_sets/runs/add_session', { evalId: 'milk', sessionId, userId: 'u1' });
    const before = ((await call(server.url, 'GET', '/dev/apps/notes/eval_results')).json as string[]).length;
    const metrics = [{ metricName: 'tool_trajectory_avg_score', threshold: 1 }, { metricName: 'response_match_score', threshold: 0.8 }];
    const answer = await call(server.url, 'POST', '/dev/apps/notes/eval_sets/runs/run_eval', { evalIds: ['milk'], evalMetrics: metrics });
    expect(answer.status).toBe(200);
    const [row, ...rest] = answer.json as Array<{ evalId: string; evalSetId: string; evalSetFile: string; finalEvalStatus: number; evalMetricResults: unknown[]; userId: string; sessionId: string; overallEvalMetricResults: Array<{ metricName: string; threshold: number; score: number; evalStatus: number }>; evalMetricResultPerInvocation: unknown[] }>;
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ evalId: 'milk', evalSetId: 'runs', evalSetFile: 'runs', finalEvalStatus: 1, evalMetricResults: [], userId: 'u1' });
    expect(row!.overallEvalMetricResults).toEqual([
      { metricName: 'tool_trajectory_avg_score', threshold: 1, score: 1, evalStatus: 1 },
      { metricName: 'response_match_score', threshold: 0.8, score: 1, evalStatus: 1 },
    ]);
    expect(row!.evalMetricResultPerInvocation).toHaveLength(2);
    // the eval session is in the server's store (adk-web opens it), and kept out of the session list, as ADK does
    expect(row!.sessionId).toMatch(/^___eval___session___/);
    const evalSession = (await call(server.url, 'GET', `/apps/notes/users/u1/sessions/${row!.sessionId}`)).json as Session;
    expect(evalSession.events.filter((e) => e.author === 'user').map((e) => e.content?.parts?.[0]?.text)).toEqual(['note: buy milk', 'hello']);
    const listed = (await call(server.url, 'GET', '/apps/notes/users/u1/sessions')).json as Session[];
    expect(listed.some((s) => s.id === row!.sessionId)).toBe(false);
    // stored in the app's eval history
    const ids = (await call(server.url, 'GET', '/dev/apps/notes/eval_results')).json as string[];
    expect(ids).toHaveLength(before + 1);
    const stored = (await call(server.url, 'GET', `/dev/apps/notes/eval_results/${ids.at(-1)}`)).json as { evalSetId: string; evalCaseResults: Array<{ evalId: string; finalEvalStatus: number; sessionId: string }> };
    expect(ids.at(-1)).toMatch(/^notes_runs_\d+(\.\d+)?$/);
    expect(stored.evalSetId).toBe('runs');
    expect(stored.evalCaseResults.map((c) => [c.evalId, c.finalEvalStatus, c.sessionId])).toEqual([['milk', 1, row!.sessionId]]);
  });

  it('a case whose expected answer differs fails response_match_score with its score; /eval-sets/{set}/run answers {runEvalResults}', async () => {
    const path = '/dev/apps/notes/eval_sets/runs/evals/milk';
    const evalCase = (await call(server.url, 'GET', path)).json as EvalCaseOnWire;
    evalCase.conversation[1]!.finalResponse = { parts: [{ text: 'Goodbye forever, cruel world.' }] };
    await call(server.url, 'PUT', path, evalCase);
    const answer = await call(server.url, 'POST', '/apps/notes/eval-sets/runs/run', { eval_metrics: [{ metric_name: 'response_match_score', threshold: 0.8 }] });
    expect(answer.status).toBe(200);
    const { runEvalResults } = answer.json as { runEvalResults: Array<{ finalEvalStatus: number; overallEvalMetricResults: Array<{ score: number; evalStatus: number }> }> };
    expect(runEvalResults).toHaveLength(1);
    expect(runEvalResults[0]!.finalEvalStatus).toBe(2);
    const [metric] = runEvalResults[0]!.overallEvalMetricResults;
    expect(metric!.evalStatus).toBe(2);
    // ROUGE-1 F of "echo: hello" against the new expected answer is 0 for the second turn, 1 for the first: mean 0.5
    expect(metric!.score).toBeCloseTo(0.5, 4);
  });

  it('run_eval refuses an unknown metric, a bad threshold, an unknown case or set, naming it', async () => {
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['/dev/apps/notes/eval_sets/runs/run_eval', { evalMetrics: [{ metricName: 'bleu', threshold: 0.5 }] }, 400, /bleu/],
      ['/dev/apps/notes/eval_sets/runs/run_eval', { evalMetrics: [{ metricName: 'response_match_score', threshold: 2 }] }, 400, /\[0, 1\]/],
      ['/dev/apps/notes/eval_sets/runs/run_eval', { evalIds: ['nope'], evalMetrics: [{ metricName: 'response_match_score', threshold: 0.5 }] }, 404, /Eval case "nope" not found in eval set "runs"/],
      ['/dev/apps/notes/eval_sets/missing/run_eval', { evalMetrics: [{ metricName: 'response_match_score', threshold: 0.5 }] }, 404, /Eval set "missing" not found/],
      ['/dev/apps/nope/eval_sets/runs/run_eval', { evalMetrics: [{ metricName: 'response_match_score', threshold: 0.5 }] }, 404, /There is no app "nope"/],
    ];
    for (const [path, body, status, message] of cases) {
      const answer = await call(server.url, 'POST', path, body);
      expect([path, answer.status]).toEqual([path, status]);
      expect((answer.json as { error: string }).error).toMatch(message);
    }
  });

  it('metrics-info lists the metrics rxadk evaluates (its built-in metrics), with their [0, 1] interval', async () => {
    for (const path of ['/dev/apps/notes/metrics-info', '/apps/notes/metrics-info', '/dev/apps/notes/eval_metrics']) {
      const answer = (await call(server.url, 'GET', path)).json as { metricsInfo: Array<{ metricName: string; metricValueInfo: { interval: { minValue: number; maxValue: number } } }> };
      expect(answer.metricsInfo.map((m) => m.metricName)).toEqual([...BUILT_IN_METRICS.keys()]);
      expect(answer.metricsInfo.every((m) => m.metricValueInfo.interval.minValue === 0 && m.metricValueInfo.interval.maxValue === 1)).toBe(true);
    }
  });

  it('deletes a set in either spelling; then it is gone', async () => {
    for (const [path, id] of [['/dev/apps/notes/eval_sets/older', 'older'], ['/apps/notes/eval-sets/smoke', 'smoke'], ['/apps/notes/eval-sets/runs', 'runs']] as const) {
      const deleted = await call(server.url, 'DELETE', path);
      expect([deleted.status, deleted.json]).toEqual([200, null]);
      expect(existsSync(join(dir, 'notes', `${id}.evalset.json`))).toBe(false);
      expect((await call(server.url, 'DELETE', path)).status).toBe(404);
    }
    expect((await call(server.url, 'GET', '/dev/apps/notes/eval_sets')).json).toEqual([]);
  });
});

describe('the eval endpoints of a server on an agents folder (rxadk web <folder>)', () => {
  it("keep the sets beside each app, in the apps' own folder, with no evalsDir", async () => {
    const agents = mkdtempSync(join(tmpdir(), 'rxadk-eval-agents-'));
    mkdirSync(join(agents, 'hello'));
    writeFileSync(join(agents, 'hello', 'agent.js'), 'export const rootAgent = undefined; // listed, never loaded here\n');
    writeFileSync(join(agents, 'hello', 'smoke.evalset.json'), JSON.stringify({ eval_set_id: 'smoke', eval_cases: [] }));
    const server = await firstValueFrom(DevServer.start({ apps: new AgentApps(agents), port: 0, ui: false, log: () => undefined }));
    try {
      expect((await call(server.url, 'GET', '/dev/apps/hello/eval_sets')).json).toEqual(['smoke']);
      expect((await call(server.url, 'POST', '/dev/apps/hello/eval-sets', { eval_set: { eval_set_id: 'more' } })).status).toBe(200);
      expect(existsSync(join(agents, 'hello', 'more.evalset.json'))).toBe(true);
    } finally {
      await lastValueFrom(server.close(), { defaultValue: undefined });
      rmSync(agents, { recursive: true, force: true });
    }
  });
});
