import type * as AjvModule from 'ajv';

/**
 * Loads ajv synchronously, on the first tool or schema that needs it, so that `import('rxadk')`
 * does not pay for ajv's 63 CommonJS files (about a quarter of its time: docs/performance.md).
 * A bundler (esbuild, webpack, Vite) sees the literal `require('ajv')` below and bundles ajv, as
 * it would a static import; on Node, where an ES module has no `require`, one is made next to
 * this file.
 *
 * @example
 * ```ts
 * const { Ajv } = loadAjv();
 * const validate = new Ajv().compile({ type: 'string' });
 * ```
 */
export function loadAjv(): typeof AjvModule {
  if (typeof require === 'function') return require('ajv') as typeof AjvModule;
  return process.getBuiltinModule('module').createRequire(import.meta.url)('ajv') as typeof AjvModule;
}
