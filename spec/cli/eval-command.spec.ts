import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evalCommand } from '../../lib/cli/commands/eval.js';
import { progressText } from '../../lib/cli/eval/eval-progress.js';
import type { EvalCaseResult } from '../../lib/evaluation/eval-result.js';
import { EvalStatus } from '../../lib/evaluation/eval-status.js';
import { parseArgs } from '../../lib/utils/parse-args.js';

/** An app folder (never loaded here: bad input is refused before anything runs) with a valid eval set. */
function appWith(files: Record<string, string>): string {
  const app = mkdtempSync(join(tmpdir(), 'eval-input-'));
  writeFileSync(join(app, 'agent.js'), 'throw new Error("the app must not be loaded on bad input");');
  writeFileSync(join(app, 'good.evalset.json'), JSON.stringify({ eval_set_id: 'good', eval_cases: [{ eval_id: 'c1', conversation: [] }] }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(app, name, '..'), { recursive: true });
    writeFileSync(join(app, name), text);
  }
  return app;
}

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await evalCommand(parseArgs(argv, ['print_detailed_results', 'print-detailed-results']), { write: (t) => void (out += t), isTTY: false }, (t) => void (err += t));
  return { code, out, err };
}

describe('rxadk eval: bad input exits 2 with a clear message, and nothing runs or is written', () => {
  const cases: Array<[string, Record<string, string>, (app: string) => string[], RegExp]> = [
    ['a malformed JSON file', { 'bad.test.json': '{"eval_set_id": ' }, (app) => [join(app, 'bad.test.json')], /bad\.test\.json is not valid JSON/],
    ['an unknown key in a set file (key and file named)', { 'typo.evalset.json': JSON.stringify({ eval_set_id: 's', eval_cases: [], evalcases: [] }) }, (app) => [join(app, 'typo.evalset.json')], /Unknown key "evalcases" in the eval set of .*typo\.evalset\.json/],
    ['an unknown metric', { 'test_config.json': JSON.stringify({ criteria: { response_score: 0.5 } }) }, (app) => [join(app, 'good.evalset.json')], /Unknown metric "response_score" in .*test_config\.json\. Metrics: tool_trajectory_avg_score, response_match_score, final_response_match_v2/],
    ['a threshold outside [0, 1]', { 'c.json': JSON.stringify({ criteria: { response_match_score: 80 } }) }, (app) => [join(app, 'good.evalset.json'), '--config_file_path', join(app, 'c.json')], /threshold of "response_match_score" in .*c\.json must be a number in \[0, 1\], not 80/],
    ['an eval set id with a path separator', {}, () => ['../no_such_folder/evil_set'], /not a file, and an eval set id may not contain a path separator/],
    ['a case the set does not have', {}, () => ['good:c1,nope'], /has no case "nope"\. Cases: c1/],
    ['a custom metric without a module', { 'c.json': JSON.stringify({ criteria: { polite: 1 }, custom_metrics: { polite: { code_config: {} } } }) }, (app) => ['good', '--config_file_path', join(app, 'c.json')], /The custom metric "polite" in .*c\.json needs \{"code_config": \{"name": "<file>:<export>"\}\}/],
    ['a criterion naming a custom metric that is not registered', { 'c.json': JSON.stringify({ criteria: { polite: 1 } }) }, (app) => ['good', '--config_file_path', join(app, 'c.json')], /Unknown metric "polite"/],
    ['a bad --num_runs', {}, () => ['good', '--num_runs', '0'], /--num_runs must be a whole number of at least 1, not "0"/],
  ];

  it.each(cases)('%s', async (_name, files, args, message) => {
    const app = appWith(files);
    const result = await run([app, ...args(app)]);
    expect(result).toMatchObject({ code: 2, out: '' });
    expect(result.err).toMatch(message);
    expect(existsSync(join(app, '.adk'))).toBe(false);
  });

  it('a folder that is not an app', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'not-an-app-'));
    const result = await run([dir, 'x.json']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/is not an app: it holds no agent\.ts, agent\.js, index\.\* or root_agent\.yaml/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('no eval file at all', async () => {
    const result = await run([appWith({})]);
    expect(result).toMatchObject({ code: 2 });
    expect(result.err).toMatch(/Name at least one eval file or eval set id/);
  });
});

describe('progressText', () => {
  const result = { evalSetId: 's', evalId: 'c1', finalEvalStatus: EvalStatus.FAILED } as EvalCaseResult;

  it('on a terminal: a bar redrawn in place, a newline after the last case', () => {
    expect(progressText(result, 0, 4, true)).toBe(`\r[${'.'.repeat(30)}] 0/4 cases`);
    expect(progressText(result, 1, 4, true)).toBe(`\r[${'#'.repeat(8)}${'.'.repeat(22)}] 1/4 cases`);
    expect(progressText(result, 4, 4, true)).toBe(`\r[${'#'.repeat(30)}] 4/4 cases\n`);
  });

  it('otherwise: one plain line per case with its status', () => {
    expect(progressText(result, 1, 4, false)).toBe('FAILED        c1\n');
  });
});
