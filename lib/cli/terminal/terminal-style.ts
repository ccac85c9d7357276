/** Text styles for the terminal chat; identity functions when colours are off. */
export interface TerminalStyle {
  author(text: string): string;
  user(text: string): string;
  tool(text: string): string;
  warn(text: string): string;
  error(text: string): string;
  dim(text: string): string;
}

const paint = (code: string) => (text: string) => `\x1b[${code}m${text}\x1b[0m`;
const plain = (text: string) => text;

/**
 * ANSI styles when `colors` is true (a TTY without `NO_COLOR`), plain text otherwise.
 *
 * @example
 * ```ts
 * const style = terminalStyle(process.stdout.isTTY === true);
 * process.stdout.write(`${style.author('weather_agent')}> It is sunny.\n`);
 * ```
 */
export function terminalStyle(colors: boolean): TerminalStyle {
  if (!colors) return { author: plain, user: plain, tool: plain, warn: plain, error: plain, dim: plain };
  return { author: paint('1;36'), user: paint('1;32'), tool: paint('2'), warn: paint('1;33'), error: paint('1;31'), dim: paint('2') };
}
