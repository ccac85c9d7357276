import type { ParsedArgs } from '../utils/parse-args.js';

/**
 * A sub-command of the `rxadk` CLI. Each lives in `lib/cli/commands/<name>.ts` and exports
 * `command`; `rxadk <name> ...` loads it on demand.
 *
 * @example
 * ```ts
 * export const command: CliCommand = { summary: 'say hello', usage: 'rxadk hello', flags: [], run: async () => (console.log('hi'), 0) };
 * ```
 */
export interface CliCommand {
  /** One line for `rxadk --help`. */
  summary: string;
  /** The command's own help text. */
  usage: string;
  /** Options that take no value. */
  flags?: readonly string[];
  /** Runs the command; resolves to the process exit code. Long-running commands resolve when they stop. */
  run(args: ParsedArgs): Promise<number>;
}
