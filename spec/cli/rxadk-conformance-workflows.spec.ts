import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFORMANCE_DIR, WORKFLOW_RECORDINGS_DIR } from '../support/recordings.js';
import { buildCli } from './support/build-cli.js';

const OUTDIR = join(process.cwd(), 'test-output', 'cli-build-conformance');

interface CliResult {
  code: number | null;
  stdout: string;
}

/** Runs `rxadk conformance ...args` (the CLI build) to its end. */
function conformance(...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(OUTDIR, 'lib/cli/main.js'), 'conformance', ...args], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

/** The compiled ports of the samples. */
const apps = join(OUTDIR, 'examples', 'workflows');

describe('rxadk conformance with ADK Python workflow recordings', () => {
  let dir: string;
  beforeAll(() => buildCli(OUTDIR), 60_000);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rxadk-wf-recordings-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A copy of a sample's recordings in `dir`, `edit` applied to the parsed JSON. */
  function copy(sample: string, file: string, edit: (recording: Record<string, unknown>) => void = () => undefined): void {
    cpSync(join(WORKFLOW_RECORDINGS_DIR, sample), join(dir, sample), { recursive: true });
    const path = join(dir, sample, 'tests', file);
    const recording = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    edit(recording);
    writeFileSync(path, JSON.stringify(recording));
  }

  it('recognises the layout, replays each recording through its app, prints notes and the count', async () => {
    copy('loop_self', '3.json');
    copy('nested_workflow', '1984.json');
    const result = await conformance(dir, '--apps', apps);
    expect(result.stdout.split('\n')).toEqual([
      'PASS loop_self/3',
      'PASS nested_workflow/1984',
      '     note: the recorded state\'s "year" is not what its events\' deltas leave; the events\' fold is compared',
      '2 passed, 0 failed',
      '',
    ]);
    expect(result.code).toBe(0);
  });

  it('--skip replays a known gap and shows it, but leaves it out of the count', async () => {
    copy('loop_self', '3.json');
    copy('nested_workflow', '1984.json', (recording) => {
      (recording['events'] as Array<Record<string, unknown>>)[1]!['author'] = 'someone_else';
    });
    const result = await conformance(dir, '--apps', apps, '--skip', 'nested_workflow/1984,loop_self/3');
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('SKIP loop_self/3 (--skip): it passed; drop it from --skip');
    expect(lines[1]).toMatch(/^SKIP nested_workflow\/1984 \(--skip\): nested_workflow\/1984/);
    expect(lines.at(-2)).toBe('0 passed, 0 failed');
    expect(result.code).toBe(1);
  });

  it('names the first difference: the event, the field, both values; exits with 1', async () => {
    copy('loop_self', '3.json', (recording) => {
      const events = recording['events'] as Array<{ actions?: { route?: string } }>;
      events[5]!.actions!.route = 'guessed_right';
    });
    const result = await conformance(dir, '--apps', apps);
    expect(result.stdout).toContain(
      'FAIL loop_self/3: loop_self/3, session: events[5] root_agent root_agent@1/guess_number@2: actions.route: expected "guessed_right", got "guessed_wrong"',
    );
    expect(result.stdout).toMatch(/0 passed, 1 failed\n$/);
    expect(result.code).toBe(1);
  });

  it('fails a recording whose app does not exist, saying which', async () => {
    copy('loop_self', '3.json', (recording) => void (recording['appName'] = 'no_such_sample'));
    const result = await conformance(dir, '--apps', apps);
    expect(result.stdout).toContain(`FAIL loop_self/3: ${join(apps, 'no_such_sample')}: there is no app "no_such_sample"`);
    expect(result.code).toBe(1);
  });

  it('replays several folders, ADK\'s suite and workflow recordings alike, and counts them together', async () => {
    const suite = join(dir, 'suite');
    cpSync(join(CONFORMANCE_DIR, 'agents', 'core_agent_001'), join(suite, 'agents', 'core_agent_001'), { recursive: true });
    cpSync(join(CONFORMANCE_DIR, 'tests', 'core', 'sys_instruction_001'), join(suite, 'tests', 'core', 'sys_instruction_001'), { recursive: true });
    const workflows = join(dir, 'workflows');
    cpSync(join(WORKFLOW_RECORDINGS_DIR, 'state'), join(workflows, 'state'), { recursive: true });
    const result = await conformance(suite, workflows, '--apps', apps);
    expect(result.stdout).toBe('PASS core/sys_instruction_001\nPASS state/go\n2 passed, 0 failed\n');
    expect(result.code).toBe(0);
  });

  it('loads the samples\' TypeScript sources as rxadk web does (esbuild), keeping function names (use_as_output\'s finalize is not bundled to finalize2)', async () => {
    copy('use_as_output', 'go.json');
    const result = await conformance(dir, '--apps', join(process.cwd(), 'examples', 'workflows'));
    expect(result.stdout).toBe('PASS use_as_output/go\n1 passed, 0 failed\n');
  });

  it('--filter runs only the recordings whose id contains the text', async () => {
    copy('loop_self', '3.json');
    copy('state', 'go.json');
    const result = await conformance(dir, '--apps', apps, '--filter', 'state/');
    expect(result.stdout).toBe('PASS state/go\n1 passed, 0 failed\n');
  });
});
