import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildCli } from './support/build-cli.js';

/** This suite's own build of the CLI and the eval fixtures (suites run side by side). */
const OUTDIR = resolve('test-output/cli-build-eval');
const CLI_MAIN = join(OUTDIR, 'lib/cli/main.js');
const FIXTURES = join(OUTDIR, 'examples/eval');

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `rxadk eval ...args` (stdout is a pipe: plain progress lines). */
function rxadkEval(args: string[]): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI_MAIN, 'eval', ...args], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

const historyOf = (app: string): string[] => readdirSync(join(app, '.adk', 'eval_history')).sort();

describe('rxadk eval on the ported ADK fixtures', () => {
  beforeAll(() => buildCli(OUTDIR), 60_000);
  afterAll(() => rmSync(OUTDIR, { recursive: true, force: true }));

  it('hello_world_agent: roll_die.test.json passes with its test_config.json, and the result file has ADK keys and numeric statuses', async () => {
    const app = join(FIXTURES, 'hello_world_agent');
    const result = await rxadkEval([app, join(app, 'roll_die.test.json')]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/tool_trajectory_avg_score +1\.0000 +1\.00 +PASSED/);
    expect(result.stdout).toMatch(/response_match_score +0\.6667 +0\.50 +PASSED/);
    expect(result.stdout).toContain('1 case: 1 passed, 0 failed, 0 not evaluated');
    const [file] = historyOf(app);
    expect(file).toMatch(/^hello_world_agent_56540925-a5ff-49fe-a4e1-589fe78066f2_\d+(\.\d+)?\.evalset_result\.json$/);
    const saved = JSON.parse(readFileSync(join(app, '.adk', 'eval_history', file!), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(saved).sort()).toEqual(['creationTimestamp', 'evalCaseResults', 'evalSetId', 'evalSetResultId', 'evalSetResultName']);
    expect(saved['evalCaseResults']).toMatchObject([{ evalId: 'tests/integration/fixture/hello_world_agent/roll_die.test.json', finalEvalStatus: 1, sessionId: expect.stringMatching(/^___eval___session___/) }]);
  });

  it('home_automation_agent: every eval file (old format, multi-turn, test_files with their own criteria) passes', async () => {
    const app = join(FIXTURES, 'home_automation_agent');
    const files = ['simple_test.test.json', 'simple_test2.test.json', 'test_files/dependent_tool_calls.test.json', 'test_files/simple_multi_turn_conversation.test.json', 'test_files/simple_test.test.json', 'test_files/simple_test2.test.json', 'test_files/memorizing_past_events/eval_data.test.json'];
    const result = await rxadkEval([app, ...files.map((file) => join(app, file)), '--parallel', '2']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('7 cases: 7 passed, 0 failed, 0 not evaluated');
    expect(result.stdout).toMatch(/memorizing_past_events\/eval_data\.test\.json +response_match_score +0\.\d{4} +0\.50 +PASSED/);
    expect(historyOf(app)).toHaveLength(7);
  });

  it('trip_planner_agent: the old-format file (state from initial.session.json, a transfer) and the sub-agent set pass', async () => {
    const app = join(FIXTURES, 'trip_planner_agent');
    const result = await rxadkEval([app, join(app, 'trip_inquiry.test.json'), join(app, 'test_files', 'trip_inquiry_sub_agent.test.json'), '--print_detailed_results']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('expected tools:    transfer_to_agent({"agent_name":"indentify_agent"})\n   actual tools:      transfer_to_agent({"agent_name":"indentify_agent"})');
    expect(result.stdout).toContain('2 cases: 2 passed, 0 failed, 0 not evaluated');
  });

  it('a deliberately broken agent fails (exit 1) with a readable table; a set id, :case, kebab-case flags and a custom metric module work', async () => {
    const app = mkdtempSync(join(tmpdir(), 'broken_home-'));
    // the home automation agent, with a model that always switches device_3 instead of the one asked for
    writeFileSync(
      join(app, 'agent.js'),
      `import { LlmAgent, FunctionTool } from ${JSON.stringify(join(OUTDIR, 'lib/index.js'))};
       import { ScriptedLlm } from ${JSON.stringify(join(OUTDIR, 'lib/testing/index.js'))};
       const reply = (request) => request.contents.at(-1).parts.some((p) => p.functionResponse)
         ? { content: { role: 'model', parts: [{ text: 'Done, all good.' }] } }
         : { content: { role: 'model', parts: [{ functionCall: { name: 'set_device_info', args: { device_id: 'device_3', status: 'OFF', location: 'Bedroom' } } }] } };
       const setDeviceInfo = new FunctionTool({ name: 'set_device_info', description: 'Sets a device.', execute: () => 'ok' });
       export const rootAgent = new LlmAgent({ name: 'broken', model: new ScriptedLlm(Array.from({ length: 20 }, () => reply)), tools: [setDeviceInfo] });`,
    );
    copyFileSync(join(FIXTURES, 'home_automation_agent', 'test_files', 'simple_multi_turn_conversation.test.json'), join(app, 'multi.evalset.json'));
    // and a custom metric, in ADK's custom_metrics shape, from a module beside the criteria
    writeFileSync(join(app, 'metrics.js'), 'export const saysDone = ({ actual }) => (actual.every((i) => i.finalResponse?.parts?.[0]?.text?.startsWith("Done")) ? 1 : 0);');
    writeFileSync(join(app, 'criteria.json'), JSON.stringify({ criteria: { tool_trajectory_avg_score: 1, response_match_score: 0.5, says_done: 1 }, custom_metrics: { says_done: { code_config: { name: './metrics.js:saysDone' } } } }));
    const caseId = 'tests/integration/fixture/home_automation_agent/test_files/simple_multi_turn_conversation.test.json';
    const result = await rxadkEval([app, `multi:${caseId}`, '--config-file-path', join(app, 'criteria.json'), '--num-runs', '2']);
    // exit 1 for the failed cases, not for an error (which would be on stderr)
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 1, stderr: '' });
    expect(result.stdout).toMatch(/^FAILED +tests\/integration\/fixture\/home_automation_agent\/test_files\/simple_multi_turn_conversation\.test\.json$/m);
    expect(result.stdout).toMatch(/tool_trajectory_avg_score +0\.0000 +1\.00 +FAILED/);
    expect(result.stdout).toMatch(/response_match_score +0\.\d{4} +0\.50 +FAILED/);
    expect(result.stdout).toMatch(/says_done +1\.0000 +1\.00 +PASSED/);
    expect(result.stdout).toContain('2 cases: 0 passed, 2 failed, 0 not evaluated');
    expect(historyOf(app)).toHaveLength(1);
    rmSync(app, { recursive: true, force: true });
  });
});
