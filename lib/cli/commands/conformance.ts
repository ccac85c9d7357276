import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { concatMap, from, lastValueFrom, reduce, tap } from 'rxjs';
import type { AgentRegistry } from '../../config/agent-registry.js';
import { findConformanceCases, readConformanceCase, runConformanceCase } from '../../conformance/index.js';
import type { CliCommand } from '../cli-command.js';
import type { ParsedArgs } from '../../utils/parse-args.js';

/** What a registry module exports. */
interface RegistryModule {
  registry?: AgentRegistry;
  default?: AgentRegistry;
  replayTools?: string[];
}

/** The help text of `rxadk conformance`. */
export const CONFORMANCE_USAGE = `rxadk conformance <dir> [--registry <module.js>] [--filter <text>]

Replays Google ADK conformance recordings: every tests/**/spec.yaml under <dir> runs on a fresh
in-memory Runner with the app's agents/<app>/root_agent.yaml; each model request and the final
session are compared with the recording. --registry loads a module exporting \`registry\` (dotted
names → TypeScript callbacks and tools) and optionally \`replayTools\`.`;

/**
 * `rxadk conformance`: one line per case (PASS/FAIL and the first difference), then
 * `N passed, N failed`. Resolves to the exit code (1 when a case failed).
 *
 * @example
 * ```ts
 * await conformanceCommand(parseArgs(['../shared/conformance', '--registry', 'dist/spec/conformance/registry.js']));
 * ```
 */
export async function conformanceCommand(args: ParsedArgs, out: (line: string) => void = console.log): Promise<number> {
  const dir = args.positionals[0];
  if (!dir) {
    out(CONFORMANCE_USAGE);
    return 2;
  }
  const suiteDir = resolve(dir);
  const module = typeof args.options['registry'] === 'string' ? await loadRegistry(args.options['registry']) : {};
  const filter = typeof args.options['filter'] === 'string' ? args.options['filter'] : '';
  const cases = findConformanceCases(suiteDir)
    .map((file) => readConformanceCase(file, join(suiteDir, 'tests')))
    .filter((c) => c.id.includes(filter));
  const options = {
    suiteDir,
    ...(module.registry ?? module.default ? { registry: (module.registry ?? module.default)! } : {}),
    ...(module.replayTools ? { replayTools: module.replayTools } : {}),
  };
  const totals = await lastValueFrom(
    from(cases).pipe(
      concatMap((testCase) => runConformanceCase(testCase, options)),
      tap((result) => out(result.passed ? `PASS ${result.id}` : `FAIL ${result.id}: ${result.error?.message ?? 'failed'}`)),
      reduce((acc, result) => ({ passed: acc.passed + (result.passed ? 1 : 0), failed: acc.failed + (result.passed ? 0 : 1) }), {
        passed: 0,
        failed: 0,
      }),
    ),
    { defaultValue: { passed: 0, failed: 0 } },
  );
  out(`${totals.passed} passed, ${totals.failed} failed`);
  return totals.failed > 0 || cases.length === 0 ? 1 : 0;
}

async function loadRegistry(path: string): Promise<RegistryModule> {
  return (await import(pathToFileURL(resolve(path)).href)) as RegistryModule;
}

/**
 * `rxadk conformance <dir> [--registry module] [--filter text]`.
 *
 * @example
 * ```ts
 * await command.run(parseArgs(['../shared/conformance', '--registry', 'dist/spec/conformance/registry.js']));
 * ```
 */
export const command: CliCommand = {
  summary: 'replay Google ADK conformance recordings and compare requests and sessions',
  usage: CONFORMANCE_USAGE,
  run: (args) => conformanceCommand(args),
};
