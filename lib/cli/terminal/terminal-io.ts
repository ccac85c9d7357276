import { createInterface, type Interface } from 'node:readline';
import { Observable, share, Subject } from 'rxjs';

/** What the terminal chat reads from and writes to. */
export interface TerminalIo {
  /** The lines typed or piped in, without their newline; completes at the end of the input. Cold, shared. */
  readonly lines: Observable<string>;
  /** Ctrl+C presses (interactive terminals only). */
  readonly interrupts: Observable<void>;
  /** The input is a terminal: it echoes what is typed, so the chat does not. */
  readonly interactive: boolean;
  /** Styles output (colours) only when true. */
  readonly colors: boolean;
  write(text: string): void;
  /** Shows a prompt before the next line is read. */
  prompt(text: string): void;
}

/**
 * A {@link TerminalIo} over Node streams (stdin/stdout by default). The one place where Node's
 * readline is turned into an Observable: the interface is created when `lines` is subscribed and
 * closed when it is unsubscribed, so no line is read (or lost) before the chat listens. In an
 * interactive terminal readline edits the line and shows the prompt; with piped input the
 * prompt is plain output.
 *
 * @example
 * ```ts
 * const io = terminalIo();
 * io.prompt('you> ');
 * io.lines.subscribe((line) => io.write(`you said ${line}\n`));
 * ```
 */
export function terminalIo(
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  output: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): TerminalIo {
  const interactive = input.isTTY === true && output.isTTY === true;
  const interrupts = new Subject<void>();
  let readline: Interface | undefined;
  const lines = new Observable<string>((subscriber) => {
    const rl = createInterface({ input, ...(interactive ? { output, terminal: true } : { terminal: false }) });
    readline = rl;
    rl.on('line', (line) => subscriber.next(line));
    rl.on('close', () => subscriber.complete());
    rl.on('SIGINT', () => interrupts.next());
    return () => {
      readline = undefined;
      rl.close();
    };
  }).pipe(share());
  return {
    lines,
    interrupts: interrupts.asObservable(),
    interactive,
    colors: output.isTTY === true && !process.env['NO_COLOR'],
    write: (text) => void output.write(text),
    prompt: (text) => {
      if (!interactive || !readline) return void output.write(text);
      readline.setPrompt(text);
      readline.prompt();
    },
  };
}
