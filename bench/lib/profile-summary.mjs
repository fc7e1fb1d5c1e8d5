/**
 * Summarises a `.cpuprofile` (from `node --cpu-prof`): self time and inclusive time per function,
 * top N by self time, optionally only frames whose URL matches a filter.
 *   node bench/lib/profile-summary.mjs <file.cpuprofile> [top=25] [url-filter]
 */
import { readFileSync } from 'node:fs';

const [file, topArg = '25', filter] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Sample counts -> time per node (timeDeltas are µs between samples).
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const key = (n) => {
  const { functionName, url, lineNumber } = n.callFrame;
  return `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber + 1}`;
};
const self = new Map();
const inclusive = new Map();
for (const [id, us] of selfUs) {
  const n = byId.get(id);
  self.set(key(n), (self.get(key(n)) ?? 0) + us);
  // Inclusive: add to every distinct function on the stack once.
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = key(byId.get(cur));
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + us);
  }
}
const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
const rows = [...self.entries()]
  .filter(([k]) => filter === undefined || k.includes(filter))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(topArg));
console.log(`total ${(total / 1000).toFixed(0)} ms sampled`);
console.log('  self  incl.  function');
for (const [k, us] of rows) console.log(`${pct(us)} ${pct(inclusive.get(k))}  ${k}`);
if (filter !== undefined) {
  console.log('\nby inclusive time:');
  const inc = [...inclusive.entries()]
    .filter(([k]) => k.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(topArg));
  for (const [k, us] of inc) console.log(`${pct(self.get(k) ?? 0)} ${pct(us)}  ${k}`);
}
