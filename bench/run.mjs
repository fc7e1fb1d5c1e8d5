/**
 * `npm run bench`: builds (via the npm script), then runs every benchmark and prints its table.
 *   node bench/run.mjs [--quick] [--only=typegen,typegen-dictionaries,client,cold-start,bundle] [--skip=quicktype,100mb] [--out=<file.md>]
 * --quick: fewer rounds (a smoke run; its numbers are not the recorded ones).
 * --skip: leave parts out of typegen-dictionaries: `quicktype` (tens of seconds per run) and/or `100mb`
 *   (the 100 MB document), to measure typefetch against its floor in a minute; not a recorded run.
 * Progress goes to stderr; the Markdown report to stdout (and to --out when given).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { HAS_GNU_TIME } from './lib/processes.mjs';

const BENCHMARKS = {
  typegen: () => import('./typegen.mjs'),
  'typegen-dictionaries': () => import('./typegen-dictionaries.mjs'),
  client: () => import('./client.mjs'),
  'cold-start': () => import('./cold-start.mjs'),
  bundle: () => import('./bundle.mjs'),
};

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    skip: { type: 'string' },
    out: { type: 'string' },
  },
});
const only = values.only === undefined ? Object.keys(BENCHMARKS) : values.only.split(',');
for (const name of only) {
  if (!(name in BENCHMARKS)) {
    process.stderr.write(
      `--only: unknown benchmark ${JSON.stringify(name)} (one of ${Object.keys(BENCHMARKS).join(', ')})\n`,
    );
    process.exit(2);
  }
}
const SKIPPABLE = ['quicktype', '100mb'];
const skip = new Set(values.skip === undefined ? [] : values.skip.split(','));
for (const part of skip) {
  if (!SKIPPABLE.includes(part)) {
    process.stderr.write(`--skip: unknown part ${JSON.stringify(part)} (one of ${SKIPPABLE.join(', ')})\n`);
    process.exit(2);
  }
}
if (!HAS_GNU_TIME) process.stderr.write('note: /usr/bin/time not found: peak RSS is not measured (n/a)\n');

const started = Date.now();
const machine =
  `Machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ` +
  `${process.platform}/${process.arch}; load average at start ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
const parts = [
  `## typefetch benchmarks${values.quick ? ' (--quick: smoke run)' : ''}${skip.size > 0 ? ` (--skip=${[...skip].join(',')})` : ''}\n\n${machine}\n\n${revision()}\n`,
];
process.stdout.write(`${parts[0]}\n`);
let failures = 0;
for (const name of only) {
  process.stderr.write(`[${name}]\n`);
  const { run } = await BENCHMARKS[name]();
  const result = await run({ quick: values.quick, skip });
  failures += result.targets.filter((t) => !t.ok).length;
  const text = `### ${result.title}\n\n${result.markdown}\n`;
  parts.push(text);
  process.stdout.write(`${text}\n`);
}
const footer =
  `Finished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average at end ` +
  `${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${failures === 0 ? 'every target met' : `${failures} target(s) not met`}.`;
parts.push(footer);
process.stdout.write(`${footer}\n`);
if (values.out !== undefined) writeFileSync(values.out, `${parts.join('\n')}\n`);

/** The commit measured, and whether the work tree had uncommitted changes (then dist may differ). */
function revision() {
  try {
    const git = (...args) =>
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = git('status', '--porcelain', '--untracked-files=no', 'src') !== '';
    return `Commit: ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' (with uncommitted changes under src/)' : ''}`;
  } catch {
    return 'Commit: unknown (not a git checkout)';
  }
}
