import { parseArgs } from '../lib/utils/parse-args.js';

/** Reads `--name value` / `--name=value` options of a bench entry (the CLI's own parser). */
export function benchOptions(argv: readonly string[]) {
  const { options } = parseArgs(argv);
  const value = (name: string): string | undefined => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
  return {
    value,
    int(name: string, fallback: number): number {
      const parsed = Number.parseInt(value(name) ?? '', 10);
      return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
    },
    list(name: string, fallback: string): Set<string> {
      return new Set((value(name) ?? fallback).split(',').map((s) => s.trim()));
    },
  };
}
