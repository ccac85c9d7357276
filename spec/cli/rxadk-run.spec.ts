import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPS_DIR, buildCli, CLI_MAIN } from './support/build-cli.js';
import { TmuxTerminal } from './support/tmux.js';

/** Offline: the demo apps use their streaming DemoLlm when no Gemini key is set. */
const OFFLINE = { GEMINI_API_KEY: '', GOOGLE_API_KEY: '', OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', OLLAMA_HOST: '', RXADK_MODEL: '' };

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `rxadk run ...args` with `input` piped to its stdin. */
function runCli(args: string[], input: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, 'run', ...args], {
      env: { ...process.env, ...OFFLINE, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const quote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;
const withoutSessionId = (text: string): string => text.replace(/session [\w-]{21}/g, 'session <id>');

describe('rxadk run', () => {
  beforeAll(() => buildCli(), 60_000);

  describe('in a terminal (tmux)', () => {
    let terminal: TmuxTerminal | undefined;
    afterAll(() => terminal?.kill());

    it('hr: a message, the streamed answer, a confirmation prompt answered "y", the approved result, /events, /exit', async () => {
      const env = Object.entries(OFFLINE).map(([key, value]) => `${key}=${value}`).join(' ');
      terminal = TmuxTerminal.start(
        `env ${env} ${quote(process.execPath)} ${quote(CLI_MAIN)} run ${quote(join(APPS_DIR, 'hr'))}; echo "[rxadk exited with $?]"; sleep 600`,
      );
      await terminal.waitFor(/^you> ?$/m);
      terminal.type('I need 3 days off for a family trip');
      const asked = await terminal.waitFor(/^Approve 3 day\(s\) off \(a family trip\)\? \[y\/n\] ?$/m);
      expect(asked).toContain(
        'you> I need 3 days off for a family trip\n' +
          '  → request_vacation({"days":3,"reason":"a family trip"})\n' +
          '  ← request_vacation: waiting for your confirmation\n' +
          'Approve 3 day(s) off (a family trip)? [y/n] ',
      );

      terminal.type('y');
      const approved = await terminal.waitFor(/^hr_assistant> Approved: enjoy your 3 days off!\nyou> ?$/m);
      expect(approved).toContain(
        'Approve 3 day(s) off (a family trip)? [y/n] y\n' +
          '  ← request_vacation: {"status":"approved","days":3}\n' +
          'hr_assistant> Approved: enjoy your 3 days off!\n',
      );
      expect(approved.match(/enjoy your 3 days off/g)).toHaveLength(1);

      terminal.type('/events');
      const events = await terminal.waitFor(/7\. hr_assistant: Approved: enjoy your 3 days off!\nyou> ?$/m);
      expect(events).toContain('  5. user: adk_request_confirmation returned {"confirmed":true}\n  6. hr_assistant: request_vacation returned {"status":"approved","days":3}\n');

      terminal.type('/exit');
      const final = await terminal.waitFor(/^\[rxadk exited with 0\]$/m);
      mkdirSync('test-output/cli', { recursive: true });
      writeFileSync('test-output/cli/rxadk-run-hr.txt', final);
    }, 60_000);
  });

  describe('with piped input', () => {
    it('weather: answers each line, /state shows the state the agent keeps, and ends at the end of the input', async () => {
      const result = await runCli([APPS_DIR, '--app', 'weather'], 'What is the weather in Paris?\n/state\nHello\n/state\n');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(withoutSessionId(result.stdout)).toBe(
        'Running weather_agent (app weather), session <id> in memory://.\n' +
          'Type a message; /state, /events, /help, /exit.\n' +
          'you> What is the weather in Paris?\n' +
          '  → get_weather({"city":"Paris"})\n' +
          '  ← get_weather: {"city":"Paris","temp":23,"weather":"sunny"}\n' +
          'weather_agent> It is sunny in Paris, 23°C.\n' +
          'you> /state\n{\n  "app:model_calls": 2,\n  "turns": 1\n}\n' +
          'you> Hello\n' +
          'weather_agent> Hello! Ask me about the weather in any city.\n' +
          'you> /state\n{\n  "app:model_calls": 3,\n  "turns": 2\n}\n' +
          'you> \n',
      );
    }, 30_000);

    it('hr: "n" rejects the request, and the tool reports it', async () => {
      const result = await runCli([join(APPS_DIR, 'hr')], 'I need 2 days off\nn\n');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        'Approve 2 day(s) off (personal)? [y/n] n\n  ← request_vacation: {"status":"rejected"}\nhr_assistant> Your request was rejected.\n',
      );
    }, 30_000);

    it('resumes a session kept in SQLite (--session-service-uri, --session-id)', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'rxadk-run-'));
      try {
        const store = ['--session-service-uri', `sqlite://${join(dir, 'sessions.db')}`, '--session-id', 'trip'];
        const first = await runCli([join(APPS_DIR, 'weather'), ...store], 'What is the weather in Rome?\n');
        expect(first.code).toBe(0);
        expect(first.stdout).toContain('weather_agent> It is cloudy in Rome, 22°C.\n');
        const second = await runCli([join(APPS_DIR, 'weather'), ...store], '/state\n/events\n');
        expect(second.code).toBe(0);
        expect(second.stdout).toContain(`session trip in sqlite://${join(dir, 'sessions.db')}, resumed with 5 events.\n`);
        expect(second.stdout).toContain('you> /state\n{\n  "app:model_calls": 2,\n  "turns": 1\n}\n');
        expect(second.stdout).toContain('  1. user: What is the weather in Rome?\n');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 30_000);

    it('says what is wrong: several apps and no --app, no such folder, an unknown store', async () => {
      const several = await runCli([APPS_DIR], '');
      expect([several.code, several.stderr.trim()]).toEqual([1, `${APPS_DIR} holds several apps (hr, study_buddy, weather): choose one with --app <name>.`]);
      const missing = await runCli(['no/such/folder'], '');
      expect([missing.code, missing.stderr.trim()]).toEqual([1, 'no/such/folder does not exist: give an app folder or an agents folder.']);
      const badStore = await runCli([join(APPS_DIR, 'weather'), '--session-service-uri', 'redis://localhost'], '');
      expect(badStore.code).toBe(1);
      expect(badStore.stderr).toMatch(/redis:\/\/localhost.*"redis:\/\/" is not one rxadk knows/);
      const usage = await runCli([], '');
      expect(usage.code).toBe(2);
      expect(usage.stdout).toMatch(/^rxadk run <app-folder> \[options\]/);
    }, 30_000);
  });
});
