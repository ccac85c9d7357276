// The Jest transform for spec/ and lib/ TypeScript: esbuild strips the types, one file at a time,
// to an ES module with its source map. It replaces ts-jest (which ran TypeScript's own
// transpileModule): the type-check is `tsc --noEmit`, run by `npm test` before Jest, so Jest only
// needs JavaScript, and esbuild gives it about ten times faster on a cold cache.
// Jest caches the output by the key below: the file, this transform's source, and esbuild's version.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const esbuild = require('esbuild');

const self = readFileSync(__filename, 'utf8');

/** The options of tsconfig.json that change emitted JavaScript (the rest only type-check). */
const tsconfigRaw = {
  compilerOptions: { target: 'ES2022', useDefineForClassFields: true, verbatimModuleSyntax: true },
};

module.exports = {
  canInstrument: false,
  getCacheKey(sourceText, sourcePath, options) {
    return createHash('sha256')
      .update(self)
      .update(esbuild.version)
      .update(sourcePath)
      .update(String(options.supportsStaticESM))
      .update(sourceText)
      .digest('hex');
  },
  process(sourceText, sourcePath, options) {
    const { code, map } = esbuild.transformSync(sourceText, {
      loader: 'ts',
      format: options.supportsStaticESM ? 'esm' : 'cjs',
      target: 'node20',
      sourcefile: sourcePath,
      sourcemap: 'external',
      sourcesContent: false,
      tsconfigRaw,
      // function and class names stay as written (a workflow names a function node after its
      // function), except in the browser specs: Playwright sends their functions to the page as
      // source text, where esbuild's naming helper does not exist
      keepNames: !/browser/.test(sourcePath),
    });
    return { code, map };
  },
};
