import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkImportGraph, type ImportGraph, importGraphProblems, importsOf, readImportGraph } from '../../scripts/check-import-cycles.mjs';

// The import graph of lib/ reads bottom-up (docs/architecture.md): no cycle among its files, type
// imports included, and no import up the floors. scripts/check-import-cycles.mjs is the check;
// `node scripts/check-import-cycles.mjs` prints the same report.

describe('lib/ import graph', () => {
  let graph: ImportGraph;
  beforeAll(() => {
    graph = readImportGraph('lib');
  });

  it('has no import cycle and no import up the floors', () => {
    expect(importGraphProblems(graph)).toEqual([]);
  });

  it('is read whole: files of every floor, with their imports', () => {
    for (const file of ['index.ts', 'utils/errors.ts', 'context/invocation-context.ts', 'runner/runner.ts', 'cli/main.ts']) {
      expect(graph.has(file)).toBe(true);
    }
    expect(graph.get('agents/base-agent.ts')!.map((e) => e.to)).toContain('context/invocation-context.ts');
    expect(graph.get('models/provider-llms.ts')!.filter((e) => e.dynamic).map((e) => e.to)).toEqual(['anthropic/anthropic-llm.ts', 'openai/openai-llm.ts']);
  });
});

describe('scripts/check-import-cycles.mjs', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'rxadk-import-graph-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Writes `files` (path → source) under the fixture root. */
  const write = (files: Record<string, string>): void => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  };
  const floors = [['utils'], ['context'], ['agents']];

  it('finds every kind of import, and knows a dynamic one', () => {
    const found = importsOf(
      'x.ts',
      [
        "import { a } from './a.js';",
        "import type { B } from './b.js';",
        "export { c } from './c.js';",
        "export * from './d.js';",
        "import e = require('./e.js');",
        "type F = typeof import('./f.js');",
        "const g = () => import('./g.js');",
        "import 'rxjs';",
      ].join('\n'),
    );
    expect(found).toEqual([
      { specifier: './a.js', line: 1, dynamic: false },
      { specifier: './b.js', line: 2, dynamic: false },
      { specifier: './c.js', line: 3, dynamic: false },
      { specifier: './d.js', line: 4, dynamic: false },
      { specifier: './e.js', line: 5, dynamic: false },
      { specifier: './f.js', line: 6, dynamic: false },
      { specifier: './g.js', line: 7, dynamic: true },
      { specifier: 'rxjs', line: 8, dynamic: false },
    ]);
  });

  it('reports nothing for an empty folder', () => {
    expect(checkImportGraph(root, floors)).toEqual([]);
  });

  it('reports nothing for imports that go down the floors', () => {
    write({
      'utils/ids.ts': 'export const id = 1;',
      'context/ctx.ts': "import { id } from '../utils/ids.js';\nexport const ctx = id;",
      'agents/agent.ts': "import { ctx } from '../context/ctx.js';\nimport type { id } from '../utils/ids.js';\nexport const agent = ctx;",
      'index.ts': "export { agent } from './agents/agent.js';",
    });
    expect(checkImportGraph(root, floors)).toEqual([]);
  });

  it('reports a cycle made of type-only imports as a chain of files', () => {
    write({
      'context/a.ts': "import type { B } from './b.js';\nexport interface A { b: B }",
      'context/b.ts': "import type { A } from './a.js';\nexport interface B { a: A }",
    });
    expect(checkImportGraph(root, floors)).toEqual(['cycle among 2 file(s): context/a.ts → context/b.ts → context/a.ts']);
  });

  it('reports a longer cycle through a re-export, a dynamic import and an index, with all its files', () => {
    write({
      'context/a.ts': "export { b } from './b.js';",
      'context/b.ts': "export const b = () => import('./c/index.js');",
      'context/c/index.ts': "import { b } from '../a.js';\nexport const c = b;",
      'context/d.ts': "import { c } from './c/index.js';\nexport const d = c;",
    });
    expect(checkImportGraph(root, floors)).toEqual([
      'cycle among 3 file(s): context/a.ts → context/b.ts → context/c/index.ts → context/a.ts',
      '  all of them: context/a.ts, context/b.ts, context/c/index.ts',
    ]);
  });

  it('reports a file that imports itself', () => {
    write({ 'utils/self.ts': "export type { Self } from './self.js';\nexport interface Self { x: 1 }" });
    expect(checkImportGraph(root, floors)).toEqual(['cycle among 1 file(s): utils/self.ts → utils/self.ts']);
  });

  it('reports each cycle of several, once', () => {
    write({
      'utils/a.ts': "import './b.js';",
      'utils/b.ts': "import './a.js';",
      'agents/c.ts': "import './d.js';",
      'agents/d.ts': "import './c.js';",
    });
    expect(checkImportGraph(root, floors)).toEqual([
      'cycle among 2 file(s): agents/c.ts → agents/d.ts → agents/c.ts',
      'cycle among 2 file(s): utils/a.ts → utils/b.ts → utils/a.ts',
    ]);
  });

  it('reports an import up the floors, a type import too, and one between folders of the same floor', () => {
    write({
      'utils/ids.ts': "import type { Agent } from '../agents/agent.js';\nexport type Id = Agent;",
      'agents/agent.ts': 'export interface Agent { name: string }',
      'tools/tool.ts': "import '../flows/flow.js';",
      'flows/flow.ts': 'export {};',
    });
    expect(checkImportGraph(root, [['utils'], ['tools', 'flows'], ['agents']])).toEqual([
      'floor: tools/tool.ts:1 (tools) imports flows/flow.ts (flows), which is not below it',
      'floor: utils/ids.ts:1 (utils) imports agents/agent.ts (agents), which is not below it',
    ]);
  });

  it('reports a folder that has no floor, and an import of the root entry from below', () => {
    write({ 'index.ts': 'export const version = 1;', 'workflow/node.ts': "import { version } from '../index.js';\nexport const v = version;" });
    expect(checkImportGraph(root, floors)).toEqual(['folder workflow/ has no floor: add it to FLOORS in scripts/check-import-cycles.mjs']);
    expect(checkImportGraph(root, [...floors, ['workflow']])).toEqual(['floor: workflow/node.ts:1 (workflow) imports index.ts ((root)), which is not below it']);
  });

  it('lets a listed lazy import() go up the floors, but neither a static one nor an unlisted one', () => {
    write({
      'utils/load.ts': "export const load = () => import('../agents/agent.js');\nexport const other = () => import('../context/ctx.js');",
      'utils/eager.ts': "export { agent } from '../agents/agent.js';",
      'context/ctx.ts': 'export const ctx = 1;',
      'agents/agent.ts': 'export const agent = 1;',
    });
    expect(checkImportGraph(root, floors, [{ file: 'utils/load.ts', folder: 'agents' }])).toEqual([
      'floor: utils/eager.ts:1 (utils) imports agents/agent.ts (agents), which is not below it',
      'floor: utils/load.ts:2 (utils) imports context/ctx.ts (context), which is not below it',
    ]);
  });
});
