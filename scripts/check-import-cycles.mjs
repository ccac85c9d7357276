// Checks lib/'s import graph and exits 1 on a problem:
//  - no import cycle among lib/ files. Every edge counts: `import`, `import type`, `export … from`,
//    `import x = require(…)`, dynamic `import(…)` and `typeof import(…)` types;
//  - no import from a lower floor to a higher one (FLOORS below, docs/architecture.md).
// Usage: node scripts/check-import-cycles.mjs [root=lib] (npm run check:imports); npm test runs it through
// spec/scripts/check-import-cycles.spec.ts. Dependency-free: it reads the files with the
// TypeScript compiler's parser (node_modules/typescript), which the project already has.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * The floors of lib/, lowest first (docs/architecture.md draws them): a file may import a file in
 * its own folder or in a folder on a lower floor, never one on its own floor (a sibling) or above.
 * The first segment of a file's path under lib/ is its folder; `index.ts` at lib/'s top is the
 * root entry and may import anything. A folder missing here is reported, so that a new folder
 * gets its floor when it is added. `live`, `workflow`, `apps`, `evaluation`, `a2a` and `ag-ui`
 * are the places ARCHITECTURE.md plans for them.
 */
export const FLOORS = [
  ['utils'],
  ['operators'],
  ['models'],
  ['events'],
  ['sessions', 'artifacts'],
  ['memory'],
  ['compaction'],
  ['context'],
  ['tools'],
  ['plugins'],
  ['flows'],
  ['live'],
  ['agents'],
  ['workflow'],
  ['apps'],
  ['runner'],
  // beside the core: adapters and helpers over it
  ['embedding', 'testing', 'telemetry', 'evaluation', 'openai', 'anthropic', 'front-ends'],
  ['runtime', 'a2a', 'ag-ui', 'ai-sdk'],
  // Node-only subpaths
  ['services'],
  ['sqlite', 'postgres', 'files', 'mcp'],
  ['config'],
  ['conformance'],
  ['server'],
  ['cli'],
];

/**
 * The only imports that may go up the floors: a dynamic `import()` in `file` of a module in
 * `folder`, for an optional part loaded on first use (a model adapter on an optional SDK, a
 * session store on an optional driver). They still count for the cycle check.
 */
export const LAZY_IMPORTS = [
  { file: 'models/provider-llms.ts', folder: 'openai' },
  { file: 'models/provider-llms.ts', folder: 'anthropic' },
  { file: 'services/get-session-service-from-uri.ts', folder: 'sqlite' },
  { file: 'services/get-session-service-from-uri.ts', folder: 'postgres' },
  { file: 'evaluation/eval-runner-of.ts', folder: 'server' },
];

const ROOT_ENTRY = '(root)';

/**
 * The module specifiers a TypeScript file names, `{ specifier, line, dynamic }`: every kind of
 * import, re-export and type import; `dynamic` for an `import()` call.
 */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = [];
  const add = (literal, dynamic = false) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    const { line } = source.getLineAndCharacterOfPosition(literal.getStart(source));
    found.push({ specifier: literal.text, line: line + 1, dynamic });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    if (deep) ts.forEachChild(node, visit);
  };
  // `import(…)` and `typeof import(…)` may sit anywhere; without one, the top-level statements say it all.
  const deep = /\bimport\s*\(/.test(text);
  source.statements.forEach(visit);
  return found;
}

const TS_FOR_JS = new Map([['.js', '.ts'], ['.mjs', '.mts'], ['.cjs', '.cts']]);

/** The .ts file a relative specifier names (`./x.js` → `./x.ts`, `./dir` → `./dir/index.ts`), or undefined. */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const ext = [...TS_FOR_JS.keys()].find((e) => base.endsWith(e));
  const candidates = ext ? [base.slice(0, -ext.length) + TS_FOR_JS.get(ext)] : [base, `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => /\.[mc]?ts$/.test(c) && existsSync(c) && statSync(c).isFile());
}

function tsFilesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFilesUnder(path);
    return /\.[mc]?ts$/.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name) ? [path] : [];
  });
}

const posix = (path) => path.split(sep).join('/');

/**
 * The import graph of the .ts files under `root`: a Map from each file (path relative to root,
 * with /) to its imports of other files under root, `{ to, line, dynamic }`, in source order.
 */
export function readImportGraph(root) {
  const absRoot = resolve(root);
  const graph = new Map();
  for (const file of tsFilesUnder(absRoot).sort()) {
    const edges = [];
    for (const { specifier, line, dynamic } of importsOf(file, readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, specifier);
      if (!target) continue;
      const to = posix(relative(absRoot, target));
      if (!to.startsWith('..')) edges.push({ to, line, dynamic });
    }
    graph.set(posix(relative(absRoot, file)), edges);
  }
  return graph;
}

/**
 * Tarjan's strongly connected components of more than one file, or of one file that imports
 * itself: each a sorted list of files, the components sorted by their first file.
 */
export function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const enter = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    return { node, edge: 0 };
  };
  // Iterative, so that a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [enter(start)];
    while (work.length) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++].to;
        if (!index.has(to)) work.push(enter(to));
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1]?.node;
      if (parent !== undefined) low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const importsItself = edges.some((e) => e.to === frame.node);
      if (component.length > 1 || importsItself) components.push(component.sort());
    }
  }
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/** A shortest cycle through the component's first file, as a chain `[a, b, …, a]`. */
export function cycleChain(graph, component) {
  const inside = new Set(component);
  const start = component[0];
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const { to } of graph.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const chain = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)) chain.splice(1, 0, at);
        return [...chain, start];
      }
      if (cameFrom.has(to)) continue;
      cameFrom.set(to, node);
      queue.push(to);
    }
  }
  return [start, start];
}

/** The folder (floor table key) of a file: the first segment of its path, or the root entry. */
export function folderOf(file) {
  const slash = file.indexOf('/');
  return slash < 0 ? ROOT_ENTRY : file.slice(0, slash);
}

/** Imports that go up or sideways in the floor table (but LAZY_IMPORTS), and folders that have no floor. */
export function floorViolations(graph, floors = FLOORS, lazyImports = LAZY_IMPORTS) {
  const floorOf = new Map(floors.flatMap((folders, i) => folders.map((f) => [f, i])));
  const isLazy = (file, folder, dynamic) => dynamic && lazyImports.some((l) => l.file === file && l.folder === folder);
  const problems = [];
  const unknown = new Set();
  for (const [file, edges] of graph) {
    const from = folderOf(file);
    if (from === ROOT_ENTRY) continue;
    if (!floorOf.has(from)) {
      unknown.add(from);
      continue;
    }
    for (const { to, line, dynamic } of edges) {
      const target = folderOf(to);
      if (target === from || isLazy(file, target, dynamic)) continue;
      if (target === ROOT_ENTRY || !floorOf.has(target) || floorOf.get(target) >= floorOf.get(from)) {
        problems.push({ file, line, to, from, target });
      }
    }
  }
  return { problems, unknownFolders: [...unknown].sort() };
}

/** The report of both checks on an import graph, one line per problem: empty when the graph is clean. */
export function importGraphProblems(graph, floors = FLOORS, lazyImports = LAZY_IMPORTS) {
  const lines = [];
  for (const component of stronglyConnected(graph)) {
    lines.push(`cycle among ${component.length} file(s): ${cycleChain(graph, component).join(' → ')}`);
    if (component.length > 2) lines.push(`  all of them: ${component.join(', ')}`);
  }
  const { problems, unknownFolders } = floorViolations(graph, floors, lazyImports);
  for (const folder of unknownFolders) lines.push(`folder ${folder}/ has no floor: add it to FLOORS in scripts/check-import-cycles.mjs`);
  for (const p of problems) lines.push(`floor: ${p.file}:${p.line} (${p.from}) imports ${p.to} (${p.target}), which is not below it`);
  return lines;
}

/** Reads the import graph of `root` and reports on it (see {@link importGraphProblems}). */
export function checkImportGraph(root, floors = FLOORS, lazyImports = LAZY_IMPORTS) {
  return importGraphProblems(readImportGraph(root), floors, lazyImports);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = process.argv[2] ?? 'lib';
  const lines = checkImportGraph(root);
  for (const line of lines) console.log(line);
  const count = lines.filter((line) => !line.startsWith('  ')).length;
  console.log(count ? `${count} import graph problem(s) in ${root}/` : `${root}/: no import cycle, every import goes down the floors`);
  process.exitCode = count ? 1 : 0;
}
