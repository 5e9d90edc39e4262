// Figures for issue 23's import rules, from dependency-cruiser's own JSON (it does the walking):
// violations per rule, circles as groups of files tied together (strongly connected), and the
// feature pairs that meet outside a front door. Usage: npm run deps:summary
import { execFileSync } from 'node:child_process';

const json = execFileSync(
  'npx',
  ['depcruise', 'server/src', 'client/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
);
const { violations } = JSON.parse(json).summary;
const side = (path) => path.split('/')[0];
const perRule = {};
for (const v of violations) {
  const key = `${v.rule.name} (${side(v.from)})`;
  perRule[key] = (perRule[key] ?? 0) + 1;
}
// Circles: merge every reported cycle into groups of files that reach each other.
const group = new Map();
const find = (x) => {
  while (group.get(x) !== x) x = group.get(x);
  return x;
};
for (const v of violations.filter((v) => v.rule.name === 'no-circular')) {
  const names = [v.from, ...v.cycle.map((c) => c.name ?? c)];
  for (const n of names) if (!group.has(n)) group.set(n, n);
  for (const n of names) group.set(find(n), find(names[0]));
}
const circles = new Map();
for (const n of group.keys()) circles.set(find(n), [...(circles.get(find(n)) ?? []), n]);
const feature = (p) => p.split('/').slice(0, 4).join('/');
const pairs = new Set(
  violations
    .filter((v) => v.rule.name === 'feature-front-door')
    .map((v) => `${feature(v.from)} -> ${feature(v.to)}`),
);
console.log('violations per rule:', perRule);
console.log(`circles (groups of files): ${circles.size}`);
for (const files of circles.values()) console.log(`  ${files.sort().join(', ')}`);
console.log(`feature pairs meeting outside a front door: ${pairs.size}`);
