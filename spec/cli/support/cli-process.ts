import { type ChildProcess, spawn } from 'node:child_process';
import { SANDBOX_CLI_MAIN as CLI_MAIN } from './app-sandbox.js';

/** Offline: no Gemini key, so apps use their demo models. */
export const OFFLINE_ENV = { GEMINI_API_KEY: '', GOOGLE_API_KEY: '', OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', OLLAMA_HOST: '', RXADK_MODEL: '', NO_COLOR: '1' };

/** The result of a CLI run that ended. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `rxadk ...args` (the CLI build) in `cwd` with `input` on stdin, to its end.
 *
 * @example
 * ```ts
 * const result = await runCli(['create', 'hello'], { cwd: dir });
 * ```
 */
export function runCli(args: string[], { cwd = process.cwd(), input = '' }: { cwd?: string; input?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], { cwd, env: { ...process.env, ...OFFLINE_ENV }, stdio: ['pipe', 'pipe', 'pipe'], timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A server started by {@link startServer}: its URL, banner, and a way to stop it. */
export interface ServerProcess {
  url: string;
  banner: string;
  stop(): Promise<number | null>;
  /** Kills the process with SIGKILL (no shutdown at all); resolves when it is gone. */
  kill(): Promise<number | null>;
}

/**
 * Starts `rxadk api_server|web <dir> --port 0 ...args` (the CLI build, or `cliMain`) and resolves once its banner
 * (ending "Press Ctrl-C to stop.") is out.
 *
 * @example
 * ```ts
 * const server = await startServer('api_server', agentsDir);
 * await fetch(`${server.url}/list-apps`);
 * await server.stop();
 * ```
 */
export function startServer(command: 'api_server' | 'web', dir: string, options: { args?: string[]; cliMain?: string } = {}): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [options.cliMain ?? CLI_MAIN, command, dir, '--port', '0', ...(options.args ?? [])], { env: { ...process.env, ...OFFLINE_ENV }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('close', done));
    child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /(http:\/\/[\d.]+:\d+)/.exec(stdout)?.[1];
      if (url && stdout.includes('Press Ctrl-C to stop.')) {
        resolve({ url, banner: stdout, stop: () => (child.kill('SIGTERM'), exited), kill: () => (child.kill('SIGKILL'), exited) });
      }
    });
    void exited.then((code) => reject(new Error(`rxadk ${command} exited with ${code}: ${stdout}${stderr}`)));
  });
}
