import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

let sessions = 0;

/**
 * A program running in a real pseudo-terminal: a detached tmux session on a private server
 * (its own socket, no user config), typed into with `send-keys` and read with `capture-pane`.
 *
 * @example
 * ```ts
 * const term = TmuxTerminal.start('node dist/lib/cli/main.js run apps/hr');
 * await term.waitFor(/you> $/m);
 * term.type('hello');
 * term.kill();
 * ```
 */
export class TmuxTerminal {
  private socketPath = '';

  private constructor(private readonly socket: string) {}

  /** Starts `command` (a shell command line) in a `width`×`height` terminal. */
  static start(command: string, { width = 120, height = 40 } = {}): TmuxTerminal {
    const terminal = new TmuxTerminal(`rxadk-test-${process.pid}-${++sessions}`);
    terminal.tmux('new-session', '-d', '-s', 'main', '-x', String(width), '-y', String(height), command);
    terminal.socketPath = terminal.tmux('display-message', '-p', '-t', 'main', '#{socket_path}').trim();
    return terminal;
  }

  /** Types `text` literally, then Enter. */
  type(text: string): void {
    this.tmux('send-keys', '-t', 'main', '-l', text);
    this.tmux('send-keys', '-t', 'main', 'Enter');
  }

  /** Presses keys by tmux name, e.g. `C-c`. */
  press(...keys: string[]): void {
    this.tmux('send-keys', '-t', 'main', ...keys);
  }

  /** The screen and its scroll-back, as plain text (no colours), trailing blank lines dropped. */
  screen(): string {
    return this.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'main').replace(/\n+$/, '\n');
  }

  /** Polls the screen until `pattern` matches (or `timeoutMs` passes: then fails, showing the screen). */
  async waitFor(pattern: RegExp, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (pattern.test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`The terminal never showed ${pattern}. Screen:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Stops the session and its private tmux server, and removes the server's socket. */
  kill(): void {
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
    if (this.socketPath) rmSync(this.socketPath, { force: true });
  }

  private tmux(...args: string[]): string {
    const env = { ...process.env, TERM: process.env['TERM'] || 'xterm-256color' };
    return execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8', timeout: 10_000, env });
  }
}
