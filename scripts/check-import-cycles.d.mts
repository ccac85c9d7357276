// Types of scripts/check-import-cycles.mjs, for the spec that runs it (spec/scripts/).

/** One import of a file: its specifier, its line, and whether it is a dynamic `import()`. */
export interface FoundImport {
  specifier: string;
  line: number;
  dynamic: boolean;
}

/** One edge of the import graph: the imported file (relative to the root, with /). */
export interface ImportEdge {
  to: string;
  line: number;
  dynamic: boolean;
}

/** Each file under the root (relative path, with /) and its imports of other files there. */
export type ImportGraph = Map<string, ImportEdge[]>;

/** A dynamic import that may go up the floors: `file` may `import()` a module of `folder`. */
export interface LazyImport {
  file: string;
  folder: string;
}

/** An import that goes up or sideways in the floor table. */
export interface FloorViolation {
  file: string;
  line: number;
  to: string;
  from: string;
  target: string;
}

export const FLOORS: readonly (readonly string[])[];
export const LAZY_IMPORTS: readonly LazyImport[];
export function importsOf(fileName: string, text: string): FoundImport[];
export function resolveSpecifier(fromFile: string, specifier: string): string | undefined;
export function readImportGraph(root: string): ImportGraph;
export function stronglyConnected(graph: ImportGraph): string[][];
export function cycleChain(graph: ImportGraph, component: readonly string[]): string[];
export function folderOf(file: string): string;
export function floorViolations(
  graph: ImportGraph,
  floors?: readonly (readonly string[])[],
  lazyImports?: readonly LazyImport[],
): { problems: FloorViolation[]; unknownFolders: string[] };
export function importGraphProblems(graph: ImportGraph, floors?: readonly (readonly string[])[], lazyImports?: readonly LazyImport[]): string[];
export function checkImportGraph(root: string, floors?: readonly (readonly string[])[], lazyImports?: readonly LazyImport[]): string[];
