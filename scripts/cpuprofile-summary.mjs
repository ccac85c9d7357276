// Summarises a V8 .cpuprofile (node --cpu-prof): self and total time per function, optionally only
// within the calls of one function (e.g. the live mode's per-frame path), and only for functions
// whose "name file:line" key contains a filter (e.g. dist/lib/ for rxadk's own code).
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/bench/live-run.js --rounds 1
//   node scripts/cpuprofile-summary.mjs /tmp/prof/CPU.*.cpuprofile [--filter dist/lib/] [--under "onmessage dist/lib/models/gemini-live-session"] [--top 40]
import fs from 'node:fs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};
const filter = option('filter', '');
const under = option('under', '');
const top = Number(option('top', '40'));
const [file] = args;
if (!file) {
  console.error('usage: node scripts/cpuprofile-summary.mjs FILE.cpuprofile [--filter TEXT] [--under FUNCTION] [--top N]');
  process.exit(2);
}

const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const keyOf = (node) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${node.callFrame.lineNumber + 1}`;

// microseconds sampled in each node
const sampled = new Map();
for (let i = 0; i < profile.samples.length; i++) sampled.set(profile.samples[i], (sampled.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));

const self = new Map();
const total = new Map();
let all = 0;
for (const [id, us] of sampled) {
  const stack = [];
  for (let at = id; at !== undefined; at = parentOf.get(at)) stack.push(keyOf(nodes.get(at)));
  const root = under ? stack.findIndex((key) => key.includes(under)) : stack.length - 1;
  if (root < 0) continue;
  all += us;
  self.set(stack[0], (self.get(stack[0]) ?? 0) + us);
  for (const key of new Set(stack.slice(0, root + 1))) total.set(key, (total.get(key) ?? 0) + us);
}

const print = (title, times) => {
  console.log(`\n== ${title}`);
  [...times]
    .filter(([key]) => key.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([key, us]) => console.log(`${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / all).toFixed(1).padStart(5)}%  ${key}`));
};
console.log(`${file}: ${(all / 1000).toFixed(0)} ms sampled${under ? ` within ${under}` : ''}`);
print('self time', self);
print('total time (the function and what it calls)', total);
