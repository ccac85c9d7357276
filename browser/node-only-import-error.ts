/** One Node-only module the browser bundle would need, and who imports it. */
export interface NodeOnlyImport {
  /** The module specifier, e.g. `node:fs` or `fs`. */
  module: string;
  /** The importing file and line, when esbuild knows it. */
  importer?: string;
  /** How it was found: an unresolvable import, a module stubbed out by a `browser` field, or an import left in the output. */
  how: 'unresolved' | 'disabled' | 'external';
}

/**
 * The browser build reached a Node-only module: the root entry must stay browser-safe (SPEC §2),
 * with Node-only code behind a subpath export (`rxadk/sqlite`, `rxadk/files`, `rxadk/cli`, ...).
 *
 * @example
 * ```ts
 * buildBrowserBundle({ outDir }).catch((error) => {
 *   if (error instanceof NodeOnlyImportError) console.error(error.imports.map((i) => i.module));
 * });
 * ```
 */
export class NodeOnlyImportError extends Error {
  override readonly name = 'NodeOnlyImportError';

  constructor(readonly imports: readonly NodeOnlyImport[]) {
    super(
      `The browser bundle reaches Node-only modules:\n${imports.map(describe).join('\n')}\n` +
        'The root entry (lib/index.ts) must import nothing Node-only: move that code behind a subpath export ' +
        '(like rxadk/sqlite or rxadk/files) or make it browser-safe.',
    );
  }
}

function describe(found: NodeOnlyImport): string {
  const where = found.importer ? ` (imported by ${found.importer})` : '';
  const how = { unresolved: 'not available in browsers', disabled: "stubbed out by a package's browser field", external: 'left as an import in the output' }[found.how];
  return `  - ${found.module}${where}: ${how}`;
}
