// Lists public exports of lib/ (classes, functions, consts) whose TSDoc is missing or has no
// @example. Interfaces and types need TSDoc but no example. Exit code 1 when any is missing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path);
    else if (path.endsWith('.ts') && !path.endsWith('index.ts') && !path.endsWith('.d.ts')) files.push(path);
  }
};
walk('lib');

const problems = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const match = /^export (?:abstract )?(class|function|const|interface|type) (\w+)/.exec(line);
    if (!match) return;
    const [, kind, name] = match;
    let j = i - 1;
    while (j >= 0 && (lines[j].trim() === '' || lines[j].trim().startsWith('//'))) j--;
    if (j < 0 || !lines[j].trim().endsWith('*/')) {
      problems.push(`${file}:${i + 1} ${kind} ${name}: no TSDoc`);
      return;
    }
    let k = j;
    while (k >= 0 && !lines[k].includes('/**')) k--;
    const doc = lines.slice(k, j + 1).join('\n');
    const needsExample = kind === 'class' || kind === 'function' || (kind === 'const' && !/^[A-Z_]+$/.test(name));
    if (needsExample && !doc.includes('@example')) problems.push(`${file}:${i + 1} ${kind} ${name}: no @example`);
  });
}
for (const p of problems) console.log(p);
console.log(`${problems.length} export(s) without the TSDoc they need`);
process.exitCode = problems.length ? 1 : 0;
