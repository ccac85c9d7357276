import { dirname, resolve } from 'node:path';
import { concatMap, defer, from, map, type Observable, of, toArray } from 'rxjs';
import type { EvalConfig } from '../../evaluation/eval-config.js';
import { EvalInputError } from '../../evaluation/eval-input-error.js';
import type { EvalMetricFunction } from '../../evaluation/eval-metric.js';
import { importAgentModule } from '../../server/import-agent-module.js';

/** Where a custom metric of a config file lives: a module and the name it exports the function under. */
export interface CustomMetricModule {
  metricName: string;
  file: string;
  exportName: string;
}

/**
 * The custom metrics a config file names in ADK's shape,
 * `"custom_metrics": {"<metric>": {"code_config": {"name": "<file>:<export>"}}}`, the file relative
 * to the config file (`.ts` loads without a build step). Throws {@link EvalInputError} on another shape.
 *
 * @example
 * ```ts
 * customMetricModulesOf({ criteria: { polite: 1 }, custom_metrics: { polite: { code_config: { name: './metrics.ts:polite' } } } }, 'evals/test_config.json');
 * // [{ metricName: 'polite', file: '/…/evals/metrics.ts', exportName: 'polite' }]
 * ```
 */
export function customMetricModulesOf(json: unknown, configFile: string): CustomMetricModule[] {
  const custom = (json as { custom_metrics?: unknown; customMetrics?: unknown } | null)?.custom_metrics ?? (json as { customMetrics?: unknown } | null)?.customMetrics;
  if (custom === undefined || custom === null) return [];
  if (typeof custom !== 'object' || Array.isArray(custom)) throw new EvalInputError(`"custom_metrics" in ${configFile} must be a JSON object.`, { file: configFile });
  return Object.entries(custom).map(([metricName, value]) => {
    const codeConfig = (value as { code_config?: { name?: unknown }; codeConfig?: { name?: unknown } } | null)?.code_config ?? (value as { codeConfig?: { name?: unknown } } | null)?.codeConfig;
    const name = codeConfig?.name;
    const colon = typeof name === 'string' ? name.lastIndexOf(':') : -1;
    if (typeof name !== 'string' || colon <= 1 || colon === name.length - 1) {
      throw new EvalInputError(`The custom metric "${metricName}" in ${configFile} needs {"code_config": {"name": "<file>:<export>"}}, e.g. "./metrics.ts:${metricName}".`, { file: configFile, key: metricName });
    }
    return { metricName, file: resolve(dirname(configFile), name.slice(0, colon)), exportName: name.slice(colon + 1) };
  });
}

/**
 * Loads the custom metrics' modules and gives the config with their functions in `customMetrics`
 * (what `evaluate` takes). An export that is not a function is an {@link EvalInputError}.
 *
 * @example
 * ```ts
 * withCustomMetrics(json, customMetricModulesOf(json, file)).subscribe((config) => evaluate({ agentDir, evalSet, criteria: config }));
 * ```
 */
export function withCustomMetrics(json: unknown, modules: readonly CustomMetricModule[]): Observable<EvalConfig> {
  const { custom_metrics: _snake, customMetrics: _camel, ...rest } = json as Record<string, unknown>;
  if (modules.length === 0) return of(rest as unknown as EvalConfig);
  return from(modules).pipe(
    concatMap((ref) => defer(() => importAgentModule(ref.file)).pipe(map((module) => [ref.metricName, exportedFunction(module as Record<string, unknown>, ref)] as const))),
    toArray(),
    map((entries) => ({ ...(rest as unknown as EvalConfig), customMetrics: Object.fromEntries(entries) })),
  );
}

function exportedFunction(module: Record<string, unknown>, ref: CustomMetricModule): EvalMetricFunction {
  const fn = Object.hasOwn(module, ref.exportName) ? module[ref.exportName] : undefined;
  if (typeof fn !== 'function') throw new EvalInputError(`${ref.file} does not export a function "${ref.exportName}" (the custom metric "${ref.metricName}").`, { file: ref.file, key: ref.metricName });
  return fn as EvalMetricFunction;
}
