import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastValueFrom } from 'rxjs';
import { readConformanceCase, runConformanceCase } from '../../lib/conformance/index.js';
import { CONFORMANCE_DIR } from '../support/recordings.js';
import { registry, replayTools } from './registry.js';

/** A private copy of one app and one case of the suite, edited by `edit`. */
function brokenCopy(app: string, caseDir: string, file: string, edit: (text: string) => string) {
  const root = mkdtempSync(join(tmpdir(), 'rxadk-conformance-'));
  cpSync(join(CONFORMANCE_DIR, 'agents', app), join(root, 'agents', app), { recursive: true });
  cpSync(join(CONFORMANCE_DIR, 'tests', caseDir), join(root, 'tests', caseDir), { recursive: true });
  const target = join(root, 'tests', caseDir, file);
  const original = readFileSync(target, 'utf8');
  const edited = edit(original);
  expect(edited).not.toBe(original);
  writeFileSync(target, edited);
  return { root, testCase: readConformanceCase(join(root, 'tests', caseDir, 'spec.yaml'), join(root, 'tests')) };
}

async function failure(app: string, caseDir: string, file: string, edit: (text: string) => string): Promise<string> {
  const { root, testCase } = brokenCopy(app, caseDir, file, edit);
  try {
    const result = await lastValueFrom(runConformanceCase(testCase, { suiteDir: root, registry, replayTools }));
    expect(result.passed).toBe(false);
    return result.error!.message;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('a deliberately broken recording fails with a readable difference', () => {
  it('a different recorded system instruction names the test, turn, agent and field', async () => {
    const message = await failure('multi_agent_001', 'core/multi_001', 'generated-recordings.yaml', (t) =>
      t.replace('You are a Math Tutor specialized', 'You are a Maths Tutor specialised'),
    );
    expect(message).toMatch(
      /^core\/multi_001, turn 0, agent math_tutor, model request #1: config\.systemInstruction \(at character 14\): expected "You are a Maths Tutor specialised in helping.*, got "You are a Math Tutor specialized in helping/,
    );
  });

  it('a different recorded generation setting', async () => {
    const message = await failure('core_agent_002', 'core/generate_content_config_001', 'generated-recordings.yaml', (t) =>
      t.replace('temperature: 0.9', 'temperature: 0.7'),
    );
    expect(message).toMatch(/model request #1: config\.temperature: expected 0\.7, got 0\.9/);
  });

  it('a different final session', async () => {
    const message = await failure('callback_agent_001', 'core/before_agent_callback_001', 'generated-session.yaml', (t) =>
      t.replace('before_agent_callback_state_key: value1+value2\n    id', 'before_agent_callback_state_key: value1\n    id'),
    );
    expect(message).toMatch(/^core\/before_agent_callback_001, session: events\[1\]\.actions\.stateDelta\.before_agent_callback_state_key: expected "value1", got "value1\+value2"/);
  });

  it('a tool result that differs from the recording', async () => {
    const message = await failure('tools_agent_002', 'tool/function_001', 'generated-recordings.yaml', (t) =>
      t.replaceAll("<class 'str'>", "<class 'bytes'>"),
    );
    expect(message).toMatch(/agent booking_assistant, tool response create_booking: response\.details_type: expected "<class 'bytes'>", got "<class 'str'>"/);
  });

  it('a registry without the callback the config names', async () => {
    const { root, testCase } = brokenCopy('callback_agent_001', 'core/before_agent_callback_001', 'spec.yaml', (t) => `${t}\n`);
    const { ['callback_agent_001.callbacks.before_agent_callback2']: _missing, ...partial } = registry;
    const result = await lastValueFrom(runConformanceCase(testCase, { suiteDir: root, registry: partial, replayTools }));
    rmSync(root, { recursive: true, force: true });
    expect(result.error?.message).toMatch(/root_agent\.yaml \(agent "callback_agent_001"\): before_agent_callbacks\[1\]\.name "callback_agent_001\.callbacks\.before_agent_callback2" is not in the registry/);
  });
});
