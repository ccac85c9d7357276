/** Command-line arguments: positionals and `--name value` / `--name=value` / `--flag` options. */
export interface ParsedArgs {
  positionals: string[];
  options: Record<string, string | true>;
}

/**
 * Splits command-line arguments into positionals and options.
 *
 * @example
 * ```ts
 * parseArgs(['conformance', 'dir', '--registry', 'r.js', '--verbose']);
 * // { positionals: ['conformance', 'dir'], options: { registry: 'r.js', verbose: true } }
 * ```
 */
export function parseArgs(argv: readonly string[], flags: readonly string[] = []): ParsedArgs {
  const positionals: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) options[name] = inline;
    else if (flags.includes(name) || i + 1 >= argv.length || argv[i + 1]!.startsWith('--')) options[name] = true;
    else options[name] = argv[++i]!;
  }
  return { positionals, options };
}
