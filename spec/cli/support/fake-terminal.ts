import { Subject } from 'rxjs';
import type { TerminalIo } from '../../../lib/cli/terminal/terminal-io.js';

/** A scripted terminal: push lines and Ctrl+C presses, read what was written. */
export interface FakeTerminal {
  io: TerminalIo;
  lines: Subject<string>;
  interrupts: Subject<void>;
  /** Every `write` and `prompt`, in order. */
  writes: string[];
  /** Everything written, joined. */
  output(): string;
}

/**
 * A non-interactive, colourless {@link TerminalIo} for unit tests of the chat loop.
 *
 * @example
 * ```ts
 * const terminal = fakeTerminal();
 * terminalChat({ runner, userId: 'u', sessionId: 's', io: terminal.io }).subscribe();
 * terminal.lines.next('hello');
 * ```
 */
export function fakeTerminal(): FakeTerminal {
  const lines = new Subject<string>();
  const interrupts = new Subject<void>();
  const writes: string[] = [];
  const io: TerminalIo = {
    lines,
    interrupts,
    interactive: false,
    colors: false,
    write: (text) => void writes.push(text),
    prompt: (text) => void writes.push(text),
  };
  return { io, lines, interrupts, writes, output: () => writes.join('') };
}
